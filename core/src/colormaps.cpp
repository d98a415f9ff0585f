// The colour maps' tables and names (colormaps.h).

#include "pecards/colormaps.h"

#include "colormaptables.h"
#include "pecards/errors.h"

namespace pecards {

namespace {

struct ColormapName {
    Colormap map;
    const char* name;
};
constexpr std::array kNames {ColormapName {Colormap::Viridis, "viridis"},
    ColormapName {Colormap::Cividis, "cividis"}, ColormapName {Colormap::Magma, "magma"},
    ColormapName {Colormap::Diverging, "diverging"}};

} // namespace

const std::array<std::uint32_t, 256>& colormapTable(Colormap map) {
    switch (map) {
    case Colormap::Cividis:
        return kCividis;
    case Colormap::Magma:
        return kMagma;
    case Colormap::Diverging:
        return kCoolwarm;
    case Colormap::Viridis:
        break;
    }
    return kViridis;
}

Colormap colormapFromString(const std::string& name) {
    for (const ColormapName& entry : kNames) {
        if (name == entry.name) {
            return entry.map;
        }
    }
    throw InvalidParameter("colormap", "\"" + name + "\"", "one of viridis, cividis, magma, diverging");
}

} // namespace pecards
