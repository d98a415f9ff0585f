// OpenCL device enumeration and selection (devices.h).

#include "pecards/gpu/devices.h"

#include "pecards/errors.h"
#include "pecards/gpu/openclerror.h"

#include <CL/cl_ext.h>
#include <algorithm>
#include <cctype>

namespace pecards::gpu {

namespace {

std::string lowercase(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(),
        [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
    return text;
}

std::string platformString(cl_platform_id platform, cl_platform_info what) {
    std::size_t size = 0;
    checkCl(clGetPlatformInfo(platform, what, 0, nullptr, &size), "clGetPlatformInfo");
    std::string text(size, '\0');
    checkCl(clGetPlatformInfo(platform, what, size, text.data(), nullptr), "clGetPlatformInfo");
    return text.substr(0, text.find('\0'));
}

std::string deviceString(cl_device_id device, cl_device_info what) {
    std::size_t size = 0;
    checkCl(clGetDeviceInfo(device, what, 0, nullptr, &size), "clGetDeviceInfo");
    std::string text(size, '\0');
    checkCl(clGetDeviceInfo(device, what, size, text.data(), nullptr), "clGetDeviceInfo");
    return text.substr(0, text.find('\0'));
}

} // namespace

std::vector<OpenClDevice> enumerateDevices() {
    cl_uint platform_count = 0;
    const cl_int status = clGetPlatformIDs(0, nullptr, &platform_count);
    if (status == CL_PLATFORM_NOT_FOUND_KHR || (status == CL_SUCCESS && platform_count == 0)) {
        return {};
    }
    checkCl(status, "clGetPlatformIDs (counting OpenCL platforms)");
    std::vector<cl_platform_id> platforms(platform_count);
    checkCl(clGetPlatformIDs(platform_count, platforms.data(), nullptr), "clGetPlatformIDs");
    std::vector<OpenClDevice> devices;
    for (cl_platform_id platform : platforms) {
        cl_uint device_count = 0;
        const cl_int found = clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, nullptr, &device_count);
        if (found == CL_DEVICE_NOT_FOUND || device_count == 0) {
            continue;
        }
        checkCl(found, "clGetDeviceIDs (counting devices)");
        std::vector<cl_device_id> ids(device_count);
        checkCl(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, device_count, ids.data(), nullptr),
            "clGetDeviceIDs");
        const std::string platform_name = platformString(platform, CL_PLATFORM_NAME);
        for (cl_device_id id : ids) {
            cl_device_type type = 0;
            checkCl(
                clGetDeviceInfo(id, CL_DEVICE_TYPE, sizeof(type), &type, nullptr), "clGetDeviceInfo(TYPE)");
            OpenClDevice entry;
            entry.platform = platform;
            entry.device = id;
            entry.platform_name = platform_name;
            entry.device_name = deviceString(id, CL_DEVICE_NAME);
            entry.driver_version = deviceString(id, CL_DRIVER_VERSION);
            entry.device_version = deviceString(id, CL_DEVICE_VERSION);
            entry.is_gpu = (type & CL_DEVICE_TYPE_GPU) != 0;
            entry.is_cpu = (type & CL_DEVICE_TYPE_CPU) != 0;
            devices.push_back(entry);
        }
    }
    return devices;
}

const OpenClDevice& selectDevice(const std::vector<OpenClDevice>& devices, const std::string& name) {
    std::string available;
    for (const OpenClDevice& device : devices) {
        if (!available.empty()) {
            available.append(", ");
        }
        available.append(1, '"').append(device.fullName()).append(1, '"');
    }
    if (available.empty()) {
        available = "none: no OpenCL device was found";
    }
    if (!name.empty()) {
        const std::string wanted = lowercase(name);
        for (const OpenClDevice& device : devices) {
            if (lowercase(device.fullName()).find(wanted) != std::string::npos) {
                return device;
            }
        }
        throw InvalidParameter(
            "device", "\"" + name + "\"", "a part of one of the OpenCL devices: " + available);
    }
    if (devices.empty()) {
        throw InvalidParameter("device", "(automatic)", "an OpenCL device; available: " + available);
    }
    for (const OpenClDevice& device : devices) {
        if (device.is_gpu) {
            return device;
        }
    }
    for (const OpenClDevice& device : devices) {
        if (device.is_cpu) {
            return device;
        }
    }
    return devices.front();
}

} // namespace pecards::gpu
