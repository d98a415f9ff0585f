// OpenCL context, program build with the binary cache, kernels and launches (clcontext.h).

#include "clcontext.h"

#include "kernelconfig.h"
#include "kernelsources.h"

#include <chrono>
#include <stdexcept>

namespace pecards::gpu::detail {

namespace {

/// The program's build log for the device ("(no build log)" when the runtime gives none).
std::string buildLog(const cl::Program& program, const cl::Device& device) {
    cl_int status = CL_SUCCESS;
    std::string log = program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(device, &status);
    if (status != CL_SUCCESS || log.find_first_not_of(" \n\r\t") == std::string::npos) {
        return "(no build log)";
    }
    return log;
}

/// Builds a program made from source or binary; throws with the build log on failure.
void buildOrThrow(cl::Program& program, const OpenClDevice& device, const char* stage) {
    const cl::Device handle(device.device, true);
    const cl_int status = program.build(std::vector<cl::Device> {handle}, buildOptions().c_str());
    if (status != CL_SUCCESS) {
        throw OpenClError(status,
            std::string("clBuildProgram(") + stage + ", PE Cards kernels, device \"" + device.fullName()
                + "\")",
            "build log:\n" + buildLog(program, handle));
    }
}

} // namespace

std::string programSource(const std::string& file) {
    const std::vector<KernelSource>& sources = kernelSources();
    std::string text;
    bool found = file.empty();
    for (const KernelSource& source : sources) {
        const std::string name = source.name;
        if (name == "common.cl" || file.empty() || name == file) {
            text += "// ---- " + name + "\n" + source.text + "\n";
            found = found || name == file;
        }
    }
    if (!found) {
        throw std::invalid_argument("no embedded kernel file named \"" + file + "\"");
    }
    return text;
}

std::string programCacheKey(
    const OpenClDevice& device, const std::string& options, const std::string& source) {
    return KernelCache::key({device.platform_name, device.device_name, device.driver_version,
        device.device_version, options, source});
}

ProgramBuild buildProgram(const cl::Context& context, const OpenClDevice& device, const std::string& source,
    const KernelCache& cache) {
    const auto start = std::chrono::steady_clock::now();
    const auto elapsed = [&start] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    const std::string key = programCacheKey(device, buildOptions(), source);
    const cl::Device handle(device.device, true);
    ProgramBuild result;
    if (const auto binary = cache.load(key)) {
        cl_int status = CL_SUCCESS;
        std::vector<cl_int> binary_status;
        cl::Program program(context, std::vector<cl::Device> {handle}, cl::Program::Binaries {*binary},
            &binary_status, &status);
        if (status == CL_SUCCESS
            && program.build(std::vector<cl::Device> {handle}, buildOptions().c_str()) == CL_SUCCESS) {
            result.program = program;
            result.from_cache = true;
            result.seconds = elapsed();
            return result;
        }
        // An entry this runtime rejects is rebuilt from source and overwritten below.
    }
    cl_int status = CL_SUCCESS;
    cl::Program program(context, source, false, &status);
    checkCl(status, "clCreateProgramWithSource (PE Cards kernels)");
    buildOrThrow(program, device, "source");
    const std::vector<std::vector<unsigned char>> binaries = program.getInfo<CL_PROGRAM_BINARIES>(&status);
    if (status == CL_SUCCESS && binaries.size() == 1) {
        cache.store(key, binaries.front());
    }
    result.program = program;
    result.seconds = elapsed();
    return result;
}

ClContext::ClContext(const OpenClDevice& device, const std::string& extra_source, const KernelCache& cache)
    : m_device(device) {
    cl_int status = CL_SUCCESS;
    const cl::Device handle(device.device, true);
    m_context = cl::Context(handle, nullptr, nullptr, nullptr, &status);
    checkCl(status, ("clCreateContext(\"" + device.fullName() + "\")").c_str());
    m_queue = cl::CommandQueue(m_context, handle, 0, &status);
    checkCl(status, "clCreateCommandQueue");
    m_build = buildProgram(m_context, device, programSource() + extra_source, cache);
}

cl::Kernel& ClContext::kernel(const char* name) {
    const auto found = m_kernels.find(name);
    if (found != m_kernels.end()) {
        return found->second;
    }
    cl_int status = CL_SUCCESS;
    cl::Kernel created(m_build.program, name, &status);
    checkCl(status, (std::string("clCreateKernel(") + name + ")").c_str());
    return m_kernels.emplace(name, created).first->second;
}

cl::Buffer ClContext::buffer(std::size_t bytes, const char* what) {
    return createBuffer(std::max<std::size_t>(bytes, 4), nullptr, what);
}

cl::Buffer ClContext::createBuffer(std::size_t bytes, void* host, const char* what) {
    cl_int status = CL_SUCCESS;
    const cl_mem_flags flags = CL_MEM_READ_WRITE | (host != nullptr ? CL_MEM_COPY_HOST_PTR : 0);
    cl::Buffer created(m_context, flags, bytes, host, &status);
    if (status != CL_SUCCESS) {
        throw OpenClError(
            status, std::string("clCreateBuffer(") + what + ", " + std::to_string(bytes) + " bytes)");
    }
    return created;
}

cl::Buffer ClContext::zeros(std::size_t bytes, const char* what) {
    cl::Buffer created = buffer(bytes, what);
    const cl_uchar zero = 0;
    checkCl(m_queue.enqueueFillBuffer(created, zero, 0, std::max<std::size_t>(bytes, 4)),
        (std::string("clEnqueueFillBuffer(") + what + ")").c_str());
    return created;
}

void ClContext::enqueue(
    cl::Kernel& k, const char* name, const cl::NDRange& global, const cl::NDRange& local) {
    for (cl::size_type n = 0; n < global.dimensions(); ++n) {
        if (global.get()[n] == 0) {
            return; // nothing to do
        }
    }
    // Without an explicit work-group size, round the range up (every kernel checks its bounds) so
    // the runtime can pick a large work-group: an odd global size would force work-groups of 1.
    cl::NDRange range = global;
    if (local.dimensions() == 0) {
        const cl::size_type* sizes = global.get();
        range = global.dimensions() == 1 ? cl::NDRange(roundUp(sizes[0], 32))
            : global.dimensions() == 2   ? cl::NDRange(roundUp(sizes[0], 32), roundUp(sizes[1], 8))
                                         : global;
    }
    const cl_int status = m_queue.enqueueNDRangeKernel(k, cl::NullRange, range, local);
    if (status != CL_SUCCESS) {
        throw OpenClError(status, std::string("clEnqueueNDRangeKernel(") + name + ")");
    }
}

void ClContext::finish() {
    checkCl(m_queue.finish(), "clFinish");
}

} // namespace pecards::gpu::detail
