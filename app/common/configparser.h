#pragma once
/// @file configparser.h
/// @brief The reading of a Hugging Face config.json object into a ModelConfig: the language
/// model's part (nested text configs), the family whose rules apply, heads and head_dim, then the
/// family's positions (ropegroups.h: the RoPE groups per layer type; biasfamilies.h: ALiBi, T5 and
/// Transformer-XL) and one validation naming the key at fault. Each rule follows transformers'
/// config classes (their docstrings say which version). Private to app/common; modelconfig.h is
/// the public entry.

#include "common/modelconfig.h"
#include "common/numberliterals.h"

#include <QJsonObject>
#include <QString>
#include <memory>

namespace pecards::app {

/// @brief The model described by the config object `object` read from `fileName`; `literals`
/// (may be null) tells how the file wrote its numbers, for the warnings transformers gives.
/// @throws ConfigError naming the key at fault (a non-HF file, a missing or invalid value).
ModelConfig parseConfigObject(
    const QJsonObject& object, const QString& fileName, std::shared_ptr<const NumberLiterals> literals = {});

} // namespace pecards::app
