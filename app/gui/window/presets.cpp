#include "window/presets.h"

#include <QCoreApplication>

namespace pecards::gui {

const QList<ModelPreset>& modelPresets() {
    const auto make = [](const char* id, const char* label) {
        const QString name = QString::fromLatin1(id);
        return ModelPreset {name, QCoreApplication::translate("Presets", label),
            QStringLiteral(":/presets/%1.json").arg(name)};
    };
    static const QList<ModelPreset> presets {
        make("llama-2-7b", "LLaMA-2-7B (RoPE, base 10⁴)"),
        make("llama-3.1-8b", "Llama-3.1-8B (RoPE, llama3 scaling ×8)"),
        make("mistral-7b", "Mistral-7B-v0.1 (RoPE)"),
        make("phi-3.5-mini", "Phi-3.5-mini (RoPE, longrope 128k)"),
        make("deepseek-v2-lite", "DeepSeek-V2-Lite (RoPE, YaRN ×40)"),
        make("bloom-560m", "BLOOM-560m (ALiBi, reconstructed HF config)"),
        make("mpt-7b", "MPT-7B (ALiBi, reconstructed HF config)"),
        make("t5-base", "T5-base (relative buckets)"),
    };
    return presets;
}

const ModelPreset* findPreset(const QString& id) {
    for (const ModelPreset& preset : modelPresets()) {
        if (preset.id == id)
            return &preset;
    }
    return nullptr;
}

} // namespace pecards::gui
