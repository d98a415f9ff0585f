// Positional-only profiles f(delta), delta = i - j = delta0 + t, t in [0, count), or on a sampled
// grid delta = x_r - y_c (docs/quantities.md; the host's ProfileSpec in gpu/src/profilespec.cpp sets
// the terms).

// f[t] (+)= addend + sum_i Re(w_i exp(j delta phi_i)), delta = delta0 + t: the sinusoidal
// similarity, the RoPE score (w_i = a^2 qc_i conj(kc_i)) and the Transformer-XL R terms.
// Evaluated blockwise: with delta = base_c + s, base_c = delta0 + c * PECARDS_SPAN, s in [0, SPAN),
// Re(w e^{j delta phi}) = Re(W_ci E_si) where W_ci = w_i e^{j base_c phi_i} (one exact angle per
// chunk and pair) and E_si = e^{j s phi_i} (one table for all chunks): a real matrix product
// f[c, s] = sum_i (Wr_ci Er_is - Wi_ci Ei_is), no sin/cos per entry.
// PECARDS_SPAN_ROWS: chunks per work-item of trig_profile.

// E table: er[i * SPAN + s] + j ei[i * SPAN + s] = exp(j s phi_i). One work-item per (s, i).
__kernel void trig_offsets(__global float* er, __global float* ei, __global const ulong* freq_turns, int pairs) {
    const int s = get_global_id(0);
    const int i = get_global_id(1);
    if (s >= PECARDS_SPAN || i >= pairs) {
        return;
    }
    float c;
    const float sn = sincos(pecards_angle(s, freq_turns[i]), &c);
    er[i * PECARDS_SPAN + s] = c;
    ei[i * PECARDS_SPAN + s] = sn;
}

// W table: wr[c * pairs + i] + j wi[c * pairs + i] = w_i exp(j (delta0 + c SPAN) phi_i). One work-item per (i, c).
__kernel void trig_chunk_weights(__global float* wr, __global float* wi, int chunks, long delta0,
    __global const ulong* freq_turns, __global const float2* weights, int pairs) {
    const int i = get_global_id(0);
    const int c = get_global_id(1);
    if (i >= pairs || c >= chunks) {
        return;
    }
    float cs;
    const float sn = sincos(pecards_angle(delta0 + (long)c * PECARDS_SPAN, freq_turns[i]), &cs);
    const float2 w = weights[i];
    wr[(long)c * pairs + i] = w.x * cs - w.y * sn;
    wi[(long)c * pairs + i] = w.x * sn + w.y * cs;
}

// f for PECARDS_SPAN_ROWS chunks x 16 offsets per work-item (float16 accumulators). `wr`/`wi` hold
// rows for chunks rounded up to a multiple of PECARDS_SPAN_ROWS (extra rows are never stored).
__kernel void trig_profile(__global float* out, int count, int chunks, __global const float* wr,
    __global const float* wi, __global const float* er, __global const float* ei, int pairs, float addend,
    int accumulate) {
    const int s0 = get_global_id(0) * 16;
    const int c0 = get_global_id(1) * PECARDS_SPAN_ROWS;
    if (s0 >= PECARDS_SPAN || c0 >= chunks) {
        return;
    }
    float16 acc[PECARDS_SPAN_ROWS];
    for (int a = 0; a < PECARDS_SPAN_ROWS; ++a) {
        acc[a] = (float16)(addend);
    }
    for (int i = 0; i < pairs; ++i) {
        const float16 e_re = vload16(0, er + i * PECARDS_SPAN + s0);
        const float16 e_im = vload16(0, ei + i * PECARDS_SPAN + s0);
        for (int a = 0; a < PECARDS_SPAN_ROWS; ++a) {
            const long row = (long)(c0 + a) * pairs + i;
            acc[a] = fma((float16)(wr[row]), e_re, fma((float16)(-wi[row]), e_im, acc[a]));
        }
    }
    for (int a = 0; a < PECARDS_SPAN_ROWS; ++a) {
        const long first = (long)(c0 + a) * PECARDS_SPAN + s0;
        if (first + 16 <= count) {
            float16 v = acc[a];
            if (accumulate) {
                v += vload16(0, out + first);
            }
            vstore16(v, 0, out + first);
        } else {
            float values[16];
            vstore16(acc[a], 0, values);
            for (int s = 0; s < 16 && first + s < count; ++s) {
                out[first + s] = accumulate ? out[first + s] + values[s] : values[s];
            }
        }
    }
}

