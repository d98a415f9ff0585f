// Shared helpers, prepended to every other kernel file (see gpu/cmake/embedkernels.cmake).
// Pure OpenCL C 1.2: float32 arithmetic, 64-bit integers for hashing and exact angles.

// Constants shared with the host (tiling, reduction/table/bias codes) are never defined here: they
// come from the build options made by gpu/src/kernelconfig.cpp, which are part of the cache key.
#if !defined(PECARDS_CHUNK) || !defined(PECARDS_SPAN) || !defined(PECARDS_SPAN_ROWS) || !defined(PECARDS_ROWS) \
    || !defined(PECARDS_GRID_ROWS) || !defined(PECARDS_COLS) || !defined(PECARDS_MEAN) || !defined(PECARDS_TABLE_PHASE) || !defined(PECARDS_BIAS_SHAW)
#error "build the PE Cards kernels with the options of buildOptions() (gpu/src/kernelconfig.h)"
#endif

#define PECARDS_TWO_PI_F 6.283185307179586f
#define PECARDS_GOLDEN_GAMMA 0x9E3779B97F4A7C15UL

// The mask (pecards::Visibility, viewrules.h; arguments made by maskArgs, kernelconfig.h): key
// j < sink_end is visible from query i on deltas i - j >= causal_low, any other key on deltas
// [band_low, band_high] (causal: low 0; sliding window W: |i - j| < W; sink_end = n_sink with a window).
inline bool pecards_visible(long i, long j, long sink_end, long causal_low, long band_low, long band_high) {
    const long delta = i - j;
    return j < sink_end ? delta >= causal_low : (delta >= band_low && delta <= band_high);
}

// Angle of `position` times a frequency given as a 64-bit fixed-point fraction of a turn
// (freq_turns = frac(theta / 2pi) * 2^64, made on the host in double). The product wraps mod
// 2^64, i.e. mod one turn, exactly: this is the exact range reduction of m * theta.
// Result in [-pi, pi), error <= 2^-25 turns (1.9e-7 rad) before the float multiply.
inline float pecards_angle(long position, ulong freq_turns) {
    const ulong turns = (ulong)position * freq_turns;
    const long top = ((long)turns) >> 39; // 25 bits, signed
    const long rounded = (top + 1) >> 1; // 24 bits, rounded to nearest, in [-2^23, 2^23]
    return (float)rounded * (PECARDS_TWO_PI_F / 16777216.0f);
}

// The same angle as pecards_angle, in [0, 2pi) (the Phase quantity).
inline float pecards_phase(long position, ulong freq_turns) {
    const ulong turns = (ulong)position * freq_turns;
    const ulong rounded = (((turns >> 39) + 1UL) >> 1) & 0xFFFFFFUL; // 24 bits, wraps 2^24 to 0
    return (float)rounded * (PECARDS_TWO_PI_F / 16777216.0f);
}

// splitmix64 finaliser (Steele, Lea, Flood 2014), as pecards::splitmix64 in core/src/probe.cpp.
inline ulong pecards_splitmix64(ulong x) {
    x += PECARDS_GOLDEN_GAMMA;
    ulong z = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9UL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBUL;
    return z ^ (z >> 31);
}

// pecards::probeNormal (probe.h): the integer part bit for bit, Box-Muller in float32 with
// ln(u1) taken through log1p near u1 = 1 so no cancellation enters (relative error ~1e-6).
inline float pecards_probe_normal(ulong seed, uint stream, long position, long index) {
    const ulong counter = ((ulong)stream << 56) | ((ulong)position << 20) | (ulong)index;
    const ulong state = seed ^ pecards_splitmix64(counter);
    const ulong h1 = pecards_splitmix64(state);
    const ulong h2 = pecards_splitmix64(state + PECARDS_GOLDEN_GAMMA);
    const ulong m1 = (h1 >> 11) + 1UL; // u1 = m1 * 2^-53 in (0, 1]
    // Both logarithms, then a select: no branch, so that a CPU device runs 16 work-items in one
    // vector (a branch taken by half the lanes made PoCL call the scalar log per entry).
    const float near_one = log1p(-(float)((1UL << 53) - m1) * 0x1p-53f);
    const float below = log((float)m1 * 0x1p-53f);
    const float log_u1 = m1 > (1UL << 52) ? near_one : below;
    // cos(2 pi u2) with u2 = (h2 >> 11) 2^-53: the top bits of h2 as a fraction of a turn.
    const float angle = (float)(((long)h2) >> 40) * (PECARDS_TWO_PI_F / 16777216.0f);
    return sqrt(-2.0f * log_u1) * cos(angle);
}

// First entry of output pixel `pixel` of `pixels` over `extent` entries from `begin` (view.h).
inline long pecards_block_start(long begin, long extent, int pixels, int pixel) {
    return begin + ((long)pixel * extent) / pixels;
}

// Entry (p, c) of the table.
// Sinusoidal (Vaswani et al. §3.5): interleaved PE[p,2i] = sin, PE[p,2i+1] = cos; concatenated
// [sin | cos]; row `padding_idx` is zero (fairseq). `layout` = 1 for concatenated.
// RoPE (RoFormer eq. 13-16): R_p q for probe q whose first `rotary` dims are already multiplied
// by the attention factor; half-split pairs (c, c + r/2) when `layout` = 1, else (2i, 2i+1).
// Phase: p * w_c mod 2pi in [0, 2pi).
inline float pecards_table_entry(int mode, long p, int c, __global const ulong* freq_turns, int layout, int dim,
    int rotary, long padding_idx, __global const float* q) {
    if (mode == PECARDS_TABLE_PHASE) {
        return pecards_phase(p, freq_turns[c]);
    }
    if (mode == PECARDS_TABLE_SINUSOIDAL) {
        if (p == padding_idx) {
            return 0.0f;
        }
        const int pairs = dim / 2;
        const int i = layout ? (c < pairs ? c : c - pairs) : c / 2;
        const bool is_sin = layout ? c < pairs : (c % 2) == 0;
        float cosine;
        const float sine = sincos(pecards_angle(p, freq_turns[i]), &cosine);
        return is_sin ? sine : cosine;
    }
    if (c >= rotary) {
        return q[c];
    }
    const int pairs = rotary / 2;
    int i;
    int first;
    int second;
    if (layout) {
        i = c < pairs ? c : c - pairs;
        first = i;
        second = i + pairs;
    } else {
        i = c / 2;
        first = 2 * i;
        second = 2 * i + 1;
    }
    float cosine;
    const float sine = sincos(pecards_angle(p, freq_turns[i]), &cosine);
    return c == first ? q[first] * cosine - q[second] * sine : q[first] * sine + q[second] * cosine;
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
