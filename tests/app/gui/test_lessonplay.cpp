// The lesson-play test (#31): every step of every built-in lesson, in both languages, shows the
// views its text names, and none of them is empty. A step's text names a view with the phrases
// below (the words the lessons use, per language); the step must show that view large (its
// `show` list, or its first view), and the view, computed as the app computes it (its window and
// reduction at 128 x 128 pixels; a chart's curves), must show something: finite values that are
// not all equal. "The map is dark" names the unseen-angles map and expects it all zero; "the
// score map is the same at every distance" (a NoPE layer) expects every drawn value equal. A
// pitfall step's Pitfalls view must differ from the correct picture. The checker itself is
// tested on steps broken on purpose: a named view removed, a lit map made dark.
#include "cards/cardregistry.h"
#include "figure/curves.h"
#include "lessons/builtinlessons.h"
#include "renderfigures.h"
#include "views/pitfallview.h"

#include <QRegularExpression>
#include <QTextDocument>
#include <cmath>
#include <gtest/gtest.h>
#include <pecards/backend.h>
#include <pecards/pitfall.h>
#include <workspace/lessonfile.h>

using namespace pecards::gui;
using pecards::app::Lesson;
using pecards::app::LessonStep;

namespace {

/// What a step's text says of a view it names.
enum class Claim {
    Varied, ///< shows something: its values are not all equal
    Dark, ///< all zero (the unseen-angles map of a scaling that leaves no angle unseen)
    Uniform, ///< one value everywhere it is drawn (a NoPE layer's score)
};

/// A phrase of a step's text (its words, tags removed) that names a view and what it says of it.
struct Naming {
    QString view; ///< the view's name in lesson.h's terms: a quantity or a chart
    QRegularExpression phrase;
    Claim claim = Claim::Varied;
};

QRegularExpression phrase(const QString& pattern) {
    return QRegularExpression(pattern, QRegularExpression::CaseInsensitiveOption);
}

/// The phrases the built-in lessons use to name the views, per language.
QList<Naming> namings(const QString& language) {
    if (language == QStringLiteral("zh_CN")) {
        return {{QStringLiteral("unseen-angles"), phrase(QStringLiteral("未见角度图"))},
            {QStringLiteral("unseen-angles"), phrase(QStringLiteral("整幅图是暗的")), Claim::Dark},
            {QStringLiteral("score"), phrase(QStringLiteral("得分图在每个距离上都相同")), Claim::Uniform},
            {QStringLiteral("phase"), phrase(QStringLiteral("相位图"))},
            {QStringLiteral("spectrum"), phrase(QStringLiteral("频谱"))},
            {QStringLiteral("bias-vs-distance"), phrase(QStringLiteral("偏置随距离变化图"))},
            {QStringLiteral("polar"), phrase(QStringLiteral("极坐标"))},
            {QStringLiteral("table"), phrase(QStringLiteral("(?<![代列])表(?![示明])"))},
            {QStringLiteral("buckets"), phrase(QStringLiteral("桶"))},
            {QStringLiteral("score"), phrase(QStringLiteral("得分|相似度|S\\["))},
            {QStringLiteral("attention"),
                phrase(QStringLiteral("(?<!分块|完整|因果|理论)注意力(?!\\s*(logits|汇点|跨度))"))}};
    }
    return {{QStringLiteral("unseen-angles"), phrase(QStringLiteral("unseen-angles (map|view)"))},
        {QStringLiteral("unseen-angles"), phrase(QStringLiteral("the map is dark")), Claim::Dark},
        {QStringLiteral("score"), phrase(QStringLiteral("score map is the same at every distance")),
            Claim::Uniform},
        {QStringLiteral("phase"), phrase(QStringLiteral("phase (view|map)"))},
        {QStringLiteral("spectrum"), phrase(QStringLiteral("spectrum"))},
        {QStringLiteral("bias-vs-distance"), phrase(QStringLiteral("bias-vs-distance chart"))},
        {QStringLiteral("polar"), phrase(QStringLiteral("polar"))},
        {QStringLiteral("table"), phrase(QStringLiteral("\\btable\\b"))},
        {QStringLiteral("buckets"), phrase(QStringLiteral("\\bbuckets?\\b"))},
        {QStringLiteral("score"), phrase(QStringLiteral("\\bscores?\\b|similarity|S\\["))},
        {QStringLiteral("attention"),
            phrase(QStringLiteral("\\b(the|its) attention\\b(?! (logits|factor|span|sinks?))"))}};
}

/// The names (lesson.h viewNamesOf's terms) of the views `card` can show.
QStringList offeredViews(pecards::Card card) {
    QStringList names;
    for (const ViewSpec& spec : findCardEntry(card)->views) {
        names << (spec.kind == ViewKind::Heatmap ? QString::fromStdString(pecards::toString(spec.quantity))
                                                 : QString::fromLatin1(pecards::app::chartName(spec.curve)));
    }
    return names;
}

/// The views `step`'s text names, each once, and what it says of each (a dark or uniform claim
/// wins over a mere naming).
std::map<QString, Claim> namedViews(const LessonStep& step, const QString& language) {
    QTextDocument document;
    document.setHtml(step.text);
    const QString words = document.toPlainText();
    const QStringList offered = offeredViews(step.state.cards.at(step.state.activeCard).params.card);
    std::map<QString, Claim> named;
    for (const Naming& naming : namings(language)) {
        if (offered.contains(naming.view) && naming.phrase.match(words).hasMatch()) {
            const auto [entry, added] = named.emplace(naming.view, naming.claim);
            if (!added && naming.claim != Claim::Varied)
                entry->second = naming.claim;
        }
    }
    return named;
}

/// The finite values a shown view draws: a heatmap's pixels, a chart's curve values.
std::vector<double> drawnValues(const LessonStep& step, const QString& view, pecards::Backend& backend) {
    const pecards::app::WorkspaceCard& card = step.state.cards.at(step.state.activeCard);
    std::vector<double> values;
    for (const pecards::app::CardView& heatmap : card.views) {
        if (QString::fromStdString(pecards::toString(heatmap.quantity)) != view)
            continue;
        pecards::ViewRequest request;
        request.params = card.params;
        request.quantity = heatmap.quantity;
        request.window = heatmap.window;
        request.reduction = heatmap.reduction;
        request.out_rows = request.out_cols = 128;
        values = backend.compute(request).values;
        break;
    }
    for (const pecards::app::CardChart& chart : card.charts) {
        if (chart.chart != view)
            continue;
        const pecards::app::CurveRequest request
            = pecards::cli::chartRequest(card.params, chart, QStringLiteral("--lesson"));
        for (const pecards::app::Curve& curve : pecards::app::computeCurves(request).curves)
            for (const QPointF& point : curve.points)
                values.push_back(point.y());
        break;
    }
    values.erase(std::remove_if(values.begin(), values.end(), [](double v) { return !std::isfinite(v); }),
        values.end());
    return values;
}

/// What is wrong with how `step` shows the views its text names: one line per problem.
QStringList problemsOf(const LessonStep& step, const QString& language, pecards::Backend& backend) {
    QStringList problems;
    if (step.state.activeCard < 0)
        return problems;
    if (step.pitfall != pecards::Pitfall::None) {
        // The Pitfalls view as it asks (pitfallview.h): the buggy picture of the step's first
        // view (the score where the pitfall offers no other) must differ from the correct one.
        const pecards::app::WorkspaceCard& card = step.state.cards.at(step.state.activeCard);
        pecards::Quantity quantity
            = card.views.isEmpty() ? pecards::Quantity::Score : card.views.front().quantity;
        try {
            pecards::CardParams shown = card.params;
            shown.pitfall.kind = step.pitfall;
            pecards::validatePitfallQuantity(shown, quantity);
        } catch (const pecards::InvalidParameter&) {
            quantity = pecards::Quantity::Score;
        }
        pecards::ViewRequest request = PitfallView::labRequest(card.params, step.pitfall, quantity, false);
        const std::vector<double> buggy = backend.compute(request).values;
        request.params.pitfall.fixed = true;
        std::vector<double> correct;
        try {
            correct = backend.compute(request).values;
        } catch (const pecards::InvalidParameter&) {
            return problems; // the correct code refuses what the buggy code computes (odd d_model)
        }
        if (correct == buggy) {
            problems << QStringLiteral("its Pitfalls view (%1) shows no difference from the correct picture")
                            .arg(QString::fromStdString(pecards::toString(request.quantity)));
        }
        return problems;
    }
    const QStringList shown = pecards::app::shownViews(step);
    for (const auto& [view, claim] : namedViews(step, language)) {
        if (!shown.contains(view)) {
            problems << QStringLiteral("the text names the %1 view, the step shows %2")
                            .arg(view, shown.join(QStringLiteral(", ")));
            continue;
        }
        const std::vector<double> values = drawnValues(step, view, backend);
        const auto [low, high] = std::minmax_element(values.begin(), values.end());
        if (values.empty()) {
            problems << QStringLiteral("the %1 view draws nothing").arg(view);
        } else if (claim == Claim::Dark && *high != 0.0) {
            problems << QStringLiteral("the text says the %1 map is dark; its largest value is %2")
                            .arg(view)
                            .arg(*high);
        } else if (claim == Claim::Uniform && *low != *high) {
            problems << QStringLiteral("the text says the %1 view is the same everywhere; it spans %2 to %3")
                            .arg(view)
                            .arg(*low)
                            .arg(*high);
        } else if (claim == Claim::Varied && *low == *high) {
            problems << QStringLiteral("the %1 view is uniform (every value %2)").arg(view).arg(*low);
        }
    }
    return problems;
}

Lesson open(const QString& resource) {
    QString error;
    const std::optional<Lesson> lesson = pecards::app::openLesson(resource, &error);
    EXPECT_TRUE(lesson) << error.toStdString();
    return lesson.value_or(Lesson {});
}

/// Step `index` (from 0) of the built-in lesson whose file name contains `id`, in English.
LessonStep builtInStep(const QString& id, int index) {
    for (const QString& resource : builtInLessons(QStringLiteral("en"))) {
        if (resource.contains(id))
            return open(resource).steps.at(index);
    }
    ADD_FAILURE() << "no built-in lesson " << id.toStdString();
    return {};
}

} // namespace

