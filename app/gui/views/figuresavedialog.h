#pragma once
/// @file figuresavedialog.h
/// @brief The "Save…" dialogs: asks for a file (PNG, SVG, PDF, .npy, .csv) and, for PNG, the
/// resolution (default 300 dpi), then writes through viewfigure.h; failures get an error dialog.

#include <QList>
#include <QString>

class QWidget;
struct ShownHeatmap;

/// @brief Save dialog of one heatmap view.
void askAndSaveHeatmap(const ShownHeatmap& shown, QWidget* parent);

/// @brief A whole card as one multi-page PDF, one page per heatmap, at `path` (asked with a
/// save dialog when empty). True when written; failures get an error dialog.
bool saveCardPdf(
    const QList<ShownHeatmap>& heatmaps, const QString& suggestedName, QWidget* parent, QString path = {});
