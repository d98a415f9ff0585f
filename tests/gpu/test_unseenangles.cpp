// The unseen-angles map on the device equals the CPU reference entry for entry: both compare the
// same exact 64-bit integer angles (scaling_lab.h), so no tolerance but the Mean's float division.

#include "gputestsupport.h"
#include "pecards/backend.h"
#include "pecards/scaling_lab.h"

#include <gtest/gtest.h>

namespace pecards::test {
namespace {

TEST(GpuUnseenAngles, EqualsTheCpuReferenceForEveryScalingAndReduction) {
    PECARDS_GET_OPENCL_BACKEND(gpu);
    const std::unique_ptr<Backend> cpu = makeCpuBackend();
    RopeParams model;
    model.head_dim = 128;
    model.base = 500000.0;
    ScalingLabSettings settings;
    settings.types = {RopeScalingType::None, RopeScalingType::Linear, RopeScalingType::Dynamic,
        RopeScalingType::Yarn, RopeScalingType::Llama3, RopeScalingType::LongRope};
    settings.factor = 8.0;
    settings.original_max_position_embeddings = 8192;
    settings.length = 20000;
    for (const RopeScalingType type : settings.types) {
        for (const Card card : {Card::Rope, Card::Hybrid}) {
            ViewRequest request;
            request.params.card = card;
            request.params.length = settings.length;
            request.params.rope = labScaling(model, type, settings);
            request.quantity = Quantity::UnseenAngles;
            for (const Window window : {Window {0, 20000, 0, 64}, Window {8000, 8400, 30, 50}}) {
                request.window = window;
                for (const Reduction reduction :
                    {Reduction::Sample, Reduction::Mean, Reduction::Max, Reduction::Min}) {
                    SCOPED_TRACE(toString(type) + " " + toString(card) + " " + toString(reduction) + " rows "
                        + std::to_string(window.row_begin));
                    request.reduction = reduction;
                    request.out_rows = 97;
                    request.out_cols = 13;
                    const Grid expected = cpu->compute(request);
                    const Grid actual = gpu->compute(request);
                    EXPECT_TRUE(
                        gridsNear(actual, expected, {0.0, reduction == Reduction::Mean ? 1e-7 : 0.0}));
                }
            }
        }
    }
}

} // namespace
} // namespace pecards::test
