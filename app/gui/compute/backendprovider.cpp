#include "compute/backendprovider.h"

#ifdef PECARDS_GUI_HAVE_GPU
#include <pecards/gpu/backendfactory.h>
#endif
#include <exception>
#include <pecards/routedbackend.h>

namespace pecards::gui {

namespace {

ProvidedBackend cpuFallback(const QString& notice) {
    ProvidedBackend provided;
    provided.backend = pecards::makeCpuBackend();
    provided.info.name = QString::fromStdString(provided.backend->name());
    provided.info.isOpenCl = false;
    provided.info.notice = notice;
    return provided;
}

} // namespace

BackendFactory defaultBackendFactory(const QString& deviceName) {
#ifdef PECARDS_GUI_HAVE_GPU
    // Starts the device (or its fallback) and writes what it is into `info`; never throws.
    const auto start = [deviceName](BackendInfo& info) -> std::unique_ptr<pecards::Backend> {
        try {
            pecards::gpu::DeviceSelection selection;
            selection.device_name = deviceName.toStdString();
            selection.allow_fallback = true;
            pecards::gpu::BackendChoice choice = pecards::gpu::makeBackend(selection);
            info.name = QString::fromStdString(choice.backend->name());
            info.isOpenCl = choice.is_opencl;
            info.notice = QString::fromStdString(choice.notice);
            return std::move(choice.backend);
        } catch (const std::exception& error) {
            ProvidedBackend fallback
                = cpuFallback(QString::fromUtf8(error.what()) + QStringLiteral("; using CPU reference"));
            info = fallback.info;
            return std::move(fallback.backend);
        }
    };
    return [deviceName, start]() -> ProvidedBackend {
        ProvidedBackend provided;
        if (!deviceName.isEmpty()) {
            provided.backend = start(provided.info);
            return provided;
        }
        auto device = std::make_shared<BackendInfo>();
        auto routed = std::make_unique<pecards::RoutedBackend>(
            pecards::makeCpuBackend(), [device, start] { return start(*device); });
        provided = cpuFallback({});
        provided.backend = std::move(routed);
        provided.deviceInfo = device;
        return provided;
    };
#else
    Q_UNUSED(deviceName)
    return [] {
        return cpuFallback(
            QStringLiteral("built without OpenCL (PECARDS_BUILD_GPU=OFF); using CPU reference"));
    };
#endif
}

BackendFactory cpuBackendFactory(const QString& reason) {
    return [reason] { return cpuFallback(reason); };
}

} // namespace pecards::gui
