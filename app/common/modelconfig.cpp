#include "common/modelconfig.h"

#include "common/configerror.h"
#include "common/configparser.h"
#include "common/fileerror.h"
#include "common/inputfile.h"
#include "pecards/mrope.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonParseError>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace pecards::app {

std::vector<Card> ModelConfig::cards() const {
    std::vector<Card> result;
    if (usesRope) {
        result.push_back(Card::Rope);
    }
    if (mropeGroup() || visionTower) {
        result.push_back(Card::Multimodal);
    }
    if (usesAlibi) {
        result.push_back(Card::Alibi);
    }
    if (usesT5 || usesTransformerXl) {
        result.push_back(Card::Relative);
    }
    return result;
}

const pecards::LayerGroup* ModelConfig::mropeGroup() const {
    if (!usesRope || primaryGroup < 0 || primaryGroup >= static_cast<int>(positions.groups.size()))
        return nullptr;
    const pecards::LayerGroup& group = positions.groups[static_cast<std::size_t>(primaryGroup)];
    return group.mrope_section.size() == 3 ? &group : nullptr;
}

void ModelConfig::openOn(pecards::CardParams& params) const {
    if (params.card == Card::Multimodal) {
        if (visionTower) { // the tower's own head and theta; the grid and its query patch stay
            params.multimodal.tower.rope = visionTower->rope;
        }
        const pecards::LayerGroup* group = mropeGroup();
        if (!group)
            return; // a text model's head need not fit the card's sections: the card keeps its own
        applyTo(params);
        params.multimodal.section = group->mrope_section;
        params.multimodal.layout
            = group->mrope_interleaved ? pecards::MropeLayout::Interleaved : pecards::MropeLayout::Blocked;
        if (multimodal.family) {
            params.multimodal.family = *multimodal.family;
            params.multimodal.vision = multimodal.vision;
        }
        try { // the card's sequence, counted with the model's merge size
            params.length = pecards::mropeTokenCount(
                params.multimodal.family, params.multimodal.segments, params.multimodal.vision);
        } catch (const pecards::InvalidParameter&) {
            // the card's views name the segment the model's merge size does not divide
        }
        return;
    }
    applyTo(params);
    if (positionsShown() > 0) {
        params.length = positionsShown();
    }
}

void ModelConfig::applyTo(CardParams& params) const {
    if (usesRope) {
        params.rope = rope;
    }
    if (usesAlibi) {
        params.alibi = alibi;
    }
    if (usesT5 || usesTransformerXl) {
        params.relative = relative;
    }
    // The primary group's `sliding_window` (Mistral 7B: 4096 on every layer; Gemma's primary group is
    // its full-attention layers: 0). A window of 2^24 or more hides nothing at any length shown.
    if (primaryGroup >= 0 && primaryGroup < static_cast<int>(positions.groups.size())) {
        const pecards::LayerGroup& primary = positions.groups[static_cast<std::size_t>(primaryGroup)];
        params.sliding_window = primary.sliding_window > kMaxLength ? 0 : primary.sliding_window;
        // Llama 4's RoPE layers attend within chunks of attention_chunk_size (8192): the chunk is
        // the mask of the group shown (a chunk of 2^24 or more hides nothing at any length shown).
        params.attention_chunk = primary.attention_chunk >= kMaxLength ? 0 : primary.attention_chunk;
    }
}

std::int64_t ModelConfig::extendedContext() const {
    std::int64_t context = maxPositionEmbeddings;
    if (usesRope && rope.scaling.type != RopeScalingType::None
        && rope.scaling.original_max_position_embeddings > 0 && rope.scaling.factor > 1.0) {
        const double extended = std::round(
            static_cast<double>(rope.scaling.original_max_position_embeddings) * rope.scaling.factor);
        context = std::max(context, static_cast<std::int64_t>(std::min(extended, 9.0e15)));
    }
    return context;
}

std::int64_t ModelConfig::positionsShown() const {
    return std::min(extendedContext(), kMaxLength);
}

ModelConfig parseModelConfig(const QByteArray& json, const QString& fileName) {
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        throw ConfigError(QString(),
            fileName + u": not valid JSON ("_s + parseError.errorString() + u" at byte "_s
                + QString::number(parseError.offset) + u')');
    }
    if (!document.isObject()) {
        throw ConfigError(QString(), fileName + u": not a JSON object, so not a Hugging Face config.json"_s);
    }
    return parseConfigObject(document.object(), fileName, NumberLiterals::read(json));
}

ModelConfig readModelConfig(const QString& path) {
    QByteArray json;
    try {
        json = readInputFile(path, kMaxJsonFileBytes);
    } catch (const FileError& error) {
        throw ConfigError(QString(), QString::fromStdString(error.what()));
    }
    ModelConfig config = parseModelConfig(json, QFileInfo(path).fileName());
    config.filePath = path;
    return config;
}

} // namespace pecards::app
