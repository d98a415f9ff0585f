// The default tiled computation of the backend interface (backend.h).

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

} // namespace pecards
