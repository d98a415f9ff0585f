#pragma once
/// @file configparsestate.h
/// @brief What the parts of the config.json reader share while one file is read: the file, its
/// language-model part, the family whose rules apply, and which JSON key fed each engine parameter
/// (so that a validation failure names the key the user can fix). configparser.cpp reads the
/// families and the heads, ropegroups.cpp the RoPE layer groups, biasfamilies.cpp ALiBi, T5 and
/// Transformer-XL. Private to app/common.

#include "common/configreader.h"

#include <QHash>
#include <QString>
#include <optional>

namespace pecards::app {

/// @brief The state of one config being read; the readers fill keyOf and baseOf as they go.
struct ConfigParseState {
    const ConfigReader& top; ///< the whole file
    const ConfigReader& text; ///< the language model's part, the config class's defaults filled in
    QString textKey; ///< where `text` sits in the file ("" = the file itself)
    QString family; ///< the model type whose rules apply (familyOf)
    std::optional<ConfigReader> attnConfig; ///< MPT's nested attention block
    QHash<QString, QString> keyOf; ///< engine parameter name -> config key path
    QHash<QString, QString> baseOf; ///< layer type -> config key its RoPE base came from
};

} // namespace pecards::app
