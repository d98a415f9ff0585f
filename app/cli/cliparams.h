#pragma once
/// @file cliparams.h
/// @brief The card parameters of a pecards-cli request: the engine's defaults, then the
/// --config model, then the explicit flags of every card (precedence in that order).

#include "common/modelconfig.h"
#include "flagreader.h"
#include "pecards/params.h"

#include <QString>
#include <optional>

namespace pecards::cli {

/// @brief The Hugging Face config at `path`. @throws UsageError naming `flag` and the key at fault.
std::optional<app::ModelConfig> readConfig(const QString& flag, const QString& path);

/// @brief The model of --config FILE or --model-preset NAME (a config the app's Presets menu
/// opens, embedded: resources/presets/NAME.json); none without either.
/// @throws UsageError naming --model-preset for an unknown name (listing the presets) or when
/// given with --config; as readConfig.
std::optional<app::ModelConfig> readModelFlags(const FlagReader& flags);

/// @brief The parameters for --card (default: the model's first card): the card's start values
/// (pecards::startParams, as the app's card starts), then `config` as the app opens it
/// (ModelConfig::openOn), then the flags; with `readContent`, the first L rows of --q-npy/--k-npy
/// are read (else only checked).
/// @throws UsageError naming the flag; UsageError when --card is not a card of the model.
CardParams buildParams(
    const FlagReader& flags, const std::optional<app::ModelConfig>& config, bool readContent);

} // namespace pecards::cli
