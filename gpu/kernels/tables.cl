// Encoding tables and phase tables (rows = positions, cols = dimensions or frequency pairs),
// pooled exactly: each pixel evaluates every entry of its block.

// One work-item per pixel: Sample, or the exact mean / max / min over the pixel's block.
__kernel void table_pool(__global float* out, int rows, int cols, __global const long* row_starts,
    __global const long* col_starts, int reduction, int mode, __global const ulong* freq_turns, int layout,
    int dim, int rotary, long padding_idx, __global const float* q) {
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

// Angles never seen in training (scaling_lab.h): entry (p, i) is 1 when (p * turns[i] mod 2^64) >
// limit[i], exact 64-bit integer arithmetic. One work-item per pixel: Sample, or the exact unseen
// fraction (Mean: an exact integer count over the block size, divided in float), any (Max) or all (Min) over
// the block.
__kernel void unseen_pool(__global float* out, int rows, int cols, __global const long* row_starts,
    __global const long* col_starts, int reduction, __global const ulong* turns,
    __global const ulong* limit) {
    const int c = get_global_id(0);
    const int r = get_global_id(1);
    if (c >= cols || r >= rows) {
        return;
    }
    const long r0 = row_starts[r];
    const long r1 = row_starts[r + 1];
    const int c0 = (int)col_starts[c];
    const int c1 = (int)col_starts[c + 1];
    if (reduction == PECARDS_SAMPLE) {
        out[(long)r * cols + c] = (ulong)r0 * turns[c0] > limit[c0] ? 1.0f : 0.0f;
        return;
    }
    long unseen = 0;
    for (int k = c0; k < c1; ++k) {
        const ulong step = turns[k];
        const ulong bound = limit[k];
        ulong angle = (ulong)r0 * step; // advanced by one step per position, mod 2^64
        for (long p = r0; p < r1; ++p) {
            unseen += angle > bound ? 1 : 0;
            angle += step;
        }
    }
    const long entries = (r1 - r0) * (long)(c1 - c0);
    out[(long)r * cols + c] = reduction == PECARDS_MEAN ? (float)unseen / (float)entries
        : reduction == PECARDS_MAX                     ? (unseen > 0 ? 1.0f : 0.0f)
                                             : (unseen == entries ? 1.0f : 0.0f);
}
