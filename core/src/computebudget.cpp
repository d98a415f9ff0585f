// Budget checks of the CPU reference backend (computebudget.h).

#include "computebudget.h"

#include "pecards/errors.h"

namespace pecards::detail {

void checkBudget(std::int64_t cost, std::int64_t budget, const std::string& what, const std::string& advice) {
    if (cost > budget) {
        throw ComputeLimitExceeded("request too costly for the CPU reference: " + what + " = "
            + std::to_string(cost) + " exceeds the budget of " + std::to_string(budget) + "; " + advice);
    }
}

} // namespace pecards::detail
