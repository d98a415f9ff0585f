#pragma once
/// @file backendfactory.h
/// @brief Chooses the compute backend: an OpenCL device when one works, else the CPU
/// reference, saying once why it fell back.

#include "pecards/backend.h"
#include "pecards/gpu/devices.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace pecards::gpu {

/// @brief What the user asked for.
struct DeviceSelection {
    /// Case-insensitive substring of "platform / device" names; empty = the environment
    /// variable PECARDS_OPENCL_DEVICE, else automatic (a GPU first, else a CPU device such as PoCL).
    std::string device_name;
    /// Use the CPU reference when no OpenCL device works (false: throw instead).
    bool allow_fallback = true;
};

/// @brief The chosen backend and, when it is the CPU fallback, why.
struct BackendChoice {
    std::unique_ptr<Backend> backend;
    bool is_opencl = false;
    /// Empty on success; else one line naming the device (if any) and the reason, e.g.
    /// "OpenCL unavailable (no OpenCL platform: CL_PLATFORM_NOT_FOUND_KHR); using CPU reference",
    /// or, with OpenCL working, why the kernel binary cache could not be used.
    std::string notice;
};

/// @brief Names of all OpenCL devices as "platform / device" (empty when there is none).
std::vector<std::string> listDevices();

/// @brief Builds the backend for the selection. A PECARDS_OPENCL_DEVICE that matches no device
/// falls back to the CPU reference with a notice naming the variable when allow_fallback is
/// set (the user chose "automatic"; the variable is only a default).
/// @throws pecards::InvalidParameter when device_name matches no device (names the value and
///         lists the devices), or PECARDS_OPENCL_DEVICE does without allow_fallback (named
///         "PECARDS_OPENCL_DEVICE"); std::runtime_error when allow_fallback is false and OpenCL fails.
BackendChoice makeBackend(const DeviceSelection& selection);

/// @brief Test seams of makeBackend (tests/gpu): simulate "no OpenCL platform" with an empty
/// device list, or a kernel build failure with extra source appended to the program.
struct FactoryOverrides {
    std::optional<std::vector<OpenClDevice>> devices; ///< replaces enumerateDevices() when set
    std::string extra_kernel_source; ///< appended to the program (OpenClOptions::extra_source)
};

/// @brief makeBackend with test seams; makeBackend(selection) is makeBackend(selection, {}).
BackendChoice makeBackend(const DeviceSelection& selection, const FactoryOverrides& overrides);

} // namespace pecards::gpu
