// Tiled OpenCL computation (OpenClBackend::computeTiled): the same grid as the one-shot compute()
// bit for bit, within the float32 tolerances of the double CPU reference, progress monotone to 1
// over several tiles or bands, and cancellation between tiles with no partial grid.

#include "gputestsupport.h"
#include "pecards/backend.h"
#include "pecards/errors.h"
#include "support/recordingsink.h"
#include "support/requests.h"

#include <gtest/gtest.h>
#include <vector>

namespace pecards::test {
namespace {

/// The tests' content cards (seed 7).
CardParams card(Card c, std::int64_t length) {
    return test::randomProbeParams(c, length, 7);
}

struct TiledCase {
    ViewRequest request;
    std::size_t min_reports; ///< tiles or bands the request has at least
};

std::vector<TiledCase> tiledCases() {
    // Content: logit tiles of 1024 rows x 4096 keys, here 2 x 2 of them (plus the normalisers).
    const Window content {0, 1100, 0, 4200};
    // Pooled attention and tables: bands of about 2^24 range queries or entries.
    const std::int64_t attention_length = std::int64_t {1} << 17;
    const std::int64_t table_length = std::int64_t {1} << 20;
    const CardParams alibi = card(Card::Alibi, 5000);
    return {
        {test::viewRequest(alibi, Quantity::ContentScore, content, 30, 50, Reduction::Max), 4},
        {test::viewRequest(alibi, Quantity::ContentAttention, content, 30, 50, Reduction::Mean), 4},
        {test::viewRequest(
             card(Card::Rope, 5000), Quantity::ContentAttention, content, 30, 50, Reduction::Sample),
            2},
        {test::viewRequest(card(Card::Alibi, attention_length), Quantity::Attention,
             Window {0, attention_length, 0, attention_length}, 64, 256, Reduction::Max),
            2},
        {test::viewRequest(card(Card::Sinusoidal, table_length), Quantity::Table,
             Window {0, table_length, 0, 32}, 64, 32, Reduction::Mean),
            2},
    };
}

/// Pixels spread over every band (first, middle and last rows and columns) against the double
/// reference computing each pixel's block alone (a 1 x 1 request over the block).
void expectPixelsNearReference(const Grid& grid, const ViewRequest& r) {
    const auto reference = makeCpuBackend();
    const Window& w = r.window;
    for (const int row :
        {0, 1, grid.rows / 4, grid.rows / 2 - 1, grid.rows / 2, 3 * grid.rows / 4, grid.rows - 1}) {
        for (const int col : {0, grid.cols / 2, grid.cols - 1}) {
            ViewRequest block = r;
            block.window = Window {blockStart(w.row_begin, w.rows(), grid.rows, row),
                blockStart(w.row_begin, w.rows(), grid.rows, row + 1),
                blockStart(w.col_begin, w.cols(), grid.cols, col),
                blockStart(w.col_begin, w.cols(), grid.cols, col + 1)};
            block.out_rows = 1;
            block.out_cols = 1;
            Grid expected = reference->compute(block);
            Grid pixel = expected;
            pixel.values = {grid.at(row, col)};
            EXPECT_TRUE(gridsNear(pixel, expected, toleranceFor(r.quantity, r.reduction)))
                << "pixel " << row << ", " << col;
        }
    }
}

TEST(GpuTiled, EqualsOneShotAndTheReferenceWithProgressMonotoneToOne) {
    PECARDS_GET_OPENCL_BACKEND(backend);
    for (const TiledCase& c : tiledCases()) {
        SCOPED_TRACE(toString(c.request.quantity) + " " + toString(c.request.reduction));
        const Grid once = backend->compute(c.request);
        RecordingSink sink;
        const Grid tiled = backend->computeTiled(c.request, sink);
        EXPECT_EQ(tiled.values, once.values); // a pixel does not depend on its tile or band
        EXPECT_TRUE(sink.monotoneToOne());
        EXPECT_GE(sink.fractions().size(), c.min_reports);
        expectPixelsNearReference(tiled, c.request);
    }
}

TEST(GpuTiled, CancelledBetweenTilesThrowsAndReportsNoMore) {
    PECARDS_GET_OPENCL_BACKEND(backend);
    for (const TiledCase& c : tiledCases()) {
        SCOPED_TRACE(toString(c.request.quantity) + " " + toString(c.request.reduction));
        RecordingSink midway(1);
        EXPECT_THROW(backend->computeTiled(c.request, midway), ComputeCancelled);
        ASSERT_EQ(midway.fractions().size(), 1U);
        EXPECT_LT(midway.fractions().back(), 1.0);
    }
    // The backend still answers after a cancelled computation.
    const ViewRequest r = tiledCases().front().request;
    RecordingSink sink;
    EXPECT_EQ(backend->computeTiled(r, sink).values, backend->compute(r).values);
}

TEST(GpuTiled, HasNoWorkBudgetOnlyTheMemoryLimit) {
    PECARDS_GET_OPENCL_BACKEND(backend);
    const std::int64_t length = std::int64_t {1} << 20;
    const ViewRequest r = test::viewRequest(card(Card::Alibi, length), Quantity::ContentAttention,
        Window {0, length, 0, length}, 512, 512, Reduction::Max);
    EXPECT_THROW(backend->compute(r), ComputeLimitExceeded);
    RecordingSink first(1);
    EXPECT_THROW(backend->computeTiled(r, first), ComputeCancelled);
    ASSERT_EQ(first.fractions().size(), 1U);
    EXPECT_LT(first.fractions().front(), 1e-4);
}

} // namespace
} // namespace pecards::test
