// Grid values -> packed 0xAARRGGBB pixels through a 256-entry colormap (pecards/gpu/colormap.h
// defines the same mapping on the CPU).

// t = (v - lo) / (hi - lo) (sequential) or 0.5 + 0.5 v / max(|lo|, |hi|) (diverging, centred at 0),
// clamped to [0, 1], entry min(255, floor(256 t)); a degenerate range maps to entry 128 (diverging)
// or 0; non-finite values get `masked_color`.
__kernel void colorize(__global const float* values, int n, __global const uint* table, float lo, float hi,
    int diverging, uint masked_color, __global uint* out) {
    const int p = get_global_id(0);
    if (p >= n) {
        return;
    }
    const float v = values[p];
    if (!isfinite(v)) {
        out[p] = masked_color;
        return;
    }
    float t;
    if (diverging) {
        const float scale = fmax(fabs(lo), fabs(hi));
        t = scale > 0.0f ? 0.5f + 0.5f * (v / scale) : 0.5f;
    } else {
        t = hi > lo ? (v - lo) / (hi - lo) : 0.0f;
    }
    t = clamp(t, 0.0f, 1.0f);
    out[p] = table[min(255, (int)(t * 256.0f))];
}
