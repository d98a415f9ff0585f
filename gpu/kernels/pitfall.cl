// Dense views (core pitfallspec.h: dense pitfalls and the multimodal card): per-position vectors from exact
// angles (or a host-made low-precision cos/sin cache), an optional projection, and logits with the pitfall's
// bias and mask.

// u[t, c] = cos_w[c] C + sin_w[c] S: C, S = cos, sin of p * w_c (exact range reduction, w_c as
// turns) with p = positions[t * axes + column_axis[c]] (axes = 1: the row's position; 3: its M-RoPE
// t, h, w ids), or entries of the stored cache (bf16/fp16 values, exact in float).
__kernel void pitfall_vectors(__global float* out, int ld, int rows, int cols, __global const long* positions,
    int axes, __global const int* column_axis, __global const ulong* turns, __global const float* cos_w,
    __global const float* sin_w, int use_cache, __global const float* cache_cos,
    __global const float* cache_sin) {
    const int c = get_global_id(0);
    const int t = get_global_id(1);
    if (c >= cols || t >= rows) {
        return;
    }
    float cs;
    float sn;
    if (use_cache) {
        cs = cache_cos[t * cols + c];
        sn = cache_sin[t * cols + c];
    } else {
        const float angle = pecards_angle(positions[t * axes + column_axis[c]], turns[c]);
        sn = sincos(angle, &cs);
    }
    out[t * ld + c] = cos_w[c] * cs + sin_w[c] * sn;
}

// v[t, r] = sum_c w[r, c] u[t, c] (w: dim x cols, row-major).
__kernel void pitfall_project(__global float* out, int ld_out, __global const float* in, int ld_in, int rows,
    int dim, int cols, __global const float* w) {
    const int r = get_global_id(0);
    const int t = get_global_id(1);
    if (r >= dim || t >= rows) {
        return;
    }
    float sum = 0.0f;
    for (int c = 0; c < cols; ++c) {
        sum += w[r * cols + c] * in[t * ld_in + c];
    }
    out[t * ld_out + r] = sum;
}

// Logit of query row t (position first + t) and key j of all `length` keys:
// alpha q.k + bias_scale (key_bias[j] + row_coef i + abs_coef |i - j| + delta_bias[i - j + L - 1]);
// -inf where masked (pecards_visible: causal, sinks, window), or key_bias[j] = -inf (a masked key).
__kernel void pitfall_logits(__global float* out, int length, int rows, long first, __global const float* q,
    __global const float* k, int dim, float alpha, float bias_scale, int use_key_bias,
    __global const float* key_bias, float row_coef, float abs_coef, int use_delta,
    __global const float* delta_bias, long sink_end, long causal_low, long band_low, long band_high) {
    const int j = get_global_id(0);
    const int t = get_global_id(1);
    if (j >= length || t >= rows) {
        return;
    }
    const long i = first + t;
    bool masked = !pecards_visible(i, j, sink_end, causal_low, band_low, band_high);
    float bias = row_coef * (float)i + abs_coef * (float)(i > j ? i - j : j - i);
    if (use_key_bias) {
        const float kb = key_bias[j];
        masked = masked || (isinf(kb) && kb < 0.0f);
        bias += kb;
    }
    if (use_delta) {
        bias += delta_bias[i - j + length - 1];
    }
    float dot = 0.0f;
    for (int c = 0; c < dim; ++c) {
        dot += q[t * dim + c] * k[j * dim + c];
    }
    out[t * length + j] = masked ? -INFINITY : alpha * dot + bias_scale * bias;
}
