// The OpenCL backend (openclbackend.h): dispatch by quantity.

#include "pecards/gpu/openclbackend.h"

#include "clcontext.h"
#include "content.h"
#include "pecards/cost.h"
#include "pecards/errors.h"
#include "pecards/gpu/kernelcache.h"
#include "pecards/pitfall.h"
#include "pecards/viewrules.h"
#include "pitfalls.h"
#include "positional.h"
#include "tables.h"
#include "unseenangles.h"

#include <cmath>
#include <limits>

namespace pecards::gpu {

namespace {

KernelCache cacheFor(const OpenClOptions& options) {
    if (!options.use_cache) {
        return KernelCache({});
    }
    return KernelCache(
        options.cache_directory.empty() ? KernelCache::defaultDirectory() : options.cache_directory);
}

} // namespace

OpenClBackend::OpenClBackend(const OpenClDevice& device, OpenClOptions options)
    : m_cl(std::make_unique<detail::ClContext>(device, options.extra_source, cacheFor(options))) {
}

OpenClBackend::~OpenClBackend() = default;

std::string OpenClBackend::name() const {
    return "OpenCL: " + m_cl->device().device_name + " (" + m_cl->device().platform_name + ")";
}

const OpenClDevice& OpenClBackend::device() const {
    return m_cl->device();
}
bool OpenClBackend::programFromCache() const {
    return m_cl->build().from_cache;
}
double OpenClBackend::buildSeconds() const {
    return m_cl->build().seconds;
}
const std::string& OpenClBackend::cacheNotice() const {
    return m_cl->build().cache_notice;
}

Grid OpenClBackend::compute(const ViewRequest& request) {
    // The cost model's memory limit (cost.h; validates the request). The device's work budgets
    // are its own (gpu/README.md): it is faster than the CPU reference.
    CostLimits limits = defaultCostLimits();
    limits.work = std::numeric_limits<std::int64_t>::max();
    checkCost(estimateCost(request), limits);
    return run(request, nullptr);
}

Grid OpenClBackend::computeCancellable(const ViewRequest& request, ProgressSink& progress) {
    return computeTiled(request, progress); // compute() has no work budget either: the same limits
}

Grid OpenClBackend::computeTiled(const ViewRequest& request, ProgressSink& progress) {
    CostLimits limits = defaultCostLimits(); // memory only: no work budget with progress
    limits.work = std::numeric_limits<std::int64_t>::max();
    checkCost(estimateCost(request), limits);
    if (progress.cancelled()) {
        throw ComputeCancelled();
    }
    Grid grid = run(request, &progress);
    progress.progress(1.0);
    return grid;
}

Grid OpenClBackend::runOnReference(const ViewRequest& request, ProgressSink* progress) {
    if (!m_reference) {
        m_reference = makeCpuBackend();
    }
    return progress ? m_reference->computeCancellable(request, *progress) : m_reference->compute(request);
}

Grid OpenClBackend::run(const ViewRequest& request, ProgressSink* progress) {
    const bool masked = request.quantity == Quantity::Score || request.quantity == Quantity::Attention
        || request.quantity == Quantity::ContentScore || request.quantity == Quantity::ContentAttention;
    if (masked && request.params.attention_chunk > 0) {
        return runOnReference(request, progress);
    }
    // Positional attention shares one exp shift over the whole profile (computePositional): right
    // where every row sees the profile's peak. The row-offset ALiBi forms without the mask rise
    // towards the last key, so a row's keys lie up to 2 m (L - 1) below the peak, past float's
    // range: the double reference computes them.
    const bool alibi = request.params.card == Card::Alibi || request.params.card == Card::Hybrid;
    const AlibiForm form = request.params.alibi.form;
    if (request.quantity == Quantity::Attention && alibi
        && (form == AlibiForm::RowOffsetBloom || form == AlibiForm::RowOffsetFoundry)
        && !isCausal(request.params)) {
        return runOnReference(request, progress);
    }
    if (request.params.card == Card::Multimodal) {
        return detail::computePitfall(*m_cl, request); // a dense view, pitfall or not (pitfallspec.h)
    }
    if (const Pitfall pitfall = request.params.pitfall.kind; pitfall != Pitfall::None) {
        if (!isParameterPitfall(pitfall)) {
            return detail::computePitfall(*m_cl, request);
        }
        ViewRequest plain = request;
        plain.params = pitfallAsParameters(request.params);
        return run(plain, progress);
    }
    switch (request.quantity) {
    case Quantity::Table:
    case Quantity::Phase:
        return detail::computeTable(*m_cl, request, progress);
    case Quantity::Score:
    case Quantity::Attention:
    case Quantity::Buckets:
        return detail::computePositional(*m_cl, request, progress);
    case Quantity::ContentScore:
    case Quantity::ContentAttention:
        return detail::computeContent(*m_cl, request, progress);
    case Quantity::UnseenAngles:
        return detail::computeUnseenAngles(*m_cl, request, progress);
    }
    return {}; // not reached: validate() rejects unknown quantities
}

std::vector<float> OpenClBackend::contentLogits(const CardParams& params,
    const std::vector<std::int64_t>& rows, const std::vector<std::int64_t>& cols, bool attention) {
    validate(params);
    const std::vector<cl_long> r(rows.begin(), rows.end());
    const std::vector<cl_long> c(cols.begin(), cols.end());
    const cl::Buffer logits = detail::contentLogits(*m_cl, params, r, c, attention);
    return m_cl->download<float>(logits, rows.size() * cols.size(), "reading the logits");
}

} // namespace pecards::gpu
