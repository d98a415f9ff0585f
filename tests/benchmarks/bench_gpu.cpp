// Benchmarks of the OpenCL backend, each with its baseline measured in the same run:
//  - positional-only score, L = 16384, d = 128, 1024x1024 pixels, max pooling: device vs a
//    naive notebook path that materialises the L x L float scores and pools them (target >= 300x);
//  - the same view at L = 2^20 (target < 1 s, peak RSS < 300 MB);
//  - the same view at the length limit L = 2^24: device vs the CPU reference (computeTiled, which
//    has no work budget) in the same run (target < 2 s on the device);
//  - content scores Q.K^T, L = 4096, d = 128: GFLOP/s of the OpenCL kernel vs Eigen (target >= 0.8x);
//  - the unseen-angles map, L = 2^20, d = 128, 1024x1024 pixels, mean: device vs CPU reference (< 1 s);
//  - tiled exact reductions (computeTiled with progress and cancellation checks) vs the one-shot
//    compute() of the same view, ALiBi content attention, exact max, L = 4096, on the device and on
//    the CPU reference (target ratio <= 1.05).

#include "clcontext.h"
#include "content.h"
#include "pecards/backend.h"
#include "pecards/gpu/devices.h"
#include "pecards/gpu/openclbackend.h"
#include "pecards/probe.h"
#include "pecards/rope.h"

#include <Eigen/Core>
#include <algorithm>
#include <benchmark/benchmark.h>
#include <chrono>
#include <memory>
#include <stdexcept>
#include <sys/resource.h>