TEST(LessonPlay, EveryStepOfEveryLessonShowsTheViewsItsTextNamesAndNoneIsEmpty) {
    const std::unique_ptr<pecards::Backend> cpu = pecards::makeCpuBackend();
    pecards::Backend& backend = *cpu;
    int named = 0;
    int steps = 0;
    for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        for (const QString& resource : builtInLessons(language)) {
            const Lesson lesson = open(resource);
            for (qsizetype s = 0; s < lesson.steps.size(); ++s) {
                const LessonStep& step = lesson.steps.at(s);
                const QStringList problems = problemsOf(step, language, backend);
                EXPECT_TRUE(problems.isEmpty()) << resource.toStdString() << " step " << s + 1 << ": "
                                                << problems.join(QStringLiteral("; ")).toStdString();
                if (step.pitfall == pecards::Pitfall::None)
                    named += static_cast<int>(namedViews(step, language).size());
                ++steps;
            }
        }
    }
    EXPECT_GE(steps, 100);
    EXPECT_GE(named, 50); // the phrases find the views the texts talk about
}

TEST(LessonPlay, AStepMissingTheViewItsTextNamesFails) {
    const std::unique_ptr<pecards::Backend> cpu = pecards::makeCpuBackend();
    pecards::Backend& backend = *cpu;
    // Context lesson, step 2 (linear interpolation): "the spectrum chart shows ...".
    LessonStep step = builtInStep(QStringLiteral("context"), 1);
    ASSERT_EQ(problemsOf(step, QStringLiteral("en"), backend), QStringList {});
    LessonStep unshown = step;
    unshown.show = {QStringLiteral("unseen-angles")};
    ASSERT_EQ(problemsOf(unshown, QStringLiteral("en"), backend).size(), 1);
    EXPECT_TRUE(
        problemsOf(unshown, QStringLiteral("en"), backend)
            .front()
            .startsWith(QStringLiteral("the text names the spectrum view, the step shows unseen-angles")));
    // The chart removed from the state: the step shows its first view instead.
    LessonStep removed = step;
    removed.show.clear();
    removed.state.cards.front().charts.clear();
    EXPECT_EQ(problemsOf(removed, QStringLiteral("en"), backend).size(), 1);
}

