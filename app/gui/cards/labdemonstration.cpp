#include "cards/labdemonstration.h"

#include "figure/labcurves.h"

#include <QCoreApplication>

namespace pecards::gui {

bool usesLabParams(const ViewSpec& spec) {
    using pecards::app::CurveKind;
    if (spec.kind == ViewKind::Heatmap)
        return spec.quantity == pecards::Quantity::UnseenAngles;
    switch (spec.curve) {
    case CurveKind::ScalingRatio:
    case CurveKind::ScoreVsDistance:
    case CurveKind::DynamicBase:
    case CurveKind::CriticalDimension:
    case CurveKind::InterpolationFit:
    case CurveKind::PartialRotation:
        return true;
    default:
        return false;
    }
}

QString labDemonstrationNote(const ViewSpec& spec, const pecards::CardParams& params) {
    const std::int64_t l0 = usesLabParams(spec) ? pecards::app::labDemonstrationL0(params) : 0;
    if (l0 == 0)
        return {};
    return QCoreApplication::translate("LabDemonstration", " · no L0 on the card: shown for L0 = L/4 = %1")
        .arg(l0);
}

} // namespace pecards::gui
