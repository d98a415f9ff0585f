// What starting the OpenCL device costs a process, stage by stage (#35), against the CPU reference
// answering the same small view in the same run. Every iteration forks a fresh child (the parent
// never calls OpenCL), so each measures a cold process start as pecards-cli sees it:
//  - runtime: loading the ICD's platform library and its platform query (clGetPlatformIDs);
//  - devices: enumerating and choosing the device (enumerateDevices, selectDevice);
//  - program: context, queue and the program from the kernel cache (OpenClBackend);
//  - first view: a 16 x 16 RoPE score, the first kernel launch included.
// The baseline child computes the same view on the CPU reference. The sum of the device's stages
// is what kDeviceStartOperations (routedbackend.h) stands for.
// Run: build/bench/tests/benchmarks/pecards_bench_startup

#include "benchviews.h"
#include "pecards/backend.h"
#include "pecards/gpu/devices.h"
#include "pecards/gpu/openclbackend.h"

#include <CL/cl.h>
#include <array>
#include <benchmark/benchmark.h>
#include <chrono>
#include <cstdlib>
#include <optional>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
constexpr int kStages = 4;
using Stages = std::array<double, kStages>; // seconds

double seconds(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

pecards::ViewRequest smallView() {
    return pecards::bench::ropeScoreView(16, 16, pecards::Reduction::Sample);
}

/// The device's stages, in this (fresh) process.
Stages deviceStages() {
    Stages stages {};
    Clock::time_point start = Clock::now();
    cl_uint platforms = 0;
    clGetPlatformIDs(0, nullptr, &platforms);
    stages[0] = seconds(start);
    start = Clock::now();
    const std::vector<pecards::gpu::OpenClDevice> devices = pecards::gpu::enumerateDevices();
    const char* name = std::getenv("PECARDS_OPENCL_DEVICE");
    const pecards::gpu::OpenClDevice& device
        = pecards::gpu::selectDevice(devices, name != nullptr ? name : "");
    stages[1] = seconds(start);
    start = Clock::now();
    pecards::gpu::OpenClBackend backend(device);
    stages[2] = seconds(start);
    start = Clock::now();
    benchmark::DoNotOptimize(backend.compute(smallView()));
    stages[3] = seconds(start);
    return stages;
}

/// The baseline: the same view on the CPU reference, in this (fresh) process.
Stages referenceStages() {
    Stages stages {};
    const Clock::time_point start = Clock::now();
    benchmark::DoNotOptimize(pecards::makeCpuBackend()->compute(smallView()));
    stages[3] = seconds(start);
    return stages;
}

/// Runs `measure` in a forked child and returns what it measured; nothing when the child failed.
std::optional<Stages> inChild(Stages (*measure)()) {
    int pipe_ends[2];
    if (::pipe(pipe_ends) != 0) {
        return std::nullopt;
    }
    const pid_t child = ::fork();
    if (child == 0) {
        ::close(pipe_ends[0]);
        int status = 1;
        try {
            const Stages stages = measure();
            status = ::write(pipe_ends[1], stages.data(), sizeof(Stages)) == sizeof(Stages) ? 0 : 1;
        } catch (...) {
            status = 2;
        }
        ::_exit(status);
    }
    ::close(pipe_ends[1]);
    Stages stages {};
    const bool read = child > 0 && ::read(pipe_ends[0], stages.data(), sizeof(Stages)) == sizeof(Stages);
    ::close(pipe_ends[0]);
    int status = 0;
    if (child > 0) {
        ::waitpid(child, &status, 0);
    }
    if (!read || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        return std::nullopt;
    }
    return stages;
}

void runStages(benchmark::State& state, Stages (*measure)()) {
    Stages total {};
    for (auto _ : state) {
        const std::optional<Stages> stages = inChild(measure);
        if (!stages) {
            state.SkipWithError("the child process failed (no OpenCL device?)");
            return;
        }
        double whole = 0;
        for (int i = 0; i < kStages; ++i) {
            total[i] += (*stages)[i];
            whole += (*stages)[i];
        }
        state.SetIterationTime(whole);
    }
    const double n = static_cast<double>(state.iterations());
    state.counters["runtime_ms"] = total[0] / n * 1e3;
    state.counters["devices_ms"] = total[1] / n * 1e3;
    state.counters["program_ms"] = total[2] / n * 1e3;
    state.counters["first_view_ms"] = total[3] / n * 1e3;
}

void BM_Startup_OpenClDevice(benchmark::State& state) {
    runStages(state, deviceStages);
}
BENCHMARK(BM_Startup_OpenClDevice)->Unit(benchmark::kMillisecond)->UseManualTime()->Iterations(10);

void BM_Startup_CpuReference(benchmark::State& state) {
    runStages(state, referenceStages);
}
BENCHMARK(BM_Startup_CpuReference)->Unit(benchmark::kMillisecond)->UseManualTime()->Iterations(10);

} // namespace

BENCHMARK_MAIN();
