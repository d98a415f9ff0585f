// OpenCL equals the CPU reference within the documented float32 tolerances (gpu/README.md) over
// random valid parameters, windows, output sizes and reductions (fixed seed, 200
// cases per run, L <= 160): the parity tests' fixed cases, generalised.

#include "gputestsupport.h"
#include "pecards/backend.h"
#include "support/randomparams.h"

#include <array>
#include <gtest/gtest.h>
#include <memory>

namespace pecards::test {
namespace {

/// A random window inside the quantity's full extent and a random output size.
ViewRequest randomView(Random& random, const CardParams& params, Quantity quantity) {
    ViewRequest request;
    request.params = params;
    request.quantity = quantity;
    const Window all = fullExtent(params, quantity);
    const auto span = [&random](std::int64_t extent, std::int64_t& begin, std::int64_t& end) {
        begin = uniformInt(random, 0, static_cast<int>(extent - 1));
        end = uniformInt(random, static_cast<int>(begin + 1), static_cast<int>(extent));
    };
    span(all.rows(), request.window.row_begin, request.window.row_end);
    span(all.cols(), request.window.col_begin, request.window.col_end);
    request.out_rows = uniformInt(random, 1, 48);
    request.out_cols = uniformInt(random, 1, 48);
    request.reduction = static_cast<Reduction>(uniformInt(random, 0, 3));
    return request;
}

TEST(GpuProperties, OpenClEqualsTheCpuReferenceOnRandomRequests) {
    PECARDS_GET_OPENCL_BACKEND(gpu);
    const std::unique_ptr<Backend> cpu = makeCpuBackend();
    Random random(424242);
    constexpr std::array kCards {Card::Sinusoidal, Card::Relative, Card::Alibi, Card::Rope, Card::Hybrid};
    constexpr std::array kQuantities {Quantity::Table, Quantity::Phase, Quantity::Score, Quantity::Attention,
        Quantity::Buckets, Quantity::ContentScore, Quantity::ContentAttention};
    int compared = 0;
    for (int n = 0; compared < 200 && n < 2000; ++n) {
        const CardParams params
            = randomParams(random, kCards[static_cast<std::size_t>(n) % kCards.size()], 160);
        const Quantity quantity = kQuantities[static_cast<std::size_t>(uniformInt(random, 0, 6))];
        if (!hasQuantity(params, quantity)) {
            continue;
        }
        const ViewRequest request = randomView(random, params, quantity);
        const Grid want = cpu->compute(request);
        const Grid got = gpu->compute(request);
        ASSERT_TRUE(gridsNear(got, want, toleranceFor(quantity, request.reduction)))
            << "case " << n << ": " << toString(params.card) << " " << toString(quantity) << " "
            << toString(request.reduction) << " L=" << params.length;
        ++compared;
    }
    EXPECT_EQ(compared, 200);
}

} // namespace
} // namespace pecards::test
