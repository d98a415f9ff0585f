// Colormaps on the CPU (colormap.h).

#include "pecards/gpu/colormap.h"

#include "pecards/errors.h"
#include "pecards/gpu/colormaptables.h"

#include <algorithm>
#include <cmath>

namespace pecards::gpu {

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

std::string toString(Colormap map) {
    for (const ColormapName& entry : kNames) {
        if (entry.map == map) {
            return entry.name;
        }
    }
    return "viridis";
}

Colormap colormapFromString(const std::string& name) {
    for (const ColormapName& entry : kNames) {
        if (name == entry.name) {
            return entry.map;
        }
    }
    throw InvalidParameter("colormap", "\"" + name + "\"", "one of viridis, cividis, magma, diverging");
}

int colormapIndex(float value, float lo, float hi, bool diverging) {
    if (!std::isfinite(value)) {
        return -1;
    }
    float t = 0.0f;
    if (diverging) {
        const float scale = std::max(std::fabs(lo), std::fabs(hi));
        t = scale > 0.0f ? 0.5f + 0.5f * (value / scale) : 0.5f;
    } else {
        t = hi > lo ? (value - lo) / (hi - lo) : 0.0f;
    }
    t = std::clamp(t, 0.0f, 1.0f);
    return std::min(255, static_cast<int>(t * 256.0f));
}

std::vector<std::uint32_t> colorizeCpu(const Grid& grid, Colormap map, double lo, double hi) {
    if (!std::isfinite(lo)) {
        throw InvalidParameter("lo", formatValue(lo), "a finite value");
    }
    if (!std::isfinite(hi)) {
        throw InvalidParameter("hi", formatValue(hi), "a finite value");
    }
    const std::array<std::uint32_t, 256>& table = colormapTable(map);
    const bool diverging = map == Colormap::Diverging;
    std::vector<std::uint32_t> pixels(grid.values.size());
    for (std::size_t n = 0; n < grid.values.size(); ++n) {
        const int index = colormapIndex(
            static_cast<float>(grid.values[n]), static_cast<float>(lo), static_cast<float>(hi), diverging);
        pixels[n] = index < 0 ? kMaskedColor : table[static_cast<std::size_t>(index)];
    }
    return pixels;
}

} // namespace pecards::gpu
