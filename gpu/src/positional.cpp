// Positional-only views on the device (positional.h).

#include "positional.h"

#include "kernelconfig.h"
#include "pecards/errors.h"
#include "pecards/normaliserestimate.h"
#include "pecards/rownormalisers.h"
#include "profilespec.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

namespace pecards::gpu::detail {

namespace {

constexpr std::int64_t kChunk = kKernelConfig.chunk;

/// Range-query structures of a profile (kernels/pool.cl).
struct RangeStructures {
    cl_int chunks = 0;
    cl::Buffer max_prefix, max_suffix, max_table;
    cl::Buffer min_prefix, min_suffix, min_table;
    cl::Buffer chunk_sum, chunk_moment;
};

/// Builds the structures of one sign: sign = 1 for maxima (and, with sums, the chunk sums), -1 for minima.
/// With `sparse`, every sparse-table level (O(1) queries); else chunk maxima only (level 0).
void buildSide(ClContext& cl, const cl::Buffer& f, std::int64_t count, float sign, bool sums, bool sparse,
    RangeStructures& rs, cl::Buffer& prefix, cl::Buffer& suffix, cl::Buffer& table) {
    const int levels = sparse ? std::bit_width(static_cast<unsigned>(rs.chunks)) : 1;
    prefix = cl.buffer(static_cast<std::size_t>(count) * sizeof(float), "range prefix maxima");
    suffix = cl.buffer(static_cast<std::size_t>(count) * sizeof(float), "range suffix maxima");
    table = cl.buffer(static_cast<std::size_t>(levels) * static_cast<std::size_t>(rs.chunks) * sizeof(float),
        "range sparse table");
    if (sums) {
        rs.chunk_sum = cl.buffer(static_cast<std::size_t>(rs.chunks) * sizeof(float), "chunk sums");
        rs.chunk_moment = cl.buffer(static_cast<std::size_t>(rs.chunks) * sizeof(float), "chunk moments");
    }
    cl.run("chunk_scan", cl::NDRange(static_cast<std::size_t>(rs.chunks)), cl::NullRange, f,
        static_cast<cl_long>(count), static_cast<cl_float>(sign), prefix, suffix, table,
        sums ? rs.chunk_sum : cl::Buffer(), sums ? rs.chunk_moment : cl::Buffer());
    for (int level = 1; level < levels; ++level) {
        cl.run("sparse_level", cl::NDRange(static_cast<std::size_t>(rs.chunks)), cl::NullRange, table,
            rs.chunks, static_cast<cl_int>(level));
    }
}

RangeStructures buildRangeStructures(ClContext& cl, const cl::Buffer& f, std::int64_t count, bool maxima,
    bool minima, bool sums, bool sparse) {
    RangeStructures rs;
    rs.chunks = static_cast<cl_int>((count + kChunk - 1) / kChunk);
    if (maxima || sums) {
        buildSide(cl, f, count, 1.0f, sums, sparse, rs, rs.max_prefix, rs.max_suffix, rs.max_table);
    }
    if (minima) {
        buildSide(cl, f, count, -1.0f, false, sparse, rs, rs.min_prefix, rs.min_suffix, rs.min_table);
    }
    return rs;
}

/// Prefix sums (double, exact enough) of v as float pairs hi + lo: count + 1 entries.
std::vector<cl_float2> prefixPairs(const std::vector<double>& v) {
    std::vector<cl_float2> out(v.size() + 1);
    double sum = 0.0;
    out[0] = {{0.0f, 0.0f}};
    for (std::size_t n = 0; n < v.size(); ++n) {
        sum += v[n];
        const float hi = static_cast<float>(sum);
        out[n + 1] = {{hi, static_cast<float>(sum - static_cast<double>(hi))}};
    }
    return out;
}

/// log sum over delta in [lo, hi] of exp(f(delta)) from prefix sums of exp(f - shift), falling
/// back to a direct max-shifted sum when the prefix difference has lost its digits.
double logSumExp(const std::vector<float>& f, const std::vector<double>& prefix, double shift,
    std::int64_t lo, std::int64_t hi) {
    const double total = prefix[static_cast<std::size_t>(hi + 1)] - prefix[static_cast<std::size_t>(lo)];
    if (total > 1e-200 && total > 1e-9 * prefix[static_cast<std::size_t>(hi + 1)]) {
        return shift + std::log(total);
    }
    double high = -std::numeric_limits<double>::infinity();
    for (std::int64_t t = lo; t <= hi; ++t) {
        high = std::max(high, static_cast<double>(f[static_cast<std::size_t>(t)]));
    }
    double sum = 0.0;
    for (std::int64_t t = lo; t <= hi; ++t) {
        sum += std::exp(static_cast<double>(f[static_cast<std::size_t>(t)]) - high);
    }
    return high + std::log(sum);
}

/// A sampled Score or Buckets view: the profile and row term at each pixel's first entry
/// (evaluateProfileGrid), masked; work and memory follow the pixels, not the window's length.
Grid sampleGrid(ClContext& cl, const ProfileSpec& spec, const std::vector<cl_long>& row_starts,
    const std::vector<cl_long>& col_starts, Grid grid) {
    const GridPositions at = uploadGridPositions(
        cl, {row_starts.begin(), row_starts.end() - 1}, {col_starts.begin(), col_starts.end() - 1});
    cl::Buffer out = evaluateProfileGrid(cl, spec, at);
    const MaskArgs mask = maskArgs(spec.visibility);
    cl.run("sample_mask", cl::NDRange(at.y.size(), at.x.size()), cl::NullRange, out,
        static_cast<cl_int>(at.x.size()), static_cast<cl_int>(at.y.size()), at.x_buffer, at.y_buffer,
        mask.sink_end, mask.causal_low, mask.band_low, mask.band_high,
        -std::numeric_limits<cl_float>::infinity());
    readGrid(cl, out, grid);
    return grid;
}

/// The sampled grid's logits (masked -inf, sampleGrid) as attention: exp(logit - lse[r]), masked 0.
Grid softmaxRows(Grid logits, const std::vector<double>& lse) {
    for (int r = 0; r < logits.rows; ++r) {
        for (int c = 0; c < logits.cols; ++c) {
            double& value = logits.values[static_cast<std::size_t>(r) * logits.cols + c];
            value = value == -std::numeric_limits<double>::infinity() ? 0.0 : std::exp(value - lse[r]);
        }
    }
    return logits;
}

/// A sampled Attention view with estimated normalisers (normaliserestimate.h): the logits of the
/// sampled grid, and f at the deltas the rows' normaliser samples name (a 1 x deltas grid of
/// evaluateProfileGrid at x = 0, y = -delta); the softmax is applied on the host. No term in L.
Grid sampleAttentionEstimated(ClContext& cl, const ProfileSpec& spec, std::int64_t length,
    const std::vector<cl_long>& row_starts, const std::vector<cl_long>& col_starts, Grid grid) {
    const ToeplitzNormalisers normalisers(
        spec.visibility, length, std::vector<std::int64_t>(row_starts.begin(), row_starts.end() - 1));
    std::vector<cl_long> negated;
    for (const std::int64_t delta : normalisers.deltas()) {
        negated.push_back(-delta);
    }
    const GridPositions at = uploadGridPositions(cl, {0}, std::move(negated));
    const std::vector<float> values = cl.download<float>(
        evaluateProfileGrid(cl, spec, at), at.y.size(), "reading the normaliser samples");
    const std::vector<double> f(values.begin(), values.end());
    std::vector<double> lse(static_cast<std::size_t>(grid.rows));
    for (std::size_t r = 0; r < lse.size(); ++r) {
        lse[r] = normalisers.logNormaliser(r, f);
    }
    return softmaxRows(sampleGrid(cl, spec, row_starts, col_starts, std::move(grid)), lse);
}

/// Deltas of the profile evaluated and read back at once by sampleAttentionStreamed (1 MiB).
constexpr std::int64_t kStreamBlock = std::int64_t {1} << 18;

/// A sampled Attention view with exact normalisers, streamed (rownormalisers.h): the profile over the
/// sampled rows' visible deltas in blocks of kStreamBlock, each folded into the rows' log-sum-exps on
/// the host and reported to `progress`. Memory O(pixels + rows + block), not O(L).
Grid sampleAttentionStreamed(ClContext& cl, const ProfileSpec& spec, std::int64_t length,
    const std::vector<cl_long>& row_starts, const std::vector<cl_long>& col_starts, Grid grid,
    ProgressSink* progress) {
    StreamedRowNormalisers normalisers(
        spec.visibility, length, std::vector<std::int64_t>(row_starts.begin(), row_starts.end() - 1));
    ProgressTracker tracker(progress, static_cast<double>(normalisers.deltaCount()));
    for (const auto& [lo, hi] : normalisers.segments()) {
        for (std::int64_t first = lo; first <= hi; first += kStreamBlock) {
            const std::int64_t count = std::min(kStreamBlock, hi - first + 1);
            const std::vector<float> block = cl.download<float>(evaluateProfile(cl, spec, first, count),
                static_cast<std::size_t>(count), "reading the profile");
            const std::vector<double> values(block.begin(), block.end());
            normalisers.add(first, values);
            tracker.advance(static_cast<double>(count));
        }
    }
    std::vector<double> lse(static_cast<std::size_t>(grid.rows));
    for (std::size_t r = 0; r < lse.size(); ++r) {
        lse[r] = normalisers.logNormaliser(r);
    }
    return softmaxRows(sampleGrid(cl, spec, row_starts, col_starts, std::move(grid)), lse);
}

} // namespace

std::vector<cl_long> blockStarts(std::int64_t begin, std::int64_t extent, int out) {
    const int pixels = static_cast<int>(std::min<std::int64_t>(out, extent));
    std::vector<cl_long> starts(static_cast<std::size_t>(pixels) + 1);
    for (int p = 0; p <= pixels; ++p) {
        starts[static_cast<std::size_t>(p)] = blockStart(begin, extent, pixels, p);
    }
    return starts;
}

Grid makeGrid(const ViewRequest& request) {
    Grid grid;
    grid.window = request.window;
    grid.rows = static_cast<int>(std::min<std::int64_t>(request.out_rows, request.window.rows()));
    grid.cols = static_cast<int>(std::min<std::int64_t>(request.out_cols, request.window.cols()));
    grid.values.assign(static_cast<std::size_t>(grid.rows) * static_cast<std::size_t>(grid.cols), 0.0);
    return grid;
}

void readGrid(ClContext& cl, const cl::Buffer& values, Grid& grid) {
    const std::vector<float> data = cl.download<float>(values, grid.values.size(), "reading the grid");
    std::transform(
        data.begin(), data.end(), grid.values.begin(), [](float v) { return static_cast<double>(v); });
}

Grid computePositional(ClContext& cl, const ViewRequest& request, ProgressSink* progress) {
    const Window& w = request.window;
    const bool attention = request.quantity == Quantity::Attention;
    const ProfileSpec spec = makeProfileSpec(request.params, request.quantity);
    Grid grid = makeGrid(request);
    const bool pooled = request.reduction != Reduction::Sample;
    if (progress == nullptr && attention && pooled && w.rows() * grid.cols > kAttentionQueryBudget) {
        throw ComputeLimitExceeded("request too costly for the OpenCL backend: window rows x out_cols = "
            + std::to_string(w.rows() * grid.cols) + " exceeds the budget of "
            + std::to_string(kAttentionQueryBudget)
            + " range queries; use reduction sample or fewer window rows");
    }
    const std::vector<cl_long> row_block_starts = blockStarts(w.row_begin, w.rows(), request.out_rows);
    const std::vector<cl_long> col_block_starts = blockStarts(w.col_begin, w.cols(), request.out_cols);
    if (!attention && !pooled) {
        return sampleGrid(cl, spec, row_block_starts, col_block_starts, std::move(grid));
    }
    if (!pooled && request.normaliser == Normaliser::Estimated) {
        return sampleAttentionEstimated(
            cl, spec, request.params.length, row_block_starts, col_block_starts, std::move(grid));
    }
    if (!pooled) {
        return sampleAttentionStreamed(
            cl, spec, request.params.length, row_block_starts, col_block_starts, std::move(grid), progress);
    }
    // Deltas the view reads: the window's, and for attention every key of every window row.
    const std::int64_t delta0
        = attention ? w.row_begin - (request.params.length - 1) : w.row_begin - (w.col_end - 1);
    const std::int64_t delta_last = attention ? w.row_end - 1 : w.row_end - 1 - w.col_begin;
    const std::int64_t count = delta_last - delta0 + 1;
    const cl::Buffer f = evaluateProfile(cl, spec, delta0, count);
    const cl::Buffer row_starts = cl.upload(row_block_starts, "row blocks");
    const cl::Buffer col_starts = cl.upload(col_block_starts, "col blocks");
    const bool want_max = request.reduction == Reduction::Max;
    const bool want_min = request.reduction == Reduction::Min;
    const bool row_term = spec.row_slope != 0.0 || spec.row_offset != 0.0;
    const auto reduction = static_cast<cl_int>(reductionCode(request.reduction));
    // The mask (pecards::Visibility) as the kernels take it: keys j < sink_end are visible on
    // deltas >= causal_low, the others on deltas [band_low, band_high].
    const Visibility& v = spec.visibility;
    // Plain variables, not a structured binding: the lambdas below capture them (clang 14 cannot
    // capture structured bindings).
    const MaskArgs mask = maskArgs(v);
    const cl_long sink_end = mask.sink_end;
    const cl_long causal_low = mask.causal_low;
    const cl_long band_low = mask.band_low;
    const cl_long band_high = mask.band_high;
    if (!attention && !row_term) {
        const cl::NDRange pixels(static_cast<std::size_t>(grid.cols), static_cast<std::size_t>(grid.rows));
        cl::Buffer out = cl.buffer(grid.values.size() * sizeof(float), "grid");
        const RangeStructures rs = buildRangeStructures(
            cl, f, count, want_max, want_min, request.reduction == Reduction::Mean, false);
        const auto pool = [&](cl::Buffer& target, int rows, int cols, const cl::Buffer& rstarts,
                              const cl::Buffer& cstarts) {
            cl.run("pool_toeplitz",
                cl::NDRange(static_cast<std::size_t>(cols), static_cast<std::size_t>(rows)), cl::NullRange,
                target, static_cast<cl_int>(rows), static_cast<cl_int>(cols), rstarts, cstarts, reduction,
                sink_end, causal_low, band_low, band_high, -std::numeric_limits<cl_float>::infinity(), f,
                static_cast<cl_long>(delta0), rs.chunks, rs.max_prefix, rs.max_suffix, rs.max_table,
                rs.min_prefix, rs.min_suffix, rs.min_table, rs.chunk_sum, rs.chunk_moment);
        };
        const std::int64_t block = w.rows() / grid.rows;
        // (not when sink columns are in the window: their mask depends on j, not on i - j alone)
        const bool square_blocks = w.col_begin >= sink_end && w.rows() % grid.rows == 0
            && w.cols() % grid.cols == 0 && w.cols() / grid.cols == block && grid.rows > 1 && grid.cols > 1;
        if (square_blocks) {
            // Pixel (r, c) depends on r - c only: pool the first column and the first row, then expand.
            cl::Buffer from_rows
                = cl.buffer(static_cast<std::size_t>(grid.rows) * sizeof(float), "diagonals");
            cl::Buffer from_cols
                = cl.buffer(static_cast<std::size_t>(grid.cols) * sizeof(float), "diagonals");
            pool(from_rows, grid.rows, 1, row_starts, col_starts);
            pool(from_cols, 1, grid.cols, row_starts, col_starts);
            cl.run("expand_diagonals", pixels, cl::NullRange, out, static_cast<cl_int>(grid.rows),
                static_cast<cl_int>(grid.cols), from_rows, from_cols);
        } else {
            pool(out, grid.rows, grid.cols, row_starts, col_starts);
        }
        readGrid(cl, out, grid);
        return grid;
    }

    // Row term per window row: the ALiBi row offset (scores) or -log Z_i (attention).
    std::vector<float> terms(static_cast<std::size_t>(w.rows()));
    double shift = 0.0;
    cl::Buffer prefix;
    if (attention) {
        const std::vector<float> host
            = cl.download<float>(f, static_cast<std::size_t>(count), "reading the profile");
        // Unmasked deltas only: with causal masking, deltas < 0 never enter a row's softmax.
        const std::int64_t first_used = v.causal ? std::max<std::int64_t>(0 - delta0, 0) : 0;
        shift = -std::numeric_limits<double>::infinity();
        for (std::int64_t t = first_used; t < count; ++t) {
            shift = std::max(shift, static_cast<double>(host[static_cast<std::size_t>(t)]));
        }
        std::vector<double> e(static_cast<std::size_t>(count), 0.0);
        std::vector<double> cumulative(static_cast<std::size_t>(count) + 1, 0.0);
        for (std::int64_t t = 0; t < count; ++t) {
            const auto n = static_cast<std::size_t>(t);
            e[n] = t >= first_used ? std::exp(static_cast<double>(host[n]) - shift) : 0.0;
            cumulative[n + 1] = cumulative[n] + e[n];
        }
        const std::int64_t length = request.params.length;
        for (std::int64_t i = w.row_begin; i < w.row_end; ++i) {
            // Row i's visible keys: the sink columns [0, sink_end) and the others, one delta range each.
            double lse = -std::numeric_limits<double>::infinity();
            const auto add = [&](std::int64_t j0, std::int64_t j1, std::int64_t low, std::int64_t high) {
                const std::int64_t lo = std::max(i - j1, low);
                const std::int64_t hi = std::min(i - j0, high);
                if (j0 <= j1 && lo <= hi) {
                    const double part = logSumExp(host, cumulative, shift, lo - delta0, hi - delta0);
                    const double top = std::max(lse, part);
                    lse = top + std::log(std::exp(lse - top) + std::exp(part - top));
                }
            };
            add(0, std::min<std::int64_t>(sink_end, length) - 1, causal_low, kNoDeltaLimit);
            add(std::min<std::int64_t>(sink_end, length), length - 1, band_low, band_high);
            terms[static_cast<std::size_t>(i - w.row_begin)] = static_cast<float>(-lse);
        }
        if (request.reduction == Reduction::Mean) {
            prefix = cl.upload(prefixPairs(e), "attention prefix sums");
        }
    } else {
        for (std::int64_t i = w.row_begin; i < w.row_end; ++i) {
            terms[static_cast<std::size_t>(i - w.row_begin)]
                = static_cast<float>(spec.row_slope * static_cast<double>(i) + spec.row_offset);
        }
        if (request.reduction == Reduction::Mean) {
            const std::vector<float> host
                = cl.download<float>(f, static_cast<std::size_t>(count), "reading the profile");
            prefix = cl.upload(
                prefixPairs(std::vector<double>(host.begin(), host.end())), "profile prefix sums");
        }
    }
    const cl::Buffer row_terms = cl.upload(terms, "row terms");
    const RangeStructures rs = buildRangeStructures(cl, f, count, want_max, want_min, false, true);
    poolInBands(cl, "pool_rows", row_block_starts, col_starts, grid.cols, progress, grid, reduction, sink_end,
        causal_low, band_low, band_high, attention ? 0.0f : -std::numeric_limits<cl_float>::infinity(),
        static_cast<cl_int>(attention ? 1 : 0), row_terms, static_cast<cl_long>(w.row_begin),
        static_cast<cl_float>(shift), prefix, f, static_cast<cl_long>(delta0), rs.chunks, rs.max_prefix,
        rs.max_suffix, rs.max_table, rs.min_prefix, rs.min_suffix, rs.min_table);
    return grid;
}

} // namespace pecards::gpu::detail
