#pragma once
/// @file errors.h
/// @brief Exceptions thrown by the PE Cards engine.

#include <stdexcept>
#include <string>

namespace pecards {

/// @brief A parameter is outside its allowed range.
///
/// The message always names the parameter, the value given and the allowed range:
/// `what()` is "<name> = <value> is invalid: allowed: <allowed>", e.g.
/// "head_dim = 7 is invalid: allowed: even, in [2, 1024]". GUI and CLI show it verbatim.
class InvalidParameter : public std::invalid_argument {
public:
    /// @param name  the parameter's name in the field's terms (`head_dim`, `base`, ...).
    /// @param value the offending value, already formatted.
    /// @param allowed the allowed range or set, e.g. "even, in [2, 1024]".
    InvalidParameter(std::string name, std::string value, std::string allowed);

    const std::string& name() const noexcept { return m_name; }
    const std::string& value() const noexcept { return m_value; }
    const std::string& allowed() const noexcept { return m_allowed; }

private:
    std::string m_name;
    std::string m_value;
    std::string m_allowed;
};

/// @brief A request is valid but would exceed the engine's work or memory budget
/// (e.g. an exact max-pooled content view of 2^20 x 2^20 scores). The message says which
/// budget and what to change (smaller window, `sample` reduction).
class ComputeLimitExceeded : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// @brief A tiled computation (Backend::computeTiled) stopped because its ProgressSink asked
/// for it; no partial result exists. `what()` is "computation cancelled".
class ComputeCancelled : public std::runtime_error {
public:
    ComputeCancelled();
};

/// @brief Formats a double for error messages (shortest round-trip form, "nan", "inf").
std::string formatValue(double value);

} // namespace pecards
