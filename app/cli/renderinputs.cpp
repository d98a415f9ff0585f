#include "renderinputs.h"

#include "clivalues.h"
#include "figure/colormaplist.h"
#include "figure/curves.h"
#include "figure/figureexporter.h"
#include "figure/quantitydefaults.h"
#include "pecards/errors.h"
#include "usageerror.h"
#include "workspace/lessonfile.h"
#include "workspace/workspacefile.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace pecards::cli {

void checkColormap(const QString& flag, const QString& what, const QString& name) {
    try {
        static_cast<void>(app::colormapColors(name.toStdString()));
    } catch (const pecards::InvalidParameter& error) {
        throw UsageError(flag,
            what + quoted(name) + u" is not a colour map: allowed: "_s
                + QString::fromStdString(error.allowed()));
    }
}

app::Workspace readWorkspace(const QString& path, bool colormapOverridden) {
    QString error;
    std::optional<app::Workspace> workspace = app::openWorkspace(path, &error);
    if (!workspace) {
        throw UsageError(u"--workspace"_s, error);
    }
    const bool hasViews = std::any_of(workspace->cards.begin(), workspace->cards.end(),
        [](const app::WorkspaceCard& card) { return !card.views.isEmpty() || !card.charts.isEmpty(); });
    for (qsizetype c = 0; c < workspace->cards.size(); ++c) {
        for (qsizetype k = 0; k < workspace->cards[c].charts.size(); ++k) {
            const QString& chart = workspace->cards[c].charts[k].chart;
            if (!app::chartKindNamed(chart)) {
                throw UsageError(u"--workspace"_s,
                    path + u": cards["_s + QString::number(c) + u"].charts["_s + QString::number(k)
                        + u"].chart "_s + quoted(chart) + u" is not a chart: allowed: "_s
                        + app::chartNames());
            }
        }
    }
    if (!hasViews && workspace->compare.isEmpty()) {
        throw UsageError(u"--workspace"_s, path + u": has no card views and no compare pairs to render"_s);
    }
    for (qsizetype c = 0; !colormapOverridden && c < workspace->cards.size(); ++c) {
        const QList<app::CardView>& views = workspace->cards[c].views;
        for (qsizetype v = 0; v < views.size(); ++v) {
            checkColormap(u"--workspace"_s,
                path + u": cards["_s + QString::number(c) + u"].views["_s + QString::number(v)
                    + u"].colormap "_s,
                views[v].colormap);
        }
    }
    // A pair's quantity or parameters are the file's, not a flag's: named by their key.
    for (qsizetype p = 0; p < workspace->compare.size(); ++p) {
        const app::ComparePair& pair = workspace->compare[p];
        try {
            const auto [a, b] = app::compareViews(pair.left, pair.right, pair.quantity,
                pair.reduction.value_or(app::defaultReduction(pair.quantity)));
            validate(a);
            validate(b);
        } catch (const pecards::InvalidParameter& invalid) {
            throw UsageError(u"--workspace"_s,
                path + u": compare["_s + QString::number(p) + u"]."_s + QString::fromUtf8(invalid.what()));
        }
    }
    for (qsizetype p = 0; !colormapOverridden && p < workspace->compare.size(); ++p) {
        if (const std::optional<QString>& colormap = workspace->compare[p].colormap) {
            checkColormap(
                u"--workspace"_s, path + u": compare["_s + QString::number(p) + u"].colormap "_s, *colormap);
        }
    }
    return *std::move(workspace);
}

app::Lesson readLesson(const QString& path, const QString& outPath) {
    if (app::figureFormatForPath(outPath) != app::FigureFormat::Pdf) {
        throw UsageError(
            u"--out"_s, quoted(outPath) + u" must end in .pdf with --lesson (a handout, a page per step)"_s);
    }
    QString error;
    std::optional<app::Lesson> lesson = app::openLesson(path, &error);
    if (!lesson) {
        throw UsageError(u"--lesson"_s, error);
    }
    return *std::move(lesson);
}

} // namespace pecards::cli