// Phasors of sampled positions, pair-major: re[i * count + n] + j im[i * count + n] = w_i exp(j p phi_i)
// with p = positions[n] (-positions[n] when `conjugate`), w_i = weights[i] when `weighted`, else 1.
// One work-item per (n, i).
__kernel void trig_phasors(__global float* re, __global float* im, __global const long* positions, int count,
    int ld, __global const ulong* freq_turns, __global const float2* weights, int weighted, int conjugate,
    int pairs) {
    const int n = get_global_id(0);
    const int i = get_global_id(1);
    if (n >= count || i >= pairs) {
        return;
    }
    const long p = conjugate ? -positions[n] : positions[n];
    float cs;
    const float sn = sincos(pecards_angle(p, freq_turns[i]), &cs);
    const float2 w = weighted ? weights[i] : (float2)(1.0f, 0.0f);
    re[(long)i * ld + n] = w.x * cs - w.y * sn;
    im[(long)i * ld + n] = w.x * sn + w.y * cs;
}

// f on a sampled grid of rows x and columns y: out[r * cols + c] = addend + sum_i Re(A_ir B_ic) with
// A = w_i e^{j x_r phi_i} and B = e^{-j y_c phi_i} (trig_phasors, pair i's row at i * lda, resp. i *
// ldb), i.e. the trigonometric sum at delta = x_r - y_c, whatever the deltas' range. Each work-item
// computes PECARDS_GRID_ROWS rows x 16 columns with float16 accumulators (as `logits`: one vector FMA
// per row and pair); lda >= rows rounded up to PECARDS_GRID_ROWS, ldb >= cols rounded up to 16 (the
// padding is read, never stored). Each entry sums its pairs in the order of one scalar loop.
__kernel void trig_grid(__global float* out, int rows, int cols, __global const float* ar, __global const float* ai,
    int lda, __global const float* br, __global const float* bi, int ldb, int pairs, float addend) {
    const int c0 = get_global_id(0) * 16;
    const int r0 = get_global_id(1) * PECARDS_GRID_ROWS;
    if (c0 >= cols || r0 >= rows) {
        return;
    }
    float16 acc[PECARDS_GRID_ROWS];
    for (int a = 0; a < PECARDS_GRID_ROWS; ++a) {
        acc[a] = (float16)(addend);
    }
    for (int i = 0; i < pairs; ++i) {
        const float16 b_re = vload16(0, br + (long)i * ldb + c0);
        const float16 b_im = vload16(0, bi + (long)i * ldb + c0);
        for (int a = 0; a < PECARDS_GRID_ROWS; ++a) {
            const long at = (long)i * lda + r0 + a;
            acc[a] = fma((float16)(ar[at]), b_re, fma((float16)(-ai[at]), b_im, acc[a]));
        }
    }
    for (int a = 0; a < PECARDS_GRID_ROWS && r0 + a < rows; ++a) {
        __global float* row = out + (long)(r0 + a) * cols;
        if (c0 + 16 <= cols) {
            vstore16(acc[a], 0, row + c0);
        } else {
            float last[16];
            vstore16(acc[a], 0, last);
            for (int e = 0; c0 + e < cols; ++e) {
                row[c0 + e] = last[e];
            }
        }
    }
}

