// Content views on the device (content.h), term by term as the CPU reference's ContentModel.

#include "content.h"

#include "pecards/alibi.h"
#include "pecards/errors.h"
#include "pecards/normaliserestimate.h"
#include "pecards/probe.h"
#include "pecards/rope.h"
#include "pecards/rope_scaling.h"
#include "pecards/sinusoidal.h"
#include "pecards/viewrules.h"
#include "positional.h"
#include "profilespec.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace pecards::gpu::detail {

namespace {

constexpr std::size_t kTile = 64; // row padding of encoded vectors (a multiple of kRows and kCols)
constexpr std::size_t kTileK = 16; // padding of the vector size
constexpr std::size_t kRows = kKernelConfig.rows;
constexpr std::size_t kCols = kKernelConfig.cols;
constexpr std::int64_t kEntryTile = std::int64_t {1} << 22; // logits held at once (16 MiB)
constexpr std::int64_t kShawTableLimit = std::int64_t {1} << 26; // floats of the Shaw a_idx table

std::vector<cl_long> positionRange(std::int64_t first, std::int64_t count) {
    std::vector<cl_long> positions(static_cast<std::size_t>(count));
    for (std::int64_t n = 0; n < count; ++n) {
        positions[static_cast<std::size_t>(n)] = first + n;
    }
    return positions;
}

/// The keys of a softmax normaliser over rows up to `last_row`: all L, or j <= last_row when causal
/// (the logits mask the keys a row does not see, pecards::visibility).
std::int64_t normaliserKeys(const ContentCard& card, std::int64_t last_row, std::int64_t length) {
    return card.visibility().causal ? last_row + 1 : length;
}

/// log Z of each query row over its visible keys in [0, L), streamed in key tiles;
/// each tile is finished before the next is enqueued and advances `progress` by its entries.
cl::Buffer rowLogNormalisers(ClContext& cl, ContentCard& card, const cl::Buffer& q, const cl::Buffer& row_pos,
    const std::vector<cl_long>& rows, std::int64_t length, ProgressTracker& progress) {
    const std::int64_t keys = normaliserKeys(card, *std::max_element(rows.begin(), rows.end()), length);
    const auto nr = static_cast<std::int64_t>(rows.size());
    const std::int64_t chunk = static_cast<std::int64_t>(
        roundUp(static_cast<std::size_t>(std::max<std::int64_t>(256, kEntryTile / nr)), kTile));
    cl::Buffer run_max
        = cl.upload(std::vector<float>(rows.size(), -std::numeric_limits<float>::infinity()), "row max");
    cl::Buffer run_sum = cl.zeros(rows.size() * sizeof(float), "row sums");
    cl::Buffer tile
        = cl.buffer(static_cast<std::size_t>(nr * std::min(chunk, keys)) * sizeof(float), "logit tile");
    for (std::int64_t first = 0; first < keys; first += chunk) {
        const std::vector<cl_long> cols = positionRange(first, std::min(chunk, keys - first));
        const cl::Buffer col_pos = cl.upload(cols, "key positions");
        const cl::Buffer k = card.encode(cols, ProbeStream::Key, true);
        const auto nc = static_cast<cl_int>(cols.size());
        card.logits(tile, nc, q, k, row_pos, rows, col_pos, cols);
        cl.run("row_lse_update", cl::NDRange(rows.size()), cl::NullRange, tile, nc, static_cast<cl_int>(nr),
            nc, run_max, run_sum);
        cl.finish();
        progress.advance(static_cast<double>(nr) * static_cast<double>(nc));
    }
    const std::vector<float> m = cl.download<float>(run_max, rows.size(), "row max");
    const std::vector<float> s = cl.download<float>(run_sum, rows.size(), "row sums");
    std::vector<float> logz(rows.size());
    for (std::size_t r = 0; r < rows.size(); ++r) {
        logz[r] = static_cast<float>(static_cast<double>(m[r]) + std::log(static_cast<double>(s[r])));
    }
    return cl.upload(logz, "row log normalisers");
}

/// Query rows whose normaliser samples share one logits launch (estimatedRowLogNormalisers).
constexpr std::size_t kEstimateGroup = 16;

/// log Z of each query row estimated from its stratified keys (normaliserestimate.h): the rows in
/// groups of kEstimateGroup, each group's logits over the union of its rows' sample keys, each row
/// reading its own. About rows x kEstimateGroup x maxNormaliserSamples(L) x D multiply-adds.
cl::Buffer estimatedRowLogNormalisers(
    ClContext& cl, ContentCard& card, const std::vector<cl_long>& rows, std::int64_t length) {
    std::vector<float> logz(rows.size());
    for (std::size_t g0 = 0; g0 < rows.size(); g0 += kEstimateGroup) {
        const std::vector<cl_long> group(rows.begin() + static_cast<std::ptrdiff_t>(g0),
            rows.begin() + static_cast<std::ptrdiff_t>(std::min(rows.size(), g0 + kEstimateGroup)));
        std::vector<std::vector<NormaliserSample>> samples;
        std::vector<cl_long> keys;
        for (const cl_long row : group) {
            samples.push_back(normaliserSamples(card.visibility(), length, row));
            for (const NormaliserSample& sample : samples.back()) {
                keys.push_back(row - sample.delta);
            }
        }
        std::sort(keys.begin(), keys.end());
        keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
        const cl::Buffer q = card.encode(group, ProbeStream::Query, true);
        const cl::Buffer k = card.encode(keys, ProbeStream::Key, true);
        cl::Buffer out = cl.buffer(group.size() * keys.size() * sizeof(float), "normaliser sample logits");
        card.logits(out, static_cast<cl_int>(keys.size()), q, k, cl.upload(group, "row positions"), group,
            cl.upload(keys, "normaliser sample keys"), keys);
        const std::vector<float> logits
            = cl.download<float>(out, group.size() * keys.size(), "reading the normaliser sample logits");
        for (std::size_t r = 0; r < group.size(); ++r) {
            std::vector<double> own;
            for (const NormaliserSample& sample : samples[r]) {
                const auto c = static_cast<std::size_t>(
                    std::lower_bound(keys.begin(), keys.end(), group[r] - sample.delta) - keys.begin());
                own.push_back(static_cast<double>(logits[r * keys.size() + c]));
            }
            logz[g0 + r] = static_cast<float>(estimatedLogNormaliser(samples[r], own));
        }
    }
    return cl.upload(logz, "row log normalisers");
}

} // namespace

