#pragma once
/// @file kernelconfig.h
/// @brief Constants shared by the host code and the kernels, defined once here.
///
/// The kernels never define them: `buildOptions` passes each one to the OpenCL compiler as
/// `-DNAME=value`, and the build options are part of the program cache key, so changing a
/// constant here rebuilds the kernels instead of loading a stale binary (the scheme of CLBlast's
/// `GetDefines`). A kernel file that is built without them stops with `#error`.

#include "pecards/view.h"
#include "pecards/viewrules.h"

#include <CL/opencl.hpp>
#include <string>

namespace pecards::gpu::detail {

/// @brief Tiling of the kernels (units: entries, rows or work-items as named).
struct KernelConfig {
    int chunk = 64; ///< PECARDS_CHUNK: profile entries per chunk of the range-query structures (pool.cl)
    int span = 256; ///< PECARDS_SPAN: deltas per exact-angle block of trig profiles (profile.cl)
    int span_rows = 8; ///< PECARDS_SPAN_ROWS: blocks per work-item of trig_profile (profile.cl)
    int grid_rows = 4; ///< PECARDS_GRID_ROWS: sampled rows per work-item of trig_grid (profile.cl)
    int rows = 16; ///< PECARDS_ROWS: query rows per work-item of the logits kernel (gemm.cl)
    int cols = 16; ///< PECARDS_COLS: key columns per work-item of the logits kernel (gemm.cl)
};

/// @brief The configuration every program is built with.
inline constexpr KernelConfig kKernelConfig {};

/// @brief Pixel reduction codes (PECARDS_SAMPLE, _MEAN, _MAX, _MIN in pool.cl and tables.cl).
enum class ReductionCode : cl_int { Sample = 0, Mean = 1, Max = 2, Min = 3 };

/// @brief The kernels' code for a pixel reduction.
ReductionCode reductionCode(Reduction reduction);

/// @brief Table modes (PECARDS_TABLE_SINUSOIDAL, _ROPE, _PHASE in common.cl).
enum class TableMode : cl_int { Sinusoidal = 0, Rope = 1, Phase = 2 };

/// @brief Bias modes of the logits kernel (PECARDS_BIAS_NONE, _ALIBI, _T5, _SHAW in gemm.cl).
enum class BiasMode : cl_int { None = 0, Alibi = 1, T5 = 2, Shaw = 3 };

/// @brief The mask (pecards::Visibility) as every masking kernel takes it, four `long` arguments
/// in this order (pecards_visible in common.cl): key j < sink_end is visible on deltas i - j >=
/// causal_low, any other key on deltas [band_low, band_high].
struct MaskArgs {
    cl_long sink_end;
    cl_long causal_low;
    cl_long band_low;
    cl_long band_high;
};

/// @brief The kernels' mask arguments of `visibility`.
MaskArgs maskArgs(const Visibility& visibility);

/// @brief The compiler options of every program: the OpenCL C version and one `-DNAME=value`
/// for each constant of `config` and each code above.
std::string buildOptions(const KernelConfig& config = kKernelConfig);

} // namespace pecards::gpu::detail
