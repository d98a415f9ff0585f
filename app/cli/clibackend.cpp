#include "clibackend.h"

#include "usageerror.h"

#include <pecards/routedbackend.h>

#if PECARDS_CLI_HAVE_GPU
#include "pecards/gpu/backendfactory.h"
#endif

using namespace Qt::StringLiterals;

namespace pecards::cli {

namespace {

bool isCpu(const QString& device) {
    return device.compare(u"cpu"_s, Qt::CaseInsensitive) == 0;
}

bool isAuto(const QString& device) {
    return device.compare(u"auto"_s, Qt::CaseInsensitive) == 0;
}

} // namespace

std::unique_ptr<pecards::Backend> makeCliBackend(
    const QString& device, const std::function<void(const QString&)>& notify) {
    if (isCpu(device)) {
        return pecards::makeCpuBackend();
    }
#if PECARDS_CLI_HAVE_GPU
    const auto start = [device, notify]() -> std::unique_ptr<pecards::Backend> {
        pecards::gpu::DeviceSelection selection;
        selection.device_name = isAuto(device) ? std::string() : device.toStdString();
        selection.allow_fallback = isAuto(device);
        pecards::gpu::BackendChoice choice = pecards::gpu::makeBackend(selection);
        if (!choice.notice.empty() && notify) {
            notify(QString::fromStdString(choice.notice));
        }
        return std::move(choice.backend);
    };
    if (isAuto(device)) {
        return std::make_unique<pecards::RoutedBackend>(pecards::makeCpuBackend(), start);
    }
    return start();
#else
    static_cast<void>(notify);
    throw UsageError(u"--device"_s,
        u'"' + device + u"\" needs OpenCL, but this pecards-cli was built without it: allowed: cpu"_s);
#endif
}

std::function<void(const QString&)> noticePrinter(QTextStream& err) {
    return [&err](const QString& notice) { err << "pecards-cli: " << notice << Qt::endl; };
}

QString describeBackendChoice(const QString& device, std::optional<std::int64_t> largest_view_work) {
    if (!largest_view_work) {
        return u"backend: CPU reference (curves and tables are computed on the CPU)"_s;
    }
    if (isCpu(device)) {
        return u"backend: CPU reference (--device cpu)"_s;
    }
    if (!isAuto(device)) {
        return u"backend: the OpenCL device matching \""_s + device + u"\" (--device)"_s;
    }
    pecards::RequestCost cost;
    cost.work = *largest_view_work;
    const pecards::Route route = pecards::routeByCost(cost, false);
    return (route.device
                   ? u"backend: the best OpenCL device (the CPU reference when none works), started for it ("_s
                   : u"backend: CPU reference ("_s)
        + QString::fromStdString(route.reason) + u"; --device auto)"_s;
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
