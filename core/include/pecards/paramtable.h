#pragma once
/// @file paramtable.h
/// @brief The parameter descriptor table: one entry per numeric parameter of the cards, of the
/// pitfalls (pitfallparams.h) and of the tricks (trickparams.h) with its name, pecards-cli flag,
/// Hugging Face config key, type, unit, valid range, default, the typical range the GUI slider
/// spans (its English help text: paramHelp, in paramhelp.cpp) (in the style of CLBlast's argument tables,
/// test/routines/*: one table drives parsing, help and checks).
///
/// The table is the only place a range or default of these parameters is written: the
/// engine's validation messages (params.cpp, pitfall.cpp, tricks.cpp), the member initialisers
/// of params.h, pitfallparams.h and trickparams.h, the CLI's flags and help (app/cli), the GUI's
/// controls (app/gui) and the workspace reader read it. Rules that relate two parameters
/// (beta_fast >= beta_slow, head <= heads, stale_seq_len > seq_len, left_padding <= L-1,
/// eval_length >= train_length, query <= L-1, ...) are checked where the parameters are
/// validated, on top of each parameter's own range.
///
/// ParamGroup says whose parameter an entry is: the cards' (ParamGroup::Card: the card forms'
/// controls, cardStart, the workspace), a pitfall's (ParamGroup::Pitfall, PitfallParams) or a
/// trick's (ParamGroup::Trick, TrickParams). Pitfall and trick entries have no card start
/// (kNoStart everywhere): no card form shows them as card parameters, and startParams leaves
/// them at their defaults. Not in the table: the seeds (TrickParams::bias_seed, distill_seed;
/// unsigned 64-bit, any value) and the enumerations (the gate curve, the pitfall kind and
/// storage format, layouts, variants, ...), which have names instead of ranges.

#include "pecards/parambounds.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

namespace pecards {

/// @brief The cards of the deck.
enum class Card { Sinusoidal, Relative, Alibi, Rope, Hybrid, Multimodal };
inline constexpr std::size_t kCardCount = 6; ///< number of Card values

/// @brief Whole numbers of an int field or of an int64 field, or real numbers (double fields).
enum class ParamType { Integer, Integer64, Real };

/// @brief How a slider spans the typical range: evenly, in factors of 10, or in factors of 2.
enum class ParamScale { Linear, Log10, Log2 };

/// @brief Whose parameter a table entry is (see the file comment).
enum class ParamGroup {
    Card, ///< a card's parameter (CardParams outside pitfall and tricks)
    Pitfall, ///< a pitfall's own parameter (PitfallParams), checked when that pitfall is shown
    Trick, ///< a trick's parameter (TrickParams), checked by validate(TrickParams, length)
};

/// @brief Each numeric parameter of the table, in table order.
enum class ParamId {
    Length,
    SinusoidalDModel,
    Base,
    PaddingIdx,
    RopeHeadDim,
    RotaryDim,
    SeqLen,
    Factor,
    OriginalMaxPositionEmbeddings,
    MaxPositionEmbeddings,
    BetaFast,
    BetaSlow,
    Mscale,
    MscaleAllDim,
    AttentionFactor,
    LowFreqFactor,
    HighFreqFactor,
    Heads,
    Head,
    AlibiBiasMax,
    AlibiHeadDim,
    RelativeDModel,
    ClipK,
    NumBuckets,
    MaxDistance,
    AttentionSinks,
    SlidingWindow,
    AttentionChunk,
    // pitfalls (PitfallParams)
    SmallBase,
    SmallClipK,
    StaleSeqLen,
    LeftPadding,
    // tricks (TrickParams)
    EdgePositions,
    BiasScale,
    Alpha,
    AlphaEnd,
    GateCenter,
    GateWidth,
    Query,
    DistillHeadDim,
    TrainLength,
    EvalLength,
    Hidden,
    Epochs,
    LearningRate,
};

inline constexpr double kUnbounded = std::numeric_limits<double>::infinity(); ///< no upper bound
/// cardStart entry of a card that does not use the parameter (no parameter's valid value)
inline constexpr double kNoStart = std::numeric_limits<double>::lowest();

/// @brief One parameter descriptor. Values are in the parameter's unit; integers are exact.
struct ParamSpec {
    ParamId id;
    ParamGroup group; ///< the cards', a pitfall's or a trick's
    std::string_view name; ///< field term, also the workspace key and GUI control id ("beta_fast")
    std::string_view path; ///< name in InvalidParameter messages ("rope_scaling.beta_fast")
    std::string_view flag; ///< pecards-cli flag without dashes ("beta-fast")
    std::string_view configKey; ///< Hugging Face config.json key; "" = none
    std::string_view owner; ///< card part when two parameters share a flag ("rope"); "" = none
    ParamType type;
    std::string_view unit; ///< "positions", "rotations over L0", ...; "" = a pure number
    double minimum; ///< smallest valid value (or, with minimumExclusive, the bound above it)
    double maximum; ///< largest valid value; kUnbounded = none (finite values only)
    bool minimumExclusive; ///< the range is (minimum, maximum]
    bool even; ///< only even values (dimensions split into pairs)
    double sentinel; ///< a special value (0 = not given, -1 = none); valid with `sentinelMeans`
    std::string_view sentinelMeans; ///< what `sentinel` means; "" = no special value
    double defaultValue; ///< the engine's default (pecards-cli and the app start from cardStart)
    std::array<double, kCardCount> cardStart; ///< the value each card of the GUI starts with
    double typicalLow; ///< the range a GUI slider spans (real models' values), within the valid range
    double typicalHigh;
    ParamScale scale; ///< slider scale over the typical range
    int stepsPerOctave; ///< log sliders: positions per factor 10 (Log10) or per factor 2 (Log2)
    double step; ///< linear slider and spin box step
    int decimals; ///< digits after the point shown (0 for integers)

