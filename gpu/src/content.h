#pragma once
/// @file content.h
/// @brief ContentScore and ContentAttention views on the device (docs/quantities.md): per-position
/// vectors made on the device (kernels/content.cl), tiled Q.K^T with the card's bias and mask
/// (kernels/gemm.cl), a streaming row log-sum-exp over all L keys for attention, and exact
/// pooling of logit tiles. Memory stays bounded by the tile sizes, whatever L.

#include "clcontext.h"
#include "kernelconfig.h"
#include "pecards/probe.h"
#include "pecards/progress.h"
#include "pecards/view.h"

namespace pecards::gpu::detail {

/// @brief Most multiply-adds a content view may cost: window rows x window cols x max(D, 16) for
/// Mean/Max/Min (D = vector size on the device), plus normaliser rows x L x max(D, 16) for attention.
/// Sized so a refused-or-not decision keeps every view interactive on PoCL (2 CPU cores, about
/// 1-3 s at this budget); a user at L = 2^20 is told to narrow the window instead of waiting.
inline constexpr std::int64_t kContentWorkBudget = std::int64_t {1} << 32;

/// @brief A card's content vectors (q_i, k_j through the card's encoding) and the arguments of
/// the `logits` kernel (scale, bias, mask), as the CPU reference's ContentModel.
class ContentCard {
public:
    /// @param params validated card parameters (kept by reference: must outlive the card).
    ContentCard(ClContext& cl, const CardParams& params);

    /// Scale of q.k (and of the Shaw / Transformer-XL terms): 1/sqrt(d), 1 for T5 (the logits
    /// that enter the softmax, for ContentScore and ContentAttention alike).
    float alpha() const;
    /// Floats per encoded row (D = d, 2d for Transformer-XL, padded to the kernel's depth step).
    int dimension() const { return m_ld; }
    const Visibility& visibility() const { return m_visibility; }

    /// @brief Encoded vectors of `positions` (stream Query or Key), rows padded with zeros to a
    /// multiple of the kernel tile. @throws OpenClError
    cl::Buffer encode(const std::vector<cl_long>& positions, ProbeStream stream, bool attention);

    /// @brief out[r * ldo + c] = logits of query rows `q` (positions `rows`) x key rows `k`
    /// (positions `cols`). @throws ComputeLimitExceeded (Shaw table), OpenClError
    void logits(cl::Buffer& out, cl_int ldo, const cl::Buffer& q, const cl::Buffer& k,
        const cl::Buffer& row_pos, const std::vector<cl_long>& rows, const cl::Buffer& col_pos,
        const std::vector<cl_long>& cols);

private:
    void fillRaw(cl::Buffer& target, cl_int ld, const std::vector<cl_long>& positions, const cl::Buffer& pos,
        ProbeStream stream);
    void prepareTxl();

    ClContext& m_cl;
    const CardParams& m_params;
    int m_d;
    int m_ld = 16;
    bool m_txl = false;
    Visibility m_visibility;
    cl::Buffer m_turns;
    double m_attention_factor = 1.0;
    BiasMode m_bias_mode = BiasMode::None;
    double m_slope = 0.0;
    cl::Buffer m_t5[4];
    cl_int m_t5_steps[2] = {1, 1};
    cl::Buffer m_beta;
    cl::Buffer m_w_r, m_u, m_v_proj;
};

/// @brief Computes a validated ContentScore or ContentAttention request, tile by tile (each
/// finished before the next is enqueued).
/// @param progress nullptr (compute(): the budget applies), or the sink of computeTiled (no work
///        budget; told after each tile and key chunk).
/// @throws ComputeLimitExceeded above kContentWorkBudget without a sink (or a Shaw index table over
///         256 MiB), ComputeCancelled, OpenClError.
Grid computeContent(ClContext& cl, const ViewRequest& request, ProgressSink* progress);

/// @brief Logits of query positions x key positions for the card (the kernel the content views
/// and the Q.K^T benchmark use): rows.size() x cols.size() floats, row-major, on the device.
/// @param attention the logits whose row softmax is ContentAttention (else ContentScore values).
cl::Buffer contentLogits(ClContext& cl, const CardParams& params, const std::vector<cl_long>& rows,
    const std::vector<cl_long>& cols, bool attention);

} // namespace pecards::gpu::detail
