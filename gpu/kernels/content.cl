// Per-position vectors of the content views (docs/quantities.md): rows of Q and K, one per
// position, padded with zeros to the leading dimension `ld`. Indices: get_global_id(0) = element,
// get_global_id(1) = row.

// out[r, c] = probeNormal(seed, stream, positions[r], c) / sqrt(d) for c < d (contentVector).
__kernel void probe_vectors(
    __global float* out, int ld, __global const long* positions, int n, int d, ulong seed, uint stream) {
    const int c = get_global_id(0);
    const int r = get_global_id(1);
    if (c >= d || r >= n) {
        return;
    }
    out[(long)r * ld + c] = pecards_probe_normal(seed, stream, positions[r], c) * rsqrt((float)d);
}

// out[r, c] += PE[positions[r] + row_shift, c] (sinusoidal table entry, zero on the padding row).
__kernel void add_sinusoidal(__global float* out, int ld, __global const long* positions, int n, int d,
    __global const ulong* freq_turns, int layout, long row_shift, long padding_idx) {
    const int c = get_global_id(0);
    const int r = get_global_id(1);
    if (c >= d || r >= n) {
        return;
    }
    out[(long)r * ld + c] += pecards_table_entry(
        PECARDS_TABLE_SINUSOIDAL, positions[r] + row_shift, c, freq_turns, layout, d, 0, padding_idx, 0);
}

// In place x -> R_m x (RoFormer eq. 13-16) for m = positions[r]: pair i rotated by m theta_i,
// rotated dims times `factor` (the attention factor); dims >= rotary untouched.
// One work-item per (pair i, row r).
__kernel void rope_rotate(__global float* out, int ld, __global const long* positions, int n,
    __global const ulong* freq_turns, int layout, int rotary, float factor) {
    const int i = get_global_id(0);
    const int r = get_global_id(1);
    if (i >= rotary / 2 || r >= n) {
        return;
    }
    const int first = layout ? i : 2 * i;
    const int second = layout ? i + rotary / 2 : 2 * i + 1;
    __global float* x = out + (long)r * ld;
    float cosine;
    const float sine = sincos(pecards_angle(positions[r], freq_turns[i]), &cosine);
    const float a = x[first];
    const float b = x[second];
    x[first] = factor * (a * cosine - b * sine);
    x[second] = factor * (a * sine + b * cosine);
}

// Transformer-XL query rows (Dai et al. 2019 §3.3) such that Qe_i . Ke_j = (a) + (b) + (c) + (d):
// Qe_i = [use_a q_i + use_c u | Qb_i], Ke_j = [k_j | cos(j w) | sin(j w)], where, with
// p = use_b W_R^T q_i + use_d W_R^T v and A = i w_c,
// Qb_i = [p_s sin A + p_c cos A | p_c sin A - p_s cos A]  (p_s = p[c], p_c = p[c + d/2]),
// so Qb_i . [cos B | sin B] = p . R_{i-j} by the angle-difference identities.
// `raw` holds q_i (row r, stride ld_raw); w_r is W_R row-major (d x d); v_proj = W_R^T v.
// One work-item per (c in [0, d/2), row r).
__kernel void txl_queries(__global float* out, int ld, __global const float* raw, int ld_raw,
    __global const long* positions, int n, int d, __global const float* w_r, __global const float* u,
    __global const float* v_proj, __global const ulong* freq_turns, float use_a, float use_b, float use_c,
    float use_d) {
    const int c = get_global_id(0);
    const int r = get_global_id(1);
    const int pairs = d / 2;
    if (c >= pairs || r >= n) {
        return;
    }
    __global const float* q = raw + (long)r * ld_raw;
    float p_s = 0.0f;
    float p_c = 0.0f;
    for (int k = 0; k < d; ++k) {
        p_s = fma(w_r[(long)k * d + c], q[k], p_s);
        p_c = fma(w_r[(long)k * d + c + pairs], q[k], p_c);
    }
    p_s = use_b * p_s + use_d * v_proj[c];
    p_c = use_b * p_c + use_d * v_proj[c + pairs];
    __global float* x = out + (long)r * ld;
    x[c] = use_a * q[c] + use_c * u[c];
    x[c + pairs] = use_a * q[c + pairs] + use_c * u[c + pairs];
    float cosine;
    const float sine = sincos(pecards_angle(positions[r], freq_turns[c]), &cosine);
    x[d + c] = p_s * sine + p_c * cosine;
    x[d + pairs + c] = p_c * sine - p_s * cosine;
}

// Transformer-XL key rows: Ke_j[d + c] = cos(j w_c), Ke_j[d + d/2 + c] = sin(j w_c); the first d
// entries (k_j) are written by probe_vectors or uploaded.
__kernel void txl_keys(
    __global float* out, int ld, __global const long* positions, int n, int d, __global const ulong* freq_turns) {
    const int c = get_global_id(0);
    const int r = get_global_id(1);
    const int pairs = d / 2;
    if (c >= pairs || r >= n) {
        return;
    }
    float cosine;
    const float sine = sincos(pecards_angle(positions[r], freq_turns[c]), &cosine);
    out[(long)r * ld + d + c] = cosine;
    out[(long)r * ld + d + pairs + c] = sine;
}
