#include "views/viewspec.h"

#include <QCoreApplication>
#include <algorithm>

namespace pecards::gui {

namespace {

class ViewNames {
    Q_DECLARE_TR_FUNCTIONS(ViewNames)
};

} // namespace

QString quantityName(pecards::Quantity quantity) {
    switch (quantity) {
    case pecards::Quantity::Table:
        return ViewNames::tr("Encoding table");
    case pecards::Quantity::Phase:
        return ViewNames::tr("Phase table");
    case pecards::Quantity::Score:
        return ViewNames::tr("Positional score");
    case pecards::Quantity::Attention:
        return ViewNames::tr("Attention (softmax)");
    case pecards::Quantity::Buckets:
        return ViewNames::tr("Bucket map");
    case pecards::Quantity::ContentScore:
        return ViewNames::tr("Content score");
    case pecards::Quantity::ContentAttention:
        return ViewNames::tr("Content attention");
    case pecards::Quantity::UnseenAngles:
        return ViewNames::tr("Angles never seen in training");
    }
    return {};
}

QString viewDisplayName(const ViewSpec& spec) {
    if (spec.kind == ViewKind::Heatmap)
        return quantityName(spec.quantity);
    return spec.nameSource ? QCoreApplication::translate(spec.trContext, spec.nameSource) : spec.name;
}

const ViewSpec* findViewSpec(const QList<ViewSpec>& specs, const QString& id) {
    const auto spec
        = std::find_if(specs.begin(), specs.end(), [&id](const ViewSpec& s) { return s.id == id; });
    return spec == specs.end() ? nullptr : &*spec;
}

bool isViewAvailable(const ViewSpec& spec, const pecards::CardParams& params) {
    if (spec.kind == ViewKind::Heatmap && !spec.createPanel && !pecards::hasQuantity(params, spec.quantity))
        return false;
    return !spec.available || spec.available(params);
}

} // namespace pecards::gui
