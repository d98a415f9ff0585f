#include "pecards/errors.h"

#include "check.h"

#include <array>
#include <charconv>
#include <cmath>
#include <utility>

namespace pecards {

InvalidParameter::InvalidParameter(std::string name, std::string value, std::string allowed)
    : std::invalid_argument(name + " = " + value + " is invalid: allowed: " + allowed)
    , m_name(std::move(name))
    , m_value(std::move(value))
    , m_allowed(std::move(allowed)) {
}

ComputeCancelled::ComputeCancelled()
    : std::runtime_error("computation cancelled") {
}

std::string formatValue(double value) {
    if (std::isnan(value)) {
        return "nan";
    }
    if (std::isinf(value)) {
        return value > 0 ? "inf" : "-inf";
    }
    std::array<char, 32> buffer {};
    const auto result = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
    return std::string(buffer.data(), result.ptr);
}

namespace detail {

void throwInvalid(std::string_view name, std::string value, std::string_view allowed) {
    throw InvalidParameter(std::string(name), std::move(value), std::string(allowed));
}

} // namespace detail

} // namespace pecards