/// A card's content vectors and logit kernel arguments.
ContentCard::ContentCard(ClContext& cl, const CardParams& params)
    : m_cl(cl)
    , m_params(params)
    , m_d(cardDimension(params)) {
    const Card card = params.card;
    m_txl = card == Card::Relative && params.relative.variant == RelativeVariant::TransformerXL;
    m_ld = static_cast<int>(roundUp(static_cast<std::size_t>(m_txl ? 2 * m_d : m_d), kTileK));
    const bool alibi = card == Card::Alibi || card == Card::Hybrid;
    m_visibility = pecards::visibility(params);
    if (card == Card::Sinusoidal) {
        SinusoidalParams sinusoidal = params.sinusoidal;
        sinusoidal.padding_idx = -1; // the padding row is a table detail, not a position
        m_turns = cl.upload(frequencyTurns(sinusoidalFrequencies(sinusoidal)), "frequency turns");
    }
    if (card == Card::Rope || card == Card::Hybrid) {
        const RopeScalingResult scaling
            = ropeScaling(params.rope, effectiveSeqLen(params.rope, params.length));
        m_turns = cl.upload(frequencyTurns(scaling.inv_freq), "frequency turns");
        m_attention_factor = scaling.attention_factor;
    }
    if (alibi) {
        m_bias_mode = BiasMode::Alibi;
        m_slope = alibiSlopes(params.alibi)[params.alibi.head];
    }
    if (card == Card::Relative && params.relative.variant == RelativeVariant::T5) {
        m_bias_mode = BiasMode::T5;
        const T5Steps steps = makeT5Steps(params.relative, params.length);
        m_t5[0] = cl.upload(steps.nonpositive.starts, "T5 steps");
        m_t5[1] = cl.upload(steps.nonpositive.values, "T5 steps");
        m_t5[2] = cl.upload(steps.positive.starts, "T5 steps");
        m_t5[3] = cl.upload(steps.positive.values, "T5 steps");
        m_t5_steps[0] = static_cast<cl_int>(steps.nonpositive.starts.size());
        m_t5_steps[1] = static_cast<cl_int>(steps.positive.starts.size());
        m_beta = cl.upload(t5BucketValues(params), "T5 bucket values");
    }
    if (card == Card::Relative && params.relative.variant == RelativeVariant::Shaw) {
        m_bias_mode = BiasMode::Shaw;
    }
    if (m_txl) {
        prepareTxl();
    }
}