    /// @brief Whether values are whole numbers.
    constexpr bool integral() const { return type != ParamType::Real; }
    /// @brief Whether `value` is valid on its own (range, evenness, sentinel, finiteness).
    constexpr bool accepts(double value) const {
        if (!sentinelMeans.empty() && value == sentinel) {
            return true;
        }
        if (!(value == value) || value == kUnbounded || value == -kUnbounded) {
            return false;
        }
        const bool aboveMinimum = minimumExclusive ? value > minimum : value >= minimum;
        if (!aboveMinimum || value > maximum) {
            return false;
        }
        if (integral()) {
            const auto whole = static_cast<std::int64_t>(value);
            return static_cast<double>(whole) == value && (!even || whole % 2 == 0);
        }
        return true;
    }
    /// @brief The card's start value (GUI), or the default when the table gives none.
    constexpr double startValue(Card card) const {
        const double start = cardStart[static_cast<std::size_t>(card)];
        return start == kNoStart ? defaultValue : start;
    }
    /// @brief Whether `card` uses the parameter (its cardStart entry is not kNoStart).
    constexpr bool usedBy(Card card) const { return cardStart[static_cast<std::size_t>(card)] != kNoStart; }
};

/// @brief The table, in ParamId order (checked at compile time below).
/// cardStart order: sinusoidal, relative, alibi, rope, hybrid, multimodal; kNoStart = card does not use it.
// clang-format off
inline constexpr std::array<ParamSpec, 45> kParamTable {{
    {ParamId::Length, ParamGroup::Card, "length", "length", "length", "", "", ParamType::Integer64, "positions",
        1, static_cast<double>(kMaxLength), false, false, 0, "", 4096, {512, 512, 512, 4096, 1024, 11}, 8, static_cast<double>(kMaxLength), ParamScale::Log2, 4, 1, 0},
    {ParamId::SinusoidalDModel, ParamGroup::Card,
        "d_model", "d_model", "d-model", "", "sinusoidal", ParamType::Integer, "",
        2, kMaxDim, false, true, 0, "", 128, {128, kNoStart, kNoStart, kNoStart, kNoStart, kNoStart}, 2, kMaxDim, ParamScale::Linear, 24, 2, 0},
    {ParamId::Base, ParamGroup::Card, "base", "base", "base", "rope_theta", "", ParamType::Real, "",
        1, kMaxBase, true, false, 0, "", 10000, {10000, kNoStart, kNoStart, 10000, 10000, 1000000}, 10, 1e7, ParamScale::Log10, 24, 1, 1},
    {ParamId::PaddingIdx, ParamGroup::Card,
        "padding_idx", "padding_idx", "padding-idx", "", "", ParamType::Integer, "",
        0, static_cast<double>(kMaxLength), false, false, -1, "none", -1,
        {-1, kNoStart, kNoStart, kNoStart, kNoStart, kNoStart}, -1, 64, ParamScale::Linear, 24, 1, 0},
    {ParamId::RopeHeadDim, ParamGroup::Card,
        "head_dim", "head_dim", "head-dim", "head_dim", "rope", ParamType::Integer, "",
        2, kMaxDim, false, true, 0, "", 128, {kNoStart, kNoStart, kNoStart, 128, 128, 128}, 2, kMaxDim, ParamScale::Linear, 24, 2, 0},
    {ParamId::RotaryDim, ParamGroup::Card,
        "rotary_dim", "rotary_dim", "rotary-dim", "rotary_dim", "", ParamType::Integer, "",
        2, kMaxDim, false, true, 0, "head_dim", 0, {kNoStart, kNoStart, kNoStart, 0, 0, 0}, 0, kMaxDim, ParamScale::Linear, 24, 2, 0},
    {ParamId::SeqLen, ParamGroup::Card,
        "seq_len", "seq_len", "seq-len", "", "", ParamType::Integer64, "positions",
        1, static_cast<double>(kMaxLength), false, false, 0, "the view's length", 0,
        {kNoStart, kNoStart, kNoStart, 0, 0, kNoStart}, 0,
        static_cast<double>(kMaxLength), ParamScale::Log2, 4, 1, 0},
    {ParamId::Factor, ParamGroup::Card,
        "factor", "rope_scaling.factor", "factor", "factor", "", ParamType::Real, "",
        1.0 / kMaxScalingFactor, kMaxScalingFactor, false, false, 0, "", 1, {kNoStart, kNoStart, kNoStart, 1, 1, kNoStart}, 1, 64, ParamScale::Log10, 24, 0.5, 2},
    {ParamId::OriginalMaxPositionEmbeddings, ParamGroup::Card, "original_max_position_embeddings",
        "rope_scaling.original_max_position_embeddings", "original-max-pos", "original_max_position_embeddings",
        "", ParamType::Integer64, "positions", 0, kUnbounded, false, false, 0, "not given", 0,
        {kNoStart, kNoStart, kNoStart, 0, 0, kNoStart}, 256, static_cast<double>(kMaxLength),
        ParamScale::Log2, 2, 1, 0},
    {ParamId::MaxPositionEmbeddings, ParamGroup::Card,
        "max_position_embeddings", "max_position_embeddings", "max-pos",
        "max_position_embeddings", "", ParamType::Integer64, "positions", 0, kUnbounded, false, false, 0,
        "not given", 0, {kNoStart, kNoStart, kNoStart, 0, 0, kNoStart}, 256,
        static_cast<double>(kMaxLength), ParamScale::Log2, 2, 1, 0},
    {ParamId::BetaFast, ParamGroup::Card,
        "beta_fast", "rope_scaling.beta_fast", "beta-fast", "beta_fast", "", ParamType::Real,
        "rotations over L0", kMinRatioParameter, kMaxScalingFactor, false, false, 0, "", 32,
        {kNoStart, kNoStart, kNoStart, 32, 32, kNoStart}, 1, 128, ParamScale::Linear, 24, 1, 1},
    {ParamId::BetaSlow, ParamGroup::Card,
        "beta_slow", "rope_scaling.beta_slow", "beta-slow", "beta_slow", "", ParamType::Real,
        "rotations over L0", kMinRatioParameter, kMaxScalingFactor, false, false, 0, "", 1,
        {kNoStart, kNoStart, kNoStart, 1, 1, kNoStart}, 0.25, 32, ParamScale::Linear,
        24, 0.25, 2},
    {ParamId::Mscale, ParamGroup::Card,
        "mscale", "rope_scaling.mscale", "mscale", "mscale", "", ParamType::Real, "",
        0, kMaxAttentionFactor, false, false, 0, "not given", 0, {kNoStart, kNoStart, kNoStart, 0, 0, kNoStart}, 0, 4, ParamScale::Linear, 24, 0.05, 3},
    {ParamId::MscaleAllDim, ParamGroup::Card, "mscale_all_dim", "rope_scaling.mscale_all_dim", "mscale-all-dim",
        "mscale_all_dim", "", ParamType::Real, "", 0, kMaxAttentionFactor, false, false, 0, "not given", 0,
        {kNoStart, kNoStart, kNoStart, 0, 0, kNoStart}, 0, 4, ParamScale::Linear, 24, 0.05, 3},
    {ParamId::AttentionFactor, ParamGroup::Card,
        "attention_factor", "rope_scaling.attention_factor", "attention-factor",
        "attention_factor", "", ParamType::Real, "", 0, kMaxAttentionFactor, false, false, 0,
        "derived from the factor", 0, {kNoStart, kNoStart, kNoStart, 0, 0, kNoStart}, 0, 4, ParamScale::Linear, 24, 0.05,
        3},
    {ParamId::LowFreqFactor, ParamGroup::Card,
        "low_freq_factor", "rope_scaling.low_freq_factor", "low-freq-factor",
        "low_freq_factor", "", ParamType::Real, "", 0, kUnbounded, true, false, 0, "", 1,
        {kNoStart, kNoStart, kNoStart, 1, 1, kNoStart}, 0.25, 16,
        ParamScale::Linear, 24, 0.25, 2},
    {ParamId::HighFreqFactor, ParamGroup::Card,
        "high_freq_factor", "rope_scaling.high_freq_factor", "high-freq-factor",
        "high_freq_factor", "", ParamType::Real, "", 0, kUnbounded, true, false, 0, "", 4,
        {kNoStart, kNoStart, kNoStart, 4, 4, kNoStart}, 0.25,
        16, ParamScale::Linear, 24, 0.25, 2},
    {ParamId::Heads, ParamGroup::Card, "heads", "heads", "heads", "n_heads", "", ParamType::Integer, "",
        1, kMaxHeads, false, false, 0, "", 8, {kNoStart, kNoStart, 8, kNoStart, 8, kNoStart}, 1, kMaxHeads, ParamScale::Linear, 24, 1, 0},
    {ParamId::Head, ParamGroup::Card, "head", "head", "head", "", "", ParamType::Integer, "",
        1, kMaxHeads, false, false, 0, "", 1, {kNoStart, kNoStart, 3, kNoStart, 5, kNoStart}, 1, kMaxHeads, ParamScale::Linear, 24, 1, 0},
    {ParamId::AlibiBiasMax, ParamGroup::Card,
        "alibi_bias_max", "alibi_bias_max", "alibi-bias-max", "alibi_bias_max", "",
        ParamType::Real, "", 0, kUnbounded, true, false, 0, "", 8, {kNoStart, kNoStart, 8, kNoStart, 8, kNoStart}, 0.5, 16, ParamScale::Linear, 24, 0.5, 1},
    {ParamId::AlibiHeadDim, ParamGroup::Card,
        "head_dim", "head_dim", "head-dim", "", "alibi", ParamType::Integer, "",
        2, kMaxDim, false, true, 0, "", 64, {kNoStart, kNoStart, 64, kNoStart, kNoStart, kNoStart}, 2, kMaxDim, ParamScale::Linear, 24, 2, 0},
    {ParamId::RelativeDModel, ParamGroup::Card,
        "d_model", "d_model", "d-model", "d_kv", "relative", ParamType::Integer, "",
        2, kMaxDim, false, true, 0, "", 64, {kNoStart, 64, kNoStart, kNoStart, kNoStart, kNoStart}, 2, kMaxDim, ParamScale::Linear, 24, 2,
        0},
    {ParamId::ClipK, ParamGroup::Card, "clip_k", "clip_k", "clip-k", "", "", ParamType::Integer, "positions",
        0, static_cast<double>(kMaxLength), false, false, 0, "", 16, {kNoStart, 16, kNoStart, kNoStart, kNoStart, kNoStart}, 0, 256, ParamScale::Linear, 24, 1, 0},
    {ParamId::NumBuckets, ParamGroup::Card,
        "num_buckets", "num_buckets", "buckets", "relative_attention_num_buckets", "",
        ParamType::Integer, "", 2, 1024, false, false, 0, "", 32, {kNoStart, 32, kNoStart, kNoStart, kNoStart, kNoStart}, 2, 128, ParamScale::Linear, 24, 1, 0},
    {ParamId::MaxDistance, ParamGroup::Card,
        "max_distance", "max_distance", "max-distance", "relative_attention_max_distance",
        "", ParamType::Integer, "positions", 2, static_cast<double>(kMaxLength), false, false, 0, "", 128,
        {kNoStart, 128, kNoStart, kNoStart, kNoStart, kNoStart}, 2,
        static_cast<double>(kMaxLength), ParamScale::Log2, 4, 1, 0},
    // The visibility mask (viewrules.h), on every card.
    {ParamId::AttentionSinks, ParamGroup::Card, "attention_sinks", "attention_sinks", "attention-sinks", "", "", ParamType::Integer64,
        "positions", 0, static_cast<double>(kMaxLength), false, false, 0, "", 0, {0, 0, 0, 0, 0, kNoStart}, 0, 64, ParamScale::Linear, 24, 1, 0},
    {ParamId::SlidingWindow, ParamGroup::Card, "sliding_window", "sliding_window", "sliding-window", "sliding_window", "",
        ParamType::Integer64, "positions", 1, static_cast<double>(kMaxLength), false, false, 0, "none", 0,
        {0, 0, 0, 0, 0, kNoStart}, 0, static_cast<double>(kMaxLength), ParamScale::Log2, 4, 1, 0},
    {ParamId::AttentionChunk, ParamGroup::Card, "attention_chunk", "attention_chunk", "attention-chunk",
        "attention_chunk_size", "", ParamType::Integer64, "positions", 1, static_cast<double>(kMaxLength), false,
        false, 0, "none", 0, {0, 0, 0, 0, 0, kNoStart}, 0, static_cast<double>(kMaxLength), ParamScale::Log2, 4, 1, 0},
    // Pitfalls (PitfallParams): checked only while their pitfall is shown (validatePitfall).
    {ParamId::SmallBase, ParamGroup::Pitfall, "small_base", "pitfall.small_base", "small-base", "", "",
        ParamType::Real, "", 1, kMaxBase, true, false, 0, "", 100,
        {kNoStart, kNoStart, kNoStart, kNoStart, kNoStart, kNoStart}, 2, 1e4, ParamScale::Log10, 24, 1, 1},
    {ParamId::SmallClipK, ParamGroup::Pitfall, "small_clip_k", "pitfall.small_clip_k", "small-clip-k", "", "",
        ParamType::Integer, "positions", 0, static_cast<double>(kMaxLength), false, false, 0, "", 2,
        {kNoStart, kNoStart, kNoStart, kNoStart, kNoStart, kNoStart}, 0, 64, ParamScale::Linear, 24, 1, 0},
    {ParamId::StaleSeqLen, ParamGroup::Pitfall, "stale_seq_len", "pitfall.stale_seq_len", "stale-seq-len", "",
        "", ParamType::Integer64, "positions", 2, static_cast<double>(kMaxLength), false, false, 0, "", 16384,
        {kNoStart, kNoStart, kNoStart, kNoStart, kNoStart, kNoStart}, 2,
        static_cast<double>(kMaxLength), ParamScale::Log2, 4, 1, 0},
    {ParamId::LeftPadding, ParamGroup::Pitfall, "left_padding", "pitfall.left_padding", "left-padding", "", "",
        ParamType::Integer64, "positions", 0, static_cast<double>(kMaxPitfallLength - 1), false, false, 0, "", 64,
        {kNoStart, kNoStart, kNoStart, kNoStart, kNoStart, kNoStart}, 0,
        static_cast<double>(kMaxPitfallLength - 1), ParamScale::Linear, 24, 1, 0},
    // Tricks (TrickParams): checked by validate(TrickParams, length) and the tricks' functions.
    {ParamId::EdgePositions, ParamGroup::Trick, "edge_positions", "edge_positions", "edge-positions", "", "",
        ParamType::Integer, "positions", 0, 2048, false, false, 0, "", 10,
        {kNoStart, kNoStart, kNoStart, kNoStart, kNoStart, kNoStart}, 0, 64, ParamScale::Linear,
        24, 1, 0},
    {ParamId::BiasScale, ParamGroup::Trick, "bias_scale", "bias_scale", "bias-scale", "", "", ParamType::Real, "",
        0, 100, false, false, 0, "", 0.5, {kNoStart, kNoStart, kNoStart, kNoStart, kNoStart, kNoStart}, 0, 4,
        ParamScale::Linear, 24, 0.05, 2},
    {ParamId::Alpha, ParamGroup::Trick, "alpha", "alpha", "alpha", "", "", ParamType::Real, "",
        0, 100, false, false, 0, "", 0.5, {kNoStart, kNoStart, kNoStart, kNoStart, kNoStart, kNoStart}, 0, 4, ParamScale::Linear, 24, 0.05,
        2},
    {ParamId::AlphaEnd, ParamGroup::Trick, "alpha_end", "alpha_end", "alpha-end", "", "", ParamType::Real, "",
        0, 100, false, false, 0, "", 1, {kNoStart, kNoStart, kNoStart, kNoStart, kNoStart, kNoStart}, 0, 4, ParamScale::Linear, 24, 0.05, 2},
    // Gate centre and width stop at 2^20 positions: the gated maps stop at L = 4096 and the
    // distillation at 65536, so the gate keeps the former length limit.
    {ParamId::GateCenter, ParamGroup::Trick, "gate_center", "gate_center", "gate-center", "", "",
        ParamType::Real, "positions", 0, 1048576, false, false, 0, "", 256,
        {kNoStart, kNoStart, kNoStart, kNoStart, kNoStart, kNoStart}, 0, 4096,
        ParamScale::Linear, 24, 1, 0},
    {ParamId::GateWidth, ParamGroup::Trick, "gate_width", "gate_width", "gate-width", "", "", ParamType::Real,
        "positions", 1e-3, 1048576, false, false, 0, "", 32, {kNoStart, kNoStart, kNoStart, kNoStart, kNoStart, kNoStart},
        1, 512, ParamScale::Linear, 24, 1, 0},
    {ParamId::Query, ParamGroup::Trick, "query", "query", "query", "", "", ParamType::Integer64, "positions",
        0, static_cast<double>(kMaxLength - 1), false, false, -1, "L/2", -1,
        {kNoStart, kNoStart, kNoStart, kNoStart, kNoStart, kNoStart}, -1, 4095,
        ParamScale::Linear, 24, 1, 0},
    {ParamId::DistillHeadDim, ParamGroup::Trick, "distill_head_dim", "distill_head_dim", "distill-dim", "", "",
        ParamType::Integer, "", 2, 64, false, true, 0, "", 16, {kNoStart, kNoStart, kNoStart, kNoStart, kNoStart, kNoStart}, 2, 64, ParamScale::Linear, 24, 2, 0},
    {ParamId::TrainLength, ParamGroup::Trick, "train_length", "train_length", "train-length", "", "",
        ParamType::Integer64, "positions", 2, 1024, false, false, 0, "", 32,
        {kNoStart, kNoStart, kNoStart, kNoStart, kNoStart, kNoStart}, 2, 1024,
        ParamScale::Log2, 24, 1, 0},
    {ParamId::EvalLength, ParamGroup::Trick, "eval_length", "eval_length", "eval-length", "", "",
        ParamType::Integer64, "positions", 2, 65536, false, false, 0, "", 128,
        {kNoStart, kNoStart, kNoStart, kNoStart, kNoStart, kNoStart}, 2, 65536,
        ParamScale::Log2, 24, 1, 0},
    {ParamId::Hidden, ParamGroup::Trick, "hidden", "hidden", "hidden", "", "", ParamType::Integer, "",
        1, 256, false, false, 0, "", 64, {kNoStart, kNoStart, kNoStart, kNoStart, kNoStart, kNoStart}, 1, 256, ParamScale::Log2, 24, 1, 0},
    {ParamId::Epochs, ParamGroup::Trick, "epochs", "epochs", "epochs", "", "", ParamType::Integer, "",
        1, 20000, false, false, 0, "", 4000, {kNoStart, kNoStart, kNoStart, kNoStart, kNoStart, kNoStart}, 1, 20000, ParamScale::Log10, 24, 1, 0},
    {ParamId::LearningRate, ParamGroup::Trick, "learning_rate", "learning_rate", "learning-rate", "", "",
        ParamType::Real, "", 0, 1, true, false, 0, "", 0.01, {kNoStart, kNoStart, kNoStart, kNoStart, kNoStart, kNoStart}, 1e-4, 1, ParamScale::Log10, 24, 0.001, 4},
}};
// clang-format on

/// @brief The descriptor of `id`.
constexpr const ParamSpec& paramSpec(ParamId id) {
    return kParamTable[static_cast<std::size_t>(id)];
}

namespace detail {
constexpr bool tableInIdOrder() {
    for (std::size_t n = 0; n < kParamTable.size(); ++n) {
        if (static_cast<std::size_t>(kParamTable[n].id) != n) {
            return false;
        }
    }
    return true;
}
constexpr bool defaultsValid() {
    for (const ParamSpec& spec : kParamTable) {
        if (!spec.accepts(spec.defaultValue) || spec.typicalLow > spec.typicalHigh) {
            return false;
        }
        for (const double start : spec.cardStart) {
            if (start != kNoStart && (spec.group != ParamGroup::Card || !spec.accepts(start))) {
                return false; // only the cards' parameters have card starts
            }
        }
    }
    return true;
}
} // namespace detail
static_assert(detail::tableInIdOrder(), "kParamTable must list the parameters in ParamId order");
static_assert(detail::defaultsValid(),
    "every default and start value must be valid; pitfall and trick parameters have no card start");

/// @brief The default of `id` as the field's type (params.h member initialisers).
template <typename T> constexpr T paramDefault(ParamId id) {
    return static_cast<T>(paramSpec(id).defaultValue);
}

/// @brief A value of the parameter as text: integers exactly, powers of two from 2^16 as "2^20",
/// reals in shortest round-trip form (formatValue, errors.h).
std::string formatParamValue(const ParamSpec& spec, double value);

/// @brief The English meaning of parameter `id`, without range and default (the CLI's flag help;
/// kept out of this header so that editing a help text rebuilds one file).
std::string_view paramHelp(ParamId id);

/// @brief The allowed values in words, as validation messages and the CLI help state them:
/// "even, in [2, 1024]", "in [1, 2^20] = [1, 1048576]", "finite, > 1 and <= 1e+12",
/// "in [0, 1000] (0 = not given)", "0 (= head_dim) or even, in [2, 1024]", "finite, > 0".
std::string allowedText(const ParamSpec& spec);

/// @brief Throws InvalidParameter(name, value, allowedText(spec)) unless spec.accepts(value);
/// `name` defaults to spec.path (pass another for a value checked against the same range, e.g.
/// pitfall.small_base against the base's).
void checkParam(const ParamSpec& spec, double value, std::string_view name = {});

/// @brief The descriptors whose pecards-cli flag is `flag` (one, or two for a flag shared by two
/// cards' fields such as head-dim); empty when the flag is not a table parameter.
std::array<const ParamSpec*, 2> paramsOfFlag(std::string_view flag);

} // namespace pecards
