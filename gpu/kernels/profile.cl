// Positional-only profiles f(delta), delta = i - j = delta0 + t, t in [0, count)
// (docs/quantities.md; the host's ProfileSpec in gpu/src/profilespec.cpp sets the terms).

// f[t] (+)= addend + sum_i Re(w_i exp(j delta phi_i)) = addend + sum_i (w_i.x cos - w_i.y sin).
// Sinusoidal similarity, RoPE score (w_i = a^2 qc_i conj(kc_i)) and the Transformer-XL R terms.
__kernel void trig_profile(__global float* out, long delta0, int count, __global const ulong* freq_turns,
    __global const float2* weights, int pairs, float addend, int accumulate) {
    const int t = get_global_id(0);
    if (t >= count) {
        return;
    }
    const long delta = delta0 + t;
    float acc = 0.0f;
    for (int i = 0; i < pairs; ++i) {
        float c;
        const float s = sincos(pecards_angle(delta, freq_turns[i]), &c);
        const float2 w = weights[i];
        acc = fma(w.x, c, fma(-w.y, s, acc));
    }
    acc += addend;
    out[t] = accumulate ? out[t] + acc : acc;
}

// ALiBi bias in its Toeplitz form: -slope * delta (causal), -slope * |delta| (symmetric).
// Values at masked deltas are not read by the pooling kernels.
__kernel void alibi_profile(__global float* out, long delta0, int count, float slope, int symmetric, int accumulate) {
    const int t = get_global_id(0);
    if (t >= count) {
        return;
    }
    const long delta = delta0 + t;
    const float v = -slope * (float)(symmetric && delta < 0 ? -delta : delta);
    out[t] = accumulate ? out[t] + v : v;
}

// Value of a non-decreasing step function at n >= 0: values[k] for the largest k with starts[k] <= n
// (starts[0] = 0).
inline int pecards_step(__global const long* starts, __global const int* values, int steps, long n) {
    int lo = 0;
    int hi = steps - 1;
    while (lo < hi) {
        const int mid = (lo + hi + 1) / 2;
        if (starts[mid] <= n) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    return values[lo];
}

// T5 bucket of relative position n = j - i = -delta (HF `_relative_position_bucket`), given as
// two step functions made by the host from pecards::t5Bucket: of -n for n <= 0 and of n for n > 0.
inline int pecards_t5_bucket(long delta, __global const long* starts_nonpos, __global const int* values_nonpos,
    int steps_nonpos, __global const long* starts_pos, __global const int* values_pos, int steps_pos) {
    return delta >= 0 ? pecards_step(starts_nonpos, values_nonpos, steps_nonpos, delta)
                      : pecards_step(starts_pos, values_pos, steps_pos, -delta);
}

// T5: the bucket index itself (Buckets) or scale * beta[bucket] (Score, Attention logits).
__kernel void t5_profile(__global float* out, long delta0, int count, __global const long* starts_nonpos,
    __global const int* values_nonpos, int steps_nonpos, __global const long* starts_pos,
    __global const int* values_pos, int steps_pos, __global const float* beta, int output_buckets) {
    const int t = get_global_id(0);
    if (t >= count) {
        return;
    }
    const int bucket = pecards_t5_bucket(
        delta0 + t, starts_nonpos, values_nonpos, steps_nonpos, starts_pos, values_pos, steps_pos);
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
__kernel void shaw_profile(__global float* out, long delta0, int count, long k, __global const float* dots,
    long idx_first, int output_index) {
    const int t = get_global_id(0);
    if (t >= count) {
        return;
    }
    const long idx = pecards_shaw_index(delta0 + t, k);
    out[t] = output_index ? (float)idx : dots[idx - idx_first];
}
