#pragma once
/// @file openclerror.h
/// @brief The exception every failed OpenCL call becomes.

#include <stdexcept>
#include <string>

namespace pecards::gpu {

/// @brief An OpenCL call failed. `what()` is "<what was being done>: <CL_ERROR_NAME> (<code>)",
/// followed by the build log for CL_BUILD_PROGRAM_FAILURE.
class OpenClError : public std::runtime_error {
public:
    /// @param code the cl_int status; @param context what was being done, e.g. "clCreateBuffer(profile, 8
    /// MiB)";
    /// @param detail extra lines (the build log), may be empty.
    OpenClError(int code, const std::string& context, const std::string& detail = {});

    int code() const noexcept { return m_code; }
    /// The symbolic name, e.g. "CL_OUT_OF_RESOURCES" ("CL_UNKNOWN_ERROR" for codes OpenCL does not define).
    const char* codeName() const noexcept;

private:
    int m_code;
};

/// @brief Symbolic name of an OpenCL status code ("CL_SUCCESS", "CL_INVALID_VALUE", ...,
/// "CL_PLATFORM_NOT_FOUND_KHR"); "CL_UNKNOWN_ERROR" for other values.
const char* clErrorName(int code) noexcept;

/// @brief Throws OpenClError(code, context) unless code is CL_SUCCESS (0).
inline void checkCl(int code, const char* context) {
    if (code != 0) {
        throw OpenClError(code, context);
    }
}

} // namespace pecards::gpu
