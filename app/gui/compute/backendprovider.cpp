#include "compute/backendprovider.h"

#ifdef PECARDS_GUI_HAVE_GPU
#include <pecards/gpu/backendfactory.h>
#endif

#include <exception>

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
    return [deviceName]() -> ProvidedBackend {
        try {
            pecards::gpu::DeviceSelection selection;
            selection.device_name = deviceName.toStdString();
            selection.allow_fallback = true;
            pecards::gpu::BackendChoice choice = pecards::gpu::makeBackend(selection);
            ProvidedBackend provided;
            provided.info.name = QString::fromStdString(choice.backend->name());
            provided.info.isOpenCl = choice.is_opencl;
            provided.info.notice = QString::fromStdString(choice.notice);
            provided.backend = std::move(choice.backend);
            return provided;
        } catch (const std::exception& error) {
            return cpuFallback(QString::fromUtf8(error.what()) + QStringLiteral("; using CPU reference"));
        }
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
