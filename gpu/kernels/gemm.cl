// Content logits: blocked Q . K^T with the card's bias and the mask (causal, sinks, window), the streaming row
// softmax (log-sum-exp per row over key tiles) and the exact pooling of logit tiles.

// Each work-item computes PECARDS_ROWS query rows x 16 key columns with float16 accumulators
// (explicit SIMD: one vector FMA per row and depth step; maps to AVX-512 on PoCL, to scalar
// registers on GPUs). No local memory or barriers.
#if PECARDS_COLS != 16
#error "the logits kernel keeps 16 key columns in one float16: PECARDS_COLS must be 16"
#endif

// ALiBi bias of query i, key j (pecards::alibiBias): form 0 causal -m(i-j), 1 symmetric -m|i-j|,
// 2 BLOOM +m j, 3 llm-foundry -m(L-1-j). Masking is applied by the caller.
inline float pecards_alibi_bias(int form, float slope, long i, long j, long length) {
    switch (form) {
    case 0:
        return -slope * (float)(i - j);
    case 1:
        return -slope * (float)(i > j ? i - j : j - i);
    case 2:
        return slope * (float)j;
    default:
        return -slope * (float)(length - 1 - j);
    }
}

// Transposes key rows k (rows x ld) into kt (ld x ldk) so that key columns are contiguous.
__kernel void transpose_keys(__global const float* k, int rows, int ld, __global float* kt, int ldk) {
    const int c = get_global_id(0);
    const int e = get_global_id(1);
    if (c >= rows || e >= ld) {
        return;
    }
    kt[(long)e * ldk + c] = k[(long)c * ld + e];
}

// logits[r, c] = alpha * Q[r] . K[c] + bias(row_pos[r], col_pos[c]), -inf where masked (pecards_visible).
// Q: rows padded to a multiple of PECARDS_ROWS, `ld` floats per row (zero padded); kt: K transposed,
// ld rows of `ldk` (a multiple of 16) floats. Bias: ALiBi (slope, form, length), T5 (step functions
// of -n / n and beta), Shaw (alpha * Q[r][0..shaw_d) . A[idx - shaw_first], idx = clip(j - i, -k, k) + k).
__kernel void logits(__global float* out, int ldo, int nr, int nc, __global const float* q, __global const float* kt,
    int ld, int ldk, float alpha, __global const long* row_pos, __global const long* col_pos, long sink_end,
    long causal_low, long band_low, long band_high,
    int bias_mode, float slope, int alibi_form, long length, __global const long* starts_nonpos,
    __global const int* values_nonpos, int steps_nonpos, __global const long* starts_pos,
    __global const int* values_pos, int steps_pos, __global const float* beta, __global const float* shaw_a,
    int shaw_ld, int shaw_d, long shaw_k, long shaw_first) {
    const int col0 = get_global_id(0) * PECARDS_COLS;
    const int row0 = get_global_id(1) * PECARDS_ROWS;
    if (col0 >= nc || row0 >= nr) {
        return;
    }
    float16 acc[PECARDS_ROWS];
    for (int a = 0; a < PECARDS_ROWS; ++a) {
        acc[a] = (float16)(0.0f);
    }
    __global const float* qrow = q + (long)row0 * ld;
    for (int e = 0; e < ld; ++e) {
        const float16 kv = vload16(0, kt + (long)e * ldk + col0);
        for (int a = 0; a < PECARDS_ROWS; ++a) {
            acc[a] = fma((float16)(qrow[(long)a * ld + e]), kv, acc[a]);
        }
    }
    for (int a = 0; a < PECARDS_ROWS; ++a) {
        const int r = row0 + a;
        if (r >= nr) {
            break;
        }
        float dots[PECARDS_COLS];
        vstore16(acc[a], 0, dots);
        const long i = row_pos[r];
        for (int b = 0; b < PECARDS_COLS; ++b) {
            const int c = col0 + b;
            if (c >= nc) {
                break;
            }
            const long j = col_pos[c];
            float v = alpha * dots[b];
            if (!pecards_visible(i, j, sink_end, causal_low, band_low, band_high)) {
                v = -INFINITY;
            } else if (bias_mode == PECARDS_BIAS_ALIBI) {
                v += pecards_alibi_bias(alibi_form, slope, i, j, length);
            } else if (bias_mode == PECARDS_BIAS_T5) {
                const long n = j - i;
                const int bucket = n <= 0 ? pecards_step(starts_nonpos, values_nonpos, steps_nonpos, -n)
                                          : pecards_step(starts_pos, values_pos, steps_pos, n);
                v += beta[bucket];
            } else if (bias_mode == PECARDS_BIAS_SHAW) {
                const long idx = clamp(j - i, -shaw_k, shaw_k) + shaw_k;
                __global const float* av = shaw_a + (idx - shaw_first) * shaw_ld;
                __global const float* qv = q + (long)r * ld;
                float dot = 0.0f;
                for (int e = 0; e < shaw_d; ++e) {
                    dot = fma(qv[e], av[e], dot);
                }
                v = fma(alpha, dot, v);
            }
            out[(long)r * ldo + c] = v;
        }
    }
}

