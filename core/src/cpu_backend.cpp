// The double-precision CPU reference backend (backend.h).

#include "contentmodel.h"
#include "contentview.h"
#include "pecards/backend.h"
#include "pecards/cost.h"
#include "pecards/errors.h"
#include "pecards/pitfall.h"
#include "pecards/pitfallpool.h"
#include "positionalprofile.h"
#include "tableview.h"
#include "toeplitzattention.h"
#include "toeplitzview.h"

#include <limits>

namespace pecards {

namespace {

/// A dense view (pitfallspec.h: a dense pitfall, or the multimodal card) evaluated in double.
Grid poolPitfall(const ViewRequest& request) {
    const PitfallSpec spec = pitfallSpec(request.params, request.quantity);
    const bool table = request.quantity == Quantity::Table;
    const Eigen::MatrixXd keys
        = table || spec.key.columns() == 0 ? Eigen::MatrixXd() : pitfallVectors(spec.key, 0, spec.length);
    return poolPitfallRows(request, spec, [&](std::int64_t first, std::int64_t count) {
        return table ? pitfallVectors(spec.query, first, count) : pitfallLogits(spec, keys, first, count);
    });
}

/// Answers every view with the algorithms of docs/quantities.md in double precision (Eigen).
class CpuBackend final : public Backend {
public:
    std::string name() const override { return "CPU reference (double)"; }

    Grid compute(const ViewRequest& request) override {
        checkCost(estimateCost(request)); // validates; refuses what is over the work or memory limit
        return run(request, nullptr);
    }

    Grid computeCancellable(const ViewRequest& request, ProgressSink& progress) override {
        checkCost(estimateCost(request)); // as compute(): the work limit applies
        if (progress.cancelled()) {
            throw ComputeCancelled();
        }
        return run(request, &progress);
    }

    Grid computeTiled(const ViewRequest& request, ProgressSink& progress) override {
        CostLimits limits = defaultCostLimits(); // validates; refuses only what is over the memory limit
        limits.work = std::numeric_limits<std::int64_t>::max();
        checkCost(estimateCost(request), limits);
        if (progress.cancelled()) {
            throw ComputeCancelled();
        }
        Grid grid = run(request, &progress);
        progress.progress(1.0);
        return grid;
    }

private:
    /// The view, its tiles telling `progress` (nullptr: nobody) and checking for cancellation.
    Grid run(const ViewRequest& request, ProgressSink* progress) {
        if (request.params.card == Card::Multimodal) {
            return poolPitfall(request); // a dense view, pitfall or not (pitfallspec.h)
        }
        if (const Pitfall pitfall = request.params.pitfall.kind; pitfall != Pitfall::None) {
            if (!isParameterPitfall(pitfall)) {
                return poolPitfall(request);
            }
            ViewRequest plain = request;
            plain.params = pitfallAsParameters(request.params);
            return run(plain, progress);
        }
        switch (request.quantity) {
        case Quantity::Table:
        case Quantity::Phase:
        case Quantity::UnseenAngles:
            return detail::poolTable(request, progress);
        case Quantity::Score:
        case Quantity::Buckets:
            return detail::poolToeplitzScore(
                detail::PositionalProfile(request.params, request.quantity), request);
        case Quantity::Attention:
            return detail::poolToeplitzAttention(
                detail::PositionalProfile(request.params, request.quantity), request, progress);
        case Quantity::ContentScore:
        case Quantity::ContentAttention:
            return detail::poolContent(detail::ContentModel(request.params), request, progress);
        }
        return {}; // not reached: validate() rejects unknown quantities
    }
};

} // namespace

std::unique_ptr<Backend> makeCpuBackend() {
    return std::make_unique<CpuBackend>();
}

} // namespace pecards
