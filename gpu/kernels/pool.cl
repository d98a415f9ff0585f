// Exact pooling of Toeplitz views (docs/quantities.md "Pixels and reductions").
//
// The profile f[t] (delta = delta0 + t) is summarised per chunk of PECARDS_CHUNK entries:
// prefix and suffix maxima inside each chunk, a sparse table of chunk maxima (min = -max of -f),
// chunk sums and first moments. A range maximum is then O(1), a count-weighted range sum
// O(range / PECARDS_CHUNK + PECARDS_CHUNK).

// One work-item per chunk: in-chunk prefix/suffix maxima of sign*f, level 0 of the sparse
// table, and (sign = 1 only) the chunk sums sum f and sum t f (t = offset in the chunk).
__kernel void chunk_scan(__global const float* f, long count, float sign, __global float* prefix_max,
    __global float* suffix_max, __global float* table0, __global float* chunk_sum, __global float* chunk_moment) {
    const long chunk = get_global_id(0);
    const long first = chunk * PECARDS_CHUNK;
    if (first >= count) {
        return;
    }
    const long end = min(first + PECARDS_CHUNK, count);
    float running = -INFINITY;
    float sum = 0.0f;
    float moment = 0.0f;
    for (long t = first; t < end; ++t) {
        const float v = sign * f[t];
        running = fmax(running, v);
        prefix_max[t] = running;
        sum += v;
        moment = fma((float)(t - first), v, moment);
    }
    table0[chunk] = running;
    if (chunk_sum) {
        chunk_sum[chunk] = sum;
        chunk_moment[chunk] = moment;
    }
    running = -INFINITY;
    for (long t = end - 1; t >= first; --t) {
        running = fmax(running, sign * f[t]);
        suffix_max[t] = running;
    }
}

// Sparse-table level `level` >= 1 over chunk maxima: T[level][c] = max(T[level-1][c], T[level-1][c + 2^(level-1)]).
__kernel void sparse_level(__global float* table, int chunks, int level) {
    const int c = get_global_id(0);
    const int step = 1 << (level - 1);
    if (c + 2 * step > chunks) {
        return;
    }
    __global const float* below = table + (long)(level - 1) * chunks;
    table[(long)level * chunks + c] = fmax(below[c], below[c + step]);
}

// Structures of one sign (f for maxima, -f for minima).
typedef struct {
    __global const float* prefix_max;
    __global const float* suffix_max;
    __global const float* table;
} pecards_rmq;

// max of sign*f[a..b], a <= b (indices into f). `levels` = 1: only chunk maxima exist and the
// chunks between a's and b's are scanned (cheap for the short ranges of one pixel's block).
inline float pecards_range_max(
    pecards_rmq q, __global const float* f, float sign, int chunks, int levels, long a, long b) {
    const long ca = a / PECARDS_CHUNK;
    const long cb = b / PECARDS_CHUNK;
    if (ca == cb) {
        float m = -INFINITY;
        for (long t = a; t <= b; ++t) {
            m = fmax(m, sign * f[t]);
        }
        return m;
    }
    float m = fmax(q.suffix_max[a], q.prefix_max[b]);
    if (cb - ca >= 2 && levels == 1) {
        for (long c = ca + 1; c < cb; ++c) {
            m = fmax(m, q.table[c]);
        }
    } else if (cb - ca >= 2) {
        const long lo = ca + 1;
        const long hi = cb - 1;
        const int level = 63 - (int)clz(hi - lo + 1);
        __global const float* row = q.table + (long)level * chunks;
        m = fmax(m, fmax(row[lo], row[hi - (1L << level) + 1]));
    }
    return m;
}

// Kahan-compensated float accumulation.
inline void pecards_kahan_add(float* sum, float* carry, float v) {
    const float y = v - *carry;
    const float t = *sum + y;
    *carry = (t - *sum) - y;
    *sum = t;
}

