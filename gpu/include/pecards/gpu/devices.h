#pragma once
/// @file devices.h
/// @brief OpenCL platform and device enumeration, and choosing a device by name.

#include <CL/cl.h>
#include <string>
#include <vector>

namespace pecards::gpu {

/// @brief One OpenCL device and what identifies it for the user and the kernel cache.
struct OpenClDevice {
    cl_platform_id platform = nullptr;
    cl_device_id device = nullptr;
    std::string platform_name; ///< CL_PLATFORM_NAME, e.g. "Portable Computing Language"
    std::string device_name; ///< CL_DEVICE_NAME, e.g. "pthread-skylake-avx512-..."
    std::string driver_version; ///< CL_DRIVER_VERSION
    std::string device_version; ///< CL_DEVICE_VERSION
    bool is_gpu = false; ///< CL_DEVICE_TYPE_GPU
    bool is_cpu = false; ///< CL_DEVICE_TYPE_CPU

    /// "platform / device", the name users select (listDevices(), `--device`).
    std::string fullName() const { return platform_name + " / " + device_name; }
};

/// @brief Every device of every platform, in platform order.
/// @return an empty list when no OpenCL platform exists (CL_PLATFORM_NOT_FOUND_KHR or zero platforms).
/// @throws OpenClError for other failures of the OpenCL runtime.
std::vector<OpenClDevice> enumerateDevices();

/// @brief The device for a user's name: the first whose fullName() contains `name`
/// (case-insensitive); with an empty name, the first GPU, else the first CPU device, else the first.
/// @throws pecards::InvalidParameter ("device", the name, the list of available devices) when no
///         device matches, or when the list is empty.
const OpenClDevice& selectDevice(const std::vector<OpenClDevice>& devices, const std::string& name);

} // namespace pecards::gpu
