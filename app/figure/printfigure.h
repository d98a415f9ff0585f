#pragma once
/// @file printfigure.h
/// @brief Heatmap figures computed at the resolution they are printed at: the engine is asked
/// for a grid of exactly the exported plot's pixel size (with the view's own, exact reduction),
/// not for the screen's grid, so a 300-dpi figure shows 300-dpi detail.
///
/// The GUI's export (on its compute worker) and `pecards-cli render` both call
/// printResolutionFigure with their backend, so they ask for the same grids and write the same
/// bytes.

#include "figure/figurebuilder.h"
#include "figure/figureexporter.h"
#include "figure/figurespec.h"
#include "pecards/view.h"

#include <functional>
#include <optional>
#include <string>

namespace pecards::app {

/// @brief Computes a view's grid; throws what the backend throws.
using GridSource = std::function<Grid(const ViewRequest&)>;

/// @brief A heatmap figure and the request its grid answers.
struct PrintFigure {
    FigureSpec spec;
    ViewRequest
        request; ///< out_rows x out_cols = the plot's pixels (capped at the window and kMaxOutputPixels)
    Grid grid; ///< the engine's answer to `request`
    int computations = 0; ///< grids computed (1 or 2; at most 3)
};

/// @brief The figure of `view` (its params, quantity, window and reduction; its out_rows and
/// out_cols are replaced) at the plot size of `options`.
///
/// The plot size depends on the labels, so it is found by iteration: lay out a placeholder
/// figure, compute the grid at its plot size, lay out the real figure; while its plot size
/// differs from the grid (different colour-bar labels), compute again (at most 3 grids). The
/// colours: colormapColors(colormap) over `range`, or defaultValueRange (symmetric about 0 for
/// the diverging map).
/// @throws pecards::InvalidParameter (invalid view, unknown colour map), what `compute` throws,
/// std::invalid_argument (a grid that cannot be drawn).
PrintFigure printResolutionFigure(const ViewRequest& view, const std::string& colormap,
    std::optional<ValueRange> range, const FigureExportOptions& options, const GridSource& compute);

} // namespace pecards::app