namespace {

using Clock = std::chrono::steady_clock;

pecards::gpu::OpenClBackend& backend() {
    static std::unique_ptr<pecards::gpu::OpenClBackend> instance = [] {
        const auto devices = pecards::gpu::enumerateDevices();
        const char* env = std::getenv("PECARDS_OPENCL_DEVICE");
        return std::make_unique<pecards::gpu::OpenClBackend>(
            pecards::gpu::selectDevice(devices, env != nullptr ? env : ""));
    }();
    return *instance;
}

double seconds(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

/// Peak resident set of this process, megabytes.
double peakRssMegabytes() {
    rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_maxrss) / 1024.0;
}

/// The benchmarked view: RoPE (d = 128, random probe) positional-only score, max pooled.
pecards::ViewRequest scoreView(std::int64_t length, int pixels) {
    pecards::ViewRequest request;
    request.params.card = pecards::Card::Rope;
    request.params.length = length;
    request.params.rope.head_dim = 128;
    request.params.probe.kind = pecards::ProbeKind::Random;
    request.params.probe.seed = 1;
    request.quantity = pecards::Quantity::Score;
    request.reduction = pecards::Reduction::Max;
    request.window = {0, length, 0, length};
    request.out_rows = pixels;
    request.out_cols = pixels;
    return request;
}

/// The notebook way: rotate q and k at every position (L x d, float), S = Q K^T (L x L float),
/// then max-pool blocks of the 1024 x 1024 grid. Returns the pooled grid's checksum.
double naiveScoreMaxPool(const pecards::ViewRequest& request) {
    const pecards::RopeParams& rope = request.params.rope;
    const std::int64_t length = request.params.length;
    const int d = rope.head_dim;
    const Eigen::VectorXd inv_freq = pecards::ropeInvFreq(rope);
    const Eigen::VectorXd q = pecards::probeVector(request.params.probe, pecards::ProbeStream::Query, d);
    const Eigen::VectorXd k = pecards::probeVector(request.params.probe, pecards::ProbeStream::Key, d);
    Eigen::MatrixXf rq(length, d);
    Eigen::MatrixXf rk(length, d);
    for (std::int64_t m = 0; m < length; ++m) {
        rq.row(m) = pecards::ropeRotate(rope, inv_freq, q, static_cast<double>(m)).cast<float>().transpose();
        rk.row(m) = pecards::ropeRotate(rope, inv_freq, k, static_cast<double>(m)).cast<float>().transpose();
    }
    const Eigen::MatrixXf scores = rq * rk.transpose(); // L x L floats
    const int pixels = request.out_rows;
    double checksum = 0.0;
    for (int r = 0; r < pixels; ++r) {
        const std::int64_t r0 = r * length / pixels;
        const std::int64_t r1 = (r + 1) * length / pixels;
        for (int c = 0; c < pixels; ++c) {
            const std::int64_t c0 = c * length / pixels;
            const std::int64_t c1 = (c + 1) * length / pixels;
            checksum += scores.block(r0, c0, r1 - r0, c1 - c0).maxCoeff();
        }
    }
    return checksum;
}

void BM_ScoreMaxPool_L16384_DeviceVsNaive(benchmark::State& state) {
    const pecards::ViewRequest request = scoreView(16384, 1024);
    backend().compute(request); // warm-up: per-kernel work-group compilation on PoCL
    const auto naive_start = Clock::now();
    benchmark::DoNotOptimize(naiveScoreMaxPool(request));
    const double naive = seconds(naive_start);
    double device = 0.0;
    std::int64_t runs = 0;
    for (auto _ : state) {
        const auto start = Clock::now();
        benchmark::DoNotOptimize(backend().compute(request).values.data());
        device += seconds(start);
        ++runs;
    }
    state.counters["naive_s"] = naive;
    state.counters["device_ms"] = 1e3 * device / static_cast<double>(runs);
    state.counters["speedup"] = naive / (device / static_cast<double>(runs));
}
BENCHMARK(BM_ScoreMaxPool_L16384_DeviceVsNaive)->Unit(benchmark::kMillisecond)->Iterations(10)->UseRealTime();

void BM_ScoreMaxPool_L1M(benchmark::State& state) {
    const pecards::ViewRequest request = scoreView(std::int64_t {1} << 20, 1024);
    backend().compute(request);
    for (auto _ : state) {
        benchmark::DoNotOptimize(backend().compute(request).values.data());
    }
    state.counters["peak_rss_MB"] = peakRssMegabytes();
}
BENCHMARK(BM_ScoreMaxPool_L1M)->Unit(benchmark::kMillisecond)->Iterations(5)->UseRealTime();

/// Never cancels, ignores progress: the CPU reference's computeTiled, free of compute()'s work budget.
class QuietSink final : public pecards::ProgressSink {
public:
    void progress(double) override { }
    bool cancelled() const override { return false; }
};

/// The score view at the length limit kMaxLength = 2^24 (Llama 4 Scout's 10485760 positions fit):
/// 2^25 deltas x 64 pairs for the profile, then 1024 x 1024 exact maxima. The CPU reference is
/// timed once, before the device iterations.
void BM_ScoreMaxPool_L16M_DeviceVsCpu(benchmark::State& state) {
    const pecards::ViewRequest request = scoreView(pecards::kMaxLength, 1024);
    backend().compute(request); // warm-up
    const std::unique_ptr<pecards::Backend> cpu = pecards::makeCpuBackend();
    QuietSink sink;
    const auto cpu_start = Clock::now();
    benchmark::DoNotOptimize(cpu->computeTiled(request, sink).values.data());
    const double reference = seconds(cpu_start);
    double device = 0.0;
    std::int64_t runs = 0;
    for (auto _ : state) {
        const auto start = Clock::now();
        benchmark::DoNotOptimize(backend().compute(request).values.data());
        device += seconds(start);
        ++runs;
    }
    state.counters["cpu_ms"] = 1e3 * reference;
    state.counters["device_ms"] = 1e3 * device / static_cast<double>(runs);
    state.counters["speedup"] = reference / (device / static_cast<double>(runs));
}
BENCHMARK(BM_ScoreMaxPool_L16M_DeviceVsCpu)->Unit(benchmark::kMillisecond)->Iterations(3)->UseRealTime();

/// The app's first picture of the RoPE score view after a slider step (#33), at the size the view has
/// in the default 1600 x 1000 window (341 x 341 pixels): the exact mean at L = 4096 (the view computes
/// it at once) and the sampled picture at 2^20 (O(pixels), the exact mean follows in the background).
/// Device and CPU reference in the same run, each a mean over the iterations.
void BM_FirstPicture_DeviceVsCpu(benchmark::State& state) {
    pecards::ViewRequest request = scoreView(state.range(0), 341);
    request.params.probe.kind = pecards::ProbeKind::Ones; // the card's default probe
    request.reduction = state.range(0) <= 4096 ? pecards::Reduction::Mean : pecards::Reduction::Sample;
    const std::unique_ptr<pecards::Backend> cpu = pecards::makeCpuBackend();
    backend().compute(request); // warm-up: kernels built
    cpu->compute(request);
    double device = 0.0;
    double reference = 0.0;
    std::int64_t runs = 0;
    for (auto _ : state) {
        auto start = Clock::now();
        benchmark::DoNotOptimize(backend().compute(request).values.data());
        device += seconds(start);
        start = Clock::now();
        benchmark::DoNotOptimize(cpu->compute(request).values.data());
        reference += seconds(start);
        ++runs;
    }
    state.counters["device_ms"] = 1e3 * device / static_cast<double>(runs);
    state.counters["cpu_ms"] = 1e3 * reference / static_cast<double>(runs);
}
BENCHMARK(BM_FirstPicture_DeviceVsCpu)
    ->Arg(4096)
    ->Arg(std::int64_t {1} << 20)
    ->Arg(std::int64_t {1} << 24)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(20)
    ->UseRealTime();

/// The unseen-angles map (scaling_lab.h) of Llama 3 scaling, d = 128, L = 2^20, 1024 x 1024 pixels,
/// exact mean pooling (the unseen fraction): device vs the CPU reference in the same run (target < 1 s).
void BM_UnseenAngles_L1M_DeviceVsCpu(benchmark::State& state) {
    pecards::ViewRequest request;
    request.params.card = pecards::Card::Rope;
    request.params.length = std::int64_t {1} << 20;
    request.params.rope.head_dim = 128;
    request.params.rope.base = 500000.0;
    request.params.rope.scaling.type = pecards::RopeScalingType::Llama3;
    request.params.rope.scaling.factor = 8.0;
    request.params.rope.scaling.original_max_position_embeddings = 8192;
    request.quantity = pecards::Quantity::UnseenAngles;
    request.reduction = pecards::Reduction::Mean;
    request.window = pecards::fullExtent(request.params, request.quantity);
    request.out_rows = 1024;
    request.out_cols = 1024;
    backend().compute(request); // warm-up
    const std::unique_ptr<pecards::Backend> cpu = pecards::makeCpuBackend();
    const auto cpu_start = Clock::now();
    benchmark::DoNotOptimize(cpu->compute(request).values.data());
    const double reference = seconds(cpu_start);
    double device = 0.0;
    std::int64_t runs = 0;
    for (auto _ : state) {
        const auto start = Clock::now();
        benchmark::DoNotOptimize(backend().compute(request).values.data());
        device += seconds(start);
        ++runs;
    }
    state.counters["cpu_ms"] = 1e3 * reference;
    state.counters["device_ms"] = 1e3 * device / static_cast<double>(runs);
    state.counters["speedup"] = reference / (device / static_cast<double>(runs));
}
BENCHMARK(BM_UnseenAngles_L1M_DeviceVsCpu)->Unit(benchmark::kMillisecond)->Iterations(5)->UseRealTime();

void BM_ContentQK_L4096_DeviceVsEigen(benchmark::State& state) {
    constexpr int kLength = 4096;
    pecards::CardParams params;
    params.card = pecards::Card::Rope;
    params.length = kLength;
    params.rope.head_dim = 128;
    pecards::gpu::OpenClBackend& gpu = backend();
    // The device's kernel alone: vectors encoded once, then the tiled Q.K^T kernel timed.
    pecards::gpu::detail::ClContext cl(
        gpu.device(), {}, pecards::gpu::KernelCache(pecards::gpu::KernelCache::defaultDirectory()));
    pecards::gpu::detail::ContentCard card(cl, params);
    std::vector<cl_long> positions(kLength);
    for (int n = 0; n < kLength; ++n) {
        positions[static_cast<std::size_t>(n)] = n;
    }
    const cl::Buffer q = card.encode(positions, pecards::ProbeStream::Query, false);
    const cl::Buffer k = card.encode(positions, pecards::ProbeStream::Key, false);
    const cl::Buffer pos = cl.upload(positions, "positions");
    cl::Buffer out = cl.buffer(std::size_t {kLength} * kLength * sizeof(float), "logits");
    card.logits(out, kLength, q, k, pos, positions, pos, positions);
    cl.finish();
    // Eigen baseline on the same shapes, float.
    const Eigen::MatrixXf eq = Eigen::MatrixXf::Random(kLength, 128);
    const Eigen::MatrixXf ek = Eigen::MatrixXf::Random(kLength, 128);
    Eigen::MatrixXf product(kLength, kLength);
    product.noalias() = eq * ek.transpose(); // warm-up
    constexpr int kEigenRuns = 5;
    const auto eigen_start = Clock::now();
    for (int n = 0; n < kEigenRuns; ++n) {
        product.noalias() = eq * ek.transpose();
        benchmark::DoNotOptimize(product.data());
    }
    const double eigen = seconds(eigen_start) / kEigenRuns;
    double device = 0.0;
    std::int64_t runs = 0;
    for (auto _ : state) {
        const auto start = Clock::now();
        card.logits(out, kLength, q, k, pos, positions, pos, positions);
        cl.finish();
        device += seconds(start);
        ++runs;
    }
    const double flops = 2.0 * kLength * kLength * 128.0;
    const double device_gflops = flops / (device / static_cast<double>(runs)) * 1e-9;
    const double eigen_gflops = flops / eigen * 1e-9;
    state.counters["device_GFLOPs"] = device_gflops;
    state.counters["eigen_GFLOPs"] = eigen_gflops;
    state.counters["ratio_vs_eigen"] = device_gflops / eigen_gflops;
}
BENCHMARK(BM_ContentQK_L4096_DeviceVsEigen)->Unit(benchmark::kMillisecond)->Iterations(5)->UseRealTime();

} // namespace

