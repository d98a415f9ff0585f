// The default tiled and cancellable computations of the backend interface (backend.h).

#include "pecards/backend.h"

#include "pecards/errors.h"

namespace pecards {

Grid Backend::computeTiled(const ViewRequest& request, ProgressSink& progress) {
    if (progress.cancelled()) {
        throw ComputeCancelled();
    }
    Grid grid = compute(request);
    progress.progress(1.0);
    return grid;
}

Grid Backend::computeCancellable(const ViewRequest& request, ProgressSink& progress) {
    if (progress.cancelled()) {
        throw ComputeCancelled();
    }
    return compute(request);
}

} // namespace pecards