inline float pecards_max16(float16 v) {
    const float8 a = fmax(v.lo, v.hi);
    const float4 b = fmax(a.lo, a.hi);
    const float2 c = fmax(b.lo, b.hi);
    return fmax(c.x, c.y);
}

inline float pecards_sum16(float16 v) {
    const float8 a = v.lo + v.hi;
    const float4 b = a.lo + a.hi;
    const float2 c = b.lo + b.hi;
    return c.x + c.y;
}

// Streaming log-sum-exp: folds one tile of logits (nr rows x nc cols, masked = -inf) into the
// running maximum and sum of exp(logit - maximum) of each row. One work-item per row, 16 columns
// per step (vector max and exp, 16 partial sums added pairwise at the end), the rest one by one.
__kernel void row_lse_update(
    __global const float* logits, int ld, int nr, int nc, __global float* run_max, __global float* run_sum) {
    const int r = get_global_id(0);
    if (r >= nr) {
        return;
    }
    __global const float* row = logits + (long)r * ld;
    const int whole = nc / 16 * 16;
    float16 m16 = (float16)(-INFINITY);
    for (int c = 0; c < whole; c += 16) {
        m16 = fmax(m16, vload16(0, row + c));
    }
    float m = fmax(run_max[r], pecards_max16(m16));
    for (int c = whole; c < nc; ++c) {
        m = fmax(m, row[c]);
    }
    if (m == -INFINITY) {
        return;
    }
    float s = run_max[r] == -INFINITY ? 0.0f : run_sum[r] * exp(run_max[r] - m);
    float16 s16 = (float16)(0.0f);
    for (int c = 0; c < whole; c += 16) {
        s16 += exp(vload16(0, row + c) - (float16)(m));
    }
    s += pecards_sum16(s16);
    for (int c = whole; c < nc; ++c) {
        s += exp(row[c] - m);
    }
    run_max[r] = m;
    run_sum[r] = s;
}

// logits -> attention probabilities in place: exp(logit - logz[r]); masked (-inf) -> 0.
__kernel void softmax_apply(__global float* logits, int ld, int nr, int nc, __global const float* logz) {
    const int c = get_global_id(0);
    const int r = get_global_id(1);
    if (c >= nc || r >= nr) {
        return;
    }
    __global float* v = logits + (long)r * ld + c;
    *v = *v == -INFINITY ? 0.0f : exp(*v - logz[r]);
}

// Folds a tile of logits (rows = window entries [tile_row0, tile_row0 + tile_rows), cols likewise)
// into the accumulators of the pixels it touches (pixel rows [pr0, pr0 + npr), cols [pc0, pc0 + npc)
// of `cols` per row): maximum, minimum, Kahan sum and count of the unmasked entries; with
// `attention` the entries are exp(logit - logz[tile row]).
__kernel void pool_tile(__global const float* tile, int ld, long tile_row0, int tile_rows, long tile_col0,
    int tile_cols, __global const long* row_starts, __global const long* col_starts, int pr0, int npr, int pc0,
    int npc, int cols, int attention, __global const float* logz, __global float* acc_max,
    __global float* acc_min, __global float2* acc_sum, __global long* acc_count) {
    const int pc = pc0 + get_global_id(0);
    const int pr = pr0 + get_global_id(1);
    if (get_global_id(0) >= npc || get_global_id(1) >= npr) {
        return;
    }
    const long r_first = max(row_starts[pr], tile_row0);
    const long r_end = min(row_starts[pr + 1], tile_row0 + tile_rows);
    const long c_first = max(col_starts[pc], tile_col0);
    const long c_end = min(col_starts[pc + 1], tile_col0 + tile_cols);
    const long pixel = (long)pr * cols + pc;
    float best_max = acc_max[pixel];
    float best_min = acc_min[pixel];
    float2 sum = acc_sum[pixel];
    long count = acc_count[pixel];
    for (long i = r_first; i < r_end; ++i) {
        __global const float* row = tile + (i - tile_row0) * ld - tile_col0;
        const float shift = attention ? logz[i - tile_row0] : 0.0f;
        for (long j = c_first; j < c_end; ++j) {
            const float logit = row[j];
            if (logit == -INFINITY) {
                continue;
            }
            const float v = attention ? exp(logit - shift) : logit;
            best_max = fmax(best_max, v);
            best_min = fmin(best_min, v);
            const float y = v - sum.y;
            const float t = sum.x + y;
            sum.y = (t - sum.x) - y;
            sum.x = t;
            ++count;
        }
    }
    acc_max[pixel] = best_max;
    acc_min[pixel] = best_min;
    acc_sum[pixel] = sum;
    acc_count[pixel] = count;
}