// sum over delta in [lo, hi] of count(delta) * f(delta), where count(delta) is the number of
// (i, j) in rows [r0, r1] x cols [c0, c1] with i - j = delta:
// count = min(r1, c1 + delta) - max(r0, c0 + delta) + 1, linear in delta between the breaks.
inline float pecards_weighted_sum(__global const float* f, __global const float* chunk_sum,
    __global const float* chunk_moment, long delta0, long lo, long hi, long r0, long r1, long c0, long c1) {
    float sum = 0.0f;
    float carry = 0.0f;
    long delta = lo;
    while (delta <= hi) {
        const long t = delta - delta0;
        const long chunk_end = (t / PECARDS_CHUNK + 1) * PECARDS_CHUNK - 1 + delta0; // last delta of t's chunk
        const long last = min(chunk_end, hi);
        const bool whole = (t % PECARDS_CHUNK) == 0 && last == chunk_end;
        const bool low_fixed = (c0 + delta >= r0) == (c0 + last >= r0);
        const bool high_fixed = (c1 + delta <= r1) == (c1 + last <= r1);
        if (whole && low_fixed && high_fixed) {
            // count = alpha + beta * delta on the whole chunk
            const long beta = (c1 + delta <= r1 ? 1 : 0) - (c0 + delta >= r0 ? 1 : 0);
            const long upper0 = c1 + delta <= r1 ? c1 : r1; // upper bound minus beta_up * delta
            const long lower0 = c0 + delta >= r0 ? c0 : r0;
            const long alpha = upper0 - lower0 + 1;
            const long chunk = t / PECARDS_CHUNK;
            const float at_first = (float)(alpha + beta * delta); // count at the chunk's first delta
            pecards_kahan_add(&sum, &carry, fma(at_first, chunk_sum[chunk], (float)beta * chunk_moment[chunk]));
        } else {
            // n(e) = min(r1, c1 + e) - max(r0, c0 + e) + 1 in 32-bit integers: with e = delta + k,
            // n = width + min(upper - k, 0) - max(lower - k, 0); every term is below 2^26 in magnitude
            // for positions below 2^24 (kMaxLength).
            const int first = (int)(delta - delta0);
            const int count = (int)(last - delta) + 1;
            const int width = (int)(c1 - c0 + 1);
            const int upper = (int)(r1 - c1 - delta);
            const int lower = (int)(r0 - c0 - delta);
            for (int k = 0; k < count; ++k) {
                const int n = width + min(upper - k, 0) - max(lower - k, 0);
                pecards_kahan_add(&sum, &carry, (float)n * f[first + k]);
            }
        }
        delta = last + 1;
    }
    return sum;
}

// Number of (i, j) in rows [r0, r1] x cols [c0, c1] with i - j >= min_delta.
inline long pecards_block_count(long r0, long r1, long c0, long c1, long min_delta) {
    long total = 0;
    // rows i contribute max(0, min(c1, i - min_delta) - c0 + 1) columns.
    // rows with i - min_delta >= c1 contribute the full width.
    const long full_from = max(r0, c1 + min_delta);
    if (full_from <= r1) {
        total += (r1 - full_from + 1) * (c1 - c0 + 1);
    }
    const long part_first = max(r0, c0 + min_delta);
    const long part_last = min(r1, full_from - 1);
    if (part_first <= part_last) {
        // sum over i of (i - min_delta - c0 + 1), arithmetic series
        const long a = part_first - min_delta - c0 + 1;
        const long b = part_last - min_delta - c0 + 1;
        total += (a + b) * (part_last - part_first + 1) / 2;
    }
    return total;
}

// The two column parts of [c0, c1] whose visible entries are one delta range each: part 0 the
// sink columns [c0, min(c1, sink_end - 1)] (deltas >= causal_low), part 1 the others.
inline void pecards_part(int part, long c0, long c1, long sink_end, long causal_low, long band_low,
    long band_high, long* pc0, long* pc1, long* low, long* high) {
    if (part == 0) {
        *pc0 = c0;
        *pc1 = min(c1, sink_end - 1);
        *low = causal_low;
        *high = LONG_MAX;
    } else {
        *pc0 = max(c0, sink_end);
        *pc1 = c1;
        *low = band_low;
        *high = band_high;
    }
}

