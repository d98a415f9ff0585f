// Shared pieces of the OpenCL tests (gputestsupport.h).

#include "gputestsupport.h"

#include "pecards/gpu/devices.h"

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <numbers>
#include <sstream>

namespace pecards::test {

gpu::OpenClBackend* sharedOpenClBackend(std::string& reason) {
    static std::string failure;
    static std::unique_ptr<gpu::OpenClBackend> backend = []() -> std::unique_ptr<gpu::OpenClBackend> {
        try {
            const std::vector<gpu::OpenClDevice> devices = gpu::enumerateDevices();
            if (devices.empty()) {
                failure = "no OpenCL platform or device found";
                return nullptr;
            }
            const char* env = std::getenv("PECARDS_OPENCL_DEVICE");
            const gpu::OpenClDevice& device = gpu::selectDevice(devices, env != nullptr ? env : "");
            gpu::OpenClOptions options;
            if (std::getenv("PECARDS_KERNEL_CACHE_DIR") == nullptr) {
                options.cache_directory
                    = std::filesystem::temp_directory_path() / "pecards-test-kernel-cache";
            }
            return std::make_unique<gpu::OpenClBackend>(device, options);
        } catch (const std::exception& error) {
            failure = error.what();
            return nullptr;
        }
    }();
    reason = failure;
    return backend.get();
}

bool openClRequired() {
    const char* value = std::getenv("PECARDS_REQUIRE_OPENCL");
    return value != nullptr && std::string(value) == "1";
}

::testing::AssertionResult gridsNear(const Grid& gpu, const Grid& cpu, const GridTolerance& tolerance) {
    if (gpu.rows != cpu.rows || gpu.cols != cpu.cols || gpu.values.size() != cpu.values.size()) {
        return ::testing::AssertionFailure()
            << "shape " << gpu.rows << "x" << gpu.cols << " vs reference " << cpu.rows << "x" << cpu.cols;
    }
    if (!(gpu.window == cpu.window)) {
        return ::testing::AssertionFailure() << "grid windows differ";
    }
    double scale = 0.0;
    for (double v : cpu.values) {
        if (std::isfinite(v)) {
            scale = std::max(scale, std::fabs(v));
        }
    }
    int bad = 0;
    std::ostringstream first;
    double worst = 0.0;
    for (std::size_t n = 0; n < cpu.values.size(); ++n) {
        const double want = cpu.values[n];
        const double got = gpu.values[n];
        bool ok = false;
        double error = 0.0;
        if (!std::isfinite(want) || !std::isfinite(got)) {
            ok = want == got;
            error = ok ? 0.0 : std::numeric_limits<double>::infinity();
        } else {
            error = std::fabs(got - want);
            if (tolerance.circular) {
                error = std::min(error, 2.0 * std::numbers::pi - error);
            }
            ok = error <= tolerance.abs_scale * scale + tolerance.rel * std::fabs(want) + tolerance.floor;
        }
        worst = std::max(worst, error);
        if (!ok && bad++ == 0) {
            first << "pixel (" << n / static_cast<std::size_t>(cpu.cols) << ", "
                  << n % static_cast<std::size_t>(cpu.cols) << "): gpu " << got << " vs reference " << want;
        }
    }
    if (bad > 0) {
        return ::testing::AssertionFailure()
            << bad << " of " << cpu.values.size() << " pixels out of tolerance (abs " << tolerance.abs_scale
            << " x max " << scale << ", rel " << tolerance.rel << "), worst error " << worst << "; first "
            << first.str();
    }
    return ::testing::AssertionSuccess();
}

GridTolerance toleranceFor(Quantity quantity, Reduction reduction) {
    switch (quantity) {
    case Quantity::Table:
        return {2e-6, 2e-6, false};
    case Quantity::Phase:
        // about 1.3e-6 rad: 2e-7 x 2pi, also when the window's largest phase is far below 2pi
        return {2e-7, 0.0, reduction == Reduction::Sample, 1.3e-6};
    case Quantity::Buckets:
        return {0.0, reduction == Reduction::Mean ? 1e-6 : 0.0, false};
    case Quantity::UnseenAngles: // exact integers; the device divides the Mean's count in float32
        return {0.0, reduction == Reduction::Mean ? 1e-7 : 0.0, false};
    case Quantity::Score:
        return {2e-5, 1e-5, false};
    case Quantity::Attention:
    case Quantity::ContentAttention:
        return {2e-5, 1e-4, false, 1e-13};
    case Quantity::ContentScore:
        return {5e-5, 1e-5, false};
    }
    return {};
}

} // namespace pecards::test
