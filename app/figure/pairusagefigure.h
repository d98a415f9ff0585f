#pragma once
/// @file pairusagefigure.h
/// @brief The publication figure of a checkpoint's per-pair usage (#28, pecards/pairusage.h): rows
/// (RoPE layers pooled over their heads, or one layer's heads) over the rotary pairs, log10 of the
/// usage on the magma map, as the app's File > Pair usage dialog shows it.

#include "figure/figurespec.h"

#include <Eigen/Core>
#include <QString>
#include <optional>
#include <vector>

namespace pecards::app {

/// @brief What the rows are and what the caption says.
struct PairUsageFigureText {
    QString title; ///< e.g. "Pair usage of Llama-3.1-8B, layer 12"
    QString rowLabel; ///< e.g. "query head", "RoPE layer"
    qint64 firstRow = 0; ///< index of row 0 on its axis (layer numbers start where the model's do)
    QString caption; ///< the checkpoint, the measure, the scaling
    QString valueLabel = QStringLiteral("usage (|qᵢ| |kᵢ| bound)"); ///< what the colours are, after "log₁₀ "
};

/// @brief The texts of a usage figure: title "Pair usage: <model>[, layer N]", rows "query head" for
/// one layer (`layer` set) or "layer" for the pooled RoPE layers `layers` (their indices in order;
/// "k-th RoPE layer" and the list in the caption when they are not consecutive), and a caption with
/// the checkpoint's file name and the head counts. `model` "config" (a config without
/// _name_or_path) is replaced by the checkpoint's name.
PairUsageFigureText pairUsageFigureText(const QString& model, const QString& checkpoint,
    std::optional<int> layer, const std::vector<int>& layers, int heads, int kvHeads);

/// @brief The figure of `usage` (rows x pairs, >= 0): colour = log10(value) on magma over
/// [log10(max) - 6, log10(max)], entries below the bottom (0 included) at the bottom colour; the
/// colour bar says so (and that every entry is 0 when none is larger). The x axis counts pairs.
/// @throws std::invalid_argument for an empty matrix or a negative or non-finite entry.
FigureSpec pairUsageFigure(const Eigen::MatrixXd& usage, const PairUsageFigureText& text);

} // namespace pecards::app