/// Counts progress reports; never cancels.
class CountingSink final : public pecards::ProgressSink {
public:
    void progress(double) override { ++reports; }
    bool cancelled() const override { return false; }
    std::int64_t reports = 0;
};

/// ALiBi content attention, d = 64, L = 4096, 512 x 512 pixels, exact max: 2^24 logits and as many
/// normaliser entries, about 2^31 operations (inside compute()'s work limit, so both paths run).
/// Each iteration times compute() and computeTiled() of the same view; ratio = tiled / one-shot.
void tiledVsOneShot(benchmark::State& state, pecards::Backend& backend) {
    pecards::ViewRequest request;
    request.params.card = pecards::Card::Alibi;
    request.params.length = 4096;
    request.quantity = pecards::Quantity::ContentAttention;
    request.reduction = pecards::Reduction::Max;
    request.window = pecards::fullExtent(request.params, request.quantity);
    request.out_rows = 512;
    request.out_cols = 512;
    backend.compute(request); // warm-up: kernels, caches and allocations before either is timed
    double one_shot = 0.0;
    double tiled = 0.0;
    CountingSink sink;
    for (auto _ : state) {
        const auto start = Clock::now();
        benchmark::DoNotOptimize(backend.compute(request).values.data());
        const auto middle = Clock::now();
        benchmark::DoNotOptimize(backend.computeTiled(request, sink).values.data());
        one_shot += std::chrono::duration<double>(middle - start).count();
        tiled += seconds(middle);
    }
    const auto runs = static_cast<double>(state.iterations());
    state.counters["one_shot_ms"] = 1e3 * one_shot / runs;
    state.counters["tiled_ms"] = 1e3 * tiled / runs;
    state.counters["ratio"] = tiled / one_shot;
    state.counters["reports"] = static_cast<double>(sink.reports) / runs;
}

void BM_TiledVsOneShot_ContentAttention_L4096_Device(benchmark::State& state) {
    tiledVsOneShot(state, backend());
}
BENCHMARK(BM_TiledVsOneShot_ContentAttention_L4096_Device)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_TiledVsOneShot_ContentAttention_L4096_Cpu(benchmark::State& state) {
    const std::unique_ptr<pecards::Backend> cpu = pecards::makeCpuBackend();
    tiledVsOneShot(state, *cpu);
}
BENCHMARK(BM_TiledVsOneShot_ContentAttention_L4096_Cpu)->Unit(benchmark::kMillisecond)->UseRealTime();

BENCHMARK_MAIN();
