// Backend choice with CPU fallback (backendfactory.h).

#include "pecards/gpu/backendfactory.h"

#include "pecards/errors.h"
#include "pecards/gpu/openclbackend.h"
#include "pecards/gpu/openclerror.h"

#include <CL/cl_ext.h>
#include <cstdlib>

namespace pecards::gpu {

namespace {

/// The first line of a message, at most 300 characters (a notice is one line).
std::string firstLine(const std::string& text) {
    std::string line = text.substr(0, text.find('\n'));
    if (line.size() > 300) {
        line = line.substr(0, 297) + "...";
    }
    return line;
}

BackendChoice fallback(const std::string& reason) {
    BackendChoice choice;
    choice.backend = makeCpuBackend();
    choice.notice = reason + "; using CPU reference";
    return choice;
}

} // namespace

std::vector<std::string> listDevices() {
    std::vector<std::string> names;
    try {
        for (const OpenClDevice& device : enumerateDevices()) {
            names.push_back(device.fullName());
        }
    } catch (const OpenClError&) {
        return {}; // a broken runtime lists nothing; makeBackend says why
    }
    return names;
}

BackendChoice makeBackend(const DeviceSelection& selection) {
    return makeBackend(selection, FactoryOverrides {});
}

BackendChoice makeBackend(const DeviceSelection& selection, const FactoryOverrides& overrides) {
    std::string name = selection.device_name;
    const bool fromEnvironment = name.empty();
    if (fromEnvironment) {
        const char* variable = std::getenv("PECARDS_OPENCL_DEVICE");
        name = variable != nullptr ? variable : "";
    }
    std::vector<OpenClDevice> devices;
    try {
        devices = overrides.devices ? *overrides.devices : enumerateDevices();
    } catch (const OpenClError& error) {
        if (!selection.allow_fallback) {
            throw;
        }
        return fallback("OpenCL unavailable (" + firstLine(error.what()) + ")");
    }
    if (devices.empty() && name.empty()) {
        if (!selection.allow_fallback) {
            throw OpenClError(CL_PLATFORM_NOT_FOUND_KHR, "finding an OpenCL device (no OpenCL platform)");
        }
        return fallback("OpenCL unavailable (no OpenCL platform: CL_PLATFORM_NOT_FOUND_KHR)");
    }
    const OpenClDevice* chosen = nullptr;
    try {
        chosen = &selectDevice(devices, name); // InvalidParameter for an unknown name
    } catch (const InvalidParameter& error) {
        if (!fromEnvironment || name.empty()) {
            throw;
        }
        // The name is the environment's, not a flag the user gave: say so, and fall back when allowed.
        if (!selection.allow_fallback) {
            throw InvalidParameter("PECARDS_OPENCL_DEVICE", error.value(), error.allowed());
        }
        return fallback("PECARDS_OPENCL_DEVICE = " + error.value() + " matches no OpenCL device ("
            + error.allowed() + ")");
    }
    const OpenClDevice& device = *chosen;
    try {
        OpenClOptions options;
        options.extra_source = overrides.extra_kernel_source;
        BackendChoice choice;
        auto backend = std::make_unique<OpenClBackend>(device, options);
        choice.notice = backend->cacheNotice(); // said once, like a fallback notice
        choice.backend = std::move(backend);
        choice.is_opencl = true;
        return choice;
    } catch (const std::exception& error) {
        if (!selection.allow_fallback) {
            throw;
        }
        return fallback(
            "OpenCL device \"" + device.fullName() + "\" unusable (" + firstLine(error.what()) + ")");
    }
}

} // namespace pecards::gpu
