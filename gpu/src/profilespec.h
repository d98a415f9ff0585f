#pragma once
/// @file profilespec.h
/// @brief Host-side description of a positional-only profile f(delta) (docs/quantities.md) and
/// its evaluation on the device (kernels/profile.cl).
///
/// Every positional Score, Attention logit and Buckets entry is f(i - j) + row_slope i + row_offset
/// (the row term is non-zero only for the ALiBi row-offset forms in Score), the same split as the
/// CPU reference. f is a sum of: a trigonometric sum constant + sum_i Re(w_i e^{j delta phi_i})
/// (sinusoidal similarity, RoPE score, Transformer-XL (b)/(d)), the ALiBi Toeplitz bias, and a
/// T5 or Shaw lookup.

#include "clcontext.h"
#include "pecards/view.h"
#include "pecards/viewrules.h"

#include <Eigen/Core>
#include <cstdint>
#include <vector>

namespace pecards::gpu::detail {

/// @brief A non-decreasing step function of n >= 0: values[k] on [starts[k], starts[k+1]).
struct StepFunction {
    std::vector<cl_long> starts; ///< starts[0] = 0, increasing
    std::vector<cl_int> values;
};

/// @brief The T5 bucket of relative position n = j - i as two step functions, made from
/// pecards::t5Bucket (its float32 logarithm included): of -n for n <= 0 and of n for n > 0.
struct T5Steps {
    StepFunction nonpositive;
    StepFunction positive;
};

/// @brief T5 steps for relative positions up to |n| <= max_magnitude.
T5Steps makeT5Steps(const RelativeParams& relative, std::int64_t max_magnitude);

/// @brief T5 bucket values beta (bucket_values, or probeNormal(seed, Bucket, 0, b)).
std::vector<float> t5BucketValues(const CardParams& params);

/// @brief 64-bit fixed-point turns frac(theta / 2pi) * 2^64 of each frequency (radians per
/// position), for the exact angle reduction of kernels/common.cl.
std::vector<cl_ulong> frequencyTurns(const Eigen::VectorXd& radians_per_position);

/// @brief Everything a card needs to evaluate f on the device.
struct ProfileSpec {
    Visibility visibility; ///< which entries are visible (pecards::visibility; Buckets: all)
    double row_slope = 0.0; ///< Score of the ALiBi row-offset forms: + row_slope * i + row_offset
    double row_offset = 0.0;

    bool trig = false; ///< trigonometric sum present
    std::vector<cl_ulong> turns; ///< phi_i as fixed-point turns
    std::vector<cl_float2> weights; ///< w_i (already scaled)
    double constant = 0.0; ///< added to f

    bool alibi = false;
    double alibi_slope = 0.0;
    bool alibi_symmetric = false;
    /// ALiBi row-offset forms (row_slope != 0): the sampled grid adds the row term inside the bias,
    /// -m (delta - i + alibi_row_shift), exact integers before one float multiply; without the fold
    /// the float32 sum -m delta + m i cancels to m j and loses its digits at large i.
    std::int64_t alibi_row_shift = 0;

    enum class Lookup { None, T5Value, T5Bucket, ShawValue, ShawIndex } lookup = Lookup::None;
    T5Steps t5;
    std::vector<float> beta;
    std::int64_t shaw_k = 0;
    std::vector<float> shaw_q; ///< probe q (Shaw)
    std::uint64_t seed = 0;
    double shaw_scale = 1.0;
    double shaw_constant = 0.0;
};

/// @brief The spec of a card's Score, Attention (logits) or Buckets profile.
/// @throws InvalidParameter for other quantities or invalid parameters.
ProfileSpec makeProfileSpec(const CardParams& params, Quantity quantity);

/// @brief f(delta) for delta in [delta0, delta0 + count) on the device (count floats).
cl::Buffer evaluateProfile(ClContext& cl, const ProfileSpec& spec, std::int64_t delta0, std::int64_t count);

/// @brief The sampled positions of a grid: the pixels' first rows x and columns y (both
/// non-empty), on the host and uploaded once for every kernel that reads them.
struct GridPositions {
    std::vector<cl_long> x;
    std::vector<cl_long> y;
    cl::Buffer x_buffer;
    cl::Buffer y_buffer;
};

/// @brief Uploads x and y. @throws OpenClError
GridPositions uploadGridPositions(ClContext& cl, std::vector<cl_long> x, std::vector<cl_long> y);

/// @brief f(x_r - y_c) on the device for the sampled rows x and columns y: x.size() x y.size()
/// floats, row-major. The trigonometric sum as a product of row and column phasors
/// (kernels/profile.cl trig_phasors, trig_grid): work O((rows + cols) pairs + rows x cols x pairs),
/// memory O(rows x cols + (rows + cols) pairs), whatever the deltas' range. The ALiBi row-offset
/// forms' row term is included (ProfileSpec::alibi_row_shift): f(x_r - y_c) + row_slope x_r + row_offset.
cl::Buffer evaluateProfileGrid(ClContext& cl, const ProfileSpec& spec, const GridPositions& at);

} // namespace pecards::gpu::detail
