// Positional profiles on the device (profilespec.h), mirroring the CPU reference's split
// (core/src/positionalprofile.cpp) term by term.

#include "profilespec.h"

#include "kernelconfig.h"
#include "pecards/alibi.h"
#include "pecards/errors.h"
#include "pecards/probe.h"
#include "pecards/relative.h"
#include "pecards/rope.h"
#include "pecards/rope_scaling.h"
#include "pecards/scaling_lab.h"
#include "pecards/sinusoidal.h"
#include "pecards/viewrules.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <numbers>
#include <utility>

namespace pecards::gpu::detail {

namespace {

/// Step function of a non-decreasing f on [first, last] (starts[0] = 0 holds f(first)).
StepFunction stepsOf(const std::function<int(std::int64_t)>& f, std::int64_t first, std::int64_t last) {
    StepFunction steps;
    steps.starts.push_back(0);
    int current = f(first);
    steps.values.push_back(current);
    std::int64_t from = first;
    while (from < last && f(last) > current) {
        std::int64_t lo = from + 1; // smallest n in (from, last] with f(n) > current
        std::int64_t hi = last;
        while (lo < hi) {
            const std::int64_t mid = lo + (hi - lo) / 2;
            if (f(mid) > current) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        current = f(lo);
        steps.starts.push_back(lo);
        steps.values.push_back(current);
        from = lo;
    }
    return steps;
}

/// RoPE / hybrid: w_i = scale * qc_i conj(kc_i) over the rotary pairs, q and k with the rotated
/// dims times the attention factor; the constant is the pass-through dot product.
void ropeTerms(const CardParams& params, double scale, ProfileSpec& spec) {
    const RopeParams& rope = params.rope;
    const RopeScalingResult scaling = ropeScaling(rope, effectiveSeqLen(rope, params.length));
    const int r = rotaryDim(rope);
    Eigen::VectorXd q = probeVector(params.probe, ProbeStream::Query, rope.head_dim);
    Eigen::VectorXd k = probeVector(params.probe, ProbeStream::Key, rope.head_dim);
    q.head(r) *= scaling.attention_factor;
    k.head(r) *= scaling.attention_factor;
    spec.trig = true;
    spec.turns = frequencyTurns(scaling.inv_freq);
    for (int i = 0; i < r / 2; ++i) {
        const int a = rope.layout == RopeLayout::HalfSplit ? i : 2 * i;
        const int b = rope.layout == RopeLayout::HalfSplit ? i + r / 2 : 2 * i + 1;
        // (q_a + j q_b)(k_a - j k_b)
        spec.weights.push_back({{static_cast<float>(scale * (q[a] * k[a] + q[b] * k[b])),
            static_cast<float>(scale * (q[b] * k[a] - q[a] * k[b]))}});
    }
    spec.constant = scale * q.tail(rope.head_dim - r).dot(k.tail(rope.head_dim - r));
}

/// Transformer-XL: (b) (W_R^T q).R_delta and (d) (W_R^T v).R_delta with R_delta = [sin | cos]
/// (w_c = 10000^(-2c/d)), plus the constants (a) q.k and (c) u.k, all times scale.
void txlTerms(const CardParams& params, bool logits, double scale, ProfileSpec& spec) {
    const RelativeParams& rel = params.relative;
    const int d = rel.d_model;
    const Eigen::VectorXd q = probeVector(params.probe, ProbeStream::Query, d);
    const Eigen::VectorXd k = probeVector(params.probe, ProbeStream::Key, d);
    const Eigen::VectorXd u = contentVector(params.probe.seed, ProbeStream::U, 0, d);
    const Eigen::VectorXd v = contentVector(params.probe.seed, ProbeStream::V, 0, d);
    Eigen::MatrixXd w_r(d, d);
    for (int row = 0; row < d; ++row) {
        for (int col = 0; col < d; ++col) {
            w_r(row, col) = probeNormal(params.probe.seed, ProbeStream::WR, row, col) / std::sqrt(double(d));
        }
    }
    const TxlTerm term = logits ? TxlTerm::Total : rel.term;
    const auto uses = [term](TxlTerm t) { return term == TxlTerm::Total || term == t; };
    const Eigen::VectorXd p
        = w_r.transpose() * ((uses(TxlTerm::B) ? 1.0 : 0.0) * q + (uses(TxlTerm::D) ? 1.0 : 0.0) * v);
    SinusoidalParams table;
    table.d_model = d;
    spec.trig = true;
    spec.turns = frequencyTurns(sinusoidalFrequencies(table));
    for (int c = 0; c < d / 2; ++c) {
        // p_s sin + p_c cos = Re((p_c - j p_s) e^{j a})
        spec.weights.push_back(
            {{static_cast<float>(scale * p[c + d / 2]), static_cast<float>(-scale * p[c])}});
    }
    spec.constant = scale * ((uses(TxlTerm::A) ? q.dot(k) : 0.0) + (uses(TxlTerm::C) ? u.dot(k) : 0.0));
}

} // namespace

T5Steps makeT5Steps(const RelativeParams& rel, std::int64_t max_magnitude) {
    const auto bucket = [&rel](std::int64_t n) {
        return t5Bucket(n, rel.bidirectional, rel.num_buckets, rel.max_distance);
    };
    T5Steps steps;
    steps.nonpositive = stepsOf([&bucket](std::int64_t n) { return bucket(-n); }, 0, max_magnitude);
    steps.positive = stepsOf(bucket, 1, std::max<std::int64_t>(max_magnitude, 1));
    return steps;
}

std::vector<float> t5BucketValues(const CardParams& params) {
    const RelativeParams& rel = params.relative;
    std::vector<float> beta(static_cast<std::size_t>(rel.num_buckets));
    for (int b = 0; b < rel.num_buckets; ++b) {
        beta[static_cast<std::size_t>(b)] = static_cast<float>(rel.bucket_values.empty()
                ? probeNormal(params.probe.seed, ProbeStream::Bucket, 0, b)
                : rel.bucket_values[static_cast<std::size_t>(b)]);
    }
    return beta;
}

std::vector<cl_ulong> frequencyTurns(const Eigen::VectorXd& radians_per_position) {
    std::vector<cl_ulong> turns;
    for (const double theta : radians_per_position) {
        turns.push_back(pecards::frequencyTurns(theta));
    }
    return turns;
}

ProfileSpec makeProfileSpec(const CardParams& params, Quantity quantity) {
    if (quantity != Quantity::Score && quantity != Quantity::Attention && quantity != Quantity::Buckets) {
        throw InvalidParameter(
            "quantity", toString(quantity), "score, attention or buckets (positional-only views)");
    }
    const bool logits = quantity == Quantity::Attention;
    const int d = cardDimension(params);
    const double inv_sqrt_d = 1.0 / std::sqrt(static_cast<double>(d));
    ProfileSpec spec;
    // Buckets are an index map, never masked (as the CPU reference).
    spec.visibility = quantity == Quantity::Buckets ? Visibility {} : visibility(params);
    spec.seed = params.probe.seed;
    switch (params.card) {
    case Card::Sinusoidal: {
        SinusoidalParams sinusoidal = params.sinusoidal;
        sinusoidal.padding_idx = -1;
        spec.trig = true;
        spec.turns = frequencyTurns(sinusoidalFrequencies(sinusoidal));
        const float weight = static_cast<float>(logits ? inv_sqrt_d : 1.0);
        spec.weights.assign(spec.turns.size(), cl_float2 {{weight, 0.0f}});
        break;
    }
    case Card::Rope:
        ropeTerms(params, logits ? inv_sqrt_d : 1.0, spec);
        break;
    case Card::Hybrid:
        ropeTerms(params, inv_sqrt_d, spec);
        [[fallthrough]];
    case Card::Alibi: {
        const AlibiForm form = params.alibi.form;
        spec.alibi = true;
        spec.alibi_slope = alibiSlopes(params.alibi)[params.alibi.head];
        spec.alibi_symmetric = form == AlibiForm::Symmetric;
        if (!logits && (form == AlibiForm::RowOffsetBloom || form == AlibiForm::RowOffsetFoundry)) {
            spec.row_slope = spec.alibi_slope;
            spec.row_offset = alibiBias(form, spec.alibi_slope, 0, 0, params.length);
            // -m (i - j) + m i + offset = -m (delta - i + shift): m j (BLOOM), -m (L - 1 - j) (llm-foundry)
            spec.alibi_row_shift = form == AlibiForm::RowOffsetFoundry ? params.length - 1 : 0;
        }
        break;
    }
    case Card::Multimodal:
        throw InvalidParameter("card", toString(params.card),
            "a card with a positional profile (the multimodal card's views are dense: pitfallspec.h)");
    case Card::Relative: {
        const RelativeParams& rel = params.relative;
        if (rel.variant == RelativeVariant::T5) {
            spec.t5 = makeT5Steps(rel, params.length);
            spec.lookup = quantity == Quantity::Buckets ? ProfileSpec::Lookup::T5Bucket
                                                        : ProfileSpec::Lookup::T5Value;
            if (quantity != Quantity::Buckets) {
                spec.beta = t5BucketValues(params);
            }
        } else if (rel.variant == RelativeVariant::Shaw) {
            spec.shaw_k = rel.clip_k;
            if (quantity == Quantity::Buckets) {
                spec.lookup = ProfileSpec::Lookup::ShawIndex;
            } else {
                spec.lookup = ProfileSpec::Lookup::ShawValue;
                const Eigen::VectorXd q = probeVector(params.probe, ProbeStream::Query, d);
                const Eigen::VectorXd k = probeVector(params.probe, ProbeStream::Key, d);
                spec.shaw_q.assign(q.data(), q.data() + q.size());
                spec.shaw_scale = logits ? inv_sqrt_d : 1.0;
                spec.shaw_constant = logits ? q.dot(k) * inv_sqrt_d : 0.0;
            }
        } else {
            txlTerms(params, logits, logits ? inv_sqrt_d : 1.0, spec);
        }
        break;
    }
    }
    return spec;
}

namespace {

/// Where the entries of a profile buffer take their deltas: delta0 + t over a range, or x_r - y_c on
/// a sampled grid (x, y non-empty); [low, high] bounds every delta.
struct DeltaSource {
    cl_long delta0 = 0;
    cl::Buffer x, y;
    cl_int grid_cols = 0;
    std::int64_t low = 0;
    std::int64_t high = 0;
};

/// Adds (or, when nothing is in `out` yet, writes) the ALiBi bias and the T5 or Shaw lookup of each
/// of the `count` entries.
void addBiasAndLookups(ClContext& cl, const ProfileSpec& spec, cl::Buffer& out, std::int64_t count,
    const DeltaSource& at, cl_int accumulate) {
    const cl::NDRange global(static_cast<std::size_t>(count));
    const cl_int n = static_cast<cl_int>(count);
    if (spec.alibi) {
        const bool fold = at.grid_cols > 0 && spec.row_slope != 0.0;
        cl.run("alibi_profile", global, cl::NullRange, out, at.delta0, at.x, at.y, at.grid_cols, n,
            static_cast<cl_float>(spec.alibi_slope), static_cast<cl_int>(spec.alibi_symmetric ? 1 : 0),
            static_cast<cl_int>(fold ? 1 : 0), static_cast<cl_long>(spec.alibi_row_shift), accumulate);
    }
    switch (spec.lookup) {
    case ProfileSpec::Lookup::None:
        break;
    case ProfileSpec::Lookup::T5Value:
    case ProfileSpec::Lookup::T5Bucket: {
        const cl::Buffer nonpos_starts = cl.upload(spec.t5.nonpositive.starts, "T5 steps");
        const cl::Buffer nonpos_values = cl.upload(spec.t5.nonpositive.values, "T5 steps");
        const cl::Buffer pos_starts = cl.upload(spec.t5.positive.starts, "T5 steps");
        const cl::Buffer pos_values = cl.upload(spec.t5.positive.values, "T5 steps");
        const bool buckets = spec.lookup == ProfileSpec::Lookup::T5Bucket;
        const cl::Buffer beta = buckets ? cl::Buffer() : cl.upload(spec.beta, "T5 bucket values");
        cl.run("t5_profile", global, cl::NullRange, out, at.delta0, at.x, at.y, at.grid_cols, n,
            nonpos_starts, nonpos_values, static_cast<cl_int>(spec.t5.nonpositive.starts.size()), pos_starts,
            pos_values, static_cast<cl_int>(spec.t5.positive.starts.size()), beta,
            static_cast<cl_int>(buckets ? 1 : 0));
        break;
    }
    case ProfileSpec::Lookup::ShawValue:
    case ProfileSpec::Lookup::ShawIndex: {
        const cl_long k = spec.shaw_k;
        // idx = clip(-delta, -k, k) + k decreases with delta.
        const cl_long idx_first = std::clamp<std::int64_t>(-at.high, -k, k) + k;
        const cl_long idx_last = std::clamp<std::int64_t>(-at.low, -k, k) + k;
        cl::Buffer dots;
        const bool index = spec.lookup == ProfileSpec::Lookup::ShawIndex;
        if (!index) {
            const cl_int idx_count = static_cast<cl_int>(idx_last - idx_first + 1);
            dots = cl.buffer(static_cast<std::size_t>(idx_count) * sizeof(float), "Shaw q.a_idx");
            const cl::Buffer q = cl.upload(spec.shaw_q, "Shaw probe q");
            cl.run("shaw_dots", cl::NDRange(static_cast<std::size_t>(idx_count)), cl::NullRange, dots,
                idx_first, idx_count, q, static_cast<cl_int>(spec.shaw_q.size()),
                static_cast<cl_ulong>(spec.seed), static_cast<cl_float>(spec.shaw_scale),
                static_cast<cl_float>(spec.shaw_constant));
        }
        cl.run("shaw_profile", global, cl::NullRange, out, at.delta0, at.x, at.y, at.grid_cols, n, k, dots,
            idx_first, static_cast<cl_int>(index ? 1 : 0));
        break;
    }
    }
}

} // namespace

cl::Buffer evaluateProfile(ClContext& cl, const ProfileSpec& spec, std::int64_t delta0, std::int64_t count) {
    cl::Buffer out = cl.buffer(static_cast<std::size_t>(count) * sizeof(float), "profile f(delta)");
    const cl_long first = delta0;
    const cl_int n = static_cast<cl_int>(count);
    cl_int accumulate = 0;
    if (spec.trig) {
        // Blockwise evaluation (kernels/profile.cl): exact angles once per chunk of kSpan deltas.
        constexpr auto kSpan = static_cast<std::size_t>(kKernelConfig.span);
        constexpr auto kSpanRows = static_cast<std::size_t>(kKernelConfig.span_rows);
        const auto pairs = static_cast<cl_int>(spec.weights.size());
        const std::size_t chunks = (static_cast<std::size_t>(count) + kSpan - 1) / kSpan;
        const std::size_t rows = roundUp(chunks, kSpanRows);
        const cl::Buffer turns = cl.upload(spec.turns, "frequency turns");
        const cl::Buffer weights = cl.upload(spec.weights, "profile weights");
        const std::size_t pair_count = static_cast<std::size_t>(pairs);
        cl::Buffer er = cl.buffer(kSpan * pair_count * sizeof(float), "offset phases");
        cl::Buffer ei = cl.buffer(kSpan * pair_count * sizeof(float), "offset phases");
        cl::Buffer wr = cl.buffer(rows * pair_count * sizeof(float), "chunk weights"); // padded rows unused
        cl::Buffer wi = cl.buffer(rows * pair_count * sizeof(float), "chunk weights");
        cl.run("trig_offsets", cl::NDRange(kSpan, pair_count), cl::NullRange, er, ei, turns, pairs);
        cl.run("trig_chunk_weights", cl::NDRange(pair_count, chunks), cl::NullRange, wr, wi,
            static_cast<cl_int>(chunks), first, turns, weights, pairs);
        cl.run("trig_profile", cl::NDRange(kSpan / 16, rows / kSpanRows), cl::NullRange, out, n,
            static_cast<cl_int>(chunks), wr, wi, er, ei, pairs, static_cast<cl_float>(spec.constant),
            accumulate);
        accumulate = 1;
    }
    DeltaSource at;
    at.delta0 = first;
    at.low = delta0;
    at.high = delta0 + count - 1;
    addBiasAndLookups(cl, spec, out, count, at, accumulate);
    return out;
}

GridPositions uploadGridPositions(ClContext& cl, std::vector<cl_long> x, std::vector<cl_long> y) {
    GridPositions positions {std::move(x), std::move(y), {}, {}};
    positions.x_buffer = cl.upload(positions.x, "sampled rows");
    positions.y_buffer = cl.upload(positions.y, "sampled columns");
    return positions;
}

cl::Buffer evaluateProfileGrid(ClContext& cl, const ProfileSpec& spec, const GridPositions& positions) {
    const std::vector<cl_long>& x = positions.x;
    const std::vector<cl_long>& y = positions.y;
    const auto rows = static_cast<cl_int>(x.size());
    const auto cols = static_cast<cl_int>(y.size());
    const std::int64_t count = static_cast<std::int64_t>(rows) * cols;
    cl::Buffer out
        = cl.buffer(static_cast<std::size_t>(count) * sizeof(float), "profile on the sampled grid");
    DeltaSource at;
    at.x = positions.x_buffer;
    at.y = positions.y_buffer;
    at.grid_cols = cols;
    at.low = *std::ranges::min_element(x) - *std::ranges::max_element(y);
    at.high = *std::ranges::max_element(x) - *std::ranges::min_element(y);
    cl_int accumulate = 0;
    if (spec.trig) {
        const auto pairs = static_cast<cl_int>(spec.weights.size());
        const std::size_t pair_count = static_cast<std::size_t>(pairs);
        const cl::Buffer turns = cl.upload(spec.turns, "frequency turns");
        const cl::Buffer weights = cl.upload(spec.weights, "profile weights");
        // trig_grid's blocks: kGridRows rows (PECARDS_GRID_ROWS) x 16 columns per work-item.
        constexpr cl_int kGridRows = kKernelConfig.grid_rows;
        const cl_int lda = (rows + kGridRows - 1) / kGridRows * kGridRows;
        const cl_int ldb = (cols + 15) / 16 * 16;
        const auto phasors = [&](cl_int ld, const char* what) {
            return cl.buffer(static_cast<std::size_t>(ld) * pair_count * sizeof(float), what);
        };
        cl::Buffer ar = phasors(lda, "row phasors");
        cl::Buffer ai = phasors(lda, "row phasors");
        cl::Buffer br = phasors(ldb, "column phasors");
        cl::Buffer bi = phasors(ldb, "column phasors");
        cl.run("trig_phasors", cl::NDRange(x.size(), pair_count), cl::NullRange, ar, ai, at.x, rows, lda,
            turns, weights, cl_int {1}, cl_int {0}, pairs);
        cl.run("trig_phasors", cl::NDRange(y.size(), pair_count), cl::NullRange, br, bi, at.y, cols, ldb,
            turns, weights, cl_int {0}, cl_int {1}, pairs);
        cl.run("trig_grid",
            cl::NDRange(static_cast<std::size_t>(ldb / 16), static_cast<std::size_t>(lda / kGridRows)),
            cl::NullRange, out, rows, cols, ar, ai, lda, br, bi, ldb, pairs,
            static_cast<cl_float>(spec.constant));
        accumulate = 1;
    }
    addBiasAndLookups(cl, spec, out, count, at, accumulate);
    return out;
}

} // namespace pecards::gpu::detail