/// Scale of q.k (and of the Shaw / Transformer-XL terms), as the CPU reference.
float ContentCard::alpha() const {
    const bool t5 = m_params.card == Card::Relative && m_params.relative.variant == RelativeVariant::T5;
    return static_cast<float>(t5 ? 1.0 : 1.0 / std::sqrt(static_cast<double>(m_d)));
}

/// Encoded vectors of `positions` (stream Query or Key): rows padded to a multiple of the tile.
cl::Buffer ContentCard::encode(const std::vector<cl_long>& positions, ProbeStream stream, bool attention) {
    const auto n = static_cast<cl_int>(positions.size());
    const std::size_t rows = roundUp(positions.size(), kTile);
    const cl::Buffer pos = m_cl.upload(positions, "content positions");
    cl::Buffer out = m_cl.zeros(rows * static_cast<std::size_t>(m_ld) * sizeof(float), "content vectors");
    const bool query = stream == ProbeStream::Query;
    const bool txl_query = m_txl && query;
    cl::Buffer raw = txl_query
        ? m_cl.buffer(positions.size() * static_cast<std::size_t>(m_d) * sizeof(float), "raw content vectors")
        : out;
    const cl_int ld_raw = txl_query ? m_d : m_ld;
    fillRaw(raw, ld_raw, positions, pos, stream);
    const cl::NDRange elements(static_cast<std::size_t>(m_d), positions.size());
    const cl::NDRange halves(static_cast<std::size_t>(std::max(m_d / 2, 1)), positions.size());
    switch (m_params.card) {
    case Card::Sinusoidal:
        m_cl.run("add_sinusoidal", elements, cl::NullRange, out, m_ld, pos, n, m_d, m_turns,
            static_cast<cl_int>(m_params.sinusoidal.layout == SinusoidalLayout::Concatenated ? 1 : 0),
            cl_long {0}, cl_long {-1});
        break;
    case Card::Rope:
    case Card::Hybrid: {
        const int rotary = rotaryDim(m_params.rope);
        m_cl.run("rope_rotate", cl::NDRange(static_cast<std::size_t>(rotary / 2), positions.size()),
            cl::NullRange, out, m_ld, pos, n, m_turns,
            static_cast<cl_int>(m_params.rope.layout == RopeLayout::HalfSplit ? 1 : 0),
            static_cast<cl_int>(rotary), static_cast<cl_float>(m_attention_factor));
        break;
    }
    default:
        if (txl_query) {
            const TxlTerm term = attention ? TxlTerm::Total : m_params.relative.term;
            const auto use = [term](TxlTerm t) {
                return static_cast<cl_float>(term == TxlTerm::Total || term == t ? 1.0f : 0.0f);
            };
            m_cl.run("txl_queries", halves, cl::NullRange, out, m_ld, raw, ld_raw, pos, n, m_d, m_w_r, m_u,
                m_v_proj, m_turns, use(TxlTerm::A), use(TxlTerm::B), use(TxlTerm::C), use(TxlTerm::D));
        } else if (m_txl) {
            m_cl.run("txl_keys", halves, cl::NullRange, out, m_ld, pos, n, m_d, m_turns);
        }
        break;
    }
    return out;
}

