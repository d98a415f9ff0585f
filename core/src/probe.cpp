// Reproducible probe and content vectors (probe.h): SplitMix64 counter hash + Box-Muller.

#include "pecards/probe.h"

#include "check.h"

#include <cmath>
#include <numbers>

namespace pecards {

namespace {

constexpr std::uint64_t kGoldenGamma = 0x9E3779B97F4A7C15ULL;
constexpr double kTwoPow53Inv = 1.0 / 9007199254740992.0; // 2^-53

} // namespace

std::uint64_t splitmix64(std::uint64_t x) {
    x += kGoldenGamma;
    std::uint64_t z = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

double probeNormal(std::uint64_t seed, ProbeStream stream, std::int64_t position, std::int64_t index) {
    PECARDS_CHECK(position >= 0 && position < kProbePositionLimit, "position", position, "in [0, 2^36)");
    PECARDS_CHECK(index >= 0 && index < kProbeIndexLimit, "index", index, "in [0, 2^20)");
    const std::uint64_t counter = (static_cast<std::uint64_t>(stream) << 56)
        | (static_cast<std::uint64_t>(position) << 20) | static_cast<std::uint64_t>(index);
    const std::uint64_t state = seed ^ splitmix64(counter);
    const std::uint64_t h1 = splitmix64(state);
    const std::uint64_t h2 = splitmix64(state + kGoldenGamma);
    const double u1 = static_cast<double>((h1 >> 11) + 1) * kTwoPow53Inv;
    const double u2 = static_cast<double>(h2 >> 11) * kTwoPow53Inv;
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
}

Eigen::VectorXd contentVector(std::uint64_t seed, ProbeStream stream, std::int64_t position, int d) {
    PECARDS_CHECK(d >= 1 && d <= kMaxDim, "d", d, "in [1, 1024]");
    const double scale = 1.0 / std::sqrt(static_cast<double>(d));
    Eigen::VectorXd v(d);
    for (int c = 0; c < d; ++c) {
        v[c] = probeNormal(seed, stream, position, c) * scale;
    }
    return v;
}

Eigen::VectorXd probeVector(const ProbeParams& probe, ProbeStream stream, int d) {
    PECARDS_CHECK(d >= 1 && d <= kMaxDim, "d", d, "in [1, 1024]");
    const std::vector<double>* explicit_vector = nullptr;
    if (stream == ProbeStream::Query) {
        explicit_vector = &probe.q;
    } else if (stream == ProbeStream::Key) {
        explicit_vector = &probe.k;
    }
    if (explicit_vector != nullptr && !explicit_vector->empty()) {
        const char* name = stream == ProbeStream::Query ? "probe.q" : "probe.k";
        const std::string allowed = std::to_string(d) + " finite entries (the card dimension)";
        PECARDS_CHECK(explicit_vector->size() == static_cast<std::size_t>(d), name,
            std::to_string(explicit_vector->size()) + " entries", allowed);
        for (double x : *explicit_vector) {
            PECARDS_CHECK(std::isfinite(x), name, x, allowed);
        }
        return Eigen::Map<const Eigen::VectorXd>(explicit_vector->data(), d);
    }
    switch (probe.kind) {
    case ProbeKind::Ones:
        return Eigen::VectorXd::Ones(d);
    case ProbeKind::Random:
        return contentVector(probe.seed, stream, 0, d);
    }
    detail::throwInvalid("probe.kind", std::to_string(static_cast<int>(probe.kind)), "one of ones, random");
}

Eigen::Index firstEntryBeyond(const Eigen::MatrixXd& values, double bound) {
    for (Eigen::Index k = 0; k < values.size(); ++k) {
        const double value = values.data()[k];
        if (!std::isfinite(value) || std::abs(value) > bound)
            return k;
    }
    return -1;
}

} // namespace pecards
