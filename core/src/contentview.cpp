// Pooled content views (contentview.h).

#include "contentview.h"

#include "numericconstants.h"
#include "pecards/normaliserestimate.h"
#include "pixelblocks.h"
#include "pixelrowreducer.h"
#include "segmenttree.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace pecards::detail {

namespace {

constexpr std::int64_t kTileRows = 256;
constexpr std::int64_t kTileCols = 4096;
constexpr std::int64_t kTileEntries = kTileRows * kTileCols;

std::vector<std::int64_t> positionRange(std::int64_t first, std::int64_t count) {
    std::vector<std::int64_t> positions(static_cast<std::size_t>(count));
    std::iota(positions.begin(), positions.end(), first);
    return positions;
}

/// The keys of a softmax normaliser over rows up to `last_row`: all L, or j <= last_row when causal
/// (the logits mask the keys a row does not see, pecards::visibility).
std::int64_t normaliserKeys(const ContentModel& model, std::int64_t last_row, std::int64_t length) {
    return model.visibility().causal ? last_row + 1 : length;
}

/// log sum_j exp(logit(i, j)) over every visible key j of each row, in key chunks;
/// each chunk advances `progress` by its entries.
Eigen::VectorXd rowLogNormalisers(const ContentModel& model, const std::vector<std::int64_t>& rows,
    std::int64_t length, ProgressTracker& progress) {
    Eigen::VectorXd lse = Eigen::VectorXd::Constant(static_cast<Eigen::Index>(rows.size()), kMasked);
    const std::int64_t keys = normaliserKeys(model, *std::max_element(rows.begin(), rows.end()), length);
    const std::int64_t chunk
        = std::max<std::int64_t>(256, kTileEntries / static_cast<std::int64_t>(rows.size()));
    for (std::int64_t first = 0; first < keys; first += chunk) {
        const Eigen::MatrixXd logits
            = model.logits(rows, positionRange(first, std::min(chunk, keys - first)), true);
        for (Eigen::Index r = 0; r < logits.rows(); ++r) {
            const double high = logits.row(r).maxCoeff();
            if (high == kMasked) {
                continue;
            }
            const double part = high + std::log((logits.row(r).array() - high).exp().sum());
            lse[r] = LogSumExpCombine::combine(lse[r], part);
        }
        progress.advance(static_cast<double>(logits.size()));
    }
    return lse;
}

/// log Z of each query row estimated from its stratified keys (normaliserestimate.h): one row of
/// logits per query, about 2 kExactDeltas + 2 kStrataPerOctave log2(L) keys each.
Eigen::VectorXd estimatedRowLogNormalisers(
    const ContentModel& model, const std::vector<std::int64_t>& rows, std::int64_t length) {
    Eigen::VectorXd lse(static_cast<Eigen::Index>(rows.size()));
    std::vector<std::int64_t> keys;
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const std::vector<NormaliserSample> samples = normaliserSamples(model.visibility(), length, rows[r]);
        keys.clear();
        for (const NormaliserSample& sample : samples) {
            keys.push_back(rows[r] - sample.delta);
        }
        const Eigen::RowVectorXd logits = model.logits({rows[r]}, keys, true).row(0);
        lse[static_cast<Eigen::Index>(r)]
            = estimatedLogNormaliser(samples, std::span<const double>(logits.data(), keys.size()));
    }
    return lse;
}

/// The sampled logits, then (attention) the normalisers of the sampled rows in key chunks: the
/// progress counts logit entries.
void poolSample(const ContentModel& model, const ViewRequest& request, const PixelBlocks& rows,
    const PixelBlocks& cols, bool attention, Grid& grid, ProgressSink* sink) {
    const std::vector<std::int64_t> row_positions = rows.firsts();
    const auto pixels = static_cast<double>(rows.count()) * cols.count();
    const bool estimated = request.normaliser == Normaliser::Estimated;
    const double keys = attention && !estimated
        ? static_cast<double>(normaliserKeys(model, row_positions.back(), request.params.length))
        : 0.0;
    ProgressTracker progress(sink, pixels + static_cast<double>(rows.count()) * keys);
    const Eigen::MatrixXd logits = model.logits(row_positions, cols.firsts(), attention);
    progress.advance(pixels);
    Eigen::VectorXd lse;
    if (attention) {
        lse = estimated ? estimatedRowLogNormalisers(model, row_positions, request.params.length)
                        : rowLogNormalisers(model, row_positions, request.params.length, progress);
    }
    for (int r = 0; r < grid.rows; ++r) {
        for (int c = 0; c < grid.cols; ++c) {
            const double value = logits(r, c);
            grid.values[static_cast<std::size_t>(r) * grid.cols + c]
                = attention ? (value == kMasked ? 0.0 : std::exp(value - lse[r])) : value;
        }
    }
}

