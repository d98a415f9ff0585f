#pragma once
/// @file probe.h
/// @brief Probe and content vectors (encodings.md §6), reproducible on every backend.
///
/// Content vectors are not stored: element `index` of the vector of `position` is a pure
/// function of (seed, stream, position, index), so a view of L = 2^20 positions only makes
/// the vectors it shows. Generator: splitmix64 counter hash -> two uniforms -> Box-Muller.
/// The OpenCL kernels implement the same function bit-for-bit in the integer part.

#include "pecards/params.h"

#include <Eigen/Core>
#include <cstdint>

namespace pecards {

/// @brief Which vector family a content element belongs to.
enum class ProbeStream : std::uint32_t { Query = 0, Key = 1, U = 2, V = 3, WR = 4, Bucket = 5, Shaw = 6 };

/// @brief splitmix64 finaliser of x (Steele, Lea, Flood 2014).
std::uint64_t splitmix64(std::uint64_t x);

/// @brief Standard normal sample for (seed, stream, position, index), deterministic.
double probeNormal(std::uint64_t seed, ProbeStream stream, std::int64_t position, std::int64_t index);

/// @brief Content vector of one position, size d, entries ~ N(0, 1/d).
Eigen::VectorXd contentVector(std::uint64_t seed, ProbeStream stream, std::int64_t position, int d);

/// @brief The fixed positional-only probe q (stream Query) or k (stream Key) of size d:
/// explicit vector if given, else ones, else N(0, 1/d) from the seed at position 0.
/// @throws InvalidParameter if an explicit vector has the wrong size.
Eigen::VectorXd probeVector(const ProbeParams& probe, ProbeStream stream, int d);

} // namespace pecards
