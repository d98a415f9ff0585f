#pragma once
/// @file climrope.h
/// @brief The M-RoPE quantities of pecards-cli (position-ids, pair-axes, mrope-score): their flags,
/// with the --config model's values as defaults, and their computation with pecards/mrope.h.

#include "common/modelconfig.h"
#include "outputarray.h"
#include "pecards/implcheck.h"
#include "pecards/mrope.h"
#include "pecards/params.h"

#include <optional>
#include <vector>

namespace pecards::cli {

class FlagReader;
enum class Curve;

/// @brief What the M-RoPE quantities read, defaults filled in.
struct MropeInputs {
    pecards::MropeFamily family = pecards::MropeFamily::Qwen25VL; ///< --mrope-family
    std::vector<pecards::MropeSegment> segments; ///< --segments (position-ids, mrope-score)
    pecards::MropeVision vision; ///< --merge-size, --tokens-per-second, --seconds-per-grid, --frame-text
    std::vector<int> section; ///< --mrope-section (pair-axes, mrope-score); empty: not given
    pecards::MropeLayout layout = pecards::MropeLayout::Blocked; ///< --mrope-layout
};

/// @brief Reads the M-RoPE flags of `curve` (one of the three quantities). Precedence: defaults <
/// the primary RoPE group and vision values of `config` < flags.
/// @throws UsageError naming the flag: a missing --segments or --mrope-section, an unknown family or
///         layout, a malformed number; pecards::InvalidParameter for a segment list the engine refuses.
/// With `card` (the multimodal card's start), its segments and sections are the defaults, so
/// neither flag is required.
MropeInputs parseMropeInputs(const FlagReader& flags, Curve curve,
    const std::optional<pecards::app::ModelConfig>& config, const pecards::MultimodalParams* card = nullptr);

/// @brief The multimodal card's M-RoPE parameters from the same flags (--segments, --mrope-family,
/// --mrope-section, --mrope-layout, --merge-size, ...) over the card's start and the --config model;
/// its length becomes the token count of the segments unless --length is given (then a count that
/// differs is the engine's error, naming both).
/// @throws as parseMropeInputs.
void applyMultimodalFlags(const FlagReader& flags, const std::optional<pecards::app::ModelConfig>& config,
    pecards::CardParams& params);

/// @brief check: the M-RoPE ids of `rows` checked rows, from --position-ids (a table read as
/// app::readCheckTable in `format`) or --segments (get_rope_index of the family, as position-ids),
/// with the section and layout of the --config model (its --layer) or --mrope-section/--mrope-layout.
/// None for a model without M-RoPE sections, or when neither ids flag is given (text rows).
/// @throws UsageError naming the flag: ids for a model without sections, both ids flags, ids with
///         --first-position, a token count other than `rows`, an unreadable or malformed ids table
std::optional<pecards::CheckMrope> parseCheckMrope(const FlagReader& flags,
    const std::optional<pecards::app::ModelConfig>& config, Eigen::Index rows, pecards::CheckFormat format);

/// @brief The size of `curve`'s output (values) for the cost estimate, without computing it.
std::int64_t mropeOutputValues(Curve curve, const pecards::CardParams& params, const MropeInputs& inputs);

/// @brief Computes one M-RoPE quantity for RoPE parameters `params.rope` (frequencies scaled for
/// seq_len as the other RoPE curves):
/// - position-ids: tokens x 4 (segment index, t, h, w), transformers' get_rope_index;
/// - pair-axes: rotary_dim/2 x 3 (pair i, axis 0 t / 1 h / 2 w, scaled theta_i);
/// - mrope-score: tokens x tokens, (R_i q).(R_j k) with the card's probe q, k (pecards::mropeScore).
/// @throws pecards::InvalidParameter from the engine (sections that do not sum to rotary_dim/2,
///         too many tokens for the score).
OutputArray computeMropeCurve(Curve curve, const pecards::CardParams& params, const MropeInputs& inputs);

/// @brief The mrope_position_deltas line printed with position-ids: "delta D: decoding continues at
/// cache position + D".
std::int64_t mropeDelta(const MropeInputs& inputs);

} // namespace pecards::cli
