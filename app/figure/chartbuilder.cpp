#include "figure/chartbuilder.h"

#include "figure/caption.h"
#include "figure/chartcaption.h"

#include <QCoreApplication>

namespace pecards::app {

namespace {

QString chartText(const char* text) {
    return QCoreApplication::translate("pecards::app::ChartBuilder", text);
}

AxisScale scale(bool log) {
    return log ? AxisScale::Log : AxisScale::Linear;
}

} // namespace

QString chartTitle(CurveKind kind) {
    switch (kind) {
    case CurveKind::Waves:
        return chartText("waves");
    case CurveKind::RopePolar:
        return chartText("rotation of the pairs");
    case CurveKind::Spectrum:
        return chartText("wavelength spectrum");
    case CurveKind::Decay:
        return chartText("long-term decay");
    case CurveKind::AlibiHeads:
        return chartText("bias per head");
    case CurveKind::RelativeBuckets:
        return chartText("relative-position index");
    case CurveKind::ScoreVsOffset:
        return chartText("score against offset");
    case CurveKind::PhaseError:
        return chartText("phase error of stored positions");
    case CurveKind::ScalingRatio:
        return chartText("scaling ratio per pair");
    case CurveKind::ScoreVsDistance:
        return chartText("score against distance per scaling");
    case CurveKind::DynamicBase:
        return chartText("dynamic NTK base");
    case CurveKind::CriticalDimension:
        return chartText("critical dimension and extrapolation limit (Liu et al. 2023)");
    case CurveKind::BaseBound:
        return chartText("base bound on context length (Men et al. 2024)");
    case CurveKind::InterpolationFit:
        return chartText("extrapolation against interpolation (Chen et al. 2023, Fig. 2)");
    case CurveKind::PartialRotation:
        return chartText("partial-frequency RoPE (p-RoPE, Barbero et al. 2024)");
    case CurveKind::DomainAwareSimilarity:
        return chartText("domain-aware PE: similarity rows");
    case CurveKind::GatedScore:
        return chartText("gated PE: score row");
    case CurveKind::GatedAttention:
        return chartText("gated PE: attention row");
    case CurveKind::DistillationError:
        return chartText("PE distillation: error inside and beyond training");
    case CurveKind::LearnedTable:
        return chartText("learned position table beside the sinusoid");
    case CurveKind::LearnedSimilarity:
        return chartText("learned table: similarity rows");
    case CurveKind::LearnedDifference:
        return chartText("learned table minus the sinusoid");
    case CurveKind::PairMap:
        return chartText("pair map: which dimensions rotate together");
    case CurveKind::MropeIds:
        return chartText("position ids t, h, w of every token");
    case CurveKind::MropePairMap:
        return chartText("pair map: the axis each dimension follows");
    }
    return {};
}

ChartSpec makeChartSpec(const CurveRequest& request, const CurveSet& curves) {
    ChartSpec spec;
    spec.title = cardShortName(request.params) + QStringLiteral(" — ") + chartTitle(request.kind);
    spec.xAxis = {curves.xTitle, scale(curves.xLog)};
    spec.yAxis = {curves.yTitle, scale(curves.yLog)};
    spec.polar = curves.polar;
    int color = -1;
    for (const Curve& curve : curves.curves) {
        if (!curve.followsPrevious || color < 0) {
            ++color;
        }
        ChartSeries series;
        series.name = curve.name;
        series.points = drawnPoints(curve);
        series.style = curve.scatter ? SeriesStyle::Points : SeriesStyle::Line;
        series.emphasised = curve.emphasised;
        series.colorIndex = color;
        spec.series.append(std::move(series));
    }
    spec.regions = curves.regions;
    spec.caption = formatChartCaption(request);
    return spec;
}

} // namespace pecards::app
