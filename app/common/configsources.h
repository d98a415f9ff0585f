#pragma once
/// @file configsources.h
/// @brief Where each value a config gives PE Cards came from: a key of the file, a default of
/// the transformers config class (classdefaults.h), or a rule's own default.

#include "common/classdefaults.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <utility>

namespace pecards::app {

/// @brief For each (value name, config key path) of `used`, in its order: (value name, source),
/// the source being "config: <path>" when `file` holds the path, "class default: <class>, <key>"
/// when `defaults` filled the key into the text config (whose keys have the dotted prefix
/// `textPrefix`, "" or "text_config."), "not in the file: the family's fixed default" for an
/// empty path, else "not in the file: the rule's default for <path>".
QList<std::pair<QString, QString>> describeSources(const QJsonObject& file, const QString& textPrefix,
    const QList<std::pair<QString, QString>>& used, const WithDefaults& defaults);

} // namespace pecards::app