/// logits[r, c] for query rows Q (nr) x key rows K (nc) at the given positions.
void ContentCard::logits(cl::Buffer& out, cl_int ldo, const cl::Buffer& q, const cl::Buffer& k,
    const cl::Buffer& row_pos, const std::vector<cl_long>& rows, const cl::Buffer& col_pos,
    const std::vector<cl_long>& cols) {
    const auto nr = static_cast<cl_int>(rows.size());
    const auto nc = static_cast<cl_int>(cols.size());
    cl::Buffer shaw;
    cl_long shaw_first = 0;
    const cl_long shaw_k = m_params.relative.clip_k;
    if (m_bias_mode == BiasMode::Shaw) {
        const auto [lo, hi] = std::minmax_element(rows.begin(), rows.end());
        const auto [clo, chi] = std::minmax_element(cols.begin(), cols.end());
        shaw_first = std::clamp<cl_long>(*clo - *hi, -shaw_k, shaw_k) + shaw_k;
        const cl_long shaw_last = std::clamp<cl_long>(*chi - *lo, -shaw_k, shaw_k) + shaw_k;
        if ((shaw_last - shaw_first + 1) * m_d > kShawTableLimit) {
            throw ComputeLimitExceeded("request too costly for the OpenCL backend: the Shaw vectors a_idx of "
                + std::to_string(shaw_last - shaw_first + 1) + " clipped indices x d = " + std::to_string(m_d)
                + " exceed " + std::to_string(kShawTableLimit)
                + " floats; use a smaller clip_k or a smaller window");
        }
        shaw = m_cl.buffer(static_cast<std::size_t>((shaw_last - shaw_first + 1) * m_d) * sizeof(float),
            "Shaw vectors a_idx");
        const std::vector<cl_long> indices = positionRange(shaw_first, shaw_last - shaw_first + 1);
        fillRaw(shaw, m_d, indices, m_cl.upload(indices, "Shaw indices"), ProbeStream::Shaw);
    }
    // Keys transposed so the kernel reads 16 consecutive key columns per vector load.
    const std::size_t key_rows = roundUp(static_cast<std::size_t>(nc), kTile);
    const auto ldk = static_cast<cl_int>(key_rows);
    cl::Buffer kt = m_cl.buffer(key_rows * static_cast<std::size_t>(m_ld) * sizeof(float), "transposed keys");
    m_cl.run("transpose_keys", cl::NDRange(key_rows, static_cast<std::size_t>(m_ld)), cl::NullRange, k,
        static_cast<cl_int>(key_rows), static_cast<cl_int>(m_ld), kt, ldk);
    const cl::NDRange global(roundUp(static_cast<std::size_t>(nc), kCols) / kCols,
        roundUp(static_cast<std::size_t>(nr), kRows) / kRows);
    const MaskArgs mask = maskArgs(m_visibility);
    m_cl.run("logits", global, cl::NullRange, out, ldo, nr, nc, q, kt, static_cast<cl_int>(m_ld), ldk,
        alpha(), row_pos, col_pos, mask.sink_end, mask.causal_low, mask.band_low, mask.band_high,
        static_cast<cl_int>(m_bias_mode), static_cast<cl_float>(m_slope),
        static_cast<cl_int>(m_params.alibi.form), static_cast<cl_long>(m_params.length), m_t5[0], m_t5[1],
        m_t5_steps[0], m_t5[2], m_t5[3], m_t5_steps[1], m_beta, shaw, static_cast<cl_int>(m_d),
        static_cast<cl_int>(m_d), shaw_k, shaw_first);
}

