// Pooled Toeplitz Score/Buckets views (toeplitzview.h).

#include "toeplitzview.h"

#include "fixedpointsums.h"
#include "numericconstants.h"
#include "pixelblocks.h"
#include "segmenttree.h"

#include <algorithm>
#include <optional>
#include <type_traits>

namespace pecards::detail {

namespace {

/// One pixel's block of entries, inclusive bounds.
struct Block {
    std::int64_t i0, i1, j0, j1;
};

/// The profile of the deltas a window's blocks can reach, [first, first + size).
struct DeltaSpan {
    std::int64_t first = 0;
    std::int64_t size = 0;
};

/// A block's entries with delta = i - j in [low, high]: every entry of a column range is visible
/// exactly on such a delta interval (Visibility: the sink columns, the other columns).
struct Part {
    Block b;
    std::int64_t low, high;
};

/// Calls `visit` with the block's parts of one visible delta interval each: within each chunk
/// the block meets on the diagonal (chunked attention: rows and columns of one chunk; the whole
/// block without chunks), the columns below the sinks' end (causal rule only) and the others (the
/// window band and the causal rule).
template <typename Visit> void forEachVisiblePart(const Block& b, const Visibility& v, Visit&& visit) {
    const auto split = [&](const Block& c) {
        const std::int64_t sink_end = v.sinkEnd();
        if (c.j0 < sink_end) {
            visit(Part {{c.i0, c.i1, c.j0, std::min(c.j1, sink_end - 1)}, v.causalLow(), kNoDeltaLimit});
        }
        if (c.j1 >= sink_end) {
            visit(Part {{c.i0, c.i1, std::max(c.j0, sink_end), c.j1}, v.bandLow(), v.bandHigh()});
        }
    };
    if (v.chunk == 0) {
        split(b);
        return;
    }
    // Chunk k holds positions [kC, kC + C - 1]; only the chunks both ranges meet have entries.
    for (std::int64_t k = std::max(b.i0, b.j0) / v.chunk; k <= std::min(b.i1, b.j1) / v.chunk; ++k) {
        const std::int64_t first = k * v.chunk;
        const std::int64_t last = first + v.chunk - 1;
        split(
            Block {std::max(b.i0, first), std::min(b.i1, last), std::max(b.j0, first), std::min(b.j1, last)});
    }
}

/// The unmasked delta range [lo, hi] of a part (lo > hi: fully masked).
std::pair<std::int64_t, std::int64_t> unmaskedDeltas(const Part& p) {
    return {std::max(p.b.i0 - p.b.j1, p.low), std::min(p.b.i1 - p.b.j0, p.high)};
}

Int128 sumRange(std::int64_t a, std::int64_t z) {
    return static_cast<Int128>(a + z) * (z - a + 1) / 2;
}

Int128 sumSquaresTo(std::int64_t n) {
    return static_cast<Int128>(n) * (n + 1) * (2 * n + 1) / 6;
}

/// sum over the block's entries with delta <= t of the row index i. Row i has
/// clamp(j1 - max(j0, i - t) + 1, 0, w) of them: w up to i = j0 + t, then j1 + t + 1 - i.
Int128 rowMomentUpTo(const Block& b, std::int64_t t) {
    const std::int64_t w = b.j1 - b.j0 + 1;
    Int128 total = 0;
    if (const std::int64_t z = std::min(b.i1, b.j0 + t); b.i0 <= z) { // full rows
        total += w * sumRange(b.i0, z);
    }
    const std::int64_t a = std::max(b.i0, b.j0 + t + 1);
    const std::int64_t z = std::min(b.i1, b.j1 + t);
    if (a <= z) {
        total += static_cast<Int128>(b.j1 + t + 1) * sumRange(a, z) - (sumSquaresTo(z) - sumSquaresTo(a - 1));
    }
    return total;
}

/// sum over the part's unmasked entries of the row index i (for the row term s i).
Int128 rowMoment(const Part& p) {
    const auto [lo, hi] = unmaskedDeltas(p);
    return lo > hi ? 0 : rowMomentUpTo(p.b, hi) - rowMomentUpTo(p.b, lo - 1);
}

/// Sum and count of the part's unmasked entries of f(i - j) + s i (Mean: their ratio).
/// The number of entries on diagonal delta is min(delta - lo + 1, hi - delta + 1, h, w): rising,
/// flat, falling pieces, each count = alpha + beta delta.
void partSum(const FixedPointSums& sums, std::int64_t delta0, const Part& part, double s, long double& sum,
    Int128& count) {
    const Block& b = part.b;
    const std::int64_t m = std::min(b.i1 - b.i0, b.j1 - b.j0) + 1;
    const std::int64_t lo = b.i0 - b.j1;
    const std::int64_t hi = b.i1 - b.j0;
    struct Piece {
        std::int64_t first, last, alpha, beta;
    };
    const Piece pieces[] = {
        {lo, lo + m - 1, 1 - lo, 1}, {lo + m, hi - m, m, 0}, {std::max(hi - m + 1, lo + m), hi, hi + 1, -1}};
    for (const Piece& p : pieces) {
        const std::int64_t a = std::max(p.first, part.low);
        const std::int64_t z = std::min(p.last, part.high);
        if (a > z) {
            continue;
        }
        sum += sums.weightedSum(a - delta0, z - delta0, p.alpha + p.beta * delta0, p.beta);
        count += static_cast<Int128>(p.alpha) * (z - a + 1) + p.beta * sumRange(a, z);
    }
    if (s != 0.0) {
        sum += s * static_cast<long double>(rowMoment(part));
    }
}

/// Mean over the block's visible entries of f(i - j) + s i + c.
double blockMean(const FixedPointSums& sums, std::int64_t delta0, const Block& b, const Visibility& v,
    double s, double c) {
    long double sum = 0.0L;
    Int128 count = 0;
    forEachVisiblePart(b, v, [&](const Part& part) { partSum(sums, delta0, part, s, sum, count); });
    if (count == 0) {
        return kMasked;
    }
    return static_cast<double>(sum / static_cast<long double>(count)) + c;
}

/// Max (or min) over the part's unmasked entries of f(i - j) + s i, folded into `best`.
/// `shifted` holds f(delta) + s delta; for each delta the extreme row is the first or last one on
/// its diagonal (a part's diagonals are visible whole or not at all).
template <typename Combine>
void partExtreme(const SegmentTree<Combine>& plain, const SegmentTree<Combine>* shifted, std::int64_t delta0,
    const Part& part, double s, double& best) {
    const auto [lo, hi] = unmaskedDeltas(part);
    if (lo > hi) {
        return;
    }
    if (s == 0.0) {
        best = Combine::combine(best, plain.query(lo - delta0, hi - delta0));
        return;
    }
    const Block& b = part.b;
    constexpr bool want_max = std::is_same_v<Combine, MaxCombine>;
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
}

/// Max (or min) over the block's visible entries of f(i - j) + s i + c; -inf when none.
template <typename Combine>
double blockExtreme(const SegmentTree<Combine>& plain, const SegmentTree<Combine>* shifted,
    std::int64_t delta0, const Block& b, const Visibility& v, double s, double c) {
    double best = Combine::identity();
    bool any = false;
    forEachVisiblePart(b, v, [&](const Part& part) {
        const auto [lo, hi] = unmaskedDeltas(part);
        if (lo <= hi) {
            any = true;
            partExtreme(plain, shifted, delta0, part, s, best);
        }
    });
    return any ? best + c : kMasked;
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
                shifted ? &*shifted : nullptr, span.first, b, profile.visibility(), s, profile.rowOffset());
        }
    }
}

