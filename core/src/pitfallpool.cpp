// Pixels of dense pitfall views (pitfallpool.h).

#include "pecards/pitfallpool.h"

#include "numericconstants.h"
#include "pecards/cost.h"
#include "pixelblocks.h"
#include "pixelrowreducer.h"

#include <algorithm>
#include <cmath>

namespace pecards {

namespace {

constexpr std::int64_t kChunkRows = 256;

/// Row softmax in place over the finite entries; masked (-inf) entries stay -inf as markers.
void softmaxRows(Eigen::MatrixXd& rows) {
    for (Eigen::Index t = 0; t < rows.rows(); ++t) {
        const double peak = rows.row(t).maxCoeff();
        if (peak == -kInfinity) {
            continue;
        }
        long double sum = 0.0L;
        for (Eigen::Index j = 0; j < rows.cols(); ++j) {
            sum += std::exp(static_cast<long double>(rows(t, j) - peak));
        }
        const double lse = peak + static_cast<double>(std::log(sum));
        for (Eigen::Index j = 0; j < rows.cols(); ++j) {
            if (rows(t, j) != -kInfinity) {
                rows(t, j) = std::exp(rows(t, j) - lse);
            }
        }
    }
}

} // namespace

Eigen::MatrixXd pitfallLogits(
    const PitfallSpec& spec, const Eigen::MatrixXd& keys, std::int64_t first, std::int64_t count) {
    const std::int64_t length = spec.length;
    Eigen::MatrixXd out = Eigen::MatrixXd::Zero(count, length);
    if (keys.size() > 0) {
        out = spec.alpha * (pitfallVectors(spec.query, first, count) * keys.transpose());
    }
    const Visibility visibility = spec.visibility();
    for (std::int64_t t = 0; t < count; ++t) {
        const std::int64_t i = first + t;
        for (std::int64_t j = 0; j < length; ++j) {
            const double bias = pitfallBias(spec, i, j);
            const bool masked = !visibility.visible(i, j) || bias == -kInfinity;
            out(t, j) = masked ? -kInfinity : out(t, j) + spec.bias_scale * bias;
        }
    }
    return out;
}

Grid poolPitfallRows(const ViewRequest& request, const PitfallSpec& spec, const PitfallRows& rows) {
    const Window& w = request.window;
    const detail::PixelBlocks row_blocks(w.row_begin, w.rows(), request.out_rows);
    const detail::PixelBlocks col_blocks(w.col_begin, w.cols(), request.out_cols);
    Grid grid = detail::makeGrid(request, row_blocks, col_blocks);
    const bool table = request.quantity == Quantity::Table;
    const bool attention = request.quantity == Quantity::Attention;
    const bool exact = request.reduction != Reduction::Sample;
    const std::int64_t shown_rows = exact ? w.rows() : row_blocks.count();
    const std::int64_t width = table ? spec.query.columns() : spec.length;
    const std::int64_t per_entry = table ? 16 : std::max(spec.query.dimension(), 16);
    CostLimits limits = defaultCostLimits();
    limits.work = kPitfallWorkBudget;
    checkCost({shown_rows * width * per_entry, 0, "pitfall multiply-adds (rows shown x L x max(d, 16))",
                  "use reduction sample or fewer window rows"},
        limits);
    const auto block = [&](std::int64_t first, std::int64_t count) {
        Eigen::MatrixXd values = rows(first, count);
        if (attention) {
            softmaxRows(values);
        }
        return values;
    };
    // Masked entries are -inf in every quantity but Table (never masked); attention shows them as 0.
    const auto shown = [&](double value) { return attention && value == -kInfinity ? 0.0 : value; };
    if (!exact) {
        for (int r = 0; r < row_blocks.count(); ++r) {
            const Eigen::MatrixXd row = block(row_blocks.first(r), 1);
            for (int c = 0; c < col_blocks.count(); ++c) {
                grid.values[static_cast<std::size_t>(r) * grid.cols + c] = shown(row(0, col_blocks.first(c)));
            }
        }
        return grid;
    }
    const double empty = attention || table || request.quantity == Quantity::Buckets ? 0.0 : -kInfinity;
    detail::PixelRowReducer reducer(col_blocks.count());
    for (int r = 0; r < row_blocks.count(); ++r) {
        reducer.reset();
        for (std::int64_t first = row_blocks.first(r); first < row_blocks.end(r); first += kChunkRows) {
            const Eigen::MatrixXd chunk = block(first, std::min(kChunkRows, row_blocks.end(r) - first));
            for (Eigen::Index t = 0; t < chunk.rows(); ++t) {
                for (int c = 0; c < col_blocks.count(); ++c) {
                    for (std::int64_t j = col_blocks.first(c); j < col_blocks.end(c); ++j) {
                        if (chunk(t, j) != -kInfinity) {
                            reducer.add(c, chunk(t, j));
                        }
                    }
                }
            }
        }
        for (int c = 0; c < col_blocks.count(); ++c) {
            grid.values[static_cast<std::size_t>(r) * grid.cols + c]
                = reducer.result(c, request.reduction, empty);
        }
    }
    return grid;
}

} // namespace pecards
