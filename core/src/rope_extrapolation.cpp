// Analytic limits of RoPE beyond the training length (rope_extrapolation.h).

#include "pecards/rope_extrapolation.h"

#include "check.h"
#include "numericconstants.h"
#include "pecards/cost.h"
#include "pecards/parambounds.h"
#include "pecards/rope.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>
#include <string>

namespace pecards {

namespace {

constexpr std::int64_t kMaxScanLength = std::int64_t {1} << 24;
constexpr std::int64_t kReanchorEvery = 1024; ///< positions between exact re-anchors of e^(i m theta)

void checkRotaryDim(int rotary_dim) {
    PECARDS_CHECK(rotary_dim >= 2 && rotary_dim <= 1024 && rotary_dim % 2 == 0, "rotary_dim", rotary_dim,
        "even, [2, 1024]");
}

void checkBase(double base) {
    PECARDS_CHECK(std::isfinite(base) && base > 1.0 && base <= kMaxBase, "base", base, "(1, 1e12]");
}

void checkFraction(double fraction) {
    PECARDS_CHECK(
        std::isfinite(fraction) && fraction >= 0.0 && fraction <= 1.0, "fraction", fraction, "[0, 1]");
}

/// B(m) for m = 0, 1, ... of one base up to `length` or the first negative value.
BaseBoundPoint scanOneBase(const Eigen::VectorXd& theta, double base, std::int64_t length) {
    const auto half = theta.size();
    std::vector<std::complex<double>> step(static_cast<std::size_t>(half));
    std::vector<std::complex<double>> phasor(static_cast<std::size_t>(half), {1.0, 0.0});
    for (Eigen::Index i = 0; i < half; ++i) {
        step[static_cast<std::size_t>(i)] = std::polar(1.0, theta[i]);
    }
    BaseBoundPoint point;
    point.base = base;
    point.minimum = std::numeric_limits<double>::infinity();
    for (std::int64_t m = 0; m <= length; ++m) {
        if (m % kReanchorEvery == 0) {
            const auto angle = static_cast<double>(m);
            for (Eigen::Index i = 0; i < half; ++i) {
                phasor[static_cast<std::size_t>(i)] = std::polar(1.0, std::fmod(angle * theta[i], kTwoPi));
            }
        }
        double sum = 0.0;
        for (std::size_t i = 0; i < phasor.size(); ++i) {
            sum += phasor[i].real();
            phasor[i] *= step[i];
        }
        if (sum < point.minimum) {
            point.minimum = sum;
        }
        if (sum < 0.0) {
            point.first_negative = m;
            break;
        }
    }
    return point;
}

} // namespace

CriticalDimension criticalDimension(
    int rotary_dim, double base, std::int64_t original_max_position_embeddings) {
    checkRotaryDim(rotary_dim);
    checkBase(base);
    PECARDS_CHECK(
        original_max_position_embeddings >= 1 && original_max_position_embeddings <= (std::int64_t {1} << 40),
        "original_max_position_embeddings", original_max_position_embeddings, "[1, 2^40]");
    const int half = rotary_dim / 2;
    const double x
        = half * std::log(static_cast<double>(original_max_position_embeddings) / kTwoPi) / std::log(base);
    CriticalDimension out;
    out.pairs = x <= 0.0 ? 0 : (x >= half ? half : static_cast<int>(std::ceil(x)));
    out.dimension = 2 * out.pairs;
    out.limit = out.pairs == half ? 0.0 : extrapolationLimit(rotary_dim, base, out.dimension);
    return out;
}

double extrapolationLimit(int rotary_dim, double base, int critical_dimension) {
    checkRotaryDim(rotary_dim);
    checkBase(base);
    PECARDS_CHECK(critical_dimension >= 0 && critical_dimension < rotary_dim && critical_dimension % 2 == 0,
        "critical_dimension", critical_dimension,
        "even, [0, rotary_dim) = [0, " + std::to_string(rotary_dim) + ")");
    return kTwoPi * std::pow(base, static_cast<double>(critical_dimension) / rotary_dim);
}

std::vector<BaseBoundPoint> baseBoundScan(
    int rotary_dim, std::int64_t length, const std::vector<double>& bases) {
    checkRotaryDim(rotary_dim);
    PECARDS_CHECK(length >= 1 && length <= kMaxScanLength, "length", length, "[1, 2^24]");
    for (const double base : bases) {
        checkBase(base);
    }
    const auto terms = static_cast<std::int64_t>(bases.size()) * (length + 1);
    checkCost({terms > std::numeric_limits<std::int64_t>::max() / rotary_dim
            ? std::numeric_limits<std::int64_t>::max()
            : terms * (rotary_dim / 2),
        static_cast<std::int64_t>(bases.size() * sizeof(BaseBoundPoint)),
        "base-bound rotations (bases x (L + 1) x rotary_dim / 2)",
        "scan fewer bases per decade or a shorter length"});
    std::vector<BaseBoundPoint> out;
    out.reserve(bases.size());
    for (const double base : bases) {
        out.push_back(scanOneBase(ropeInvFreq(base, rotary_dim), base, length));
    }
    return out;
}

std::vector<double> baseGrid(double lowest, double highest, int per_decade) {
    PECARDS_CHECK(std::isfinite(lowest) && lowest > 1.0 && lowest < kMaxBase, "lowest", lowest, "(1, 1e12)");
    PECARDS_CHECK(std::isfinite(highest) && highest > lowest && highest <= kMaxBase, "highest", highest,
        "(lowest, 1e12] = (" + detail::toText(lowest) + ", 1e12]");
    PECARDS_CHECK(per_decade >= 1 && per_decade <= 1000, "per_decade", per_decade, "[1, 1000]");
    std::vector<double> grid;
    for (int k = 0;; ++k) {
        const double base = lowest * std::pow(10.0, static_cast<double>(k) / per_decade);
        if (base > highest * (1.0 + 1e-9)) {
            break;
        }
        grid.push_back(std::min(base, highest));
    }
    return grid;
}

std::vector<double> baseBoundGrid(std::int64_t length) {
    PECARDS_CHECK(length >= 1 && length <= kMaxScanLength, "length", length, "[1, 2^24]");
    const double lowest = std::max(2.0, static_cast<double>(length) / 100.0);
    return baseGrid(lowest, std::min(kMaxBase, lowest * 1e7), 8);
}

double smallestPassingBase(const std::vector<BaseBoundPoint>& scan) {
    for (const BaseBoundPoint& point : scan) {
        if (point.first_negative < 0) {
            return point.base;
        }
    }
    return 0.0;
}

int partialRotationPairs(int pairs, double fraction) {
    checkFraction(fraction);
    PECARDS_CHECK(pairs >= 0, "pairs", pairs, ">= 0");
    // rope_angles = int(p * head_dim // 2) with head_dim = 2 * pairs.
    return static_cast<int>(std::floor(fraction * 2.0 * pairs / 2.0));
}

Eigen::VectorXd partialRotationInvFreq(const Eigen::VectorXd& inv_freq, double fraction) {
    const auto half = inv_freq.size();
    const Eigen::Index kept = partialRotationPairs(static_cast<int>(half), fraction);
    Eigen::VectorXd out = inv_freq;
    out.tail(half - kept).setZero();
    return out;
}

Eigen::MatrixXd partialRotationScore(const Eigen::VectorXd& inv_freq, const std::vector<double>& fractions,
    const std::vector<std::int64_t>& distances) {
    Eigen::MatrixXd out(
        static_cast<Eigen::Index>(fractions.size()), static_cast<Eigen::Index>(distances.size()));
    for (const std::int64_t d : distances) {
        PECARDS_CHECK(d >= 0 && d <= kMaxScanLength, "distance", d, "[0, 2^24]");
    }
    const auto half = static_cast<double>(inv_freq.size());
    for (std::size_t f = 0; f < fractions.size(); ++f) {
        const Eigen::VectorXd theta = partialRotationInvFreq(inv_freq, fractions[f]);
        for (std::size_t n = 0; n < distances.size(); ++n) {
            const auto delta = static_cast<double>(distances[n]);
            double sum = 0.0;
            for (Eigen::Index i = 0; i < theta.size(); ++i) {
                sum += std::cos(std::fmod(delta * theta[i], kTwoPi));
            }
            out(static_cast<Eigen::Index>(f), static_cast<Eigen::Index>(n)) = sum / half;
        }
    }
    return out;
}

} // namespace pecards
