#pragma once
/// @file clibackend.h
/// @brief The compute backend pecards-cli uses for grid quantities (--device).

#include "pecards/backend.h"

#include <QString>
#include <QStringList>
#include <QTextStream>
#include <functional>
#include <memory>
#include <optional>

namespace pecards::cli {

/// @brief The backend for --device: "cpu" = the double-precision CPU reference
/// (pecards::makeCpuBackend); "auto" = a pecards::RoutedBackend: each request on the CPU reference
/// while its estimated work is below the device's start-up cost (routedbackend.h), the best OpenCL
/// device, started on the first request above it, for the others (falling back to the CPU
/// reference when no device works); any other text = the OpenCL device whose "platform / device"
/// name contains it (case-insensitive), without fallback (pecards::gpu::makeBackend).
/// `notify` receives the one-line notice of the device's choice (why it fell back, or the kernel
/// cache's trouble) when the device starts: at once for a named device, on first need for "auto".
/// @throws UsageError when this build has no OpenCL backend and --device is not cpu;
///         pecards::InvalidParameter when no device matches; std::runtime_error when OpenCL fails.
std::unique_ptr<pecards::Backend> makeCliBackend(
    const QString& device, const std::function<void(const QString&)>& notify);

/// @brief A `notify` for makeCliBackend that writes "pecards-cli: <notice>" as one line to `err`.
std::function<void(const QString&)> noticePrinter(QTextStream& err);

/// @brief The line --dry-run prints about the backend of a request whose largest single view
/// costs `largest_view_work` operations (none: only curves, computed on the CPU), e.g.
/// "backend: CPU reference (7.13e+07 operations (~0.071 s on one core) cost less than starting the
/// device (~0.1 s))".
QString describeBackendChoice(const QString& device, std::optional<std::int64_t> largest_view_work);

/// @brief Names of the OpenCL devices as "platform / device" (empty without OpenCL).
QStringList openClDevices();

} // namespace pecards::cli
