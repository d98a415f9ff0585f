#include "views/viewspec.h"

#include "views/quantitystyle.h"

#include <QCoreApplication>
#include <algorithm>

namespace pecards::gui {

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
