#pragma once
/// @file cliquantities.h
/// @brief The quantities pecards-cli computes: the engine's view quantities (grids answered by a
/// Backend) and the curves the cards draw (computed with the core functions in double).

#include "figure/curves.h"
#include "pecards/params.h"
#include "pecards/view.h"

#include <QString>
#include <optional>
#include <vector>

namespace pecards::cli {

/// @brief Curves and small tables drawn next to the heatmaps.
enum class Curve {
    None, ///< a view quantity (grid)
    InvFreq, ///< sinusoidal w_i or scaled RoPE theta_i (rope_scaling.h), radians per position
    Slopes, ///< ALiBi slopes m_h, h = 1..H (alibi.h)
    Decay, ///< RoFormer long-term decay bound B(r) (rope.h ropeLongTermDecay)
    Rotate, ///< R_m x for each position m (rope.h ropeRotate)
    ScoreVsOffset, ///< positional-only score by offset (sinusoidal similarity, RoPE a^2 (R_i q).(R_j k))
    BucketsVsOffset, ///< T5 bucket or Shaw clipped index of n = j - i (relative.h)
    BiasVsDistance, ///< ALiBi bias -m_h r of every head (alibi.h)
    TxlPosEmb, ///< Transformer-XL relative embedding R (relative.h txlRelativeEmbedding)
    TxlRelShift, ///< Transformer-XL _rel_shift of an input matrix (relative.h txlRelShift)
    Spectrum, ///< chart only (render): wavelength 2 pi / w_i per pair
    Waves, ///< chart only (render): sinusoidal columns / RoPE cos, sin over positions
    Polar, ///< chart only (render): RoPE pairs rotated to position m on the unit circle
    ScalingRatio, ///< lab: theta'_i/theta_i, wavelengths and attention factor per scaling (scaling_lab.h)
    ScoreVsDistance, ///< lab: score against distance per scaling, with the decay bound
    DynamicBase, ///< lab: dynamic NTK base b' against sequence length
    AttentionEntropy, ///< lab: entropy of each causal attention row of a random-content model
    CriticalDimension, ///< lab: Liu et al. 2023 d_extra and T_extra per tuned base (rope_extrapolation.h)
    BaseBound, ///< lab: Men et al. 2024 base-bound scan B(m) = sum cos(m theta_i) >= 0 on [0, L]
    InterpolationFit, ///< lab: Chen et al. 2023 least-squares a(s) extrapolated and interpolated
    PartialRotation, ///< lab: Barbero et al. 2024 p-RoPE score against distance
    LearnedTable, ///< rows of a learned absolute position table (learned.h), --learned-from
    LearnedSimilarity, ///< P_i . P_j of a learned table (learned.h learnedSimilarity)
    LearnedDifference, ///< learned table minus the sinusoid of the same width (learned.h)
    DomainAwareSimilarity, ///< (PE + B)_i . (PE + B)_j with edge bias vectors (tricks.h)
    GatedScore, ///< alpha_i alpha_j PE_i . PE_j (tricks.h gatedScore)
    GatedAttention, ///< row softmax of the gated score / sqrt(d) (tricks.h gatedAttention)
    DistillationError, ///< PE distillation MLP error per position (tricks.h distillPositions)
    EncodingChoice, ///< every encoding family on one target model (encodingchoice.h)
    PairMap, ///< RoPE: pair and partner of every head dimension, and its frequency (rope.h ropePairing)
    PositionIds, ///< M-RoPE: segment, t, h, w of every token of --segments (mrope.h mropePositionIds)
    PairAxes, ///< M-RoPE: the axis each rotary pair follows, and its frequency (mrope.h mropeAxisOfPair)
    MropeScore, ///< M-RoPE: (R_i q).(R_j k) between every two tokens of --segments (mrope.h mropeScore)
    PatchPairs, ///< vision tower 2-D RoPE: channels, axis and frequency of each pair (visionrope.h)
    PatchScore, ///< vision tower 2-D RoPE: a query patch's score over a patch grid (visionPatchScore)
};

/// @brief The chart `render` draws for a curve quantity (figure/curves.h) on `card`, or none:
/// decay, score-vs-offset, buckets-vs-offset, bias-vs-distance and the chart-only quantities; on
/// the multimodal card also position-ids (the t, h, w id steps of its segments) and pair-axes (the
/// pair map of the three layouts), which draw that card's sequence and sections.
std::optional<app::CurveKind> chartOf(Curve curve, Card card);

/// @brief One quantity as the CLI names it.
struct CliQuantity {
    const char* name; ///< e.g. "content-attention", "inv-freq"
    pecards::Quantity view; ///< the view quantity when curve == Curve::None
    Curve curve;
    std::vector<pecards::Card> cards; ///< cards offering it
    const char* shape; ///< output shape for the help, e.g. "L x d"
    const char* help; ///< what it is, with units
};

/// @brief Every quantity, views first, in help order.
const std::vector<CliQuantity>& cliQuantities();

/// @brief The quantity called `name`, or nullptr.
const CliQuantity* findQuantity(const QString& name);

/// @brief "sinusoidal, rope" for the help and messages.
QString cardNames(const std::vector<pecards::Card>& cards);

} // namespace pecards::cli
