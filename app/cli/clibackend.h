#pragma once
/// @file clibackend.h
/// @brief The compute backend pecards-cli uses for grid quantities (--device).

#include "pecards/backend.h"

#include <QString>
#include <QStringList>
#include <memory>

namespace pecards::cli {

/// @brief The backend for --device: "cpu" = the double-precision CPU reference
/// (pecards::makeCpuBackend); "auto" = the best OpenCL device, falling back to the CPU reference
/// (then `notice` says why); any other text = the OpenCL device whose "platform / device" name
/// contains it (case-insensitive), without fallback (pecards::gpu::makeBackend).
/// @throws UsageError when this build has no OpenCL backend and --device is not cpu;
///         pecards::InvalidParameter when no device matches; std::runtime_error when OpenCL fails.
std::unique_ptr<pecards::Backend> makeCliBackend(const QString& device, QString& notice);

/// @brief Names of the OpenCL devices as "platform / device" (empty without OpenCL).
QStringList openClDevices();

} // namespace pecards::cli
