#pragma once
/// @file validation.h
/// @brief Private checks shared by params.cpp and the encoding files (not installed).
/// All throw pecards::InvalidParameter naming the parameter, its value and the allowed range.

#include "pecards/params.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace pecards::detail {

/// d_model / head_dim: even, in [minimum, kMaxDim].
void checkDim(std::string_view name, int value, int minimum = 2);

/// A base of exponentials (sinusoidal b, RoPE theta): finite, > 1.
void checkBase(std::string_view name, double value);

/// "2^k" for a power-of-two length limit (kMaxLength: "2^24"), as messages state it.
std::string lengthLimitText(std::int64_t limit = kMaxLength);

/// A count of rows/positions: in [0, kMaxLength] (`count`), for windows of tables and profiles.
void checkCount(std::string_view name, std::int64_t value);

/// Largest |first position or offset| of a window: 4 kMaxLength = 2^26 (deltas i - j reach +-(L-1)).
inline constexpr std::int64_t kMaxOffset = 4 * kMaxLength;

/// A first position or offset of a window (positions may be negative for offsets): in
/// [-kMaxOffset, kMaxOffset] = [-2^26, 2^26].
void checkOffset(std::string_view name, std::int64_t value);

/// T5 bucket parameters (HF `_relative_position_bucket`): num_buckets in [2, 1024] ([4, 1024]
/// bidirectional) and max_distance in (max_exact, kMaxLength], max_exact = num_buckets/2 (/4 bidirectional),
/// so that log(max_distance/max_exact) > 0.
void checkT5Buckets(int num_buckets, int max_distance, bool bidirectional);

} // namespace pecards::detail
