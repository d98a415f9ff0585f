// Encoding tables and phase tables (rows = positions, cols = dimensions or frequency pairs),
// pooled exactly: each pixel evaluates every entry of its block.

// One work-item per pixel: Sample, or the exact mean / max / min over the pixel's block.
__kernel void table_pool(__global float* out, int rows, int cols, __global const long* row_starts,
    __global const long* col_starts, int reduction, int mode, __global const ulong* freq_turns, int layout, int dim,
    int rotary, long padding_idx, __global const float* q) {
    const int c = get_global_id(0);
    const int r = get_global_id(1);
    if (c >= cols || r >= rows) {
        return;
    }
    const long r0 = row_starts[r];
    const long r1 = row_starts[r + 1];
    const int c0 = (int)col_starts[c];
    const int c1 = (int)col_starts[c + 1];
    float value;
    if (reduction == PECARDS_SAMPLE) {
        value = pecards_table_entry(mode, r0, c0, freq_turns, layout, dim, rotary, padding_idx, q);
    } else {
        float best = reduction == PECARDS_MAX ? -INFINITY : INFINITY;
        float sum = 0.0f;
        float carry = 0.0f;
        for (long p = r0; p < r1; ++p) {
            for (int k = c0; k < c1; ++k) {
                const float v = pecards_table_entry(mode, p, k, freq_turns, layout, dim, rotary, padding_idx, q);
                if (reduction == PECARDS_MEAN) {
                    const float y = v - carry;
                    const float t = sum + y;
                    carry = (t - sum) - y;
                    sum = t;
                } else if (reduction == PECARDS_MAX) {
                    best = fmax(best, v);
                } else {
                    best = fmin(best, v);
                }
            }
        }
        value = reduction == PECARDS_MEAN ? sum / (float)((r1 - r0) * (long)(c1 - c0)) : best;
    }
    out[(long)r * cols + c] = value;
}
