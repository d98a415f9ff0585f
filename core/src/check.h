#pragma once
/// @file check.h
/// @brief Private parameter-check helpers of the engine (not installed).
///
/// `PECARDS_CHECK(cond, name, value, allowed)` throws `InvalidParameter` when `cond` is false.
/// The value is formatted only on failure, and the throw lives in a cold, non-inlined
/// function so the checks cost one predictable branch in hot loops (pattern of manif's
/// `MANIF_CHECK`, include/manif/impl/macro.h).

#include "pecards/errors.h"

#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>

namespace pecards::detail {

/// @brief Throws InvalidParameter(name, value, allowed). Never returns.
[[noreturn, gnu::cold, gnu::noinline]] void throwInvalid(
    std::string_view name, std::string value, std::string_view allowed);

/// @brief Formats a value for an error message (integers exactly, doubles shortest round-trip).
inline std::string toText(std::integral auto value) {
    return std::to_string(value);
}
inline std::string toText(double value) {
    return formatValue(value);
}
inline std::string toText(std::string value) {
    return value;
}
inline std::string toText(const char* value) {
    return value;
}

} // namespace pecards::detail

/// Throws pecards::InvalidParameter naming `name`, the formatted `value` and `allowed`
/// unless `cond` holds. `value` is evaluated only on failure.
#define PECARDS_CHECK(cond, name, value, allowed)                                                            \
    do {                                                                                                     \
        if (!(cond)) [[unlikely]] {                                                                          \
            ::pecards::detail::throwInvalid((name), ::pecards::detail::toText(value), (allowed));            \
        }                                                                                                    \
    } while (false)