/// Raw content vectors (contentVector, or the loaded .npy rows) into the first d entries of each row.
void ContentCard::fillRaw(cl::Buffer& target, cl_int ld, const std::vector<cl_long>& positions,
    const cl::Buffer& pos, ProbeStream stream) {
    const auto& loaded = stream == ProbeStream::Query ? m_params.probe.content_q
        : stream == ProbeStream::Key                  ? m_params.probe.content_k
                                                      : nullptr;
    if (loaded) {
        std::vector<float> host(positions.size() * static_cast<std::size_t>(ld), 0.0f);
        for (std::size_t r = 0; r < positions.size(); ++r) {
            for (int c = 0; c < m_d; ++c) {
                host[r * static_cast<std::size_t>(ld) + static_cast<std::size_t>(c)]
                    = static_cast<float>((*loaded)(static_cast<Eigen::Index>(positions[r]), c));
            }
        }
        m_cl.write(target, host, "loaded content vectors");
        return;
    }
    m_cl.run("probe_vectors", cl::NDRange(static_cast<std::size_t>(m_d), positions.size()), cl::NullRange,
        target, ld, pos, static_cast<cl_int>(positions.size()), static_cast<cl_int>(m_d),
        static_cast<cl_ulong>(m_params.probe.seed), static_cast<cl_uint>(stream));
}

void ContentCard::prepareTxl() {
    const int d = m_d;
    const std::uint64_t seed = m_params.probe.seed;
    std::vector<float> w_r(static_cast<std::size_t>(d) * static_cast<std::size_t>(d));
    Eigen::MatrixXd w(d, d);
    for (int r = 0; r < d; ++r) {
        for (int c = 0; c < d; ++c) {
            w(r, c) = probeNormal(seed, ProbeStream::WR, r, c) / std::sqrt(static_cast<double>(d));
            w_r[static_cast<std::size_t>(r * d + c)] = static_cast<float>(w(r, c));
        }
    }
    const Eigen::VectorXd u = contentVector(seed, ProbeStream::U, 0, d);
    const Eigen::VectorXd v_proj = w.transpose() * contentVector(seed, ProbeStream::V, 0, d);
    m_w_r = m_cl.upload(w_r, "Transformer-XL W_R");
    m_u = m_cl.upload(std::vector<float>(u.data(), u.data() + d), "Transformer-XL u");
    m_v_proj = m_cl.upload(std::vector<float>(v_proj.data(), v_proj.data() + d), "Transformer-XL W_R^T v");
    SinusoidalParams table;
    table.d_model = d;
    m_turns = m_cl.upload(frequencyTurns(sinusoidalFrequencies(table)), "frequency turns");
}

cl::Buffer contentLogits(ClContext& cl, const CardParams& params, const std::vector<cl_long>& rows,
    const std::vector<cl_long>& cols, bool attention) {
    ContentCard card(cl, params);
    const cl::Buffer q = card.encode(rows, ProbeStream::Query, attention);
    const cl::Buffer k = card.encode(cols, ProbeStream::Key, attention);
    cl::Buffer out = cl.buffer(rows.size() * cols.size() * sizeof(float), "content logits");
    card.logits(out, static_cast<cl_int>(cols.size()), q, k, cl.upload(rows, "row positions"), rows,
        cl.upload(cols, "col positions"), cols);
    return out;
}

