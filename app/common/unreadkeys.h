#pragma once
/// @file unreadkeys.h
/// @brief The keys of a config.json that concern positions by their name but that the parse never
/// looked up: a misspelt key (`rope_scalling`), or a key of a family whose code PE Cards does not
/// follow (`rope_interleave` under an unknown model_type). The engineer's review C1: what a loader
/// ignores must be said, not silently dropped.

#include <QJsonObject>
#include <QSet>
#include <QString>
#include <QStringList>

namespace pecards::app {

/// @brief True when the key's name says it is about positions (rope, rotary, position, alibi,
/// theta, window, sink, attention_chunk, nope, temperature, bucket, relative_attention, ...).
bool soundsPositional(const QString& key);

/// @brief The dotted paths of the keys of the top level of `top` and of its language-model part
/// (`textKey`: "" = the top level, "text_config", "thinker_config.text_config", ...) that
/// soundsPositional() and that are not in `read` (a ConfigReader's readLog()), in file order. Nested
/// blocks other than the text part (rope_scaling, vision_config, ...) are not entered: their own
/// readers say which of their keys they ignore.
QStringList unreadPositionKeys(const QJsonObject& top, const QString& textKey, const QSet<QString>& read);

} // namespace pecards::app
