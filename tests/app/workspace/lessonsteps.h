#pragma once
/// @file lessonsteps.h
/// @brief What the teaching-text tests read: the project's source files, the built-in lessons'
/// steps by a phrase of their text, the card a step shows, the pairs its unseen-angles view
/// lights on the CPU reference, and a model's layer group by a property.

#include "common/modelconfig.h"
#include "pecards/backend.h"
#include "workspace/lessonfile.h"

#include <QFile>
#include <QString>
#include <functional>
#include <gtest/gtest.h>
#include <optional>
#include <utility>

namespace teachingtest {

/// The path of `relative` in the source tree.
inline QString source(const QString& relative) {
    return QStringLiteral(PECARDS_SOURCE_DIR "/") + relative;
}

/// The UTF-8 text of source file `relative` (a test failure when it does not open).
inline QString readText(const QString& relative) {
    QFile file(source(relative));
    EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << relative.toStdString();
    return QString::fromUtf8(file.readAll());
}

/// A built-in lesson of resources/lessons/ (the reader's message on stderr when it does not open).
inline std::optional<pecards::app::Lesson> builtInLesson(const char* name) {
    QString error;
    std::optional<pecards::app::Lesson> lesson = pecards::app::openLesson(
        source(QStringLiteral("resources/lessons/") + QLatin1String(name)), &error);
    if (!lesson)
        ADD_FAILURE() << error.toStdString();
    return lesson;
}

/// The step of built-in lesson `name` whose text contains `marker` (a test failure when the
/// lesson does not open or no step contains it).
inline std::optional<pecards::app::LessonStep> builtInStep(const char* name, const QString& marker) {
    const std::optional<pecards::app::Lesson> lesson = builtInLesson(name);
    if (lesson) {
        for (const pecards::app::LessonStep& step : lesson->steps) {
            if (step.text.contains(marker))
                return step;
        }
        ADD_FAILURE() << name << ": no step contains " << marker.toStdString();
    }
    return std::nullopt;
}

/// The parameters of the card a lesson step shows.
inline const pecards::CardParams& shownParams(const pecards::app::LessonStep& step) {
    return step.state.cards.at(step.state.activeCard).params;
}

/// Frequency pairs the unseen-angles view of `params` lights in rows [firstRow, L), and
/// whether any is lit before `firstRow`: the CPU reference's Max over the rows.
inline std::pair<int, bool> unseenPairs(const pecards::CardParams& params, std::int64_t firstRow) {
    const auto litIn = [&](std::int64_t begin, std::int64_t end) {
        pecards::ViewRequest request;
        request.params = params;
        request.quantity = pecards::Quantity::UnseenAngles;
        request.window = {begin, end, 0, params.rope.head_dim / 2};
        request.out_rows = 1;
        request.out_cols = params.rope.head_dim / 2;
        request.reduction = pecards::Reduction::Max;
        const pecards::Grid grid = pecards::makeCpuBackend()->compute(request);
        int lit = 0;
        for (int c = 0; c < grid.cols; ++c)
            lit += grid.at(0, c) > 0.0 ? 1 : 0;
        return lit;
    };
    return {litIn(firstRow, params.length), litIn(0, firstRow) > 0};
}

/// The group of `config` whose layers satisfy `pick` (a test failure when there is not exactly one).
inline const pecards::LayerGroup* groupWhere(
    const pecards::app::ModelConfig& config, const std::function<bool(const pecards::LayerGroup&)>& pick) {
    const pecards::LayerGroup* found = nullptr;
    int count = 0;
    for (const pecards::LayerGroup& group : config.positions.groups) {
        if (pick(group)) {
            found = &group;
            ++count;
        }
    }
    EXPECT_EQ(count, 1) << config.name.toStdString();
    return found;
}

} // namespace teachingtest
