#include "figure/colormaplist.h"

#include <pecards/colormaps.h>

namespace pecards::app {

QList<QRgb> colormapColors(const std::string& name) {
    const auto& table = colormapTable(colormapFromString(name));
    return QList<QRgb>(table.begin(), table.end());
}

bool isDivergingColormap(const std::string& name) {
    return colormapFromString(name) == Colormap::Diverging;
}

} // namespace pecards::app
