#pragma once
/// @file configerror.h
/// @brief The error a model configuration file raises when it cannot be turned into card parameters.

#include <QString>
#include <stdexcept>

namespace pecards::app {

/// @brief A model config is unreadable, is not a Hugging Face `config.json`, names a scheme the
/// engine does not know, lacks a field it needs, or holds a value out of range.
///
/// The message names the file and the JSON key (dotted path, e.g. `rope_scaling.factor`), e.g.
/// "llama.json: rope_scaling.original_max_position_embeddings is missing (needed by rope_type \"yarn\")".
class ConfigError : public std::runtime_error {
public:
    /// @param key the dotted JSON key at fault ("" when the file as a whole is at fault).
    /// @param message the complete, user-facing message (it names the key itself); cut in the
    ///        middle past kMaxMessageChars (messagetext.h) when it quotes a huge value.
    ConfigError(QString key, const QString& message);

    /// @brief The dotted JSON key at fault, e.g. "rope_scaling.short_factor".
    const QString& key() const noexcept { return m_key; }

private:
    QString m_key;
};

} // namespace pecards::app
