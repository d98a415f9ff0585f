#include "figure/chartbuilder.h"

#include "figure/caption.h"

#include <QCoreApplication>

namespace pecards::app {

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("pecards::app::ChartBuilder", text);
}

AxisScale scale(bool log) {
    return log ? AxisScale::Log : AxisScale::Linear;
}

} // namespace

QString chartTitle(CurveKind kind) {
    switch (kind) {
    case CurveKind::Waves:
        return tr("waves");
    case CurveKind::RopePolar:
        return tr("rotation of the pairs");
    case CurveKind::Spectrum:
        return tr("wavelength spectrum");
    case CurveKind::Decay:
        return tr("long-term decay");
    case CurveKind::AlibiHeads:
        return tr("bias per head");
    case CurveKind::RelativeBuckets:
        return tr("relative-position index");
    case CurveKind::ScoreVsOffset:
        return tr("score against offset");
    case CurveKind::PhaseError:
        return tr("phase error of stored positions");
    case CurveKind::ScalingRatio:
        return tr("scaling ratio per pair");
    case CurveKind::ScoreVsDistance:
        return tr("score against distance per scaling");
    case CurveKind::DynamicBase:
        return tr("dynamic NTK base");
    case CurveKind::CriticalDimension:
        return tr("critical dimension and extrapolation limit (Liu et al. 2023)");
    case CurveKind::BaseBound:
        return tr("base bound on context length (Men et al. 2024)");
    case CurveKind::InterpolationFit:
        return tr("extrapolation against interpolation (Chen et al. 2023, Fig. 2)");
    case CurveKind::PartialRotation:
        return tr("partial-frequency RoPE (p-RoPE, Barbero et al. 2024)");
    case CurveKind::DomainAwareSimilarity:
        return tr("domain-aware PE: similarity rows");
    case CurveKind::GatedScore:
        return tr("gated PE: score row");
    case CurveKind::GatedAttention:
        return tr("gated PE: attention row");
    case CurveKind::DistillationError:
        return tr("PE distillation: error inside and beyond training");
    case CurveKind::LearnedTable:
        return tr("learned position table beside the sinusoid");
    case CurveKind::LearnedSimilarity:
        return tr("learned table: similarity rows");
    case CurveKind::LearnedDifference:
        return tr("learned table minus the sinusoid");
    case CurveKind::PairMap:
        return tr("pair map: which dimensions rotate together");
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
        series.points = curve.points;
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
