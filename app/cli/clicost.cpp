#include "clicost.h"

#include "clicardhandout.h"
#include "figure/figureexporter.h"
#include "figure/printfigure.h"
#include "figure/quantitydefaults.h"
#include "lessonhandout.h"
#include "renderfigures.h"

#include <QFile>
#include <algorithm>
#include <limits>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace pecards::cli {

namespace {

constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();

std::int64_t mul(std::int64_t a, std::int64_t b) {
    std::int64_t product = 0;
    return __builtin_mul_overflow(a, b, &product) ? kMax : product;
}
std::int64_t add(std::int64_t a, std::int64_t b) {
    std::int64_t sum = 0;
    return __builtin_add_overflow(a, b, &sum) ? kMax : sum;
}

/// Values of a curve's output array and the operations per value.
std::pair<std::int64_t, std::int64_t> curveSize(const CliRequest& request) {
    const CardParams& p = request.view.params;
    const CurveInputs& in = request.curve;
    const auto count = [](const std::vector<double>& list) { return static_cast<std::int64_t>(list.size()); };
    const std::int64_t d = cardDimension(p);
    // Lab quantities: one column block per scaling (--scalings; all six by default).
    const std::int64_t scalings = in.scalings.empty() ? 6 : static_cast<std::int64_t>(in.scalings.size());
    switch (request.quantity->curve) {
    case Curve::InvFreq:
        return {d / 2, 16};
    case Curve::Slopes:
        return {p.alibi.heads, 16};
    case Curve::Decay:
        return {count(in.distances), d};
    case Curve::Rotate:
        return {mul(count(in.positions), p.rope.head_dim), 16};
    case Curve::ScoreVsOffset:
        return {count(in.offsets), d};
    case Curve::BucketsVsOffset:
        return {count(in.offsets), 16};
    case Curve::BiasVsDistance:
        return {mul(p.alibi.heads, count(in.distances)), 16};
    case Curve::TxlPosEmb:
        return {mul(p.length, p.relative.d_model), 32};
    case Curve::TxlRelShift:
        return {mul(in.input.rows(), in.input.cols()), 2};
    case Curve::LearnedTable:
    case Curve::LearnedDifference:
        return {mul(p.length, in.learned.cols()), 32};
    case Curve::LearnedSimilarity:
        return {mul(p.length, p.length), std::max<std::int64_t>(in.learned.cols(), 1)};
    case Curve::ScalingRatio: // per pair and scaling: the scaled frequency, wavelengths, factor
        return {mul(d / 2, 4 + 3 * scalings), 64};
    case Curve::ScoreVsDistance: // per distance and scaling: two scores and the decay bound
        return {mul(in.points, 1 + 3 * scalings), mul(d, 3)};
    case Curve::CriticalDimension: // closed form per tuned base
        return {mul(in.points, 3), 16};
    case Curve::BaseBound: // the scan's bound: bases x (L + 1) x r/2 rotations
        return {57 * 4, mul(mul(57, p.length + 1), std::max<std::int64_t>(d / 2, 1)) / (57 * 4)};
    case Curve::InterpolationFit: { // least squares on (L0 + 1) x r, then points x r cosines
        const RopeScaling& sc = p.rope.scaling;
        const std::int64_t l0 = sc.original_max_position_embeddings > 0 ? sc.original_max_position_embeddings
                                                                        : sc.max_position_embeddings;
        return {mul(in.points, 3),
            add(mul(mul(l0 + 1, d), d), mul(in.points, d)) / std::max<std::int64_t>(mul(in.points, 3), 1)};
    }
    case Curve::PartialRotation:
        return {mul(in.points, 6), mul(5, d / 2 + 1)};
    case Curve::DynamicBase:
        return {mul(in.points, 2), 64};
    case Curve::AttentionEntropy: // the causal half of each scaling's L x L logits
        return {mul(p.length, 2 + scalings),
            mul(mul(p.length / 2 + 1, std::max<std::int64_t>(d, 16)), scalings)
                / std::max<std::int64_t>(2 + scalings, 1)};
    case Curve::DomainAwareSimilarity:
    case Curve::GatedScore:
    case Curve::GatedAttention:
        return {mul(p.length, p.length), d};
    case Curve::DistillationError:
        return {p.tricks.eval_length,
            mul(mul(p.tricks.epochs, p.tricks.hidden), p.tricks.distill_head_dim + 1) * p.tricks.train_length
                / std::max<std::int64_t>(p.tricks.eval_length, 1)};
    case Curve::PositionIds: // ids per token
    case Curve::PairAxes: // a table per pair, the scaled frequencies
        return {mropeOutputValues(request.quantity->curve, p, in.mrope), 16};
    case Curve::MropeScore: // a dot product of head_dim per token pair
        return {mropeOutputValues(request.quantity->curve, p, in.mrope), p.rope.head_dim};
    case Curve::PatchPairs: // a pow per pair
        return {visionOutputValues(request.quantity->curve, in.vision), 16};
    case Curve::PatchScore: // a cos and sin per pair and grid line, then a sum per patch
        return {visionOutputValues(request.quantity->curve, in.vision), 4};
    case Curve::PairMap: // four numbers per dimension, the scaled frequencies
        return {mul(p.rope.head_dim, 4), 16};
    case Curve::EncodingChoice: // closed forms, and the RoPE and sinusoid pairs
        return {8 * 9, mul(p.rope.head_dim, 4)};
    case Curve::Spectrum: // charts (render only): a curve point per pair or position
    case Curve::Waves:
    case Curve::Polar:
        return {mul(d, 128), 16};
    case Curve::None:
        break;
    }
    return {0, 0};
}

/// The array as doubles (twice: the result and the output copy) and its file in memory.
std::int64_t outputBytes(std::int64_t values, const QString& path) {
    const std::int64_t perValue = path.endsWith(u".csv"_s, Qt::CaseInsensitive) ? 25 : 8;
    return mul(values, 16 + perValue);
}

/// A rendered figure: the RGB32 page image and its encoded file (at most as large again).
std::int64_t figureBytes(const RenderOptions& options) {
    const QSize page = app::FigureExporter(figureExportOptions(options)).pixelSize();
    return mul(mul(page.width() + 1, page.height() + 1), 8);
}

/// A heatmap's grid at `view`'s output size while the figure is laid out: the previous layout's
/// grid still alive when the next one is computed (8 bytes a pixel) and the colour-mapped image
/// (4 bytes a pixel), on top of what estimateCost counts for the grid itself.
std::int64_t heatmapBytes(const ViewRequest& view) {
    const std::int64_t pixels = mul(std::min<std::int64_t>(view.out_rows, view.window.rows()),
        std::min<std::int64_t>(view.out_cols, view.window.cols()));
    return mul(pixels, 8 + 4);
}

/// `view` as `render` computes it: at --view, else at the print resolution, whose plot area lies
/// inside the page, so the page's pixels (at most kMaxOutputPixels a side) bound it.
ViewRequest renderedView(ViewRequest view, const RenderOptions& options) {
    if (options.viewSize) {
        setOutputSize(view, options.viewSize);
        return view;
    }
    const QSize page = app::FigureExporter(figureExportOptions(options)).pixelSize();
    view.out_rows = static_cast<int>(std::clamp<std::int64_t>(
        page.height(), 1, std::min<std::int64_t>(view.window.rows(), kMaxOutputPixels)));
    view.out_cols = static_cast<int>(std::clamp<std::int64_t>(
        page.width(), 1, std::min<std::int64_t>(view.window.cols(), kMaxOutputPixels)));
    return view;
}

/// The cost of computing `view` for a figure and drawing it.
pecards::RequestCost renderedCost(const ViewRequest& view, const RenderOptions& options) {
    const ViewRequest rendered = renderedView(view, options);
    pecards::RequestCost cost = estimateCost(rendered);
    cost.bytes = add(cost.bytes, add(heatmapBytes(rendered), figureBytes(options)));
    return cost;
}

/// The views of a handout: a lesson's page figures or a card handout's, at --view when given.
std::vector<ViewRequest> handoutViews(const CliRequest& request) {
    std::vector<HandoutFigure> figures;
    if (request.render.lesson) {
        const app::Lesson& lesson = *request.render.lesson;
        for (int s = 0; s < static_cast<int>(lesson.steps.size()); ++s) {
            for (const bool answerPage : {false, true}) {
                if (answerPage && !lesson.steps.at(s).question)
                    continue;
                for (HandoutFigure& figure : lessonPageFigures(lesson, s, answerPage))
                    figures.push_back(std::move(figure));
                const app::LessonStep* picture = lessonPictureStep(lesson, s, answerPage);
                if (const app::ComparePair* pair = picture ? lessonComparePair(*picture) : nullptr) {
                    const auto [a, b]
                        = compareViews(*pair, compareReduction(*pair, request.render), std::nullopt);
                    for (const ViewRequest& side : {a, b}) // computed as the handout does: A and B
                        figures.push_back(HandoutFigure {side, {}, {}, {}});
                }
            }
        }
    } else {
        figures = cardFigures(handoutCardState(request.view.params),
            app::defaultFigureNames(request.view.params.card), u"--card-handout"_s);
    }
    std::vector<ViewRequest> views;
    for (HandoutFigure& figure : figures) {
        if (figure.view) { // charts cost little next to a view
            setOutputSize(*figure.view, request.render.viewSize);
            views.push_back(*figure.view);
        }
    }
    return views;
}

/// Resident memory of this process now (Qt, the libraries, parsed inputs such as loaded content
/// vectors): the base the request's own allocations come on top of. Linux: /proc/self/statm.
std::int64_t residentBytes() {
    QFile statm(u"/proc/self/statm"_s);
    if (!statm.open(QIODevice::ReadOnly)) {
        return 0;
    }
    const QList<QByteArray> fields = statm.readAll().split(' ');
    return fields.size() > 1 ? mul(fields[1].toLongLong(), ::sysconf(_SC_PAGESIZE)) : 0;
}

pecards::RequestCost requestCost(const CliRequest& request) {
    if (request.command == CliRequest::Command::Render && request.render.workspace) {
        pecards::RequestCost total;
        total.counted = "the sum over the workspace's views";
        total.advice = "render fewer or smaller views";
        for (const ViewRequest& view : workspaceViews(*request.render.workspace, request.render)) {
            const pecards::RequestCost cost = renderedCost(view, request.render);
            total.work = add(total.work, cost.work);
            total.bytes = add(total.bytes, cost.bytes);
        }
        return total;
    }
    if (request.command == CliRequest::Command::Render
        && (request.render.lesson || request.render.cardHandoutLanguage)) {
        pecards::RequestCost total;
        total.counted = request.render.lesson ? "the sum over the lesson's step figures"
                                              : "the sum over the card handout's figures";
        total.advice = request.render.lesson ? "use smaller views or fewer steps" : "use a smaller length L";
        for (const ViewRequest& view : handoutViews(request)) {
            const pecards::RequestCost cost = estimateCost(view);
            total.work = add(total.work, cost.work);
            total.bytes = add(total.bytes, add(cost.bytes, figureBytes(request.render)));
        }
        return total;
    }
    if (request.quantity != nullptr && request.quantity->curve != Curve::None) {
        const auto [values, perValue] = curveSize(request);
        pecards::RequestCost cost;
        cost.work = mul(values, perValue);
        cost.bytes = add(outputBytes(values, request.outPath),
            mul(add(mul(request.curve.input.rows(), request.curve.input.cols()),
                    mul(request.curve.learned.rows(), request.curve.learned.cols())),
                8));
        if (request.command == CliRequest::Command::Render) {
            cost.bytes = add(cost.bytes, figureBytes(request.render)); // a chart
        }
        cost.counted = "curve values x operations per value";
        cost.advice = "use a smaller length L or fewer offsets, distances or positions";
        return cost;
    }
    if (request.command == CliRequest::Command::Render) {
        return renderedCost(request.view, request.render);
    }
    pecards::RequestCost cost = estimateCost(request.view);
    const std::int64_t values = mul(std::min<std::int64_t>(request.view.out_rows, request.view.window.rows()),
        std::min<std::int64_t>(request.view.out_cols, request.view.window.cols()));
    cost.bytes = add(cost.bytes, outputBytes(values, request.outPath));
    return cost;
}

} // namespace

