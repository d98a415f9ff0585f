// Table and Phase views on the device (tables.h).

#include "tables.h"

#include "kernelconfig.h"
#include "pecards/errors.h"
#include "pecards/probe.h"
#include "pecards/rope.h"
#include "pecards/rope_scaling.h"
#include "pecards/sinusoidal.h"
#include "pecards/viewrules.h"
#include "positional.h"
#include "profilespec.h"

namespace pecards::gpu::detail {

Grid computeTable(ClContext& cl, const ViewRequest& request, ProgressSink* progress) {
    const CardParams& params = request.params;
    const Window& w = request.window;
    const bool rope = params.card == Card::Rope;
    const bool phase = request.quantity == Quantity::Phase;
    Grid grid = makeGrid(request);
    const std::int64_t width = fullExtent(params, request.quantity).col_end;
    if (progress == nullptr && request.reduction != Reduction::Sample
        && w.rows() * width > kTableEntryBudget) {
        throw ComputeLimitExceeded(
            "request too costly for the OpenCL backend: table entries (window rows x row "
            "width) = "
            + std::to_string(w.rows() * width) + " exceeds the budget of " + std::to_string(kTableEntryBudget)
            + "; use reduction sample or fewer window rows");
    }
    Eigen::VectorXd frequencies;
    std::vector<float> q(1, 0.0f);
    cl_int layout = 0;
    cl_int dim = 0;
    cl_int rotary = 0;
    if (rope) {
        const RopeScalingResult scaling
            = ropeScaling(params.rope, effectiveSeqLen(params.rope, params.length));
        frequencies = scaling.inv_freq;
        rotary = rotaryDim(params.rope);
        dim = params.rope.head_dim;
        layout = params.rope.layout == RopeLayout::HalfSplit ? 1 : 0;
        Eigen::VectorXd probe = probeVector(params.probe, ProbeStream::Query, dim);
        probe.head(rotary) *= scaling.attention_factor; // HF attention_scaling multiplies cos and sin
        q.assign(probe.data(), probe.data() + probe.size());
    } else {
        frequencies = sinusoidalFrequencies(params.sinusoidal);
        dim = params.sinusoidal.d_model;
        layout = params.sinusoidal.layout == SinusoidalLayout::Concatenated ? 1 : 0;
    }
    const cl_int mode
        = static_cast<cl_int>(phase ? TableMode::Phase : (rope ? TableMode::Rope : TableMode::Sinusoidal));
    const cl::Buffer turns = cl.upload(frequencyTurns(frequencies), "frequency turns");
    const cl::Buffer probe = cl.upload(q, "probe q");
    const cl::Buffer col_starts
        = cl.upload(blockStarts(w.col_begin, w.cols(), request.out_cols), "col blocks");
    const cl_int reduction = static_cast<cl_int>(reductionCode(request.reduction));
    // A sampled pixel evaluates one entry, a pooled one every entry of its block.
    const std::int64_t per_row = request.reduction == Reduction::Sample ? 1 : w.cols();
    poolInBands(cl, "table_pool", blockStarts(w.row_begin, w.rows(), request.out_rows), col_starts, per_row,
        progress, grid, reduction, mode, turns, layout, dim, rotary,
        static_cast<cl_long>(rope ? -1 : params.sinusoidal.padding_idx), probe);
    return grid;
}

} // namespace pecards::gpu::detail
