// Colormaps: the tables against matplotlib's published end points, the value -> entry rule, and
// the device colorize against the CPU one.

#include "gputestsupport.h"
#include "pecards/errors.h"
#include "pecards/gpu/colormap.h"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>

namespace pecards::test {
namespace {

using gpu::Colormap;

TEST(GpuColormap, TablesMatchMatplotlibEndPoints) {
    // Published end colours (matplotlib _cm_listed.py / _cm.py): viridis #440154 -> #fde725,
    // cividis #00224e -> #fee838, magma #000004 -> #fcfdbf, coolwarm #3b4cc0 -> #b40426.
    EXPECT_EQ(gpu::colormapTable(Colormap::Viridis).front(), 0xFF440154U);
    EXPECT_EQ(gpu::colormapTable(Colormap::Viridis).back(), 0xFFFDE725U);
    EXPECT_EQ(gpu::colormapTable(Colormap::Cividis).front(), 0xFF00224EU);
    EXPECT_EQ(gpu::colormapTable(Colormap::Cividis).back(), 0xFFFEE838U);
    EXPECT_EQ(gpu::colormapTable(Colormap::Magma).front(), 0xFF000004U);
    EXPECT_EQ(gpu::colormapTable(Colormap::Magma).back(), 0xFFFCFDBFU);
    EXPECT_EQ(gpu::colormapTable(Colormap::Diverging).front(), 0xFF3B4CC0U);
    EXPECT_EQ(gpu::colormapTable(Colormap::Diverging).back(), 0xFFB40426U);
}

TEST(GpuColormap, SequentialAndDivergingIndexRule) {
    EXPECT_EQ(gpu::colormapIndex(0.0f, 0.0f, 1.0f, false), 0);
    EXPECT_EQ(gpu::colormapIndex(1.0f, 0.0f, 1.0f, false), 255);
    EXPECT_EQ(gpu::colormapIndex(0.5f, 0.0f, 1.0f, false), 128);
    EXPECT_EQ(gpu::colormapIndex(-3.0f, 0.0f, 1.0f, false), 0) << "clamped below";
    EXPECT_EQ(gpu::colormapIndex(7.0f, 0.0f, 1.0f, false), 255) << "clamped above";
    EXPECT_EQ(gpu::colormapIndex(2.0f, 2.0f, 2.0f, false), 0) << "degenerate range";
    // Diverging: centred at 0, symmetric scale max(|lo|, |hi|).
    EXPECT_EQ(gpu::colormapIndex(0.0f, -1.0f, 4.0f, true), 128);
    EXPECT_EQ(gpu::colormapIndex(-4.0f, -1.0f, 4.0f, true), 0);
    EXPECT_EQ(gpu::colormapIndex(4.0f, -1.0f, 4.0f, true), 255);
    EXPECT_EQ(gpu::colormapIndex(-1.0f, -1.0f, 4.0f, true), 96);
    EXPECT_EQ(gpu::colormapIndex(std::numeric_limits<float>::quiet_NaN(), 0.0f, 1.0f, false), -1);
}

Grid rampGrid() {
    Grid grid;
    grid.rows = 40;
    grid.cols = 50;
    for (int n = 0; n < grid.rows * grid.cols; ++n) {
        grid.values.push_back(std::sin(0.37 * n) * 3.0 - 0.5);
    }
    grid.values[7] = -std::numeric_limits<double>::infinity();
    grid.values[8] = std::numeric_limits<double>::quiet_NaN();
    return grid;
}

TEST(GpuColormap, CpuColorizeUsesTheTableAndMasks) {
    const Grid grid = rampGrid();
    const std::vector<std::uint32_t> pixels = gpu::colorizeCpu(grid, Colormap::Magma, -3.5, 2.5);
    ASSERT_EQ(pixels.size(), grid.values.size());
    EXPECT_EQ(pixels[7], gpu::kMaskedColor);
    EXPECT_EQ(pixels[8], gpu::kMaskedColor);
    const double t = (grid.values[0] + 3.5) / 6.0;
    EXPECT_EQ(
        pixels[0], gpu::colormapTable(Colormap::Magma)[static_cast<std::size_t>(std::floor(256.0 * t))]);
    EXPECT_THROW(gpu::colorizeCpu(grid, Colormap::Viridis, 0.0, std::numeric_limits<double>::infinity()),
        InvalidParameter);
    EXPECT_EQ(gpu::colormapFromString("cividis"), Colormap::Cividis);
    EXPECT_THROW(gpu::colormapFromString("jet"), InvalidParameter);
}

TEST(GpuColormap, DeviceMatchesCpu) {
    PECARDS_GET_OPENCL_BACKEND(backend);
    const Grid grid = rampGrid();
    for (Colormap map : {Colormap::Viridis, Colormap::Cividis, Colormap::Magma, Colormap::Diverging}) {
        SCOPED_TRACE(gpu::toString(map));
        const std::vector<std::uint32_t> cpu = gpu::colorizeCpu(grid, map, -2.0, 2.0);
        const std::vector<std::uint32_t> device = backend->colorize(grid, map, -2.0, 2.0);
        ASSERT_EQ(device.size(), cpu.size());
        int different = 0;
        for (std::size_t n = 0; n < cpu.size(); ++n) {
            different += device[n] != cpu[n] ? 1 : 0;
        }
        EXPECT_EQ(different, 0);
    }
}

} // namespace
} // namespace pecards::test
