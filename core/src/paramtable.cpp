// Formatting and checks of the parameter descriptor table (paramtable.h).

#include "pecards/paramtable.h"

#include "check.h"

#include <bit>
#include <cmath>

namespace pecards {

namespace {

/// Whole numbers at or above this that are powers of two are written 2^k ("2^20").
constexpr std::int64_t kPowerOfTwoShorthand = std::int64_t {1} << 16;

std::string plainValue(const ParamSpec& spec, double value) {
    return spec.integral() ? std::to_string(static_cast<std::int64_t>(value)) : formatValue(value);
}

bool shorthand(const ParamSpec& spec, double value) {
    if (!spec.integral() || value < static_cast<double>(kPowerOfTwoShorthand)) {
        return false;
    }
    return std::has_single_bit(static_cast<std::uint64_t>(value));
}

/// The range without the special value: "even, in [2, 1024]", "finite, > 0", ">= 0".
std::string rangeText(const ParamSpec& spec) {
    std::string text = spec.even ? "even, " : "";
    const std::string low = formatParamValue(spec, spec.minimum);
    if (spec.maximum == kUnbounded) {
        return text + (spec.minimumExclusive ? "finite, > " + low : ">= " + low);
    }
    const std::string high = formatParamValue(spec, spec.maximum);
    if (spec.minimumExclusive) {
        return text + "finite, > " + low + " and <= " + high;
    }
    text += "in [" + low + ", " + high + "]";
    if (shorthand(spec, spec.minimum) || shorthand(spec, spec.maximum)) {
        text += " = [" + plainValue(spec, spec.minimum) + ", " + plainValue(spec, spec.maximum) + "]";
    }
    return text;
}

} // namespace

std::string formatParamValue(const ParamSpec& spec, double value) {
    if (shorthand(spec, value)) {
        return "2^" + std::to_string(std::countr_zero(static_cast<std::uint64_t>(value)));
    }
    return plainValue(spec, value);
}

std::string allowedText(const ParamSpec& spec) {
    const std::string range = rangeText(spec);
    if (spec.sentinelMeans.empty()) {
        return range;
    }
    const std::string sentinel = plainValue(spec, spec.sentinel);
    const bool inside = spec.sentinel >= spec.minimum && spec.sentinel <= spec.maximum
        && !(spec.minimumExclusive && spec.sentinel == spec.minimum);
    if (inside) {
        return range + " (" + sentinel + " = " + std::string(spec.sentinelMeans) + ")";
    }
    return sentinel + " (= " + std::string(spec.sentinelMeans) + ") or " + range;
}

void checkParam(const ParamSpec& spec, double value, std::string_view name) {
    if (!spec.accepts(value)) {
        const bool whole = spec.integral() && std::isfinite(value) && std::trunc(value) == value
            && std::abs(value) < 9.2e18;
        detail::throwInvalid(name.empty() ? spec.path : name,
            whole ? std::to_string(static_cast<std::int64_t>(value)) : formatValue(value), allowedText(spec));
    }
}

std::array<const ParamSpec*, 2> paramsOfFlag(std::string_view flag) {
    std::array<const ParamSpec*, 2> found {nullptr, nullptr};
    std::size_t count = 0;
    for (const ParamSpec& spec : kParamTable) {
        if (spec.flag == flag && count < found.size()) {
            found[count++] = &spec;
        }
    }
    return found;
}

} // namespace pecards
