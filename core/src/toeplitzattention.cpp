// Pooled attention of positional-only logits (toeplitzattention.h).

#include "toeplitzattention.h"

#include "pecards/normaliserestimate.h"
#include "pecards/rownormalisers.h"
#include "pixelblocks.h"
#include "segmenttree.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace pecards::detail {

namespace {

/// The logits of every key of the window's rows: deltas [first, first + values.size()).
class RowLogits {
public:
    RowLogits(
        const PositionalProfile& profile, std::int64_t length, std::int64_t row_begin, std::int64_t row_end)
        : m_length(length)
        , m_visibility(profile.visibility())
        , m_first(m_visibility.causal ? 0 : row_begin - (length - 1))
        , m_values(profile.values(m_first, row_end - m_first))
        , m_lse(m_values) { }

    /// f(delta), delta unmasked and inside the span.
    double logit(std::int64_t delta) const { return m_values[delta - m_first]; }
    /// log of row i's softmax normaliser over all its visible keys.
    double rowLse(std::int64_t i) const {
        DeltaRange parts[2];
        const int n = deltas(i, 0, m_length - 1, parts);
        double lse = LogSumExpCombine::identity();
        for (int k = 0; k < n; ++k) {
            lse = LogSumExpCombine::combine(lse, m_lse.query(parts[k].lo - m_first, parts[k].hi - m_first));
        }
        return lse;
    }
    /// Visible deltas of row i over columns [j0, j1] (pecards::visibleDeltas).
    int deltas(std::int64_t i, std::int64_t j0, std::int64_t j1, DeltaRange (&parts)[2]) const {
        return visibleDeltas(m_visibility, i, j0, j1, parts);
    }
    const Eigen::VectorXd& values() const { return m_values; }
    const SegmentTree<LogSumExpCombine>& lse() const { return m_lse; }
    std::int64_t first() const { return m_first; }
    const Visibility& visibility() const { return m_visibility; }

private:
    std::int64_t m_length;
    Visibility m_visibility;
    std::int64_t m_first;
    Eigen::VectorXd m_values;
    SegmentTree<LogSumExpCombine> m_lse;
};

/// Writes exp(logits(r, c) - lse[r]) for the visible pixels, 0 for the masked ones.
void writeSoftmax(const Visibility& visibility, const PixelBlocks& rows, const PixelBlocks& cols,
    const Eigen::MatrixXd& logits, const std::vector<double>& lse, Grid& grid) {
    for (int r = 0; r < rows.count(); ++r) {
        for (int c = 0; c < cols.count(); ++c) {
            const bool masked = !visibility.visible(rows.first(r), cols.first(c));
            grid.values[static_cast<std::size_t>(r) * grid.cols + c]
                = masked ? 0.0 : std::exp(logits(r, c) - lse[r]);
        }
    }
}

/// Deltas of the profile evaluated at once by the streamed Sample path.
constexpr std::int64_t kStreamBlock = std::int64_t {1} << 16;

/// Sample with exact normalisers, streamed (rownormalisers.h): the profile over the sampled rows'
/// visible deltas in blocks of kStreamBlock, each block advancing `progress` by its deltas; the pixels'
/// logits from the sampled grid. Memory O(pixels + rows + block), not O(L).
void poolSampleStreamed(const PositionalProfile& profile, std::int64_t length, const PixelBlocks& rows,
    const PixelBlocks& cols, Grid& grid, ProgressSink* sink) {
    const std::vector<std::int64_t> x = rows.firsts();
    StreamedRowNormalisers normalisers(profile.visibility(), length, x);
    ProgressTracker progress(sink, static_cast<double>(normalisers.deltaCount()));
    for (const auto& [lo, hi] : normalisers.segments()) {
        for (std::int64_t first = lo; first <= hi; first += kStreamBlock) {
            const std::int64_t count = std::min(kStreamBlock, hi - first + 1);
            const Eigen::VectorXd values = profile.values(first, count);
            normalisers.add(first, std::span<const double>(values.data(), static_cast<std::size_t>(count)));
            progress.advance(static_cast<double>(count));
        }
    }
    const Eigen::MatrixXd logits = profile.grid(x, cols.firsts());
    std::vector<double> lse(x.size());
    for (std::size_t r = 0; r < x.size(); ++r) {
        lse[r] = normalisers.logNormaliser(r);
    }
    writeSoftmax(profile.visibility(), rows, cols, logits, lse, grid);
}

/// Sample with estimated normalisers (normaliserestimate.h): the pixels' logits from the sampled grid,
/// each row's samples from one evaluation of the profile at the deltas they name. No term in L.
void poolSampleEstimated(const PositionalProfile& profile, std::int64_t length, const PixelBlocks& rows,
    const PixelBlocks& cols, Grid& grid) {
    const std::vector<std::int64_t> x = rows.firsts();
    const Eigen::MatrixXd logits = profile.grid(x, cols.firsts());
    const ToeplitzNormalisers normalisers(profile.visibility(), length, x);
    const Eigen::VectorXd values = profile.valuesAt(normalisers.deltas());
    const std::span<const double> f(values.data(), normalisers.deltas().size());
    std::vector<double> lse(x.size());
    for (std::size_t r = 0; r < x.size(); ++r) {
        lse[r] = normalisers.logNormaliser(r, f);
    }
    writeSoftmax(profile.visibility(), rows, cols, logits, lse, grid);
}

/// Mean, Max or Min: for each row of a pixel row, one range query per column block. The bands
/// are the output rows: each advances `progress` by its range queries.
template <typename Tree>
void poolRows(const RowLogits& logits, const Tree& tree, Reduction reduction, const PixelBlocks& rows,
    const PixelBlocks& cols, Grid& grid, ProgressTracker& progress) {
    std::vector<long double> sum(cols.count());
    std::vector<double> extreme(cols.count());
    std::vector<std::int64_t> count(cols.count());
    for (int r = 0; r < rows.count(); ++r) {
        std::fill(sum.begin(), sum.end(), 0.0L);
        std::fill(extreme.begin(), extreme.end(),
            reduction == Reduction::Min ? std::numeric_limits<double>::infinity() : 0.0);
        std::fill(count.begin(), count.end(), 0);
        for (std::int64_t i = rows.first(r); i <= rows.last(r); ++i) {
            const double lse = logits.rowLse(i);
            for (int c = 0; c < cols.count(); ++c) {
                DeltaRange parts[2];
                const int n = logits.deltas(i, cols.first(c), cols.last(c), parts);
                for (int k = 0; k < n; ++k) {
                    const auto [lo, hi] = parts[k];
                    const double value = std::exp(tree.query(lo - logits.first(), hi - logits.first()) - lse);
                    count[c] += hi - lo + 1;
                    if (reduction == Reduction::Mean) {
                        sum[c] += value;
                    } else if (reduction == Reduction::Max) {
                        extreme[c] = std::max(extreme[c], value);
                    } else {
                        extreme[c] = std::min(extreme[c], value);
                    }
                }
            }
        }
        for (int c = 0; c < cols.count(); ++c) {
            double& out = grid.values[static_cast<std::size_t>(r) * grid.cols + c];
            if (count[c] == 0) {
                out = 0.0;
            } else {
                out = reduction == Reduction::Mean ? static_cast<double>(sum[c] / count[c]) : extreme[c];
            }
        }
        progress.advance(static_cast<double>(rows.size(r)) * cols.count());
    }
}

} // namespace

