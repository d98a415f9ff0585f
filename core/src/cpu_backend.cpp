// The double-precision CPU reference backend (backend.h).

#include "contentmodel.h"
#include "contentview.h"
#include "pecards/backend.h"
#include "pecards/cost.h"
#include "positionalprofile.h"
#include "tableview.h"
#include "toeplitzattention.h"
#include "toeplitzview.h"

namespace pecards {

namespace {

/// Answers every view with the algorithms of docs/quantities.md in double precision (Eigen).
class CpuBackend final : public Backend {
public:
    std::string name() const override { return "CPU reference (double)"; }

    Grid compute(const ViewRequest& request) override {
        checkCost(estimateCost(request)); // validates; refuses what is over the work or memory limit
        switch (request.quantity) {
        case Quantity::Table:
        case Quantity::Phase:
            return detail::poolTable(request);
        case Quantity::Score:
        case Quantity::Buckets:
            return detail::poolToeplitzScore(
                detail::PositionalProfile(request.params, request.quantity), request);
        case Quantity::Attention:
            return detail::poolToeplitzAttention(
                detail::PositionalProfile(request.params, request.quantity), request);
        case Quantity::ContentScore:
        case Quantity::ContentAttention:
            return detail::poolContent(detail::ContentModel(request.params), request);
        }
        return {}; // not reached: validate() rejects unknown quantities
    }
};

} // namespace

std::unique_ptr<Backend> makeCpuBackend() {
    return std::make_unique<CpuBackend>();
}

} // namespace pecards
