#include "cliquantities.h"

#include <QStringList>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace pecards::cli {

namespace {
using pecards::Card;
using pecards::Quantity;

/// Fills the cards of the view quantities from the engine's pairing (pecards::hasQuantity).
std::vector<CliQuantity> withViewCards(std::vector<CliQuantity> quantities) {
    for (CliQuantity& quantity : quantities) {
        if (quantity.curve != Curve::None) {
            continue;
        }
        for (const Card card :
            {Card::Sinusoidal, Card::Relative, Card::Alibi, Card::Rope, Card::Hybrid, Card::Multimodal}) {
            if (pecards::hasQuantity(card, quantity.view)) {
                quantity.cards.push_back(card);
            }
        }
    }
    return quantities;
}

} // namespace

const std::vector<CliQuantity>& cliQuantities() {
    static const std::vector<CliQuantity> quantities = withViewCards({
        {"table", Quantity::Table, Curve::None, {}, "L x d",
            "Sinusoidal PE[p, c]; RoPE: the probe q rotated to each position (R_p q, rotated dims times "
            "the attention factor)."},
        {"phase", Quantity::Phase, Curve::None, {}, "L x d/2 (RoPE: L x r/2)",
            "Angle p * w_i mod 2 pi in radians, [0, 2 pi)."},
        {"score", Quantity::Score, Curve::None, {}, "L x L",
            "Positional-only score or bias (rows = query i, cols = key j): sinusoidal PE_i.PE_j, RoPE "
            "a^2 (R_i q).(R_j k), ALiBi bias in --form, T5 bucket bias, Shaw q.a_idx, Transformer-XL "
            "--term, hybrid RoPE/sqrt(d) + ALiBi. Masked entries are -inf."},
        {"attention", Quantity::Attention, Curve::None, {}, "L x L",
            "Row softmax of the positional-only logits (docs/quantities.md); masked entries are 0."},
        {"buckets", Quantity::Buckets, Curve::None, {}, "L x L",
            "Integer index map: T5 bucket of j - i, or Shaw clip(j - i, -k, k) + k."},
        {"content-score", Quantity::ContentScore, Curve::None, {}, "L x L",
            "Logits q_i.k_j/sqrt(d) (T5: no 1/sqrt(d)) plus the card's relative terms, with per-position "
            "q_i, k_j (--q-npy/--k-npy, else N(0, I/d) from --seed); L up to "
            "1048576 (2^20)."},
        {"content-attention", Quantity::ContentAttention, Curve::None, {}, "L x L",
            "Row softmax of content-score, its logits; L up to 1048576 (2^20)."},
        {"unseen-angles", Quantity::UnseenAngles, Curve::None, {}, "L x r/2 (with --scalings: S x L x r/2)",
            "1 where the angle m theta'_i mod 2 pi was never reached at the training positions [0, L0) "
            "(pairs with wavelength 2 pi/theta_i > L0), else 0; pooled: the unseen fraction (mean), any "
            "(max), all (min). With --scalings: one map per scaling at --factor, L0 = --original-max-pos."},
        {"inv-freq", Quantity::Table, Curve::InvFreq, {Card::Sinusoidal, Card::Rope, Card::Hybrid},
            "d/2 or r/2",
            "Frequencies in radians per position: sinusoidal w_i; RoPE theta_i after --scaling at "
            "--seq-len (0 = --length)."},
        {"slopes", Quantity::Table, Curve::Slopes, {Card::Alibi, Card::Hybrid}, "H",
            "ALiBi slopes m_h, h = 1..H (ofirpress get_slopes)."},
        {"decay", Quantity::Table, Curve::Decay, {Card::Rope, Card::Hybrid}, "count of --distances",
            "RoFormer long-term decay bound (sec. 3.4.3) B(r) = (2/d) sum_{k=1..d/2} |sum_{l<k} e^{i r "
            "theta_l}| at each "
            "distance r, d = rotary dim, theta = the scaled frequencies."},
        {"rotate", Quantity::Table, Curve::Rotate, {Card::Rope, Card::Hybrid}, "positions x head_dim",
            "--vector rotated to each of --positions (pure rotation R_m x with the scaled frequencies; "
            "dims >= r pass through)."},
        {"score-vs-offset", Quantity::Table, Curve::ScoreVsOffset, {Card::Sinusoidal, Card::Rope},
            "count of --offsets",
            "Positional-only score as a function of the offset n = j - i: sinusoidal sum_i cos(n w_i); "
            "RoPE (R_i q).(R_{i+n} k) with the probe q, k, rotated dims times a^2 (as the score view)."},
        {"buckets-vs-offset", Quantity::Table, Curve::BucketsVsOffset, {Card::Relative}, "count of --offsets",
            "T5 bucket of relative position n = j - i (HF _relative_position_bucket, float32 log), or "
            "the Shaw index clip(n, -k, k) + k."},
        {"bias-vs-distance", Quantity::Table, Curve::BiasVsDistance, {Card::Alibi, Card::Hybrid},
            "H x count of --distances",
            "ALiBi causal bias -m_h r of every head h (rows) at each distance r."},
        {"txl-pos-emb", Quantity::Table, Curve::TxlPosEmb, {Card::Relative}, "L x d_model",
            "Transformer-XL relative embedding R for pos_seq = L-1, ..., 0: rows [sin(pos w) | cos(pos w)]."},
        {"scaling-ratio", Quantity::Table, Curve::ScalingRatio, {Card::Rope, Card::Hybrid}, "r/2 x (4 + 3 S)",
            "Lab: one row per pair i: i, theta_i, wavelength 2 pi/theta_i / L0, wavelength / L, then for "
            "each of the S --scalings (at --factor, L0 = --original-max-pos, L = --length): theta'_i / "
            "theta_i, scaled wavelength / L, attention factor."},
        {"score-vs-distance", Quantity::Table, Curve::ScoreVsDistance, {Card::Rope, Card::Hybrid},
            "--points x (1 + 3 S)",
            "Lab: distance (--points evenly spaced in 0..L-1), then for each scaling: score with probe "
            "ones a^2 (R_i 1).(R_j 1), the random-probe average E[(R_i q).(R_j q)] over q ~ N(0, I/d), and "
            "the RoFormer decay bound B (sec. 3.4.3) of the scaled frequencies."},
        {"dynamic-base", Quantity::Table, Curve::DynamicBase, {Card::Rope, Card::Hybrid}, "--points x 2",
            "Lab: sequence length (--points evenly spaced in 1..L) and the dynamic NTK base b' = b ((s "
            "n / L0) - (s - 1))^(r/(r-2)) for n > L0, else b."},
        {"attention-entropy", Quantity::Table, Curve::AttentionEntropy, {Card::Rope, Card::Hybrid},
            "L x (2 + S)",
            "Lab: query position i, ln(i+1) (uniform attention), then for each scaling the entropy "
            "(nats) of causal attention row i of a random-content model (q_i, k_j ~ N(0, I/d) from "
            "--seed). O(L^2 d): L^2 d / 2 <= 2^32."},
        {"critical-dimension", Quantity::Table, Curve::CriticalDimension, {Card::Rope, Card::Hybrid},
            "--points x 3",
            "Lab (Liu et al. 2023, Scaling Laws of RoPE-based Extrapolation): tuned base beta (--points "
            "geometric steps from --base b to min(1e12, 1e4 b), the first row b), the critical dimension "
            "d_extra = 2 ceil((r/2) log_b(L0 / 2 pi)) (the pairs whose wavelength is below L0 = "
            "--original-max-pos) and the extrapolation limit T_extra = 2 pi beta^(d_extra / r) (0: every "
            "pair "
            "turns, no limit)."},
        {"base-bound", Quantity::Table, Curve::BaseBound, {Card::Rope, Card::Hybrid}, "57 x 4",
            "Lab (Men et al. 2024, Base of RoPE Bounds Context Length): for each base of a scan (8 per "
            "decade "
            "over seven decades from max(2, L/100)): base, the first m in [0, L] with B(m) = sum_i cos(m "
            "theta_i) < 0 (-1: none), the minimum of B reached (the first negative value, or min over [0, "
            "L]), 1 if B >= 0 on [0, L]. The smallest base is the first passing row (the condition is not "
            "monotone in the base, so it is scanned, not bisected). Work <= 57 (L + 1) r/2 <= 2^32."},
        {"pi-fit", Quantity::Table, Curve::InterpolationFit, {Card::Rope, Card::Hybrid}, "--points x 3",
            "Lab (Chen et al. 2023, Position Interpolation, sec. 2.3 and Fig. 2): a(s) = Re sum_j h_j e^(i s "
            "theta_j) fitted by least squares to targets uniform in [-1, 1] (--seed) at s = 0..L0 "
            "(--original-max-pos <= 65536); columns s (--points evenly spaced in [0, L]), the extrapolated "
            "a(s) and the interpolated a(s L0 / L)."},
        {"partial-rope", Quantity::Table, Curve::PartialRotation, {Card::Rope, Card::Hybrid}, "--points x 6",
            "Lab (Barbero et al. 2024, p-RoPE): distance (--points evenly spaced in 0..L-1), then the "
            "random-probe average score (2/r) sum_i cos(distance theta_i) when only the floor(p r/2) highest "
            "frequencies rotate, for p = 1, 0.75, 0.5, 0.25, 0."},
        {"learned-table", Quantity::Table, Curve::LearnedTable, {Card::Sinusoidal}, "L x d_model",
            "Learned absolute position table P from --learned-from (GPT-2 wpe.weight, BERT "
            "position_embeddings.weight), rows 0..L-1 (L <= its positions, <= 4096)."},
        {"learned-similarity", Quantity::Table, Curve::LearnedSimilarity, {Card::Sinusoidal}, "L x L",
            "P_i . P_j of the learned table: compare with the sinusoid's similarity (quantity score)."},
        {"learned-difference", Quantity::Table, Curve::LearnedDifference, {Card::Sinusoidal}, "L x d_model",
            "Learned table minus the sinusoidal table of the same width (d_model = the table's columns; "
            "--base, --layout, --frequencies apply)."},
        {"domain-aware-similarity", Quantity::Table, Curve::DomainAwareSimilarity, {Card::Sinusoidal},
            "L x L",
            "Trick: similarity T_i . T_j of T = PE + B, B bias vectors on the first and last "
            "--edge-positions "
            "positions (entries N(0, --bias-scale^2) from --bias-seed); L <= 4096."},
        {"gated-score", Quantity::Table, Curve::GatedScore, {Card::Sinusoidal}, "L x L",
            "Trick: gated PE score (alpha_i PE_i) . (alpha_j PE_j), alpha(p) from --gate, --alpha, "
            "--alpha-end, "
            "--gate-center, --gate-width; L <= 4096. render: row --query against alpha = 1."},
        {"gated-attention", Quantity::Table, Curve::GatedAttention, {Card::Sinusoidal}, "L x L",
            "Trick: row softmax of gated-score / sqrt(d_model) (--causal masks j > i); L <= 4096. render: "
            "row "
            "--query against alpha = 1."},
        {"distillation-error", Quantity::Table, Curve::DistillationError,
            {Card::Sinusoidal, Card::Rope, Card::Hybrid}, "--eval-length x 2",
            "Trick: position p and the largest |MLP(p) - target| over the --distill-dim outputs cos(p w_i), "
            "sin(p w_i), w_i = base^(-2i/d), of a tanh MLP (--hidden units, --epochs Adam steps at "
            "--learning-rate, --distill-seed) trained on positions [0, --train-length)."},
        {"encoding-choice", Quantity::Table, Curve::EncodingChoice,
            {Card::Sinusoidal, Card::Relative, Card::Alibi, Card::Rope, Card::Hybrid}, "14 x 13",
            "Choosing an encoding for the target --length L, --head-dim, --heads, --layers, --dtype-bytes, "
            "training length --original-max-pos L0 (else max_position_embeddings, else L), --base, Shaw "
            "--clip-k, T5 --buckets/--max-distance (decoder): one row per family (0 sinusoidal, 1 learned, 2 "
            "shaw, 3 t5, 4 transformer-xl, 5 alibi, 6 rope, 8 rope-pi, 9 rope-yarn, 10 rope-llama3 (each at "
            "s = "
            "L/L0), 11 p-rope (p = 1/4), 12 rope-nope (NoPE every 4th layer), 13 nope, 7 rope-alibi, in this "
            "order), columns: family, learned parameters, their bytes, bytes of the position tensors built "
            "at "
            "L, extra operations per token at L (all layers), beyond-L0 kind (0 unseen angles, 1 no rows, 2 "
            "clipped offsets, 3 shared last bucket, 4 linear bias, 5 new positions of an absolute code, 6 "
            "rescaled, 7 implicit position), unseen count beyond L0 (pairs, positions, indices, buckets), "
            "out "
            "of, KV-cache kind (0 added before projection, 1 score-time lookup, 2 score-time bias, 3 "
            "relative "
            "shift, 4 rotated on write, 5 rotated on write and bias, 6 plain), scaling factor s, positions "
            "the "
            "last angle lies past the trained ones (RoPE rows), rotating pairs (RoPE rows), layers that "
            "carry "
            "the encoding. docs/choosing.md explains each."},
        {"txl-rel-shift", Quantity::Table, Curve::TxlRelShift, {Card::Relative}, "qlen x klen",
            "Transformer-XL _rel_shift of --in (reshape leftovers kept unless --zero-triu)."},
        {"spectrum", Quantity::Table, Curve::Spectrum, {Card::Sinusoidal, Card::Rope, Card::Hybrid}, "chart",
            "render only: wavelength 2 pi / w_i in positions of every pair i (log scale; RoPE: unscaled "
            "and scaled) against the context L."},
        {"waves", Quantity::Table, Curve::Waves, {Card::Sinusoidal, Card::Rope, Card::Hybrid}, "chart",
            "render only: sinusoidal PE[p, dim] of --channels dims, or RoPE cos/sin(m theta_i) of --channels "
            "pairs, over positions 0..--reach-1."},
        {"pair-map", Quantity::Table, Curve::PairMap, {Card::Rope, Card::Hybrid}, "head_dim x 4",
            "One row per dimension k of the head: k, the frequency pair i that turns it (-1: passes "
            "through, k >= rotary dim of the classic partial rotary), the dimension it rotates with (k "
            "when it passes through; half-split pairs k with k + r/2, interleaved 2i with 2i+1), and the "
            "scaled theta_i in radians per position (0 for a proportional pair that never turns and for a "
            "pass-through dim). render: the pair map chart."},
        {"position-ids", Quantity::Table, Curve::PositionIds, {Card::Rope, Card::Multimodal}, "tokens x 4",
            "M-RoPE: one row per token of --segments: segment index, then the temporal, height and width "
            "position ids transformers' get_rope_index gives it (--mrope-family rules; text resumes at the "
            "largest id + 1). stderr names mrope_position_deltas, what decoding adds to the cache position. "
            "render (--card multimodal): the card's position-id chart."},
        {"pair-axes", Quantity::Table, Curve::PairAxes, {Card::Rope, Card::Multimodal}, "rotary_dim/2 x 3",
            "M-RoPE: one row per rotary pair: pair i, the axis whose id turns it (0 t, 1 h, 2 w) under "
            "--mrope-section and --mrope-layout, and the scaled theta_i in radians per position. render "
            "(--card multimodal): the pair map of the card's sections in the three layouts."},
        {"mrope-score", Quantity::Table, Curve::MropeScore, {Card::Rope, Card::Multimodal}, "tokens x tokens",
            "M-RoPE: positional score (R_i q).(R_j k) between every query token i and key token j of "
            "--segments, each pair turned by its own axis's id (probe q, k as score; no 1/sqrt(d)); at most "
            "8192 tokens."},
        {"patch-pairs", Quantity::Table, Curve::PatchPairs, {Card::Rope}, "head_dim/2 x 4",
            "Vision tower 2-D RoPE (--config's vision_config, or --vision-family): one row per rotary pair: "
            "its two channels, the axis whose patch index turns it (1 row, 2 column) and theta in radians "
            "per patch. Pixtral: half-split over the head, even frequencies on the row, odd on the column; "
            "Gemma 4: the column's half of the head, then the row's, the same frequencies on both."},
        {"patch-score", Quantity::Table, Curve::PatchScore, {Card::Rope}, "rows x cols",
            "Vision tower 2-D RoPE: score (R_query q).(R_patch k) of the --query-patch against every patch "
            "of "
            "the --grid, an image of the grid (probe q, k as score; no 1/sqrt(d))."},
        {"polar", Quantity::Table, Curve::Polar, {Card::Rope, Card::Hybrid}, "chart",
            "render only: the --channels pairs at position --position on the unit circle (angle m theta_i "
            "mod 2 pi) with the previous positions as dots."},
    });
    return quantities;
}

