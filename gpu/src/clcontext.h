#pragma once
/// @file clcontext.h
/// @brief One device's OpenCL context, queue, built program and kernels, with RAII handles
/// (the Khronos C++ bindings) and every status checked (OpenClError).

#include "pecards/gpu/devices.h"
#include "pecards/gpu/kernelcache.h"
#include "pecards/gpu/openclerror.h"

#include <CL/opencl.hpp>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace pecards::gpu::detail {

/// @brief The program text: common.cl followed by every other kernel file, or by `file` alone.
/// @throws std::invalid_argument if `file` names no embedded kernel file.
std::string programSource(const std::string& file = {});

/// @brief The binary cache key of a program: platform, device, driver and device versions, the
/// build options (which carry every host/kernel constant, kernelconfig.h) and the source text.
std::string programCacheKey(
    const OpenClDevice& device, const std::string& options, const std::string& source);

/// @brief Result of buildProgram.
struct ProgramBuild {
    cl::Program program;
    bool from_cache = false; ///< loaded from the binary cache (no compilation)
    double seconds = 0.0; ///< wall time of the build or load
};

/// @brief Builds `source` for the device, through the binary cache: a cached binary is used when
/// it loads and builds, else the source is compiled and the binary stored (a corrupt entry is
/// overwritten, never fatal).
/// @throws OpenClError (CL_BUILD_PROGRAM_FAILURE with the build log, or the failing call).
ProgramBuild buildProgram(const cl::Context& context, const OpenClDevice& device, const std::string& source,
    const KernelCache& cache);

/// @brief Context, in-order queue, program and kernels of one device.
class ClContext {
public:
    /// @param extra_source appended to the program (tests inject a build error through it).
    /// @throws OpenClError
    ClContext(const OpenClDevice& device, const std::string& extra_source, const KernelCache& cache);

    const OpenClDevice& device() const { return m_device; }
    const ProgramBuild& build() const { return m_build; }

    /// @brief The kernel `name`, created on first use. @throws OpenClError
    cl::Kernel& kernel(const char* name);

    /// @brief A device buffer of `bytes` (at least 4). @throws OpenClError naming `what`.
    cl::Buffer buffer(std::size_t bytes, const char* what);

    /// @brief A device buffer of `bytes` set to zero bytes.
    cl::Buffer zeros(std::size_t bytes, const char* what);

    /// @brief A device buffer holding `values`, copied at creation (CL_MEM_COPY_HOST_PTR: no
    /// wait for the commands already queued).
    template <typename T> cl::Buffer upload(const std::vector<T>& values, const char* what) {
        if (values.empty()) {
            return buffer(sizeof(T), what);
        }
        return createBuffer(values.size() * sizeof(T), const_cast<T*>(values.data()), what);
    }

    /// @brief Writes `values` at the start of `target` (blocking copy).
    template <typename T>
    void write(const cl::Buffer& target, const std::vector<T>& values, const char* what) {
        if (!values.empty()) {
            checkCl(m_queue.enqueueWriteBuffer(target, CL_TRUE, 0, values.size() * sizeof(T), values.data()),
                what);
        }
    }

    /// @brief `count` values of a buffer (blocking copy, waits for the queue).
    template <typename T>
    std::vector<T> download(const cl::Buffer& source, std::size_t count, const char* what) {
        std::vector<T> values(count);
        if (count > 0) {
            checkCl(m_queue.enqueueReadBuffer(source, CL_TRUE, 0, count * sizeof(T), values.data()), what);
        }
        return values;
    }

    /// @brief Sets the arguments of `name` and enqueues it over `global` (work-group `local`, or
    /// chosen by the runtime over `global` rounded up: kernels check their bounds). Arguments must have the
    /// kernel's exact types (cl_int, cl_long, cl_float, cl_ulong, cl::Buffer; a default cl::Buffer is a null
    /// pointer).
    template <typename... Args>
    void run(const char* name, const cl::NDRange& global, const cl::NDRange& local, const Args&... args) {
        cl::Kernel& k = kernel(name);
        cl_uint index = 0;
        (setArg(k, name, index++, args), ...);
        enqueue(k, name, global, local);
    }

    /// @brief Waits for every enqueued command. @throws OpenClError
    void finish();

private:
    cl::Buffer createBuffer(std::size_t bytes, void* host, const char* what);
    template <typename T> static void setArg(cl::Kernel& k, const char* name, cl_uint index, const T& value) {
        const cl_int status = k.setArg(index, value);
        if (status != CL_SUCCESS) {
            throw OpenClError(
                status, std::string("clSetKernelArg(") + name + ", argument " + std::to_string(index) + ")");
        }
    }
    void enqueue(cl::Kernel& k, const char* name, const cl::NDRange& global, const cl::NDRange& local);

    OpenClDevice m_device;
    cl::Context m_context;
    cl::CommandQueue m_queue;
    ProgramBuild m_build;
    std::map<std::string, cl::Kernel, std::less<>> m_kernels;
};

/// @brief Rounds `n` up to a multiple of `step`.
inline std::size_t roundUp(std::size_t n, std::size_t step) {
    return (n + step - 1) / step * step;
}

} // namespace pecards::gpu::detail
