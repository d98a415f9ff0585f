// The pair-usage figure: log10 colours on magma over six decades below the largest usage (the
// largest entry at the top colour, one six decades down and 0 at the bottom colour), the axes'
// extents, the colour bar's label and range, an all-zero checkpoint, and the refusal of negatives.

#include "figure/colormaplist.h"
#include "figure/pairusagefigure.h"

#include <cmath>
#include <gtest/gtest.h>
#include <stdexcept>

namespace {

using pecards::app::PairUsageFigureText;

TEST(PairUsageFigure, LogColoursOverSixDecadesBelowTheLargestUsage) {
    // 2 rows (layers 4 and 5) x 3 pairs: 100 at the top, 1e-4 six decades down, 0 and 1e-9 below.
    const Eigen::MatrixXd usage = (Eigen::MatrixXd(2, 3) << 100.0, 1e-4, 0.0, 1e-9, 1.0, 10.0).finished();
    const PairUsageFigureText text {
        QStringLiteral("Pair usage: demo"), QStringLiteral("layer"), 4, QStringLiteral("c")};
    const pecards::app::FigureSpec spec = pecards::app::pairUsageFigure(usage, text);
    const QList<QRgb> magma = pecards::app::colormapColors("magma");
    EXPECT_EQ(spec.heatmap.size(), QSize(3, 2));
    EXPECT_DOUBLE_EQ(spec.colorBar.max, 2.0);
    EXPECT_DOUBLE_EQ(spec.colorBar.min, -4.0);
    EXPECT_EQ(spec.colorBar.label, QStringLiteral("log₁₀ usage (|qᵢ| |kᵢ| bound)"));
    EXPECT_EQ(spec.heatmap.pixel(0, 0), magma.back()); // 100
    EXPECT_EQ(spec.heatmap.pixel(1, 0), magma.front()); // 1e-4
    EXPECT_EQ(spec.heatmap.pixel(2, 0), magma.front()); // 0
    EXPECT_EQ(spec.heatmap.pixel(0, 1), magma.front()); // 1e-9, below the range
    // 1 = log 0: two thirds of the way from -4 to 2, the colour at round(255 * 4 / 6) = 170.
    EXPECT_EQ(spec.heatmap.pixel(1, 1), magma[170]);
    EXPECT_EQ(spec.xAxis.first, 0);
    EXPECT_EQ(spec.xAxis.last, 2);
    EXPECT_EQ(spec.yAxis.first, 4);
    EXPECT_EQ(spec.yAxis.last, 5);
    EXPECT_EQ(spec.yAxis.label, QStringLiteral("layer"));
    const pecards::app::FigureSpec zero = pecards::app::pairUsageFigure(Eigen::MatrixXd::Zero(2, 2), text);
    EXPECT_TRUE(zero.colorBar.label.endsWith(QStringLiteral("every entry is 0")));
    EXPECT_EQ(zero.heatmap.pixel(1, 1), magma.front());
    EXPECT_THROW(pecards::app::pairUsageFigure(-usage, text), std::invalid_argument);
}

} // namespace

namespace {

TEST(PairUsageFigureText, NamesTheModelTheRowsAndTheLayersLeftOut) {
    // Consecutive layers 4, 5: rows from 4; one layer: its heads; NoPE every 2nd layer: the list in the
    // caption.
    const auto pooled = pecards::app::pairUsageFigureText(
        QStringLiteral("meta-llama/Llama-3.1-8B"), QStringLiteral("/m/Llama"), std::nullopt, {4, 5}, 32, 8);
    EXPECT_EQ(pooled.title, QStringLiteral("Pair usage: meta-llama/Llama-3.1-8B"));
    EXPECT_EQ(pooled.rowLabel, QStringLiteral("layer"));
    EXPECT_EQ(pooled.firstRow, 4);
    EXPECT_EQ(pooled.caption,
        QStringLiteral(
            "each row the mean over the layer's heads · checkpoint: Llama · 32 query heads, 8 key heads"));
    const auto one = pecards::app::pairUsageFigureText(
        QStringLiteral("config"), QStringLiteral("/m/demo"), 12, {}, 16, 4); // a config without _name_or_path
    EXPECT_EQ(one.title, QStringLiteral("Pair usage: demo, layer 12"));
    EXPECT_EQ(one.rowLabel, QStringLiteral("query head"));
    const auto gaps = pecards::app::pairUsageFigureText(
        QStringLiteral("SmolLM3"), QStringLiteral("s"), std::nullopt, {0, 1, 2, 4}, 16, 4);
    EXPECT_EQ(gaps.rowLabel, QStringLiteral("k-th RoPE layer"));
    EXPECT_TRUE(gaps.caption.endsWith(QStringLiteral(" · RoPE layers 0, 1, 2, 4")));
}

} // namespace
