#pragma once
/// @file encodingchoicetext.h
/// @brief The words of the encoding-choice table (EncodingChoiceDialog): a family's name, what it
/// meets beyond L0 and how it meets a KV cache, from the engine's row (pecards/encodingchoice.h);
/// translated in the dialog's context. docs/choosing.md gives the same cells for its target.

#include <QString>
#include <pecards/encodingchoice.h>

namespace pecards::gui {

/// @brief The family's name in the table, with the target's own parameters ("RoPE (base 10000)").
QString encodingFamilyName(pecards::EncodingFamily family, const pecards::EncodingTarget& target);

/// @brief What a sequence of L positions meets beyond L0 for this row, with its counts (locale
/// digits); the rescaled rows add the fine-tune each scaling needs.
QString encodingBeyondText(const pecards::EncodingChoice& row);

/// @brief How the encoding meets a KV cache.
QString encodingKvCacheText(pecards::KvCache kind);

} // namespace pecards::gui
