#include "figure/pairmapcurves.h"

#include <QCoreApplication>
#include <pecards/errors.h>
#include <pecards/rope.h>

/// Translation context of the pair map chart.
class PairMapCurves {
    Q_DECLARE_TR_FUNCTIONS(PairMapCurves)
};

namespace pecards::app {

CurveSet pairMapCurves(const CurveRequest& request) {
    const pecards::CardParams& params = request.params;
    if (params.card != pecards::Card::Rope && params.card != pecards::Card::Hybrid) {
        throw pecards::InvalidParameter(
            "card", pecards::toString(params.card), "rope or hybrid (the pair map is RoPE's)");
    }
    const std::vector<pecards::RopeDimension> dims = pecards::ropePairing(params.rope);
    const Eigen::VectorXd theta = pecards::ropeInvFreq(params.rope);
    CurveSet set;
    set.xTitle = PairMapCurves::tr("dimension k of the head");
    set.yTitle = PairMapCurves::tr("dimension k rotates with");
    Curve turning {PairMapCurves::tr("rotates (θᵢ > 0)"), {}, true};
    Curve still {PairMapCurves::tr("paired, never turns (θᵢ = 0)"), {}, true};
    Curve through {PairMapCurves::tr("passes through (k ≥ rotary dim)"), {}, true};
    for (std::size_t k = 0; k < dims.size(); ++k) {
        const QPointF point(static_cast<double>(k), static_cast<double>(dims[k].partner));
        if (dims[k].pair < 0)
            through.points.push_back(point);
        else if (theta[dims[k].pair] > 0.0)
            turning.points.push_back(point);
        else
            still.points.push_back(point);
    }
    for (Curve* curve : {&turning, &still, &through}) {
        if (!curve->points.empty())
            set.curves.push_back(std::move(*curve));
    }
    return set;
}

} // namespace pecards::app
