// Pooled content views (contentview.h).

#include "contentview.h"

#include "computebudget.h"
#include "pixelblocks.h"
#include "pixelrowreducer.h"
#include "segmenttree.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace pecards::detail {

namespace {

constexpr double kMasked = -std::numeric_limits<double>::infinity();
constexpr std::int64_t kTileRows = 256;
constexpr std::int64_t kTileCols = 4096;
constexpr std::int64_t kTileEntries = kTileRows * kTileCols;

std::vector<std::int64_t> positionRange(std::int64_t first, std::int64_t count) {
    std::vector<std::int64_t> positions(static_cast<std::size_t>(count));
    std::iota(positions.begin(), positions.end(), first);
    return positions;
}

/// log sum_j exp(logit(i, j)) over every key j of each row (j <= i when causal), in key chunks.
Eigen::VectorXd rowLogNormalisers(const ContentModel& model, const std::vector<std::int64_t>& rows, std::int64_t length) {
    Eigen::VectorXd lse = Eigen::VectorXd::Constant(static_cast<Eigen::Index>(rows.size()), kMasked);
    const std::int64_t keys = model.causal() ? *std::max_element(rows.begin(), rows.end()) + 1 : length;
    const std::int64_t chunk = std::max<std::int64_t>(256, kTileEntries / static_cast<std::int64_t>(rows.size()));
    for (std::int64_t first = 0; first < keys; first += chunk) {
        const Eigen::MatrixXd logits = model.logits(rows, positionRange(first, std::min(chunk, keys - first)), true);
        for (Eigen::Index r = 0; r < logits.rows(); ++r) {
            const double high = logits.row(r).maxCoeff();
            if (high == kMasked) {
                continue;
            }
            const double part = high + std::log((logits.row(r).array() - high).exp().sum());
            lse[r] = LogSumExpCombine::combine(lse[r], part);
        }
    }
    return lse;
}

void poolSample(const ContentModel& model, const ViewRequest& request, const PixelBlocks& rows,
    const PixelBlocks& cols, bool attention, Grid& grid) {
    const std::vector<std::int64_t> row_positions = rows.firsts();
    const Eigen::MatrixXd logits = model.logits(row_positions, cols.firsts(), attention);
    const Eigen::VectorXd lse = attention ? rowLogNormalisers(model, row_positions, request.params.length)
                                          : Eigen::VectorXd();
    for (int r = 0; r < grid.rows; ++r) {
        for (int c = 0; c < grid.cols; ++c) {
            const double value = logits(r, c);
            grid.values[static_cast<std::size_t>(r) * grid.cols + c]
                = attention ? (value == kMasked ? 0.0 : std::exp(value - lse[r])) : value;
        }
    }
}

void poolExact(const ContentModel& model, const ViewRequest& request, const PixelBlocks& rows,
    const PixelBlocks& cols, bool attention, Grid& grid) {
    const Window& w = request.window;
    std::vector<int> col_pixel(static_cast<std::size_t>(w.cols()));
    for (int c = 0; c < cols.count(); ++c) {
        std::fill(col_pixel.begin() + (cols.first(c) - w.col_begin), col_pixel.begin() + (cols.end(c) - w.col_begin), c);
    }
    PixelRowReducer reducer(cols.count());
    for (int r = 0; r < rows.count(); ++r) {
        reducer.reset();
        for (std::int64_t i0 = rows.first(r); i0 < rows.end(r); i0 += kTileRows) {
            const std::vector<std::int64_t> tile_rows = positionRange(i0, std::min(kTileRows, rows.end(r) - i0));
            const Eigen::VectorXd lse
                = attention ? rowLogNormalisers(model, tile_rows, request.params.length) : Eigen::VectorXd();
            for (std::int64_t j0 = w.col_begin; j0 < w.col_end; j0 += kTileCols) {
                const std::int64_t count = std::min(kTileCols, w.col_end - j0);
                const Eigen::MatrixXd logits = model.logits(tile_rows, positionRange(j0, count), attention);
                for (Eigen::Index c = 0; c < logits.cols(); ++c) {
                    const int pixel = col_pixel[j0 - w.col_begin + c];
                    for (Eigen::Index t = 0; t < logits.rows(); ++t) {
                        const double value = logits(t, c);
                        if (value != kMasked) {
                            reducer.add(pixel, attention ? std::exp(value - lse[t]) : value);
                        }
                    }
                }
            }
        }
        for (int c = 0; c < cols.count(); ++c) {
            grid.values[static_cast<std::size_t>(r) * grid.cols + c]
                = reducer.result(c, request.reduction, attention ? 0.0 : kMasked);
        }
    }
}

} // namespace

Grid poolContent(const ContentModel& model, const ViewRequest& request) {
    const Window& w = request.window;
    const bool attention = request.quantity == Quantity::ContentAttention;
    const PixelBlocks rows(w.row_begin, w.rows(), request.out_rows);
    const PixelBlocks cols(w.col_begin, w.cols(), request.out_cols);
    const std::int64_t per_entry = std::max(model.dimension(), 16);
    const bool exact = request.reduction != Reduction::Sample;
    const std::int64_t normaliser_rows = exact ? w.rows() : rows.count();
    std::int64_t work = exact ? w.rows() * w.cols() * per_entry : 0;
    if (attention) {
        work += normaliser_rows * request.params.length * per_entry;
    }
    checkBudget(work, kContentWorkBudget,
        "content multiply-adds (exact: window rows x window cols x max(d, 16); attention adds normaliser rows x L x "
        "max(d, 16))",
        exact ? "use reduction sample or a smaller window" : "use a smaller length L or fewer output rows");
    Grid grid = makeGrid(request, rows, cols);
    if (exact) {
        poolExact(model, request, rows, cols, attention, grid);
    } else {
        poolSample(model, request, rows, cols, attention, grid);
    }
    return grid;
}

} // namespace pecards::detail
