#pragma once
/// @file parameterlabels.h
/// @brief Engine messages in the words on screen: an InvalidParameter message names the engine
/// field or Hugging Face key ("rope_scaling.original_max_position_embeddings = 0 is invalid");
/// the views show it with the control's label too ("original max positions L0
/// (rope_scaling.original_max_position_embeddings) = 0 is invalid"). UI thread only.

#include <QString>

namespace pecards::gui {

/// @brief Registers the label of the control bound to engine field `id` (ParameterForm does,
/// again after a language change). Ids are the engine's field names ("head_dim", "heads",
/// "original_max_position_embeddings"); "alibi_head_dim" stands for the ALiBi card's head_dim.
void registerParameterLabel(const QString& id, const QString& label);

/// @brief The on-screen label of engine parameter `parameter` (a field name, possibly dotted
/// like "rope_scaling.factor"), empty when no control has one.
QString parameterLabel(const QString& parameter);

/// @brief `message` (which starts with `parameter`) with the label named before the key:
/// "label (key) = value is invalid: ...". The key is the Hugging Face config key where the
/// engine's field name differs from it (base: rope_theta). Unchanged when there is no label.
QString labelledEngineMessage(const QString& parameter, const QString& message);

} // namespace pecards::gui
