#include "figure/mropecurves.h"

#include <QCoreApplication>
#include <pecards/errors.h>
#include <pecards/mrope.h>
#include <pecards/rope.h>

/// Translation context of the multimodal charts.
class MropeCurves {
    Q_DECLARE_TR_FUNCTIONS(MropeCurves)
};

namespace pecards::app {

namespace {

CurveSet idCurves(const pecards::CardParams& params) {
    const pecards::MultimodalParams& m = params.multimodal;
    const pecards::MropePositions positions = pecards::mropePositionIds(m.family, m.segments, m.vision);
    CurveSet set;
    set.xTitle = MropeCurves::tr("token of the sequence");
    set.yTitle = MropeCurves::tr("position id");
    const char* names[] = {"t", "h", "w"};
    for (std::size_t axis = 0; axis < 3; ++axis) {
        Curve curve {QString::fromLatin1(names[axis]), {}};
        curve.steps = true;
        curve.points.reserve(positions.ids[axis].size());
        for (std::size_t token = 0; token < positions.ids[axis].size(); ++token)
            curve.points.emplace_back(
                static_cast<double>(token), static_cast<double>(positions.ids[axis][token]));
        set.curves.push_back(std::move(curve));
    }
    return set;
}

CurveSet pairMapCurves(const pecards::CardParams& params) {
    pecards::validate(params); // the section must fit the rotary dims of this head
    CurveSet set;
    set.xTitle = MropeCurves::tr("dimension k of the head");
    set.yTitle = MropeCurves::tr("layout row");
    Curve axes[3] {
        {QStringLiteral("t"), {}, true}, {QStringLiteral("h"), {}, true}, {QStringLiteral("w"), {}, true}};
    Curve through {MropeCurves::tr("passes through (k ≥ rotary dim)"), {}, true};
    const std::pair<pecards::MropeLayout, pecards::RopeLayout> rows[] = {
        {pecards::MropeLayout::Blocked, pecards::RopeLayout::HalfSplit},
        {pecards::MropeLayout::Interleaved, pecards::RopeLayout::HalfSplit},
        {pecards::MropeLayout::Blocked, pecards::RopeLayout::Interleaved},
    };
    for (const auto& [layout, pairing] : rows) {
        pecards::RopeParams rope = params.rope;
        rope.layout = pairing;
        const std::vector<pecards::RopeDimension> dims = pecards::ropePairing(rope);
        const std::vector<pecards::MropeAxis> axis
            = pecards::mropeAxisOfPair(params.multimodal.section, layout);
        const double y = mropePairMapRow(layout, pairing);
        for (std::size_t k = 0; k < dims.size(); ++k) {
            const QPointF point(static_cast<double>(k), y);
            if (dims[k].pair < 0)
                through.points.push_back(point);
            else
                axes[static_cast<std::size_t>(axis[static_cast<std::size_t>(dims[k].pair)])].points.push_back(
                    point);
        }
    }
    for (Curve& curve : axes)
        set.curves.push_back(std::move(curve));
    if (!through.points.empty())
        set.curves.push_back(std::move(through));
    return set;
}

} // namespace

int mropePairMapRow(pecards::MropeLayout layout, pecards::RopeLayout pairing) {
    if (pairing == pecards::RopeLayout::Interleaved)
        return 0;
    return layout == pecards::MropeLayout::Blocked ? 2 : 1;
}

CurveSet mropeCurves(const CurveRequest& request) {
    if (request.params.card != pecards::Card::Multimodal) {
        throw pecards::InvalidParameter("card", pecards::toString(request.params.card),
            "multimodal (the position-id rows and the M-RoPE pair map are the multimodal card's)");
    }
    return request.kind == CurveKind::MropeIds ? idCurves(request.params) : pairMapCurves(request.params);
}

} // namespace pecards::app
