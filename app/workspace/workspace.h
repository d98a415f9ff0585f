#pragma once
/// @file workspace.h
/// @brief The whole state of a PE Cards session as a plain value: the open cards with their
/// parameters and visible views, the compare pairs, the active card and the last implementation
/// check. Saved and opened as versioned JSON by workspacefile.h.

#include "pecards/implcheck.h"
#include "pecards/view.h"

#include <QList>
#include <QString>
#include <optional>
#include <utility>

namespace pecards::app {

/// @brief Version of the workspace file format this build writes and reads.
inline constexpr int kWorkspaceFormatVersion = 1;

/// @brief The largest view slot index a file may name ("slot"): a card's grid has a few slots.
inline constexpr int kMaxSlot = 63;

/// @brief One visible view of a card: what, where, how a pixel summarises, and its colours.
struct CardView {
    Quantity quantity = Quantity::Score;
    Window window; ///< entry indices, inside fullExtent(params, quantity)
    Reduction reduction = Reduction::Sample;
    QString colormap = QStringLiteral("viridis"); ///< colour map name, [a-z0-9_-]+
    /// A locked colour range [low, high] (finite, low < high), kept while zooming or changing
    /// parameters; unset: the automatic range. Optional in the file ("color_range").
    std::optional<std::pair<double, double>> colorRange;
    /// The app's colour scale: log10 (true) or linear (false); unset: the quantity's default (log
    /// for attention). Figures (exports, `render`) are drawn linear. Optional ("logarithmic").
    std::optional<bool> logarithmic;
    /// The app's view slot (grid order, from 0, at most kMaxSlot) showing it; unset: the first
    /// free heatmap slot. Optional in the file ("slot"); `render` ignores it.
    std::optional<int> slot;
    bool operator==(const CardView&) const = default;
};

/// @brief A chart of a card drawn in handouts and galleries (`pecards-cli render --workspace`).
struct CardChart {
    /// The chart's name as pecards-cli calls it: "waves", "polar", "spectrum", "decay",
    /// "bias-vs-distance", "buckets-vs-offset" or "score-vs-offset" (figure/curves.h chartName);
    /// checked by the reader as [a-z-]+ and by the renderer against the list.
    QString chart;
    std::vector<int> channels; ///< waves / polar: dims or pairs; empty = the chart's default
    qint64 position = 10; ///< polar: the position m shown, >= 0
    qint64 reach = 0; ///< waves: positions; distance/offset charts: max |distance|; 0 = default
    std::optional<int> slot; ///< as CardView::slot (optional in the file)
    bool operator==(const CardChart&) const = default;
};

/// @brief An open card: its parameters, its visible views (in display order) and the charts
/// a handout of it draws after the views.
struct WorkspaceCard {
    CardParams params;
    QList<CardView> views;
    QList<CardChart> charts; ///< optional in the file ("charts")
    /// Equal parameters and views; content vectors loaded from .npy (probe.content_q/k)
    /// compare by value, not by pointer.
    bool operator==(const WorkspaceCard& other) const;
};

/// @brief Two parameter sets shown side by side with one quantity (e.g. RoPE with and
/// without YaRN scaling).
struct ComparePair {
    CardParams left;
    CardParams right;
    Quantity quantity = Quantity::Score;
    /// How A and B were drawn (optional in the file: "reduction", "colormap"); unset: the
    /// quantity's defaults (figure/quantitydefaults.h) of the left card.
    std::optional<Reduction> reduction;
    std::optional<QString> colormap; ///< colour map name, [a-z0-9_-]+
    /// As WorkspaceCard: content vectors compare by value.
    bool operator==(const ComparePair& other) const;
};

/// @brief An implementation check (File > Check an implementation…, pecards/implcheck.h): which
/// of the engine's tables, the files they are read from, and the model they are checked against.
/// The files are named, not embedded: opening the workspace reads them again.
struct CheckSetup {
    enum class Table {
        CosSin, ///< `first` cos, `second` sin
        Rotated, ///< `first` rotated q or k, `second` the same before RoPE
        InvFreq, ///< `first` inv_freq
        Gguf, ///< `first` a GGUF file (llama.cpp), its RoPE metadata and rope_freqs
    };
    Table table = Table::CosSin;
    QString first; ///< a .npy, FILE.safetensors:TENSOR (tables) or .gguf path; never empty when saved
    QString second; ///< the second table of CosSin and Rotated; empty otherwise
    pecards::CheckFormat format = pecards::CheckFormat::Float32; ///< sets the tolerance
    qint64 firstPosition = 0; ///< the position of the tables' first row, [0, 2^26]
    CardParams params; ///< the model: the RoPE card's parameters when the check ran
    /// As WorkspaceCard: content vectors compare by value.
    bool operator==(const CheckSetup& other) const;
};

/// @brief "cos-sin", "rotated", "inv-freq", "gguf" (workspace files, messages).
QString toString(CheckSetup::Table table);

/// @brief The whole session state.
struct Workspace {
    QList<WorkspaceCard> cards; ///< in tab order
    QList<ComparePair> compare;
    std::optional<CheckSetup> check; ///< the last implementation check run; optional in the file
    int activeCard = -1; ///< index into `cards`, -1 = none (only when `cards` is empty or none is active)
    bool operator==(const Workspace&) const = default;
};

/// @brief Equality of parameters where content vectors compare by value (params.h's own
/// operator== compares their shared pointers).
bool sameCardParams(const CardParams& a, const CardParams& b);

} // namespace pecards::app
