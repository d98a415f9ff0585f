// The cost model of view requests (cost.h). The work formulas follow the algorithms of
// docs/quantities.md; the limits keep the former per-view budgets exactly (2^26 range queries
// = 2^27 table entries = 2^32 content multiply-adds = 2^32 operations).

#include "pecards/cost.h"

#include "pecards/errors.h"
#include "pecards/normaliserestimate.h"

#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <unistd.h>

namespace pecards {

namespace {

constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t kDouble = 8;
/// Operations to draw one entry of a content vector (probeNormal: two splitmix64 hashes, a logarithm
/// and a cosine, ~30 ns on either backend), in the model's unit of one multiply-add: every query and
/// key vector a content view reads is drawn before its products. The estimated normaliser draws each
/// shown row's sample keys anew, the exact one every key once: at L = 4096 the exact normaliser is
/// the cheaper picture (#33, measured 45-60 ms against 67-82 ms on PoCL).
constexpr std::int64_t kNormalVariateOps = 32;
/// Deltas one block of a streamed attention normaliser holds (the OpenCL backend's block; the CPU's is
/// smaller).
constexpr std::int64_t kStreamedDeltas = std::int64_t {1} << 18;

/// a * b, saturating at INT64_MAX (both >= 0).
std::int64_t mul(std::int64_t a, std::int64_t b) {
    std::int64_t product = 0;
    return __builtin_mul_overflow(a, b, &product) ? kMax : product;
}
std::int64_t mul(std::int64_t a, std::int64_t b, std::int64_t c) {
    return mul(mul(a, b), c);
}
/// a + b, saturating at INT64_MAX (both >= 0).
std::int64_t add(std::int64_t a, std::int64_t b) {
    std::int64_t sum = 0;
    return __builtin_add_overflow(a, b, &sum) ? kMax : sum;
}

/// The output grid: min(out, window) pixels per axis, doubles.
std::int64_t gridBytes(const ViewRequest& r) {
    return mul(std::min<std::int64_t>(r.out_rows, r.window.rows()),
        std::min<std::int64_t>(r.out_cols, r.window.cols()), kDouble);
}

std::int64_t contentVectorBytes(const ProbeParams& probe) {
    std::int64_t bytes = 0;
    for (const auto* m : {&probe.content_q, &probe.content_k}) {
        if (*m) {
            bytes = add(bytes, mul((*m)->rows(), (*m)->cols(), kDouble));
        }
    }
    return bytes;
}

RequestCost tableCost(const ViewRequest& r) {
    const std::int64_t width = fullExtent(r.params, r.quantity).col_end;
    const std::int64_t pixelRows = std::min<std::int64_t>(r.out_rows, r.window.rows());
    RequestCost cost;
    if (r.reduction == Reduction::Sample) {
        cost.work = mul(pixelRows, width, kTableEntryOperations);
        cost.bytes = add(gridBytes(r), mul(width, kDouble));
        cost.counted = "output rows x row width (d, or d/2 pairs) table entries";
        cost.advice = "use fewer output rows";
    } else {
        cost.work = mul(r.window.rows(), width, kTableEntryOperations);
        cost.bytes = add(
            gridBytes(r), mul(std::min<std::int64_t>(kMaxOutputPixels, r.window.rows()), width, kDouble));
        cost.counted = "table entries (window rows x row width) x " + std::to_string(kTableEntryOperations);
        cost.advice = "use reduction sample or fewer window rows";
    }
    return cost;
}

/// Score, Buckets, Attention: sampled Score and Buckets from the pixels' rows and columns alone;
/// otherwise the Toeplitz profile of the deltas the window reaches, then the pixels (attention
/// sample) or range queries (exact; attention: one per window row and output column).
RequestCost positionalCost(const ViewRequest& r) {
    const Window& w = r.window;
    const bool attention = r.quantity == Quantity::Attention;
    const std::int64_t deltas = attention ? add(w.row_end, r.params.length) : add(w.rows(), w.cols());
    const std::int64_t perDelta = std::max(cardDimension(r.params), 16);
    const std::int64_t pixelRows = std::min<std::int64_t>(r.out_rows, w.rows());
    const std::int64_t pixelCols = std::min<std::int64_t>(r.out_cols, w.cols());
    const std::int64_t pixels = mul(pixelRows, pixelCols);
    RequestCost cost;
    if (!attention && r.reduction == Reduction::Sample) {
        // The profile at each pixel's first entry (PositionalProfile::grid): the sampled rows' and
        // columns' phasors, then one product of inner size ~d per pixel; no structure over deltas.
        const std::int64_t sampled = add(pixelRows, pixelCols);
        cost.work = add(mul(sampled, perDelta), mul(pixels, perDelta));
        cost.bytes = add(mul(gridBytes(r), 2), mul(sampled, perDelta, kDouble));
        cost.counted = "sampled pixels x max(d, 16), plus sampled rows and columns x max(d, 16)";
        cost.advice = "use fewer output pixels";
        return cost;
    }
    if (r.normaliser == Normaliser::Estimated) {
        // As a sampled score, plus each sampled row's normaliser samples (normaliserestimate.h).
        const std::int64_t sampled = add(pixelRows, pixelCols);
        const std::int64_t samples = mul(pixelRows, maxNormaliserSamples(r.params.length));
        cost.work = add(add(mul(sampled, perDelta), mul(pixels, perDelta)), mul(samples, perDelta));
        cost.bytes
            = add(add(mul(gridBytes(r), 2), mul(sampled, perDelta, kDouble)), mul(samples, 3 * kDouble));
        cost.counted = "sampled pixels x max(d, 16), plus sampled rows and columns x max(d, 16), plus "
                       "normaliser samples (output rows x "
            + std::to_string(maxNormaliserSamples(r.params.length)) + ") x max(d, 16)";
        cost.advice = "use fewer output pixels";
        return cost;
    }
    if (attention && r.reduction == Reduction::Sample) {
        // The sampled rows' visible deltas streamed in blocks (rownormalisers.h), then the pixels'
        // logits as a sampled score: memory for the pixels and rows, not the deltas.
        const std::int64_t sampled = add(pixelRows, pixelCols);
        cost.work = add(mul(deltas, perDelta), add(mul(sampled, perDelta), mul(pixels, perDelta)));
        cost.bytes = add(add(mul(gridBytes(r), 2), mul(sampled, perDelta, kDouble)),
            add(mul(kStreamedDeltas, kDouble), mul(pixelRows, 8 * kDouble)));
        cost.counted = "profile (deltas x max(d, 16)) plus sampled pixels, rows and columns x max(d, 16)";
        cost.advice = "use a smaller length L, or the estimated normaliser";
        return cost;
    }
    cost.work = mul(deltas, perDelta);
    // Profile values plus, for exact reductions, segment trees of min/max/sums (~4 per delta).
    cost.bytes = add(gridBytes(r), mul(deltas, r.reduction == Reduction::Sample ? 2 : 10, kDouble));
    if (attention && r.reduction != Reduction::Sample) {
        cost.work = add(
            cost.work, mul(w.rows(), std::min<std::int64_t>(r.out_cols, w.cols()), kRangeQueryOperations));
        cost.counted = "attention range queries (window rows x output columns) x "
            + std::to_string(kRangeQueryOperations) + ", plus the profile (deltas x max(d, 16))";
        cost.advice = "use reduction sample, fewer window rows or fewer output columns";
    } else {
        cost.work = add(cost.work, mul(pixels, r.reduction == Reduction::Sample ? 1 : kRangeQueryOperations));
        cost.counted = "profile (deltas x max(d, 16)) plus one value or range query per pixel";
        cost.advice = "use a smaller window";
    }
    return cost;
}

/// ContentScore / ContentAttention: dot products of encoded q_i, k_j (docs/quantities.md).
RequestCost contentCost(const ViewRequest& r) {
    const Window& w = r.window;
    const bool attention = r.quantity == Quantity::ContentAttention;
    const bool exact = r.reduction != Reduction::Sample;
    const std::int64_t d = cardDimension(r.params);
    const std::int64_t perEntry = std::max<std::int64_t>(d, 16);
    const std::int64_t pixelRows = std::min<std::int64_t>(r.out_rows, w.rows());
    const std::int64_t pixelCols = std::min<std::int64_t>(r.out_cols, w.cols());
    RequestCost cost;
    cost.work = exact ? mul(w.rows(), w.cols(), perEntry) : mul(pixelRows, pixelCols, perEntry);
    std::int64_t vectors = exact ? add(w.rows(), w.cols()) : add(pixelRows, pixelCols);
    const bool estimated = r.normaliser == Normaliser::Estimated;
    if (attention) {
        const std::int64_t normaliserRows = exact ? w.rows() : pixelRows;
        const std::int64_t keys = estimated ? maxNormaliserSamples(r.params.length) : r.params.length;
        cost.work = add(cost.work, mul(normaliserRows, keys, perEntry));
        vectors = add(vectors, estimated ? mul(normaliserRows, keys) : r.params.length);
    }
    cost.work = add(cost.work, mul(vectors, d, kNormalVariateOps));
    // Tiles of 256 x 4096 logits and their encoded vectors (exact), or the sampled logits.
    const std::int64_t tile
        = exact ? mul(std::int64_t {256}, 4096, kDouble) : mul(pixelRows, pixelCols, kDouble);
    const std::int64_t encoded = mul(add(exact ? 256 : pixelRows, exact ? 4096 : pixelCols), d, kDouble);
    cost.bytes = add(add(gridBytes(r), add(tile, encoded)), contentVectorBytes(r.params.probe));
    cost.counted = exact ? "content multiply-adds (window rows x window cols x max(d, 16)"
                         : "content multiply-adds (output pixels x max(d, 16)";
    if (attention) {
        cost.counted += estimated ? ", plus output rows x "
                + std::to_string(maxNormaliserSamples(r.params.length)) + " normaliser samples x max(d, 16)"
                                  : ", plus normaliser rows x L x max(d, 16)";
    }
    cost.counted += "; plus " + std::to_string(kNormalVariateOps)
        + " per drawn content vector entry: (rows + cols"
        + std::string(attention ? (estimated ? " + rows x normaliser samples" : " + L") : "") + ") x d)";
    cost.advice
        = exact ? "use reduction sample or a smaller window" : "use a smaller length L or fewer output rows";
    return cost;
}

/// The multimodal card's dense views (pitfallpool.h): every key vector, then rows shown x L logits
/// of max(d, 16) multiply-adds each, in chunks of 256 rows.
RequestCost denseCost(const ViewRequest& r) {
    const Window& w = r.window;
    const std::int64_t length = r.params.length;
    const std::int64_t perEntry = std::max(cardDimension(r.params), 16);
    const std::int64_t shownRows
        = r.reduction == Reduction::Sample ? std::min<std::int64_t>(r.out_rows, w.rows()) : w.rows();
    RequestCost cost;
    cost.work = add(mul(shownRows, length, perEntry), mul(length, perEntry));
    cost.bytes = add(
        gridBytes(r), add(mul(length, perEntry, 2 * kDouble), mul(std::int64_t {256}, length, kDouble)));
    cost.counted = "multiply-adds (rows shown x L x max(d, 16)), plus the keys (L x max(d, 16))";
    cost.advice = "use reduction sample, fewer window rows or a shorter sequence";
    return cost;
}

std::string mebibytes(std::int64_t bytes) {
    char text[64];
    std::snprintf(text, sizeof text, "%.1f MiB", static_cast<double>(bytes) / (1024.0 * 1024.0));
    return text;
}

} // namespace

RequestCost estimateCost(const ViewRequest& request) {
    validate(request);
    if (request.params.card == Card::Multimodal) {
        return denseCost(request);
    }
    switch (request.quantity) {
    case Quantity::Table:
    case Quantity::Phase:
    case Quantity::UnseenAngles:
        return tableCost(request);
    case Quantity::Score:
    case Quantity::Buckets:
    case Quantity::Attention:
        return positionalCost(request);
    case Quantity::ContentScore:
    case Quantity::ContentAttention:
        return contentCost(request);
    }
    return {}; // not reached: validate() rejects unknown quantities
}

CostLimits defaultCostLimits() {
    CostLimits limits;
    const long pages = ::sysconf(_SC_PHYS_PAGES);
    const long pageSize = ::sysconf(_SC_PAGESIZE);
    if (pages > 0 && pageSize > 0) {
        limits.bytes = std::min(limits.bytes, mul(pages, pageSize) / 2);
    }
    return limits;
}

void checkCost(const RequestCost& cost, const CostLimits& limits) {
    if (cost.work > limits.work) {
        throw ComputeLimitExceeded("request too costly: " + cost.counted + " = " + std::to_string(cost.work)
            + " exceeds the budget of " + std::to_string(limits.work) + " (" + describeCost(cost) + "); "
            + cost.advice);
    }
    if (cost.bytes > limits.bytes) {
        throw ComputeLimitExceeded("request too large for memory: it needs about " + mebibytes(cost.bytes)
            + ", more than the limit of " + mebibytes(limits.bytes) + "; " + cost.advice);
    }
}

std::string describeCost(const RequestCost& cost) {
    char text[160];
    std::snprintf(text, sizeof text, "%.3g operations (~%.2g s on one core), %s peak memory",
        static_cast<double>(cost.work), static_cast<double>(cost.work) * 1e-9, mebibytes(cost.bytes).c_str());
    return text;
}

} // namespace pecards
