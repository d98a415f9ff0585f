#pragma once
/// @file probe.h
/// @brief Probe and content vectors (docs/encodings.md §6), reproducible on every backend.
///
/// Content vectors are not stored: element `index` of the vector of `position` is a pure
/// function of (seed, stream, position, index), so a view of L = 2^24 positions only makes
/// the vectors it shows. Generator: splitmix64 counter hash -> two uniforms -> Box-Muller.
/// The OpenCL kernels implement the same function bit-for-bit in the integer part.

#include "pecards/params.h"

#include <Eigen/Core>
#include <cstdint>

namespace pecards {

/// @brief Which vector family a content element belongs to (the `stream` of probeNormal).
enum class ProbeStream : std::uint32_t {
    Query = 0,
    Key = 1,
    U = 2,
    V = 3,
    WR = 4,
    Bucket = 5,
    Shaw = 6,
    ProjectionQ = 7, ///< W_q of the hybrid rotate-before-projection pitfall (pitfallspec.h)
    ProjectionK = 8, ///< W_k of the same pitfall
    DomainBias = 9, ///< bias vectors of domain-aware PE (tricks.h)
    Distillation = 10, ///< initial weights of the PE distillation MLP (tricks.h)
};

inline constexpr std::int64_t kProbePositionLimit = std::int64_t {1} << 36; ///< positions in [0, 2^36)
inline constexpr std::int64_t kProbeIndexLimit = std::int64_t {1} << 20; ///< indices in [0, 2^20)

/// @brief splitmix64 finaliser of x (Steele, Lea, Flood 2014; Vigna's `splitmix64.c`):
/// x += 0x9E3779B97F4A7C15; z = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9;
/// z = (z ^ (z >> 27)) * 0x94D049BB133111EB; return z ^ (z >> 31)  (all mod 2^64).
/// It is the output of one step of a SplitMix64 generator whose state was x.
std::uint64_t splitmix64(std::uint64_t x);

/// @brief Standard normal sample for (seed, stream, position, index), deterministic.
///
/// Exact definition (all integer arithmetic on uint64 mod 2^64, `<<`/`>>` logical shifts):
///
///     counter = (stream << 56) | (position << 20) | index
///     state   = seed ^ splitmix64(counter)
///     h1      = splitmix64(state)
///     h2      = splitmix64(state + 0x9E3779B97F4A7C15)   // h1, h2: first two SplitMix64 outputs
///     u1      = ((h1 >> 11) + 1) * 2^-53                  // in (0, 1], never 0
///     u2      = (h2 >> 11) * 2^-53                        // in [0, 1)
///     normal  = sqrt(-2 ln u1) * cos(2 pi u2)             // Box-Muller, double precision
///
/// The counter is injective for position in [0, 2^36) and index in [0, 2^20).
/// @param position row of the vector family (a sequence position, bucket or clipped index)
/// @param index    element within the vector (dimension, or bucket number)
/// @throws InvalidParameter if position or index is outside those ranges.
double probeNormal(std::uint64_t seed, ProbeStream stream, std::int64_t position, std::int64_t index);

/// @brief Content vector of one position, size d: element c = probeNormal(seed, stream,
/// position, c) / sqrt(d), so entries ~ N(0, 1/d) and E|x|^2 = 1 (docs/encodings.md §6).
/// @throws InvalidParameter if d is not in [1, 1024] or position is out of range.
Eigen::VectorXd contentVector(std::uint64_t seed, ProbeStream stream, std::int64_t position, int d);

/// @brief The fixed positional-only probe q (stream Query) or k (stream Key) of size d.
/// Precedence: the explicit vector `probe.q` / `probe.k` if non-empty; else kind Ones:
/// all entries 1; else kind Random: contentVector(seed, stream, 0, d). Streams other than
/// Query and Key have no explicit vector and follow `kind`.
/// @throws InvalidParameter if an explicit vector has the wrong size or a non-finite entry.
Eigen::VectorXd probeVector(const ProbeParams& probe, ProbeStream stream, int d);

/// @brief Where a matrix read from outside breaks the bound of content vectors and learned tables:
/// the first entry, in column-major order, that is not finite or exceeds `bound` in magnitude (an
/// infinite bound still refuses infinities)
/// (kMaxProbeEntry, params.h); -1 when there is none. Readers name that entry in their error.
Eigen::Index firstEntryBeyond(const Eigen::MatrixXd& values, double bound = kMaxProbeEntry);

} // namespace pecards
