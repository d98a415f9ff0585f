#pragma once
/// @file routedbackend.h
/// @brief Which backend answers a request when PE Cards may choose (--device auto): the CPU
/// reference when the request's estimated work (cost.h) is below what starting the device costs,
/// else the device, started on first need. A one-shot `compute --length 16` then never pays the
/// device's start-up (loading the OpenCL runtime, its platform query and the program, about 0.1 s
/// with PoCL), while a request above it still runs on the device (#35).

#include "pecards/backend.h"
#include "pecards/cost.h"

#include <functional>
#include <memory>
#include <string>

namespace pecards {

/// Starting the compute device, in the cost model's operations (~1 ns each, cost.h): 10^8, about
/// the 0.11 s measured for PoCL with the program in the kernel cache (pecards_bench_startup,
/// BM_Startup_OpenClDevice: 78 ms runtime and platform query, 5 ms devices, 26 ms context and
/// program, 2 ms the first view).
inline constexpr std::int64_t kDeviceStartOperations = 100'000'000;

/// @brief Where a request goes, and why in one line.
struct Route {
    bool device = false; ///< true: the device; false: the CPU reference
    /// e.g. "7.1e+07 operations (~0.071 s on one core) cost less than starting the device (~0.1 s)"
    std::string reason;
};

/// @brief The route of a request of `cost` when the device is or is not running yet: once
/// running, every request goes to it (its start-up is paid); before, a request whose work is
/// below `start_operations` runs on the CPU reference, any other starts the device.
/// @param start_operations the device's start-up cost, operations (> 0)
Route routeByCost(
    const RequestCost& cost, bool device_running, std::int64_t start_operations = kDeviceStartOperations);

/// @brief A backend that answers each request on the CPU reference or on a device, by
/// routeByCost. The device is made by `start_device` on the first request routed to it (never,
/// when none is), or by waitForDevice() (the app, once its first pictures are done), on the thread
/// that computes; what it returns answers every later request. Like every Backend, used from one
/// thread at a time.
class RoutedBackend final : public Backend {
public:
    /// @param reference    the CPU reference (makeCpuBackend())
    /// @param start_device makes the device backend (may itself fall back to the CPU reference and
    ///                     say why); its exceptions propagate from the compute call that needed it
    /// @param start_operations the start-up cost routeByCost compares with (> 0)
    RoutedBackend(std::unique_ptr<Backend> reference, std::function<std::unique_ptr<Backend>()> start_device,
        std::int64_t start_operations = kDeviceStartOperations);

    /// @brief "CPU reference (double); OpenCL: ... for requests above its start-up cost" before
    /// the device starts, then the device's name.
    std::string name() const override;

    /// @brief The routed backend's compute(); validates first (InvalidParameter).
    Grid compute(const ViewRequest& request) override;

    /// @brief The routed backend's computeTiled().
    Grid computeTiled(const ViewRequest& request, ProgressSink& progress) override;
    /// @brief The routed backend's computeCancellable().
    Grid computeCancellable(const ViewRequest& request, ProgressSink& progress) override;

    /// @brief Starts the device now (unless it runs); every later request goes to it. Its
    /// exception propagates, and a later call tries again.
    void waitForDevice();

    /// @brief The backend that answers `request` now (the CPU reference or the device, started
    /// when this request needs it), as compute() chooses it; lastRoute() says which. For callers
    /// that must know which backend computed a result while other requests run in between (the
    /// app's jobs between a long view's tiles). Validates first (InvalidParameter).
    Backend& choose(const ViewRequest& request);

    /// @brief The route the last request took (empty reason before the first).
    const Route& lastRoute() const { return m_last; }

    /// @brief Whether the device has been started.
    bool deviceRunning() const { return m_device != nullptr; }

private:
    std::unique_ptr<Backend> m_reference;
    std::function<std::unique_ptr<Backend>()> m_start;
    std::int64_t m_startOperations;
    std::unique_ptr<Backend> m_device;
    Route m_last;
};

} // namespace pecards
