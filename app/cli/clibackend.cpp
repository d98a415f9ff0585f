#include "clibackend.h"

#include "usageerror.h"

#if PECARDS_CLI_HAVE_GPU
#include "pecards/gpu/backendfactory.h"
#endif

using namespace Qt::StringLiterals;

namespace pecards::cli {

std::unique_ptr<pecards::Backend> makeCliBackend(const QString& device, QString& notice) {
    if (device.compare(u"cpu"_s, Qt::CaseInsensitive) == 0) {
        return pecards::makeCpuBackend();
    }
#if PECARDS_CLI_HAVE_GPU
    pecards::gpu::DeviceSelection selection;
    const bool automatic = device.compare(u"auto"_s, Qt::CaseInsensitive) == 0;
    selection.device_name = automatic ? std::string() : device.toStdString();
    selection.allow_fallback = automatic;
    pecards::gpu::BackendChoice choice = pecards::gpu::makeBackend(selection);
    notice = QString::fromStdString(choice.notice);
    return std::move(choice.backend);
#else
    static_cast<void>(notice);
    throw UsageError(u"--device"_s,
        u'"' + device + u"\" needs OpenCL, but this pecards-cli was built without it: allowed: cpu"_s);
#endif
}

QStringList openClDevices() {
    QStringList names;
#if PECARDS_CLI_HAVE_GPU
    for (const std::string& name : pecards::gpu::listDevices()) {
        names << QString::fromStdString(name);
    }
#endif
    return names;
}

} // namespace pecards::cli
