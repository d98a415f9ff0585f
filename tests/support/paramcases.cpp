// Parameters and values for the descriptor-table tests (paramcases.h).

#include "support/paramcases.h"

#include <cmath>
#include <limits>

namespace pecards::test {

/// Parameters the card's validation reads for `spec` (a scaling type that reads the key, the
/// other fields at values that let `spec` reach its range's ends: a beta_slow at beta_fast's
/// largest value needs beta_fast that large, head 128 needs 128 heads, ...).
CardParams paramsReading(const ParamSpec& spec, double value) {
    Card card = Card::Rope;
    for (const Card c : {Card::Sinusoidal, Card::Relative, Card::Alibi, Card::Rope, Card::Hybrid}) {
        if (spec.usedBy(c)) {
            card = c;
            break;
        }
    }
    if (spec.group == ParamGroup::Pitfall) {
        card = spec.id == ParamId::SmallClipK ? Card::Relative
            : spec.id == ParamId::LeftPadding ? Card::Alibi
                                              : Card::Rope;
    } else if (spec.group == ParamGroup::Trick) {
        card = Card::Sinusoidal;
    }
    CardParams p = startParams(card);
    RopeScaling& s = p.rope.scaling;
    switch (spec.id) {
    case ParamId::Factor:
        s.type = RopeScalingType::Linear;
        break;
    case ParamId::OriginalMaxPositionEmbeddings:
    case ParamId::MaxPositionEmbeddings:
    case ParamId::BetaFast:
    case ParamId::BetaSlow:
    case ParamId::Mscale:
    case ParamId::MscaleAllDim:
    case ParamId::AttentionFactor:
        s.type = RopeScalingType::Yarn;
        s.original_max_position_embeddings = 4096;
        s.max_position_embeddings = 4096;
        s.beta_slow = spec.id == ParamId::BetaFast ? paramSpec(ParamId::BetaSlow).minimum : s.beta_slow;
        s.beta_fast = spec.id == ParamId::BetaSlow ? paramSpec(ParamId::BetaFast).maximum : s.beta_fast;
        break;
    case ParamId::LowFreqFactor:
    case ParamId::HighFreqFactor:
        s.type = RopeScalingType::Llama3;
        s.original_max_position_embeddings = 8192;
        s.low_freq_factor = spec.id == ParamId::HighFreqFactor ? 1e-300 : s.low_freq_factor;
        s.high_freq_factor = spec.id == ParamId::LowFreqFactor ? 1e300 : s.high_freq_factor;
        break;
    case ParamId::RotaryDim:
        p.rope.head_dim = kMaxDim;
        break;
    case ParamId::Head:
        p.alibi.heads = kMaxHeads;
        break;
    case ParamId::Heads:
        p.alibi.head = 0; // head 1 exists for every H
        break;
    case ParamId::NumBuckets:
    case ParamId::MaxDistance:
        p.relative.variant = RelativeVariant::T5;
        p.relative.bidirectional = false;
        p.relative.num_buckets = spec.id == ParamId::MaxDistance ? 2 : p.relative.num_buckets;
        p.relative.max_distance = spec.id == ParamId::NumBuckets ? kMaxLength : p.relative.max_distance;
        break;
    case ParamId::ClipK:
        p.relative.variant = RelativeVariant::Shaw;
        break;
    case ParamId::SmallBase:
        p.pitfall.kind = Pitfall::RopeSmallBase;
        break;
    case ParamId::SmallClipK:
        p.pitfall.kind = Pitfall::ShawSmallClip;
        p.relative.variant = RelativeVariant::Shaw;
        break;
    case ParamId::StaleSeqLen:
        p.pitfall.kind = Pitfall::RopeStaleDynamicNtk;
        p.rope.seq_len = 1; // the smallest stale_seq_len, 2, is > seq_len 1
        break;
    case ParamId::LeftPadding:
        p.pitfall.kind = Pitfall::AlibiLeftPaddingArange;
        p.length = kMaxPitfallLength; // left_padding <= L-1 reaches the range's end
        break;
    case ParamId::Query:
        p.length = kMaxLength; // query <= L-1 reaches the range's end
        break;
    case ParamId::TrainLength:
    case ParamId::EvalLength:
    case ParamId::Hidden:
    case ParamId::Epochs:
    case ParamId::DistillHeadDim:
        // eval_length >= train_length, and the training work cap at every range end
        if (spec.id == ParamId::EvalLength) {
            setParamValue(p, paramSpec(ParamId::TrainLength), paramSpec(ParamId::TrainLength).minimum);
        }
        if (spec.id == ParamId::TrainLength) {
            setParamValue(p, paramSpec(ParamId::EvalLength), paramSpec(ParamId::EvalLength).maximum);
        }
        p.tricks.epochs = 1;
        p.tricks.hidden = 1;
        break;
    case ParamId::AttentionSinks:
        p.length = kMaxLength; // n_sink <= L
        break;
    default:
        break;
    }
    p.probe = {}; // probe vectors follow the card dimension; none here
    setParamValue(p, spec, value);
    return p;
}

void validateReading(const ParamSpec& spec, const CardParams& params) {
    if (spec.group == ParamGroup::Trick) {
        validate(params.tricks, params.length);
    } else {
        validate(params);
    }
}

/// The values just outside the range: below the minimum (the minimum itself when it is
/// excluded) and above a finite maximum. Integers step by 1 (2 for even ones), reals by one ulp.
std::vector<double> valuesOutside(const ParamSpec& spec) {
    const bool whole = spec.integral();
    const double unit = spec.even ? 2.0 : 1.0;
    std::vector<double> values;
    double below = spec.minimumExclusive ? spec.minimum
        : whole                          ? spec.minimum - unit
                : std::nextafter(spec.minimum, -std::numeric_limits<double>::infinity());
    if (!spec.sentinelMeans.empty() && below == spec.sentinel) {
        below -= unit; // the special value below the range is valid (rotary_dim 0, padding_idx -1)
    }
    values.push_back(below);
    if (spec.maximum != kUnbounded) {
        values.push_back(whole ? spec.maximum + unit
                               : std::nextafter(spec.maximum, std::numeric_limits<double>::infinity()));
    } else if (!whole) {
        values.push_back(std::numeric_limits<double>::infinity());
    }
    if (!whole) {
        values.push_back(std::numeric_limits<double>::quiet_NaN());
    }
    return values;
}

} // namespace pecards::test
