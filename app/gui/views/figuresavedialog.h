#pragma once
/// @file figuresavedialog.h
/// @brief The "Save…", "Export card" and "Copy figure" actions: asks for a file (starting in
/// the folder used last, remembered with QSettings) and the figure options
/// (figureoptionsdialog.h), has the heatmaps recomputed at print resolution by the compute
/// worker (figureexportjob.h), writes through viewfigure.h and confirms in the status bar with
/// the file name; failures get an error dialog.

#include "views/viewfigure.h"

#include <QList>
#include <QString>
#include <figure/cardhandout.h>
#include <figure/coverspec.h>
#include <functional>
#include <optional>

class QWidget;

namespace pecards::gui {

class ComputeService;

/// @brief Save dialog of one heatmap view (PNG, SVG, PDF, .npy, .csv).
void askAndSaveHeatmap(const ShownHeatmap& shown, ComputeService* service, QWidget* parent);

/// @brief Save dialog of one chart view: the chart figure (PNG, SVG, PDF; chartFigureSpec), or its
/// curves' numbers as CSV (figure/chartdata.h).
void askAndSaveChart(const ShownChart& shown, ComputeService* service, QWidget* parent);

/// @brief Makes a figure with the export options chosen: calls `done` with it, or `failed` with a
/// message, now or later (on the UI thread).
using FigureMaker = std::function<void(const pecards::app::FigureExportOptions& options,
    std::function<void(const pecards::app::Figure&)> done, std::function<void(const QString&)> failed)>;

/// @brief Save dialog of a figure made once its options are chosen (the compare tab's A, B and
/// A − B, computed again at print resolution): PNG, SVG or PDF with the figure options; with
/// `data`, also that heatmap's numbers (.npy, .csv). `name` is the suggested file name's stem.
void askAndSaveMadeFigure(
    const QString& name, const FigureMaker& make, const std::optional<ShownHeatmap>& data, QWidget* parent);

/// @brief Save dialog of a whole card: one PDF with the cover page, then one page per
/// visible view (heatmaps and charts) in grid order. `leftOut` names the visible views without
/// a picture: after saving, a message says the file lacks them (nothing is left out silently).
void askAndSaveCardPdf(const QList<ShownView>& views, const QStringList& leftOut,
    const pecards::app::CoverSpec& cover, const QString& suggestedName, ComputeService* service,
    QWidget* parent);

/// @brief Save dialog of a card handout: asks for a .pdf, then saveCardHandout.
void askAndSaveCardHandout(const QList<ShownView>& views, const QStringList& leftOut,
    const pecards::app::CardHandout& handout, const QString& suggestedName, ComputeService* service,
    QWidget* parent);

/// @brief Writes the card handout (figure/cardhandout.h) `handout` with the figures of `views`,
/// computed at print resolution by the compute worker with the handout's figure options
/// (cardHandoutOptions, as `pecards-cli render --card-handout`), to `path`; reports as askAndSaveCardPdf
/// (`leftOut`). `done` runs after the file was written (or the error shown).
void saveCardHandout(const QList<ShownView>& views, const QStringList& leftOut,
    pecards::app::CardHandout handout, const QString& path, ComputeService* service, QWidget* parent,
    const std::function<void()>& done = {});

/// @brief The message after a card's PDF `fileName` was saved without the views `leftOut`.
QString leftOutMessage(const QString& fileName, const QStringList& leftOut);

/// @brief Puts the view's figure on the clipboard as an image (at the remembered size, 150 dpi),
/// PNG and SVG, and says so in the status bar.
void copyFigureToClipboard(const ShownView& shown, ComputeService* service, QWidget* parent);

/// @brief The folder the save dialogs open in: the one used last, else the working folder.
QString lastExportFolder();

} // namespace pecards::gui
