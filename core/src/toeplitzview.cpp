// Pooled Toeplitz Score/Buckets views (toeplitzview.h).

#include "toeplitzview.h"

#include "fixedpointsums.h"
#include "pixelblocks.h"
#include "segmenttree.h"

#include <algorithm>
#include <limits>
#include <optional>
#include <type_traits>

namespace pecards::detail {

namespace {

constexpr double kMasked = -std::numeric_limits<double>::infinity();

/// One pixel's block of entries, inclusive bounds.
struct Block {
    std::int64_t i0, i1, j0, j1;
};

/// The profile of the deltas a window's blocks can reach, [first, first + size).
struct DeltaSpan {
    std::int64_t first = 0;
    std::int64_t size = 0;
};

/// The unmasked delta range [lo, hi] of a block (lo > hi: fully masked).
std::pair<std::int64_t, std::int64_t> unmaskedDeltas(const Block& b, bool causal) {
    const std::int64_t lo = b.i0 - b.j1;
    return {causal ? std::max<std::int64_t>(lo, 0) : lo, b.i1 - b.j0};
}

Int128 sumRange(std::int64_t a, std::int64_t z) {
    return static_cast<Int128>(a + z) * (z - a + 1) / 2;
}

Int128 sumSquaresTo(std::int64_t n) {
    return static_cast<Int128>(n) * (n + 1) * (2 * n + 1) / 6;
}

/// sum over the block's unmasked entries of the row index i (for the row term s i).
Int128 rowMoment(const Block& b, bool causal) {
    const std::int64_t w = b.j1 - b.j0 + 1;
    if (!causal) {
        return w * sumRange(b.i0, b.i1);
    }
    Int128 total = 0;
    if (const std::int64_t a = std::max(b.i0, b.j1); a <= b.i1) { // full rows
        total += w * sumRange(a, b.i1);
    }
    const std::int64_t a = std::max(b.i0, b.j0);
    const std::int64_t z = std::min(b.i1, b.j1 - 1);
    if (a <= z) { // row i sees i - j0 + 1 columns
        total += sumSquaresTo(z) - sumSquaresTo(a - 1) + (1 - b.j0) * sumRange(a, z);
    }
    return total;
}

/// Mean over the block's unmasked entries of f(i - j) + s i + c.
/// The number of entries on diagonal delta is min(delta - lo + 1, hi - delta + 1, h, w): rising,
/// flat, falling pieces, each count = alpha + beta delta.
double blockMean(
    const FixedPointSums& sums, std::int64_t delta0, const Block& b, bool causal, double s, double c) {
    const std::int64_t m = std::min(b.i1 - b.i0, b.j1 - b.j0) + 1;
    const std::int64_t lo = b.i0 - b.j1;
    const std::int64_t hi = b.i1 - b.j0;
    const std::int64_t lowest = causal ? 0 : lo;
    struct Piece {
        std::int64_t first, last, alpha, beta;
    };
    const Piece pieces[] = {
        {lo, lo + m - 1, 1 - lo, 1}, {lo + m, hi - m, m, 0}, {std::max(hi - m + 1, lo + m), hi, hi + 1, -1}};
    long double sum = 0.0L;
    Int128 count = 0;
    for (const Piece& p : pieces) {
        const std::int64_t a = std::max(p.first, lowest);
        const std::int64_t z = p.last;
        if (a > z) {
            continue;
        }
        sum += sums.weightedSum(a - delta0, z - delta0, p.alpha + p.beta * delta0, p.beta);
        count += static_cast<Int128>(p.alpha) * (z - a + 1) + p.beta * sumRange(a, z);
    }
    if (count == 0) {
        return kMasked;
    }
    const long double rows = s == 0.0 ? 0.0L : static_cast<long double>(rowMoment(b, causal));
    return static_cast<double>((sum + s * rows) / static_cast<long double>(count)) + c;
}

/// Max (or min) over the block's unmasked entries of f(i - j) + s i + c. `shifted` holds
/// f(delta) + s delta; for each delta the extreme row is the first or last one on its diagonal.
template <typename Combine>
double blockExtreme(const SegmentTree<Combine>& plain, const SegmentTree<Combine>* shifted,
    std::int64_t delta0, const Block& b, bool causal, double s, double c) {
    const auto [lo, hi] = unmaskedDeltas(b, causal);
    if (lo > hi) {
        return kMasked;
    }
    if (s == 0.0) {
        return plain.query(lo - delta0, hi - delta0) + c;
    }
    constexpr bool want_max = std::is_same_v<Combine, MaxCombine>;
    double best = Combine::identity();
    const auto take
        = [&](const SegmentTree<Combine>& tree, std::int64_t first, std::int64_t last, double add) {
              if (first <= last) {
                  best = Combine::combine(best, tree.query(first - delta0, last - delta0) + add);
              }
          };
    if (want_max == (s > 0.0)) { // last row of each diagonal: i = min(i1, delta + j1)
        const std::int64_t split = b.i1 - b.j1;
        take(*shifted, lo, std::min(hi, split), s * static_cast<double>(b.j1));
        take(plain, std::max(lo, split), hi, s * static_cast<double>(b.i1));
    } else { // first row of each diagonal: i = max(i0, delta + j0)
        const std::int64_t split = b.i0 - b.j0;
        take(plain, lo, std::min(hi, split), s * static_cast<double>(b.i0));
        take(*shifted, std::max(lo, split), hi, s * static_cast<double>(b.j0));
    }
    return best + c;
}

template <typename Combine>
void poolExtreme(const PositionalProfile& profile, const DeltaSpan& span, const PixelBlocks& rows,
    const PixelBlocks& cols, Grid& grid) {
    const Eigen::VectorXd values = profile.values(span.first, span.size);
    const double s = profile.rowSlope();
    const SegmentTree<Combine> plain(values);
    std::optional<SegmentTree<Combine>> shifted;
    if (s != 0.0) {
        const Eigen::VectorXd deltas = Eigen::VectorXd::LinSpaced(
            span.size, static_cast<double>(span.first), static_cast<double>(span.first + span.size - 1));
        shifted.emplace(Eigen::VectorXd(values + s * deltas));
    }
    for (int r = 0; r < rows.count(); ++r) {
        for (int c = 0; c < cols.count(); ++c) {
            const Block b {rows.first(r), rows.last(r), cols.first(c), cols.last(c)};
            grid.values[static_cast<std::size_t>(r) * grid.cols + c] = blockExtreme(plain,
                shifted ? &*shifted : nullptr, span.first, b, profile.causal(), s, profile.rowOffset());
        }
    }
}

void poolMean(const PositionalProfile& profile, const DeltaSpan& span, const PixelBlocks& rows,
    const PixelBlocks& cols, Grid& grid) {
    const FixedPointSums sums(profile.values(span.first, span.size));
    for (int r = 0; r < rows.count(); ++r) {
        for (int c = 0; c < cols.count(); ++c) {
            const Block b {rows.first(r), rows.last(r), cols.first(c), cols.last(c)};
            grid.values[static_cast<std::size_t>(r) * grid.cols + c]
                = blockMean(sums, span.first, b, profile.causal(), profile.rowSlope(), profile.rowOffset());
        }
    }
}

/// Sample: f only at the deltas of the pixels' first entries.
void poolSample(
    const PositionalProfile& profile, const PixelBlocks& rows, const PixelBlocks& cols, Grid& grid) {
    const std::int64_t low = rows.first(0) - cols.first(cols.count() - 1);
    const std::int64_t high = rows.first(rows.count() - 1) - cols.first(0);
    std::vector<char> needed(static_cast<std::size_t>(high - low + 1), 0);
    for (int r = 0; r < rows.count(); ++r) {
        for (int c = 0; c < cols.count(); ++c) {
            const std::int64_t delta = rows.first(r) - cols.first(c);
            needed[delta - low] = !profile.causal() || delta >= 0;
        }
    }
    std::vector<std::int64_t> deltas;
    for (std::int64_t n = 0; n < static_cast<std::int64_t>(needed.size()); ++n) {
        if (needed[n]) {
            deltas.push_back(low + n);
        }
    }
    const Eigen::VectorXd values = profile.valuesAt(deltas);
    std::vector<double> lookup(needed.size(), kMasked);
    for (std::size_t n = 0; n < deltas.size(); ++n) {
        lookup[deltas[n] - low] = values[static_cast<Eigen::Index>(n)];
    }
    for (int r = 0; r < rows.count(); ++r) {
        const double row_term = profile.rowSlope() * static_cast<double>(rows.first(r)) + profile.rowOffset();
        for (int c = 0; c < cols.count(); ++c) {
            const double f = lookup[rows.first(r) - cols.first(c) - low];
            grid.values[static_cast<std::size_t>(r) * grid.cols + c] = f == kMasked ? kMasked : f + row_term;
        }
    }
}

} // namespace

Grid poolToeplitzScore(const PositionalProfile& profile, const ViewRequest& request) {
    const Window& w = request.window;
    const PixelBlocks rows(w.row_begin, w.rows(), request.out_rows);
    const PixelBlocks cols(w.col_begin, w.cols(), request.out_cols);
    Grid grid = makeGrid(request, rows, cols);
    if (request.reduction == Reduction::Sample) {
        poolSample(profile, rows, cols, grid);
        return grid;
    }
    DeltaSpan span {w.row_begin - (w.col_end - 1), 0};
    const std::int64_t last = w.row_end - 1 - w.col_begin;
    if (profile.causal()) {
        span.first = std::max<std::int64_t>(span.first, 0);
    }
    if (span.first > last) { // the whole window is masked
        std::fill(grid.values.begin(), grid.values.end(), kMasked);
        return grid;
    }
    span.size = last - span.first + 1;
    switch (request.reduction) {
    case Reduction::Max:
        poolExtreme<MaxCombine>(profile, span, rows, cols, grid);
        break;
    case Reduction::Min:
        poolExtreme<MinCombine>(profile, span, rows, cols, grid);
        break;
    default:
        poolMean(profile, span, rows, cols, grid);
        break;
    }
    return grid;
}

} // namespace pecards::detail