TEST(LessonPlay, ADarkMapWhereTheTextCountsLitPairsFails) {
    const std::unique_ptr<pecards::Backend> cpu = pecards::makeCpuBackend();
    pecards::Backend& backend = *cpu;
    // RoPE lesson, step 5: "exactly those 18 columns of the unseen-angles map light up" at
    // L = 8192. Run at L = L0 = 4096, nothing is unseen: the map the review saw, dark.
    LessonStep step = builtInStep(QStringLiteral("rope"), 4);
    ASSERT_EQ(problemsOf(step, QStringLiteral("en"), backend), QStringList {});
    step.state.cards.front().params.length = 4096;
    for (pecards::app::CardView& view : step.state.cards.front().views)
        view.window = pecards::fullExtent(step.state.cards.front().params, view.quantity);
    const QStringList problems = problemsOf(step, QStringLiteral("en"), backend);
    ASSERT_EQ(problems.size(), 1);
    EXPECT_TRUE(problems.front().startsWith(QStringLiteral("the unseen-angles view is uniform")))
        << problems.front().toStdString();
    // And the reverse: LongRoPE's "the map is dark" with the long factors removed lights pairs.
    LessonStep longrope = builtInStep(QStringLiteral("context"), 6);
    ASSERT_EQ(problemsOf(longrope, QStringLiteral("en"), backend), QStringList {});
    longrope.state.cards.front().params.rope.scaling.type = pecards::RopeScalingType::None;
    EXPECT_EQ(problemsOf(longrope, QStringLiteral("en"), backend).size(), 1);
}

TEST(LessonPlay, AScoreMapCalledTheSameAtEveryDistanceMustBeFlat) {
    const std::unique_ptr<pecards::Backend> cpu = pecards::makeCpuBackend();
    pecards::Backend& backend = *cpu;
    // Lesson 09, step 1: a NoPE layer, "the score map is the same at every distance".
    LessonStep step = builtInStep(QStringLiteral("layers-2026"), 0);
    ASSERT_EQ(problemsOf(step, QStringLiteral("en"), backend), QStringList {});
    // The same layer rotating its pairs: the scores vary with distance and the claim fails.
    step.state.cards.front().params.rope.partial = pecards::RopePartial::Classic;
    const QStringList problems = problemsOf(step, QStringLiteral("en"), backend);
    ASSERT_EQ(problems.size(), 1);
    EXPECT_TRUE(
        problems.front().startsWith(QStringLiteral("the text says the score view is the same everywhere")))
        << problems.front().toStdString();
}
