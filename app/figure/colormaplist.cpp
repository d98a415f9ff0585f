#include "figure/colormaplist.h"

#include "pecards/gpu/colormap.h"

namespace pecards::app {

QList<QRgb> colormapColors(const std::string& name) {
    const auto& table = gpu::colormapTable(gpu::colormapFromString(name));
    return QList<QRgb>(table.begin(), table.end());
}

bool isDivergingColormap(const std::string& name) {
    return gpu::colormapFromString(name) == gpu::Colormap::Diverging;
}

} // namespace pecards::app
