#pragma once
/// @file openclbackend.h
/// @brief The OpenCL compute backend: answers every ViewRequest the CPU reference answers, in
/// float32 on the device, within the tolerances of gpu/README.md.

#include "pecards/backend.h"
#include "pecards/gpu/devices.h"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace pecards::gpu {

namespace detail {
class ClContext;
}

/// @brief How the backend builds its kernels.
struct OpenClOptions {
    /// Binary cache directory; empty = KernelCache::defaultDirectory().
    std::filesystem::path cache_directory;
    /// Use the binary cache at all.
    bool use_cache = true;
    /// OpenCL C appended to the program (tests use it to make the build fail).
    std::string extra_source;
};

/// @brief Answers view requests on one OpenCL device (kernels/*.cl). Used from one thread at a time.
class OpenClBackend final : public Backend {
public:
    /// @brief Creates the context and builds (or loads from the cache) every kernel.
    /// @throws OpenClError (CL_BUILD_PROGRAM_FAILURE carries the build log).
    explicit OpenClBackend(const OpenClDevice& device, OpenClOptions options = {});
    ~OpenClBackend() override;
    OpenClBackend(const OpenClBackend&) = delete;
    OpenClBackend& operator=(const OpenClBackend&) = delete;

    /// "OpenCL: <device> (<platform>)".
    std::string name() const override;

    /// @brief Computes the view (see Backend::compute).
    /// @throws InvalidParameter, ComputeLimitExceeded (budgets in gpu/README.md), OpenClError.
    Grid compute(const ViewRequest& request) override;

    /// @brief Computes the view tile by tile (see Backend::computeTiled): content views in logit
    /// tiles of about 2^22 entries, pooled attention, tables and unseen angles in bands of output
    /// rows of about 2^24 entries; each tile is finished on the device before the next is
    /// enqueued, so a cancel takes effect within one tile. No work budget, only the memory limit.
    /// @throws InvalidParameter, ComputeLimitExceeded (memory), ComputeCancelled, OpenClError.
    Grid computeTiled(const ViewRequest& request, ProgressSink& progress) override;
    /// @brief compute() checking `progress.cancelled()` between tiles (Backend::computeCancellable).
    Grid computeCancellable(const ViewRequest& request, ProgressSink& progress) override;

    const OpenClDevice& device() const;
    /// Whether the program came from the binary cache (no compilation at this start).
    bool programFromCache() const;
    /// Seconds spent building or loading the program.
    double buildSeconds() const;
    /// Why the kernel binary cache could not be used at this start (one line), or empty.
    const std::string& cacheNotice() const;

    /// @brief ContentScore-style logits of query positions `rows` x key positions `cols` for the
    /// card (tiled Q.K^T + bias + mask), downloaded as floats (rows.size() x cols.size()). For
    /// benchmarks and tests of the matrix kernel. @throws OpenClError
    std::vector<float> contentLogits(const CardParams& params, const std::vector<std::int64_t>& rows,
        const std::vector<std::int64_t>& cols, bool attention);

private:
    /// The view; its tiles tell `progress` (nullptr: compute(), with the device's work budgets).
    Grid run(const ViewRequest& request, ProgressSink* progress);
    /// Chunked attention (Visibility::chunk): the kernels know band masks only, so the CPU
    /// reference computes it (made on first need).
    Grid runOnReference(const ViewRequest& request, ProgressSink* progress);

    std::unique_ptr<detail::ClContext> m_cl;
    std::unique_ptr<Backend> m_reference; ///< runOnReference
};

} // namespace pecards::gpu