std::optional<std::int64_t> largestViewWork(const CliRequest& request) {
    std::vector<ViewRequest> views;
    const bool render = request.command == CliRequest::Command::Render;
    if (render && request.render.workspace) {
        for (const ViewRequest& view : workspaceViews(*request.render.workspace, request.render)) {
            views.push_back(renderedView(view, request.render));
        }
    } else if (render && (request.render.lesson || request.render.cardHandoutLanguage)) {
        views = handoutViews(request);
    } else if (request.quantity != nullptr && request.quantity->curve == Curve::None) {
        views.push_back(render ? renderedView(request.view, request.render) : request.view);
    }
    std::optional<std::int64_t> largest;
    for (const ViewRequest& view : views) {
        largest = std::max(largest.value_or(0), estimateCost(view).work);
    }
    return largest;
}

pecards::RequestCost cliCost(const CliRequest& request) {
    pecards::RequestCost cost = requestCost(request);
    cost.bytes = add(cost.bytes, residentBytes());
    return cost;
}

void checkCliCost(const CliRequest& request, QTextStream& err, bool terminal) {
    const pecards::RequestCost cost = cliCost(request);
    pecards::CostLimits limits = pecards::defaultCostLimits();
    limits.work = kMax;
    pecards::checkCost(cost, limits);
    if (terminal && cost.work > kLongWorkNotice) {
        err << "pecards-cli: working: " << QString::fromStdString(pecards::describeCost(cost)) << Qt::endl;
    }
}

} // namespace pecards::cli
