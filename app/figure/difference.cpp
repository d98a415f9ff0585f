#include "figure/difference.h"

#include <cmath>
#include <limits>
#include <pecards/errors.h>
#include <string>

namespace pecards::app {

pecards::Grid differenceGrid(const pecards::Grid& a, const pecards::Grid& b) {
    if (a.rows != b.rows || a.cols != b.cols || !(a.window == b.window)
        || a.values.size() != b.values.size()) {
        throw pecards::InvalidParameter("B extent",
            std::to_string(b.window.rows()) + " x " + std::to_string(b.window.cols()),
            "the same as A (" + std::to_string(a.window.rows()) + " x " + std::to_string(a.window.cols())
                + "): A - B needs the same length L and dimension on both sides");
    }
    constexpr double kMasked = -std::numeric_limits<double>::infinity();
    pecards::Grid difference = a;
    for (std::size_t n = 0; n < difference.values.size(); ++n) {
        const double left = a.values[n];
        const double right = b.values[n];
        const double d = left - right;
        difference.values[n] = left == kMasked || right == kMasked || !std::isfinite(d) ? kMasked : d;
    }
    return difference;
}

} // namespace pecards::app