void poolMean(const PositionalProfile& profile, const DeltaSpan& span, const PixelBlocks& rows,
    const PixelBlocks& cols, Grid& grid) {
    const FixedPointSums sums(profile.values(span.first, span.size));
    for (int r = 0; r < rows.count(); ++r) {
        for (int c = 0; c < cols.count(); ++c) {
            const Block b {rows.first(r), rows.last(r), cols.first(c), cols.last(c)};
            grid.values[static_cast<std::size_t>(r) * grid.cols + c] = blockMean(
                sums, span.first, b, profile.visibility(), profile.rowSlope(), profile.rowOffset());
        }
    }
}

/// Sample: f at each pixel's first entry, O(pixels x d) work and memory whatever the window's
/// span of deltas (PositionalProfile::grid).
void poolSample(
    const PositionalProfile& profile, const PixelBlocks& rows, const PixelBlocks& cols, Grid& grid) {
    const std::vector<std::int64_t> x = rows.firsts();
    const std::vector<std::int64_t> y = cols.firsts();
    const Eigen::MatrixXd values = profile.grid(x, y);
    const Visibility& visibility = profile.visibility();
    for (int r = 0; r < rows.count(); ++r) {
        const double row_term = profile.rowSlope() * static_cast<double>(x[r]) + profile.rowOffset();
        for (int c = 0; c < cols.count(); ++c) {
            grid.values[static_cast<std::size_t>(r) * grid.cols + c]
                = visibility.visible(x[r], y[c]) ? values(r, c) + row_term : kMasked;
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
    if (profile.visibility().causal) {
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
