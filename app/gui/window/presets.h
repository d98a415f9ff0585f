#pragma once
/// @file presets.h
/// @brief Built-in model presets: Hugging Face config.json copies embedded under :/presets/
/// (copied from tests/data/configs, see tests/data/configs/sources.md for their origin).

#include <QList>
#include <QString>

namespace pecards::gui {

struct ModelPreset {
    QString id; ///< "llama-3.1-8b" (command line: --preset)
    QString label; ///< menu text
    QString resource; ///< ":/presets/llama-3.1-8b.json"
};

/// @brief The presets in menu order.
const QList<ModelPreset>& modelPresets();

/// @brief The preset with this id; nullptr if none.
const ModelPreset* findPreset(const QString& id);

} // namespace pecards::gui
