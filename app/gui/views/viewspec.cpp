#include "views/viewspec.h"

#include "cards/describe.h"

#include <QCoreApplication>

QString viewDisplayName(const ViewSpec& spec) {
    if (spec.kind == ViewKind::Heatmap)
        return quantityName(spec.quantity);
    return spec.nameSource ? QCoreApplication::translate(spec.trContext, spec.nameSource) : spec.name;
}