// The delta of output entry t: delta0 + t over a range of deltas, or x[t / grid_cols] - y[t % grid_cols]
// on a sampled grid of rows x and columns y (grid_cols > 0).
inline long pecards_profile_delta(
    int t, long delta0, __global const long* x, __global const long* y, int grid_cols) {
    return grid_cols > 0 ? x[t / grid_cols] - y[t % grid_cols] : delta0 + t;
}

// ALiBi bias in its Toeplitz form: -slope * delta (causal), -slope * |delta| (symmetric).
// Values at masked deltas are not read by the pooling kernels.
// On a sampled grid with `fold_row` (the row-offset forms), the row term m i + offset is included as
// -slope * (delta - i + row_shift), formed in integers first.
__kernel void alibi_profile(__global float* out, long delta0, __global const long* x, __global const long* y,
    int grid_cols, int count, float slope, int symmetric, int fold_row, long row_shift, int accumulate) {
    const int t = get_global_id(0);
    if (t >= count) {
        return;
    }
    const long delta = pecards_profile_delta(t, delta0, x, y, grid_cols);
    const long distance = fold_row ? delta - x[t / grid_cols] + row_shift : (symmetric && delta < 0 ? -delta : delta);
    const float v = -slope * (float)distance;
    out[t] = accumulate ? out[t] + v : v;
}

// T5 bucket of relative position n = j - i = -delta (HF `_relative_position_bucket`), given as
// two step functions made by the host from pecards::t5Bucket: of -n for n <= 0 and of n for n > 0.
inline int pecards_t5_bucket(long delta, __global const long* starts_nonpos, __global const int* values_nonpos,
    int steps_nonpos, __global const long* starts_pos, __global const int* values_pos, int steps_pos) {
    return delta >= 0 ? pecards_step(starts_nonpos, values_nonpos, steps_nonpos, delta)
                      : pecards_step(starts_pos, values_pos, steps_pos, -delta);
}

// T5: the bucket index itself (Buckets) or scale * beta[bucket] (Score, Attention logits).
__kernel void t5_profile(__global float* out, long delta0, __global const long* x, __global const long* y,
    int grid_cols, int count, __global const long* starts_nonpos,
    __global const int* values_nonpos, int steps_nonpos, __global const long* starts_pos,
    __global const int* values_pos, int steps_pos, __global const float* beta, int output_buckets) {
    const int t = get_global_id(0);
    if (t >= count) {
        return;
    }
    const int bucket = pecards_t5_bucket(pecards_profile_delta(t, delta0, x, y, grid_cols), starts_nonpos, values_nonpos, steps_nonpos, starts_pos, values_pos, steps_pos);
    out[t] = output_buckets ? (float)bucket : beta[bucket];
}

// Shaw: dots[idx - idx_first] = scale * q . a_idx + addend, a_idx = contentVector(seed, Shaw, idx, d).
__kernel void shaw_dots(__global float* dots, long idx_first, int count, __global const float* q, int d, ulong seed,
    float scale, float addend) {
    const int t = get_global_id(0);
    if (t >= count) {
        return;
    }
    const long idx = idx_first + t;
    float acc = 0.0f;
    for (int c = 0; c < d; ++c) {
        acc = fma(q[c], pecards_probe_normal(seed, 6u, idx, c), acc);
    }
    dots[t] = fma(scale * rsqrt((float)d), acc, addend);
}

// Shaw clipped index clip(j - i, -k, k) + k of delta = i - j.
inline long pecards_shaw_index(long delta, long k) {
    return clamp(-delta, -k, k) + k;
}

// Shaw: the clipped index (Buckets) or dots[index - idx_first] (Score, Attention logits).
__kernel void shaw_profile(__global float* out, long delta0, __global const long* x, __global const long* y,
    int grid_cols, int count, long k, __global const float* dots, long idx_first, int output_index) {
    const int t = get_global_id(0);
    if (t >= count) {
        return;
    }
    const long idx = pecards_shaw_index(pecards_profile_delta(t, delta0, x, y, grid_cols), k);
    out[t] = output_index ? (float)idx : dots[idx - idx_first];
}
