#pragma once
/// @file backendprovider.h
/// @brief How the compute worker gets its backend: the OpenCL device or the CPU fallback
/// through `pecards::gpu::makeBackend`, or the CPU reference alone (tests, builds without gpu/).

#include "compute/computejobs.h"

#include <functional>
#include <memory>
#include <pecards/backend.h>

namespace pecards::gui {

/// @brief A backend and what the status bar says about it.
struct ProvidedBackend {
    std::unique_ptr<pecards::Backend> backend;
    BackendInfo info;
    /// For a backend routed by cost (pecards::RoutedBackend, the automatic device): the device's
    /// info, written by its start-up and read only once RoutedBackend::deviceRunning() says it has
    /// started; null for any other backend.
    std::shared_ptr<const BackendInfo> deviceInfo;
};

/// @brief Makes the backend; called once, on the worker thread (device set-up may take long).
/// Must not throw: failures become the CPU reference with a notice.
using BackendFactory = std::function<ProvidedBackend()>;

/// @brief OpenCL through `pecards::gpu::makeBackend({deviceName, allow_fallback = true})`
/// when the app is built with gpu/, else the CPU reference with a notice saying so.
/// An unknown device name falls back to the CPU reference with the engine's message.
/// Without a name (automatic) the backend is a pecards::RoutedBackend, whose device the worker
/// starts once the jobs queued at start-up are done: the first pictures come from the CPU reference
/// without waiting for it (a view whose work outweighs the start-up starts it), every later one
/// from the device (#35).
BackendFactory defaultBackendFactory(const QString& deviceName = {});

/// @brief The double-precision CPU reference (`pecards::makeCpuBackend`); `reason` (e.g. why
/// `--cpu` chose it) becomes the notice the status bar shows, none when empty.
BackendFactory cpuBackendFactory(const QString& reason = {});

} // namespace pecards::gui
