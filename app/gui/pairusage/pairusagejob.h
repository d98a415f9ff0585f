#pragma once
/// @file pairusagejob.h
/// @brief One reading of a checkpoint's per-pair usage (#28), off the UI thread: the config and the
/// checkpoint read, every RoPE layer's usage computed (common/checkpointusage.h), the outcome a plain
/// value for QtConcurrent.

#include <QList>
#include <QString>
#include <QStringList>
#include <common/checkpointusage.h>
#include <common/modelconfig.h>
#include <optional>
#include <pecards/params.h>

namespace pecards::gui {

/// @brief What to read.
struct PairUsageSetup {
    QString configPath; ///< the model's config.json
    QString checkpointPath; ///< a .safetensors file, an index, or a folder holding either
    std::optional<pecards::RopeLayout> layout; ///< the stored rows' pairs; nullopt: the config's
};

/// @brief The outcome: every RoPE layer's usage, or why there is none.
struct PairUsageOutcome {
    bool ok = false;
    QString error; ///< when !ok: the file, tensor or key at fault and why
    pecards::app::ModelConfig model;
    pecards::app::AttentionWeights weights; ///< heads, key heads, the layers' pairings, notes
    QList<pecards::app::LayerUsage> layers; ///< one per entry of weights.layers, in order
};

/// @brief Reads `setup` and computes every layer. Never throws: a bad config or checkpoint becomes
/// `error`. Runs on any thread.
PairUsageOutcome runPairUsageJob(const PairUsageSetup& setup);

} // namespace pecards::gui
