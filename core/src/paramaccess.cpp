// Reading and writing card parameters by their descriptor (paramtable.h): paramValue,
// setParamValue and the start values of a card (params.h).

#include "pecards/params.h"
#include "pecards/paramtable.h"

#include <cstdint>
#include <type_traits>

namespace pecards {

namespace {

/// Calls `use(field)` with the field of table parameter `id` (int, int64 or double) in `p`.
/// The 0-based alibi.head is not a plain field of the table's 1-based head (see callers).
template <typename Params, typename Use> void withField(Params& p, ParamId id, Use&& use) {
    switch (id) {
    case ParamId::Length:
        return use(p.length);
    case ParamId::SinusoidalDModel:
        return use(p.sinusoidal.d_model);
    case ParamId::Base:
        return use(p.card == Card::Sinusoidal ? p.sinusoidal.base : p.rope.base);
    case ParamId::PaddingIdx:
        return use(p.sinusoidal.padding_idx);
    case ParamId::RopeHeadDim:
        return use(p.rope.head_dim);
    case ParamId::RotaryDim:
        return use(p.rope.rotary_dim);
    case ParamId::SeqLen:
        return use(p.rope.seq_len);
    case ParamId::Factor:
        return use(p.rope.scaling.factor);
    case ParamId::OriginalMaxPositionEmbeddings:
        return use(p.rope.scaling.original_max_position_embeddings);
    case ParamId::MaxPositionEmbeddings:
        return use(p.rope.scaling.max_position_embeddings);
    case ParamId::BetaFast:
        return use(p.rope.scaling.beta_fast);
    case ParamId::BetaSlow:
        return use(p.rope.scaling.beta_slow);
    case ParamId::Mscale:
        return use(p.rope.scaling.mscale);
    case ParamId::MscaleAllDim:
        return use(p.rope.scaling.mscale_all_dim);
    case ParamId::AttentionFactor:
        return use(p.rope.scaling.attention_factor);
    case ParamId::LowFreqFactor:
        return use(p.rope.scaling.low_freq_factor);
    case ParamId::HighFreqFactor:
        return use(p.rope.scaling.high_freq_factor);
    case ParamId::Heads:
        return use(p.alibi.heads);
    case ParamId::Head:
        return use(p.alibi.head);
    case ParamId::AlibiBiasMax:
        return use(p.alibi.alibi_bias_max);
    case ParamId::AlibiHeadDim:
        return use(p.alibi.head_dim);
    case ParamId::RelativeDModel:
        return use(p.relative.d_model);
    case ParamId::ClipK:
        return use(p.relative.clip_k);
    case ParamId::NumBuckets:
        return use(p.relative.num_buckets);
    case ParamId::MaxDistance:
        return use(p.relative.max_distance);
    case ParamId::SmallBase:
        return use(p.pitfall.small_base);
    case ParamId::SmallClipK:
        return use(p.pitfall.small_clip_k);
    case ParamId::StaleSeqLen:
        return use(p.pitfall.stale_seq_len);
    case ParamId::LeftPadding:
        return use(p.pitfall.left_padding);
    case ParamId::EdgePositions:
        return use(p.tricks.edge_positions);
    case ParamId::BiasScale:
        return use(p.tricks.bias_scale);
    case ParamId::Alpha:
        return use(p.tricks.alpha);
    case ParamId::AlphaEnd:
        return use(p.tricks.alpha_end);
    case ParamId::GateCenter:
        return use(p.tricks.gate_center);
    case ParamId::GateWidth:
        return use(p.tricks.gate_width);
    case ParamId::Query:
        return use(p.tricks.query);
    case ParamId::DistillHeadDim:
        return use(p.tricks.distill_head_dim);
    case ParamId::TrainLength:
        return use(p.tricks.train_length);
    case ParamId::EvalLength:
        return use(p.tricks.eval_length);
    case ParamId::Hidden:
        return use(p.tricks.hidden);
    case ParamId::Epochs:
        return use(p.tricks.epochs);
    case ParamId::LearningRate:
        return use(p.tricks.learning_rate);
    case ParamId::AttentionSinks:
        return use(p.attention_sinks);
    case ParamId::SlidingWindow:
        return use(p.sliding_window);
    case ParamId::AttentionChunk:
        return use(p.attention_chunk);
    }
}

/// alibi.head is stored from 0; the table (and every user) counts heads from 1.
double headOffset(ParamId id) {
    return id == ParamId::Head ? 1.0 : 0.0;
}

} // namespace

double paramValue(const CardParams& params, const ParamSpec& spec) {
    double value = 0.0;
    withField(params, spec.id, [&value](const auto& field) { value = static_cast<double>(field); });
    return value + headOffset(spec.id);
}

void setParamValue(CardParams& params, const ParamSpec& spec, double value) {
    const double stored = value - headOffset(spec.id);
    withField(params, spec.id, [stored]<typename T>(T& field) {
        if constexpr (std::is_integral_v<T>) {
            field = static_cast<T>(std::llround(stored));
        } else {
            field = stored;
        }
    });
}

CardParams startParams(Card card) {
    CardParams params;
    params.card = card;
    for (const ParamSpec& spec : kParamTable) {
        if (spec.usedBy(card)) {
            setParamValue(params, spec, spec.startValue(card));
        }
    }
    return params;
}

} // namespace pecards
