// Every kernel file builds on the device (common.cl prepended, as the backend does), and the
// program binary cache: a second start loads instead of compiling, corrupt entries are rebuilt.

#include "clcontext.h"
#include "gputestsupport.h"
#include "kernelconfig.h"
#include "kernelsources.h"
#include "pecards/gpu/kernelcache.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <string>

namespace pecards::test {
namespace {

using gpu::detail::buildProgram;
using gpu::detail::kernelSources;
using gpu::detail::programSource;

TEST(GpuKernelBuild, EveryKernelFileBuildsOnTheDevice) {
    PECARDS_GET_OPENCL_BACKEND(backend);
    const gpu::OpenClDevice& device = backend->device();
    cl_int status = CL_SUCCESS;
    const cl::Context context(cl::Device(device.device, true), nullptr, nullptr, nullptr, &status);
    ASSERT_EQ(status, CL_SUCCESS);
    const gpu::KernelCache no_cache({});
    ASSERT_GE(kernelSources().size(), 6U);
    for (const gpu::detail::KernelSource& source : kernelSources()) {
        SCOPED_TRACE(source.name);
        try {
            const gpu::detail::ProgramBuild build
                = buildProgram(context, device, programSource(source.name), no_cache);
            EXPECT_FALSE(build.from_cache);
            std::size_t kernels = 0;
            EXPECT_EQ(
                clGetProgramInfo(build.program(), CL_PROGRAM_NUM_KERNELS, sizeof(kernels), &kernels, nullptr),
                CL_SUCCESS);
            if (std::string(source.name) != "common.cl") {
                EXPECT_GT(kernels, 0U) << "a kernel file defines at least one kernel";
            }
        } catch (const std::exception& error) {
            ADD_FAILURE() << error.what();
        }
    }
}

TEST(GpuKernelBuild, KernelsTakeTheHostConstantsFromTheBuildOptionsOnly) {
    PECARDS_GET_OPENCL_BACKEND(backend);
    const gpu::OpenClDevice& device = backend->device();
    cl_int status = CL_SUCCESS;
    const cl::Context context(cl::Device(device.device, true), nullptr, nullptr, nullptr, &status);
    ASSERT_EQ(status, CL_SUCCESS);
    cl::Program program(context, programSource("pool.cl"), false, &status);
    ASSERT_EQ(status, CL_SUCCESS);
    // Without the options of kernelconfig.h the kernels refuse to build (they define no copies).
    EXPECT_NE(program.build(std::vector<cl::Device> {cl::Device(device.device, true)}, "-cl-std=CL1.2"),
        CL_SUCCESS);
}

TEST(GpuKernelConfig, EveryConstantIsABuildOptionAndPartOfTheCacheKey) {
    using gpu::detail::buildOptions;
    using gpu::detail::kKernelConfig;
    const std::string options = buildOptions();
    EXPECT_EQ(options, buildOptions(kKernelConfig));
    EXPECT_NE(options.find("-DPECARDS_CHUNK=" + std::to_string(kKernelConfig.chunk)), std::string::npos);
    EXPECT_NE(options.find("-DPECARDS_SPAN=" + std::to_string(kKernelConfig.span)), std::string::npos);
    EXPECT_NE(options.find("-DPECARDS_ROWS=" + std::to_string(kKernelConfig.rows)), std::string::npos);
    EXPECT_NE(
        options.find("-DPECARDS_GRID_ROWS=" + std::to_string(kKernelConfig.grid_rows)), std::string::npos);
    EXPECT_NE(options.find("-DPECARDS_MAX=2"), std::string::npos);
    EXPECT_NE(options.find("-DPECARDS_BIAS_SHAW=3"), std::string::npos);

    gpu::detail::KernelConfig changed = kKernelConfig;
    changed.chunk = 2 * kKernelConfig.chunk;
    const std::string changed_options = buildOptions(changed);
    EXPECT_NE(changed_options.find("-DPECARDS_CHUNK=" + std::to_string(changed.chunk)), std::string::npos);

    gpu::OpenClDevice device;
    device.platform_name = "platform";
    device.device_name = "device";
    device.driver_version = "1";
    device.device_version = "OpenCL 1.2";
    const std::string source = programSource();
    EXPECT_NE(gpu::detail::programCacheKey(device, options, source),
        gpu::detail::programCacheKey(device, changed_options, source));
}

TEST(GpuKernelBuild, UnknownKernelFileIsAnError) {
    EXPECT_THROW(programSource("nope.cl"), std::invalid_argument);
}

TEST(GpuKernelCache, SecondStartLoadsTheBinaryAndCorruptEntriesAreRebuilt) {
    PECARDS_GET_OPENCL_BACKEND(backend);
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / "pecards-cache-test";
    std::filesystem::remove_all(dir);
    gpu::OpenClOptions options;
    options.cache_directory = dir;
    {
        const gpu::OpenClBackend first(backend->device(), options);
        EXPECT_FALSE(first.programFromCache());
    }
    std::vector<std::filesystem::path> entries;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        entries.push_back(entry.path());
    }
    ASSERT_EQ(entries.size(), 1U) << "one cache entry per device and program";
    {
        const gpu::OpenClBackend second(backend->device(), options);
        EXPECT_TRUE(second.programFromCache());
    }
    // Corrupt the entry: flip bytes in the middle; the next start rebuilds and rewrites it.
    {
        std::fstream file(entries.front(), std::ios::in | std::ios::out | std::ios::binary);
        file.seekp(static_cast<std::streamoff>(std::filesystem::file_size(entries.front()) / 2));
        file.write("garbage!", 8);
    }
    {
        gpu::OpenClBackend third(backend->device(), options);
        EXPECT_FALSE(third.programFromCache());
        ViewRequest request;
        request.params.length = 64;
        request.window = {0, 64, 0, 64};
        request.out_rows = 8;
        request.out_cols = 8;
        const Grid grid = third.compute(request);
        EXPECT_EQ(grid.values.size(), 64U);
    }
    {
        const gpu::OpenClBackend fourth(backend->device(), options);
        EXPECT_TRUE(fourth.programFromCache());
    }
    std::filesystem::remove_all(dir);
}

/// Sets an environment variable for the scope, restoring the previous value.
class ScopedEnv {
public:
    ScopedEnv(const char* name, const char* value)
        : m_name(name) {
        const char* old = std::getenv(name);
        m_had = old != nullptr;
        m_old = m_had ? old : "";
        if (value != nullptr) {
            ::setenv(name, value, 1);
        } else {
            ::unsetenv(name);
        }
    }
    ~ScopedEnv() {
        if (m_had) {
            ::setenv(m_name.c_str(), m_old.c_str(), 1);
        } else {
            ::unsetenv(m_name.c_str());
        }
    }
    ScopedEnv(const ScopedEnv&) = delete;
    ScopedEnv& operator=(const ScopedEnv&) = delete;

private:
    std::string m_name;
    std::string m_old;
    bool m_had = false;
};

TEST(GpuKernelCache, DirectoryFollowsTheEnvironment) {
    const ScopedEnv home("HOME", "/home/someone");
    {
        const ScopedEnv dir("PECARDS_KERNEL_CACHE_DIR", "/tmp/pecards-env-cache");
        const ScopedEnv xdg("XDG_CACHE_HOME", "/tmp/xdg");
        EXPECT_EQ(gpu::KernelCache::defaultDirectory(), std::filesystem::path("/tmp/pecards-env-cache"));
    }
    const ScopedEnv dir("PECARDS_KERNEL_CACHE_DIR", nullptr);
    {
        const ScopedEnv xdg("XDG_CACHE_HOME", "/tmp/xdg");
        EXPECT_EQ(gpu::KernelCache::defaultDirectory(), std::filesystem::path("/tmp/xdg/pecards/kernels"));
    }
    const ScopedEnv xdg("XDG_CACHE_HOME", nullptr);
    EXPECT_EQ(
        gpu::KernelCache::defaultDirectory(), std::filesystem::path("/home/someone/.cache/pecards/kernels"));
}

TEST(GpuKernelCache, KeysDependOnEveryPart) {
    const std::string key = gpu::KernelCache::key({"device", "driver 1", "source"});
    EXPECT_EQ(key.size(), 32U);
    EXPECT_EQ(key, gpu::KernelCache::key({"device", "driver 1", "source"}));
    EXPECT_NE(key, gpu::KernelCache::key({"device", "driver 2", "source"}));
    EXPECT_NE(key, gpu::KernelCache::key({"device", "driver 1", "source "}));
    EXPECT_NE(key, gpu::KernelCache::key({"devic", "edriver 1", "source"}));
}

} // namespace
} // namespace pecards::test