/// Every window entry, in tiles of kTileRows rows x kTileCols columns. A tile may hold several
/// pixel rows and a pixel row may span several tiles: the last, unfinished one is carried over.
/// The progress counts logit entries (the window's, and attention's normaliser entries), one
/// advance per tile.
void poolExact(const ContentModel& model, const ViewRequest& request, const PixelBlocks& rows,
    const PixelBlocks& cols, bool attention, Grid& grid, ProgressSink* sink) {
    const Window& w = request.window;
    double total = static_cast<double>(w.rows()) * static_cast<double>(w.cols());
    for (std::int64_t i0 = w.row_begin; attention && i0 < w.row_end; i0 += kTileRows) {
        const std::int64_t last = std::min(i0 + kTileRows, w.row_end) - 1;
        total += static_cast<double>(last - i0 + 1)
            * static_cast<double>(normaliserKeys(model, last, request.params.length));
    }
    ProgressTracker progress(sink, total);
    std::vector<int> col_pixel(static_cast<std::size_t>(w.cols()));
    for (int c = 0; c < cols.count(); ++c) {
        std::fill(col_pixel.begin() + (cols.first(c) - w.col_begin),
            col_pixel.begin() + (cols.end(c) - w.col_begin), c);
    }
    std::vector<PixelRowReducer> reducers;
    for (std::int64_t i0 = w.row_begin; i0 < w.row_end; i0 += kTileRows) {
        const std::vector<std::int64_t> tile_rows = positionRange(i0, std::min(kTileRows, w.row_end - i0));
        const int first_pixel = rows.pixelOf(i0);
        const int last_pixel = rows.pixelOf(tile_rows.back());
        const bool carried = !reducers.empty(); // the previous tile's last pixel row goes on here
        reducers.erase(reducers.begin(), reducers.end() - (carried ? 1 : 0));
        while (static_cast<int>(reducers.size()) < last_pixel - first_pixel + 1) {
            reducers.emplace_back(cols.count());
        }
        const Eigen::VectorXd lse = attention
            ? rowLogNormalisers(model, tile_rows, request.params.length, progress)
            : Eigen::VectorXd();
        for (std::int64_t j0 = w.col_begin; j0 < w.col_end; j0 += kTileCols) {
            const Eigen::MatrixXd logits
                = model.logits(tile_rows, positionRange(j0, std::min(kTileCols, w.col_end - j0)), attention);
            for (Eigen::Index t = 0; t < logits.rows(); ++t) {
                PixelRowReducer& reducer = reducers[rows.pixelOf(tile_rows[t]) - first_pixel];
                for (Eigen::Index c = 0; c < logits.cols(); ++c) {
                    const double value = logits(t, c);
                    if (value != kMasked) {
                        reducer.add(
                            col_pixel[j0 - w.col_begin + c], attention ? std::exp(value - lse[t]) : value);
                    }
                }
            }
            progress.advance(static_cast<double>(logits.size()));
        }
        const bool last_continues = rows.end(last_pixel) > tile_rows.back() + 1;
        for (int r = first_pixel; r <= last_pixel - (last_continues ? 1 : 0); ++r) {
            for (int c = 0; c < cols.count(); ++c) {
                grid.values[static_cast<std::size_t>(r) * grid.cols + c]
                    = reducers[r - first_pixel].result(c, request.reduction, attention ? 0.0 : kMasked);
            }
        }
        if (!last_continues) {
            reducers.clear();
        }
    }
}

} // namespace

Grid poolContent(const ContentModel& model, const ViewRequest& request, ProgressSink* progress) {
    const Window& w = request.window;
    const bool attention = request.quantity == Quantity::ContentAttention;
    const PixelBlocks rows(w.row_begin, w.rows(), request.out_rows);
    const PixelBlocks cols(w.col_begin, w.cols(), request.out_cols);
    const bool exact = request.reduction != Reduction::Sample;
    Grid grid = makeGrid(request, rows, cols);
    if (exact) {
        poolExact(model, request, rows, cols, attention, grid, progress);
    } else {
        poolSample(model, request, rows, cols, attention, grid, progress);
    }
    return grid;
}

} // namespace pecards::detail