Grid poolToeplitzAttention(const PositionalProfile& profile, const ViewRequest& request, ProgressSink* sink) {
    const Window& w = request.window;
    const PixelBlocks rows(w.row_begin, w.rows(), request.out_rows);
    const PixelBlocks cols(w.col_begin, w.cols(), request.out_cols);
    Grid grid = makeGrid(request, rows, cols);
    if (request.reduction == Reduction::Sample) {
        if (request.normaliser == Normaliser::Estimated) {
            poolSampleEstimated(profile, request.params.length, rows, cols, grid);
        } else {
            poolSampleStreamed(profile, request.params.length, rows, cols, grid, sink);
        }
        return grid;
    }
    const RowLogits logits(profile, request.params.length, w.row_begin, w.row_end);
    ProgressTracker progress(sink, static_cast<double>(w.rows()) * cols.count());
    if (request.reduction == Reduction::Mean) {
        poolRows(logits, logits.lse(), request.reduction, rows, cols, grid, progress);
    } else if (request.reduction == Reduction::Max) {
        poolRows(
            logits, SegmentTree<MaxCombine>(logits.values()), request.reduction, rows, cols, grid, progress);
    } else {
        poolRows(
            logits, SegmentTree<MinCombine>(logits.values()), request.reduction, rows, cols, grid, progress);
    }
    return grid;
}

} // namespace pecards::detail