// One work-item per output pixel of a Toeplitz view value(i, j) = f(i - j) (no row term). The range
// structures hold chunk maxima only (level 0): a pixel scans the chunks its delta range covers,
// (block rows + block cols) / PECARDS_CHUNK of them.
// Block starts are host-computed (view.h rule). The mask (pecards_visible) splits a block into at
// most two column parts with one visible delta range each; a pixel with no visible entry gets
// `masked_value`. Mean, Max or Min: sampled views are made by sample_mask on a sampled grid.
__kernel void pool_toeplitz(__global float* out, int rows, int cols, __global const long* row_starts,
    __global const long* col_starts, int reduction, long sink_end, long causal_low, long band_low,
    long band_high, float masked_value, __global const float* f, long delta0, int chunks,
    __global const float* max_prefix, __global const float* max_suffix, __global const float* max_table,
    __global const float* min_prefix, __global const float* min_suffix, __global const float* min_table,
    __global const float* chunk_sum, __global const float* chunk_moment) {
    const int c = get_global_id(0);
    const int r = get_global_id(1);
    if (c >= cols || r >= rows) {
        return;
    }
    const long r0 = row_starts[r];
    const long r1 = row_starts[r + 1] - 1;
    const long c0 = col_starts[c];
    const long c1 = col_starts[c + 1] - 1;
    float value = masked_value;
    float best = reduction == PECARDS_MAX ? -INFINITY : INFINITY;
    float sum = 0.0f;
    long n = 0;
    bool any = false;
    for (int part = 0; part < 2; ++part) {
        long pc0, pc1, low, high;
        pecards_part(part, c0, c1, sink_end, causal_low, band_low, band_high, &pc0, &pc1, &low, &high);
        const long lo = max(r0 - pc1, low);
        const long hi = min(r1 - pc0, high);
        if (pc0 > pc1 || lo > hi) {
            continue;
        }
        any = true;
        if (reduction == PECARDS_MAX) {
            const pecards_rmq q = {max_prefix, max_suffix, max_table};
            best = fmax(best, pecards_range_max(q, f, 1.0f, chunks, 1, lo - delta0, hi - delta0));
        } else if (reduction == PECARDS_MIN) {
            const pecards_rmq q = {min_prefix, min_suffix, min_table};
            best = fmin(best, -pecards_range_max(q, f, -1.0f, chunks, 1, lo - delta0, hi - delta0));
        } else {
            sum += pecards_weighted_sum(f, chunk_sum, chunk_moment, delta0, lo, hi, r0, r1, pc0, pc1);
            n += pecards_block_count(r0, r1, pc0, pc1, lo) - pecards_block_count(r0, r1, pc0, pc1, hi + 1);
        }
    }
    if (reduction == PECARDS_MEAN) {
        if (n > 0) {
            value = sum / (float)n;
        }
    } else if (any) {
        value = best;
    }
    out[(long)r * cols + c] = value;
}

// Range sum of a profile from its prefix sums held as float pairs (hi + lo = the double sum).
inline float pecards_prefix_range(__global const float2* prefix, long a, long b) {
    const float2 x = prefix[b + 1];
    const float2 y = prefix[a];
    return (x.x - y.x) + (x.y - y.y);
}

