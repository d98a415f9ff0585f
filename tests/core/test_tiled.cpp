// Tiled exact reductions of the CPU reference (Backend::computeTiled): the same grid as the
// one-shot compute() bit for bit, exact block reductions equal to a reduction of every entry
// computed one per pixel, progress monotone to 1, cancellation with no partial grid, and no
// work budget (only memory). Backend::computeCancellable: compute()'s grid and limits, stoppable.

#include "pecards/backend.h"
#include "pecards/errors.h"
#include "support/recordingsink.h"
#include "support/requests.h"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <vector>

namespace pecards {
namespace {

using test::RecordingSink;

/// The tests' content cards (seed 5).
CardParams card(Card c, std::int64_t length) {
    return test::randomProbeParams(c, length, 5);
}

struct TiledCase {
    ViewRequest request;
    std::size_t min_reports; ///< tiles the request has at least (progress reports)
};

std::vector<TiledCase> tiledCases() {
    CardParams causal_alibi = card(Card::Alibi, 700);
    causal_alibi.causal = true;
    return {
        // 700 rows = 3 tiles of 256 rows, each with its normaliser chunk: 6 reports or more.
        {test::fullViewRequest(card(Card::Alibi, 700), Quantity::ContentAttention, 37, 41, Reduction::Max),
            6},
        {test::fullViewRequest(causal_alibi, Quantity::ContentAttention, 37, 41, Reduction::Mean), 6},
        {test::fullViewRequest(card(Card::Rope, 600), Quantity::ContentScore, 50, 30, Reduction::Min), 3},
        {test::fullViewRequest(card(Card::Relative, 520), Quantity::ContentScore, 13, 64, Reduction::Mean),
            3},
        // The sampled rows' logits, then their normaliser over all keys.
        {test::fullViewRequest(card(Card::Alibi, 700), Quantity::ContentAttention, 40, 40, Reduction::Sample),
            2},
        // One band per output row.
        {test::fullViewRequest(card(Card::Alibi, 1000), Quantity::Attention, 50, 50, Reduction::Max), 50},
        {test::fullViewRequest(causal_alibi, Quantity::Attention, 33, 70, Reduction::Mean), 33},
        {test::fullViewRequest(card(Card::Rope, 900), Quantity::Attention, 20, 20, Reduction::Min), 20},
        {test::fullViewRequest(card(Card::Sinusoidal, 9000), Quantity::Table, 20, 32, Reduction::Mean), 20},
        {test::fullViewRequest(card(Card::Rope, 5000), Quantity::Phase, 16, 16, Reduction::Max), 16},
        // No tiles: computed at once, progress 1 at the end.
        {test::fullViewRequest(card(Card::Alibi, 1000), Quantity::Score, 50, 50, Reduction::Max), 1},
    };
}

TEST(TiledCompute, EqualsOneShotBitForBitWithProgressMonotoneToOne) {
    const auto backend = makeCpuBackend();
    for (const TiledCase& c : tiledCases()) {
        SCOPED_TRACE(toString(c.request.quantity) + " " + toString(c.request.reduction) + " on card "
            + std::to_string(static_cast<int>(c.request.params.card)));
        const Grid once = backend->compute(c.request);
        RecordingSink sink;
        const Grid tiled = backend->computeTiled(c.request, sink);
        EXPECT_EQ(tiled.rows, once.rows);
        EXPECT_EQ(tiled.cols, once.cols);
        EXPECT_EQ(tiled.window, once.window);
        EXPECT_EQ(tiled.values, once.values); // bit for bit: the same tiles in the same order
        EXPECT_TRUE(sink.monotoneToOne());
        EXPECT_GE(sink.fractions().size(), c.min_reports);
    }
}

/// The block reduction of an attention grid holding one entry per pixel (the view.h block rule;
/// entries above the diagonal are masked when causal, a fully masked block is 0), computed here
/// independently of the engine's tile loops.
std::vector<double> reduceBlocks(
    const Grid& entries, int out_rows, int out_cols, Reduction reduction, bool causal) {
    std::vector<double> out;
    for (int r = 0; r < out_rows; ++r) {
        for (int c = 0; c < out_cols; ++c) {
            double max = -std::numeric_limits<double>::infinity();
            double min = std::numeric_limits<double>::infinity();
            double sum = 0.0;
            int count = 0;
            for (auto i = blockStart(0, entries.rows, out_rows, r);
                 i < blockStart(0, entries.rows, out_rows, r + 1); ++i) {
                for (auto j = blockStart(0, entries.cols, out_cols, c);
                     j < blockStart(0, entries.cols, out_cols, c + 1) && !(causal && j > i); ++j) {
                    const double v = entries.at(static_cast<int>(i), static_cast<int>(j));
                    max = std::max(max, v);
                    min = std::min(min, v);
                    sum += v;
                    ++count;
                }
            }
            if (count == 0) {
                out.push_back(0.0);
            } else {
                out.push_back(reduction == Reduction::Max ? max
                        : reduction == Reduction::Min     ? min
                                                          : sum / count);
            }
        }
    }
    return out;
}

TEST(TiledCompute, ExactReductionEqualsTheReductionOfEveryEntry) {
    const auto backend = makeCpuBackend();
    for (const Quantity quantity : {Quantity::ContentAttention, Quantity::Attention}) {
        for (const Reduction reduction : {Reduction::Max, Reduction::Mean, Reduction::Min}) {
            SCOPED_TRACE(toString(quantity) + " " + toString(reduction));
            const CardParams params = card(Card::Alibi, 300); // the causal form: masked above the diagonal
            const Grid entries
                = backend->compute(test::fullViewRequest(params, quantity, 300, 300, Reduction::Sample));
            RecordingSink sink;
            const Grid tiled
                = backend->computeTiled(test::fullViewRequest(params, quantity, 7, 9, reduction), sink);
            const std::vector<double> expected = reduceBlocks(entries, 7, 9, reduction, true);
            ASSERT_EQ(tiled.values.size(), expected.size());
            for (std::size_t n = 0; n < expected.size(); ++n) {
                EXPECT_NEAR(tiled.values[n], expected[n], 1e-12 * std::abs(expected[n]) + 1e-300)
                    << "pixel " << n;
            }
        }
    }
}

TEST(TiledCompute, CancelledMidwayThrowsAndReportsNoMore) {
    const auto backend = makeCpuBackend();
    const ViewRequest r
        = test::fullViewRequest(card(Card::Alibi, 700), Quantity::ContentAttention, 37, 41, Reduction::Max);
    RecordingSink midway(2);
    EXPECT_THROW(backend->computeTiled(r, midway), ComputeCancelled);
    ASSERT_EQ(midway.fractions().size(), 2U);
    EXPECT_LT(midway.fractions().back(), 1.0);
    RecordingSink before(0);
    EXPECT_THROW(backend->computeTiled(r, before), ComputeCancelled);
    EXPECT_TRUE(before.fractions().empty());
    try {
        RecordingSink again(1);
        backend->computeTiled(r, again);
        FAIL() << "not cancelled";
    } catch (const ComputeCancelled& error) {
        EXPECT_STREQ(error.what(), "computation cancelled");
    }
}

TEST(TiledCompute, HasNoWorkBudgetOnlyTheMemoryLimit) {
    // 2^20 x 2^20 logits of 16 multiply-adds: compute() refuses it, computeTiled starts it
    // (cancelled here after its first tile).
    const auto backend = makeCpuBackend();
    const ViewRequest r = test::fullViewRequest(
        card(Card::Alibi, std::int64_t {1} << 20), Quantity::ContentAttention, 512, 512, Reduction::Max);
    EXPECT_THROW(backend->compute(r), ComputeLimitExceeded);
    RecordingSink first(1);
    EXPECT_THROW(backend->computeTiled(r, first), ComputeCancelled);
    ASSERT_EQ(first.fractions().size(), 1U);
    EXPECT_GT(first.fractions().front(), 0.0);
    EXPECT_LT(first.fractions().front(), 1e-5); // one tile of 256 rows x 4096 keys of 2^40 entries
}

TEST(CancellableCompute, EqualsOneShotBitForBitKeepsTheWorkLimitAndStops) {
    const auto backend = makeCpuBackend();
    for (const TiledCase& c : tiledCases()) {
        SCOPED_TRACE(toString(c.request.quantity) + " " + toString(c.request.reduction));
        RecordingSink sink;
        EXPECT_EQ(backend->computeCancellable(c.request, sink).values, backend->compute(c.request).values);
    }
    // Over the work limit it refuses as compute() does (the interactive path then goes tiled).
    const ViewRequest huge = test::fullViewRequest(
        card(Card::Alibi, std::int64_t {1} << 20), Quantity::ContentAttention, 512, 512, Reduction::Max);
    RecordingSink never;
    EXPECT_THROW(backend->computeCancellable(huge, never), ComputeLimitExceeded);
    const ViewRequest r
        = test::fullViewRequest(card(Card::Alibi, 700), Quantity::ContentAttention, 37, 41, Reduction::Max);
    RecordingSink midway(2);
    EXPECT_THROW(backend->computeCancellable(r, midway), ComputeCancelled);
    EXPECT_EQ(midway.fractions().size(), 2U);
    RecordingSink before(0);
    EXPECT_THROW(backend->computeCancellable(r, before), ComputeCancelled);
}

} // namespace
} // namespace pecards
