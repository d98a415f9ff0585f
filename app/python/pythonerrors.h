#pragma once
/// @file pythonerrors.h
/// @brief The engine's and the CLI layer's exceptions as Python exceptions, with pecards-cli's
/// messages ("--flag: what is wrong: allowed ...").

#include <pybind11/pybind11.h>

namespace pecards::python {

/// @brief Registers `pecards.Error` (a ValueError: bad flags, parameters and configs, with the flag
/// named) and the translator: UsageError, InvalidParameter, ConfigError and ComputeLimitExceeded
/// become pecards.Error; FileError becomes OSError; ComputeCancelled becomes KeyboardInterrupt.
void registerErrors(pybind11::module_& module);

} // namespace pecards::python
