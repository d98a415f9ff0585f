#pragma once
/// @file heatmapdataexport.h
/// @brief A heatmap's numbers as a file (.npy, .csv): always the double-precision CPU reference's
/// values, never the picture's (float32 on OpenCL, or an estimated softmax), at the resolution the
/// user chose (#32, the engineer's review C4: Save… → .npy wrote the screen's float32 pixels).

#include "views/viewfigure.h"

#include <QString>
#include <optional>
#include <pecards/view.h>

class QWidget;

namespace pecards::gui {

class ComputeService;

/// @brief What a data export writes of the view's window.
enum class DataExtent {
    Pixels, ///< one value per pixel of the picture, by the view's pixel rule
    Entries, ///< every entry of the window (windows of at most kMaxOutputPixels a side)
};

/// @brief The request a data export computes: the shown view's request with the exact softmax
/// normaliser, at the view's pixels or one pixel per entry. std::nullopt for Entries when the
/// window is wider or taller than kMaxOutputPixels.
std::optional<pecards::ViewRequest> dataRequest(const pecards::ViewRequest& shown, DataExtent extent);

/// @brief Asks which extent (the pixels, or every entry when the window allows), has the reference
/// compute it on the compute worker, then writes `path` and confirms in the status bar (the header
/// of a .csv, the status line of a .npy say "double-precision reference"); errors get a dialog.
void askAndSaveHeatmapData(
    const ShownHeatmap& shown, const QString& path, ComputeService* service, QWidget* parent);

/// @brief saveHeatmapData without the question: the reference's values of dataRequest(extent).
void saveHeatmapData(const ShownHeatmap& shown, const QString& path, DataExtent extent,
    ComputeService* service, QWidget* parent);

} // namespace pecards::gui
