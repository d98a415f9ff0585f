// The unseen-angles map on the device (unseenangles.h).

#include "unseenangles.h"

#include "kernelconfig.h"
#include "pecards/errors.h"
#include "pecards/scaling_lab.h"
#include "pecards/viewrules.h"
#include "positional.h"
#include "tables.h"

namespace pecards::gpu::detail {

Grid computeUnseenAngles(ClContext& cl, const ViewRequest& request, ProgressSink* progress) {
    const CardParams& params = request.params;
    const Window& w = request.window;
    Grid grid = makeGrid(request);
    const std::int64_t width = fullExtent(params, request.quantity).col_end;
    if (progress == nullptr && request.reduction != Reduction::Sample
        && w.rows() * width > kTableEntryBudget) {
        throw ComputeLimitExceeded("request too costly for the OpenCL backend: unseen-angle entries (window "
                                   "rows x pairs) = "
            + std::to_string(w.rows() * width) + " exceeds the budget of " + std::to_string(kTableEntryBudget)
            + "; use reduction sample or fewer window rows");
    }
    const UnseenAngleLimits limits
        = unseenAngleLimits(params.rope, effectiveSeqLen(params.rope, params.length));
    const cl::Buffer turns
        = cl.upload(std::vector<cl_ulong>(limits.turns.begin(), limits.turns.end()), "turns");
    const cl::Buffer limit
        = cl.upload(std::vector<cl_ulong>(limits.limit.begin(), limits.limit.end()), "limits");
    const cl::Buffer col_starts
        = cl.upload(blockStarts(w.col_begin, w.cols(), request.out_cols), "col blocks");
    const cl_int reduction = static_cast<cl_int>(reductionCode(request.reduction));
    const std::int64_t per_row = request.reduction == Reduction::Sample ? 1 : w.cols();
    poolInBands(cl, "unseen_pool", blockStarts(w.row_begin, w.rows(), request.out_rows), col_starts, per_row,
        progress, grid, reduction, turns, limit);
    return grid;
}

} // namespace pecards::gpu::detail