Grid computeContent(ClContext& cl, const ViewRequest& request, ProgressSink* progress) {
    const Window& w = request.window;
    const bool attention = request.quantity == Quantity::ContentAttention;
    ContentCard card(cl, request.params);
    Grid grid = makeGrid(request);
    const std::vector<cl_long> row_starts = blockStarts(w.row_begin, w.rows(), request.out_rows);
    const std::vector<cl_long> col_starts = blockStarts(w.col_begin, w.cols(), request.out_cols);
    const bool exact = request.reduction != Reduction::Sample;
    const std::int64_t per_entry = std::max(card.dimension(), 16);
    const std::int64_t normaliser_rows = exact ? w.rows() : grid.rows;
    const bool estimated = request.normaliser == Normaliser::Estimated;
    const std::int64_t normaliser_keys = estimated
        ? static_cast<std::int64_t>(kEstimateGroup) * maxNormaliserSamples(request.params.length)
        : request.params.length;
    const std::int64_t work = (exact ? w.rows() * w.cols() * per_entry : 0)
        + (attention ? normaliser_rows * normaliser_keys * per_entry : 0);
    if (progress == nullptr && work > kContentWorkBudget) {
        throw ComputeLimitExceeded("request too costly for the OpenCL backend: content multiply-adds = "
            + std::to_string(work) + " exceeds the budget of " + std::to_string(kContentWorkBudget) + "; "
            + (exact ? "use reduction sample or a smaller window"
                     : "use a smaller length L or fewer output rows"));
    }
    if (!exact) {
        const std::vector<cl_long> rows(row_starts.begin(), row_starts.end() - 1);
        const std::vector<cl_long> cols(col_starts.begin(), col_starts.end() - 1);
        const cl::Buffer row_pos = cl.upload(rows, "row positions");
        const cl::Buffer q = card.encode(rows, ProbeStream::Query, attention);
        const cl::Buffer k = card.encode(cols, ProbeStream::Key, attention);
        cl::Buffer out = cl.buffer(grid.values.size() * sizeof(float), "grid");
        const auto pixels = static_cast<double>(grid.values.size());
        ProgressTracker tracker(progress,
            pixels
                + (attention && !estimated ? static_cast<double>(rows.size())
                            * static_cast<double>(normaliserKeys(card, rows.back(), request.params.length))
                                           : 0.0));
        card.logits(out, grid.cols, q, k, row_pos, rows, cl.upload(cols, "col positions"), cols);
        cl.finish();
        tracker.advance(pixels);
        if (attention) {
            const cl::Buffer logz = estimated
                ? estimatedRowLogNormalisers(cl, card, rows, request.params.length)
                : rowLogNormalisers(cl, card, q, row_pos, rows, request.params.length, tracker);
            cl.run("softmax_apply", cl::NDRange(cols.size(), rows.size()), cl::NullRange, out,
                static_cast<cl_int>(grid.cols), static_cast<cl_int>(grid.rows),
                static_cast<cl_int>(grid.cols), logz);
        }
        readGrid(cl, out, grid);
        return grid;
    }
    // Exact pooling: tiles of whole window rows x window columns, folded into per-pixel accumulators.
    const std::size_t pixels = grid.values.size();
    cl::Buffer acc_max
        = cl.upload(std::vector<float>(pixels, -std::numeric_limits<float>::infinity()), "pixel max");
    cl::Buffer acc_min
        = cl.upload(std::vector<float>(pixels, std::numeric_limits<float>::infinity()), "pixel min");
    cl::Buffer acc_sum = cl.zeros(pixels * sizeof(cl_float2), "pixel sums");
    cl::Buffer acc_count = cl.zeros(pixels * sizeof(cl_long), "pixel counts");
    const cl::Buffer row_starts_buffer = cl.upload(row_starts, "row blocks");
    const cl::Buffer col_starts_buffer = cl.upload(col_starts, "col blocks");
    const std::int64_t tile_cols = std::min<std::int64_t>(w.cols(), 4096);
    const std::int64_t tile_rows = std::max<std::int64_t>(64, kEntryTile / tile_cols);
    const auto pixelOf = [](const std::vector<cl_long>& starts, std::int64_t entry) {
        return static_cast<int>(std::upper_bound(starts.begin(), starts.end(), entry) - starts.begin()) - 1;
    };
    // Progress in logit entries: the window's and (attention) the normalisers' of each row tile.
    double total = static_cast<double>(w.rows()) * static_cast<double>(w.cols());
    for (std::int64_t i0 = w.row_begin; attention && i0 < w.row_end; i0 += tile_rows) {
        const std::int64_t last = std::min(i0 + tile_rows, w.row_end) - 1;
        total += static_cast<double>(last - i0 + 1)
            * static_cast<double>(normaliserKeys(card, last, request.params.length));
    }
    ProgressTracker tracker(progress, total);
    cl::Buffer tile
        = cl.buffer(static_cast<std::size_t>(tile_rows * tile_cols) * sizeof(float), "logit tile");
    for (std::int64_t i0 = w.row_begin; i0 < w.row_end; i0 += tile_rows) {
        const std::vector<cl_long> rows = positionRange(i0, std::min(tile_rows, w.row_end - i0));
        const cl::Buffer row_pos = cl.upload(rows, "row positions");
        const cl::Buffer q = card.encode(rows, ProbeStream::Query, attention);
        const cl::Buffer logz = attention
            ? rowLogNormalisers(cl, card, q, row_pos, rows, request.params.length, tracker)
            : cl::Buffer();
        const int pr0 = pixelOf(row_starts, rows.front());
        const int pr1 = pixelOf(row_starts, rows.back());
        for (std::int64_t j0 = w.col_begin; j0 < w.col_end; j0 += tile_cols) {
            const std::vector<cl_long> cols = positionRange(j0, std::min(tile_cols, w.col_end - j0));
            const cl::Buffer k = card.encode(cols, ProbeStream::Key, attention);
            const auto nc = static_cast<cl_int>(cols.size());
            card.logits(tile, nc, q, k, row_pos, rows, cl.upload(cols, "col positions"), cols);
            const int pc0 = pixelOf(col_starts, cols.front());
            const int pc1 = pixelOf(col_starts, cols.back());
            cl.run("pool_tile",
                cl::NDRange(static_cast<std::size_t>(pc1 - pc0 + 1), static_cast<std::size_t>(pr1 - pr0 + 1)),
                cl::NullRange, tile, nc, static_cast<cl_long>(i0), static_cast<cl_int>(rows.size()),
                static_cast<cl_long>(j0), nc, row_starts_buffer, col_starts_buffer, static_cast<cl_int>(pr0),
                static_cast<cl_int>(pr1 - pr0 + 1), static_cast<cl_int>(pc0),
                static_cast<cl_int>(pc1 - pc0 + 1), static_cast<cl_int>(grid.cols),
                static_cast<cl_int>(attention ? 1 : 0), logz, acc_max, acc_min, acc_sum, acc_count);
            cl.finish(); // one tile at a time: a cancel takes effect within one tile
            tracker.advance(static_cast<double>(rows.size()) * static_cast<double>(cols.size()));
        }
    }
    const std::vector<float> maxima = cl.download<float>(acc_max, pixels, "pixel max");
    const std::vector<float> minima = cl.download<float>(acc_min, pixels, "pixel min");
    const std::vector<cl_float2> sums = cl.download<cl_float2>(acc_sum, pixels, "pixel sums");
    const std::vector<cl_long> counts = cl.download<cl_long>(acc_count, pixels, "pixel counts");
    const double empty = attention ? 0.0 : -std::numeric_limits<double>::infinity();
    for (std::size_t p = 0; p < pixels; ++p) {
        if (counts[p] == 0) {
            grid.values[p] = empty;
        } else if (request.reduction == Reduction::Max) {
            grid.values[p] = maxima[p];
        } else if (request.reduction == Reduction::Min) {
            grid.values[p] = minima[p];
        } else {
            grid.values[p] = static_cast<double>(sums[p].s[0]) / static_cast<double>(counts[p]);
        }
    }
    return grid;
}

} // namespace pecards::gpu::detail