// One work-item per output pixel of a view with a row term: value(i, j) = f(i - j) + row_term[i - row_base]
// (scores of the ALiBi row-offset forms), or with `attention`, exp(f(i - j) + row_term[i - row_base])
// where row_term = -log Z_i (row softmax). `prefix` holds prefix sums of f (scores) or of
// exp(f - exp_shift) (attention). Mean, Max or Min; cost O(block rows) per pixel.
__kernel void pool_rows(__global float* out, int rows, int cols, __global const long* row_starts,
    __global const long* col_starts, int reduction, long sink_end, long causal_low, long band_low,
    long band_high, float masked_value, int attention,
    __global const float* row_term, long row_base, float exp_shift, __global const float2* prefix,
    __global const float* f, long delta0, int chunks, __global const float* max_prefix,
    __global const float* max_suffix, __global const float* max_table, __global const float* min_prefix,
    __global const float* min_suffix, __global const float* min_table) {
    const int c = get_global_id(0);
    const int r = get_global_id(1);
    if (c >= cols || r >= rows) {
        return;
    }
    const long r0 = row_starts[r];
    const long r1 = row_starts[r + 1] - 1;
    const long c0 = col_starts[c];
    const long c1 = col_starts[c + 1] - 1;
    float value = masked_value;
    const pecards_rmq qmax = {max_prefix, max_suffix, max_table};
    const pecards_rmq qmin = {min_prefix, min_suffix, min_table};
    float best = reduction == PECARDS_MAX ? -INFINITY : INFINITY;
    float sum = 0.0f;
    float carry = 0.0f;
    long n = 0;
    for (long i = r0; i <= r1; ++i) {
        const float term = row_term[i - row_base];
        for (int part = 0; part < 2; ++part) {
            long pc0, pc1, low, high;
            pecards_part(part, c0, c1, sink_end, causal_low, band_low, band_high, &pc0, &pc1, &low, &high);
            const long lo = max(i - pc1, low);
            const long hi = min(i - pc0, high);
            if (pc0 > pc1 || lo > hi) {
                continue;
            }
            if (reduction == PECARDS_MAX) {
                best = fmax(best, pecards_range_max(qmax, f, 1.0f, chunks, 0, lo - delta0, hi - delta0) + term);
            } else if (reduction == PECARDS_MIN) {
                best = fmin(best, -pecards_range_max(qmin, f, -1.0f, chunks, 0, lo - delta0, hi - delta0) + term);
            } else {
                const float range = pecards_prefix_range(prefix, lo - delta0, hi - delta0);
                const long width = hi - lo + 1;
                pecards_kahan_add(&sum, &carry, attention ? exp(term + exp_shift) * range : range + (float)width * term);
                n += width;
            }
        }
    }
    if (reduction == PECARDS_MEAN) {
        if (n > 0) {
            value = sum / (float)n;
        }
    } else if (isfinite(best)) {
        value = attention ? exp(best) : best;
    }
    out[(long)r * cols + c] = value;
}

// Fills a grid whose pixels all cover equal square blocks: then pixel (r, c) of a Toeplitz view
// depends on r - c only, and the 2R - 1 distinct values were pooled once: from_rows[d] for
// r - c = d >= 0 (pixels (d, 0)), from_cols[d] for r - c = -d (pixels (0, d)).
__kernel void expand_diagonals(__global float* out, int rows, int cols, __global const float* from_rows,
    __global const float* from_cols) {
    const int c = get_global_id(0);
    const int r = get_global_id(1);
    if (c >= cols || r >= rows) {
        return;
    }
    out[(long)r * cols + c] = r >= c ? from_rows[r - c] : from_cols[c - r];
}

// A sampled grid of f(x_r - y_c) + row term (evaluateProfileGrid) made a view: entries (x_r, y_c)
// the mask hides (pecards_visible) get `masked_value`. One work-item per pixel (c, r).
__kernel void sample_mask(__global float* out, int rows, int cols, __global const long* x, __global const long* y,
    long sink_end, long causal_low, long band_low, long band_high, float masked_value) {
    const int c = get_global_id(0);
    const int r = get_global_id(1);
    if (c >= cols || r >= rows) {
        return;
    }
    if (!pecards_visible(x[r], y[c], sink_end, causal_low, band_low, band_high)) {
        out[(long)r * cols + c] = masked_value;
    }
}
