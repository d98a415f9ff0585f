// RoPE phase error of low-precision storage (precision.h).

#include "pecards/precision.h"

#include "check.h"
#include "pecards/pitfall.h"

#include <cmath>
#include <numbers>

namespace pecards {

Eigen::VectorXd ropePhaseError(const Eigen::VectorXd& inv_freq, int pair, RopeStoredQuantity stored,
    StorageFormat format, const Eigen::VectorXd& positions) {
    PECARDS_CHECK(pair >= 0 && pair < inv_freq.size(), "pair", pair,
        "in [0, rotary_dim/2) = [0, " + std::to_string(inv_freq.size()) + ")");
    const double theta = inv_freq[pair];
    Eigen::VectorXd out(positions.size());
    for (Eigen::Index n = 0; n < positions.size(); ++n) {
        const double m = positions[n];
        PECARDS_CHECK(std::isfinite(m) && m >= 0.0, "position", m, "finite, >= 0");
        const double exact = m * theta;
        switch (stored) {
        case RopeStoredQuantity::Positions: {
            const double stored_m = roundToFormat(m, format);
            PECARDS_CHECK(std::isfinite(stored_m), "position", m,
                "a value the format " + toString(format) + " holds (fp16: < 65520)");
            out[n] = stored_m * theta - exact;
            break;
        }
        case RopeStoredQuantity::InvFreq:
            out[n] = m * roundToFormat(theta, format) - exact;
            break;
        case RopeStoredQuantity::CosSinCache: {
            const double angle
                = std::atan2(roundToFormat(std::sin(exact), format), roundToFormat(std::cos(exact), format));
            out[n] = std::remainder(angle - exact, 2.0 * std::numbers::pi);
            break;
        }
        }
    }
    return out;
}

std::vector<std::pair<std::int64_t, std::int64_t>> positionCollisions(StorageFormat format, int count) {
    PECARDS_CHECK(count >= 1 && count <= 1024, "count", count, "in [1, 1024]");
    std::vector<std::pair<std::int64_t, std::int64_t>> out;
    for (std::int64_t m = firstPositionCollision(format); static_cast<int>(out.size()) < count; ++m) {
        const auto stored = static_cast<std::int64_t>(roundToFormat(static_cast<double>(m), format));
        if (stored != m) {
            out.emplace_back(m, stored);
        }
    }
    return out;
}

} // namespace pecards
