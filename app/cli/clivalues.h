#pragma once
/// @file clivalues.h
/// @brief Parsers for flag values. Every failure throws UsageError naming the flag, the text
/// given and what is allowed.

#include "pecards/params.h"

#include <QString>
#include <cstdint>
#include <utility>
#include <vector>

namespace pecards::cli {

/// @brief `text` in double quotes, as messages name a value: "llama-9".
QString quoted(const QString& text);

/// @brief A decimal integer in [minimum, maximum].
std::int64_t parseInteger(
    const QString& flag, const QString& text, std::int64_t minimum, std::int64_t maximum);

/// @brief A decimal unsigned 64-bit integer (seeds).
std::uint64_t parseUnsigned(const QString& flag, const QString& text);

/// @brief A finite number.
double parseNumber(const QString& flag, const QString& text);

/// @brief Comma-separated finite numbers, e.g. "0.5,-1,2e-3" (at least one).
std::vector<double> parseNumberList(const QString& flag, const QString& text);

/// @brief A half-open integer range "A:B" with A < B, as {A, B}.
std::pair<std::int64_t, std::int64_t> parseRange(const QString& flag, const QString& text);

/// @brief A half-open integer range "A:B" (expanded, at most 2^20 values) or a comma-separated list.
std::vector<double> parseRangeOrList(const QString& flag, const QString& text);

/// @brief "RxC", rows x columns, each in [1, maximum]; `what` names it in the error ("a grid RxC
/// of patches (e.g. 16x24)").
std::pair<int, int> parseRowsByCols(
    const QString& flag, const QString& text, int maximum, const QString& what);

/// @brief An output size "RxC" (rows x columns, pixels), each in [1, kMaxOutputPixels].
std::pair<int, int> parseViewSize(const QString& flag, const QString& text);

/// @brief A value range "lo:hi" of finite numbers with lo < hi (e.g. "-1.5:2e3"), as {lo, hi}.
std::pair<double, double> parseValueRange(const QString& flag, const QString& text);

/// @brief A figure size "WxH" in inches (e.g. "6x4.5"), each finite and in [minimum, maximum].
std::pair<double, double> parseFigureSize(
    const QString& flag, const QString& text, double minimum, double maximum);

/// @brief One of the engine's stable names of `Enum` (pecards::fromString).
template <typename Enum> Enum parseEnum(const QString& flag, const QString& text);

} // namespace pecards::cli