std::optional<app::CurveKind> chartOf(Curve curve, Card card) {
    switch (curve) {
    case Curve::PositionIds:
        return card == Card::Multimodal ? std::optional(app::CurveKind::MropeIds) : std::nullopt;
    case Curve::PairAxes:
        return card == Card::Multimodal ? std::optional(app::CurveKind::MropePairMap) : std::nullopt;
    case Curve::Decay:
        return app::CurveKind::Decay;
    case Curve::ScoreVsOffset:
        return app::CurveKind::ScoreVsOffset;
    case Curve::BucketsVsOffset:
        return app::CurveKind::RelativeBuckets;
    case Curve::BiasVsDistance:
        return app::CurveKind::AlibiHeads;
    case Curve::Spectrum:
        return app::CurveKind::Spectrum;
    case Curve::ScalingRatio:
        return app::CurveKind::ScalingRatio;
    case Curve::ScoreVsDistance:
        return app::CurveKind::ScoreVsDistance;
    case Curve::DynamicBase:
        return app::CurveKind::DynamicBase;
    case Curve::CriticalDimension:
        return app::CurveKind::CriticalDimension;
    case Curve::BaseBound:
        return app::CurveKind::BaseBound;
    case Curve::InterpolationFit:
        return app::CurveKind::InterpolationFit;
    case Curve::PartialRotation:
        return app::CurveKind::PartialRotation;
    case Curve::PairMap:
        return app::CurveKind::PairMap;
    case Curve::Waves:
        return app::CurveKind::Waves;
    case Curve::Polar:
        return app::CurveKind::RopePolar;
    case Curve::DistillationError:
        return app::CurveKind::DistillationError;
    case Curve::GatedScore: // the row --query of the gated grid, against alpha = 1
        return app::CurveKind::GatedScore;
    case Curve::GatedAttention:
        return app::CurveKind::GatedAttention;
    default:
        return std::nullopt;
    }
}

const CliQuantity* findQuantity(const QString& name) {
    const auto& all = cliQuantities();
    const auto it = std::find_if(
        all.begin(), all.end(), [&](const CliQuantity& q) { return QString::fromLatin1(q.name) == name; });
    return it == all.end() ? nullptr : &*it;
}

QString cardNames(const std::vector<pecards::Card>& cards) {
    QStringList names;
    for (const Card card : cards) {
        names << QString::fromStdString(pecards::toString(card));
    }
    return names.join(u", "_s);
}

} // namespace pecards::cli
