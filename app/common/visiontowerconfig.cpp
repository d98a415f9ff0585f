#include "visiontowerconfig.h"

using namespace Qt::StringLiterals;

namespace pecards::app {

namespace {

/// A value outside the tower's range: "<path> = <value> is invalid: allowed <allowed>".
[[noreturn]] void refuseTowerValue(
    const ConfigReader& reader, const QString& key, double value, const QString& allowed) {
    reader.fail(key, u"= "_s + QString::number(value, 'g', 17) + u" is invalid: allowed "_s + allowed);
}

/// rope_parameters.rope_theta (v5), else rope_theta (v4), else the class default; in [1, 1e12].
double towerTheta(const ConfigReader& vision, double fallback, QString& source) {
    const std::optional<ConfigReader> parameters = vision.object(u"rope_parameters"_s);
    for (const ConfigReader* reader : {parameters ? &*parameters : nullptr, &vision}) {
        if (reader == nullptr) {
            continue;
        }
        if (const std::optional<double> theta = reader->number(u"rope_theta"_s)) {
            if (*theta < 1.0 || *theta > 1e12) {
                refuseTowerValue(*reader, u"rope_theta"_s, *theta, u"[1, 1e12]"_s);
            }
            source += u"; "_s + reader->path(u"rope_theta"_s);
            return *theta;
        }
    }
    source += u"; rope_theta: class default"_s;
    return fallback;
}

int positive(const ConfigReader& vision, const QString& key, std::int64_t fallback) {
    return vision.positiveInt(key, vision.integer(key).value_or(fallback));
}

/// PixtralVisionConfig: head_dim = hidden_size // num_attention_heads (its __init__ overwrites the
/// file's), the grid limit image_size // patch_size.
void readPixtral(const ConfigReader& vision, VisionTowerConfig& tower) {
    tower.rope.family = VisionRopeFamily::Pixtral;
    const int hidden = positive(vision, u"hidden_size"_s, 1024);
    const int heads = positive(vision, u"num_attention_heads"_s, 16);
    tower.rope.head_dim = hidden / heads;
    if (tower.rope.head_dim % 2 != 0 || tower.rope.head_dim < 4 || tower.rope.head_dim > 1024) {
        vision.fail(u"hidden_size"_s,
            u"// num_attention_heads = "_s + QString::number(tower.rope.head_dim)
                + u" is invalid as the tower's head_dim: allowed even, in [4, 1024]"_s);
    }
    tower.source += u"; head_dim = "_s + vision.path(u"hidden_size"_s) + u" // num_attention_heads"_s;
    tower.rope.theta = towerTheta(vision, 10000.0, tower.source);
    const int image = positive(vision, u"image_size"_s, 1024);
    const int patch = positive(vision, u"patch_size"_s, 16);
    if (image < patch || image / patch > kMaxVisionGridSide) {
        refuseTowerValue(vision, u"image_size"_s, image,
            u"[patch_size, 4096 x patch_size] (1 to 4096 patches a side; patch_size = "_s
                + QString::number(patch) + u")"_s);
    }
    tower.rope.max_patches_per_side = image / patch;
    tower.source += u"; patches a side = image_size // patch_size"_s;
}

/// Gemma4VisionConfig: head_dim (default 64) in two halves of whole pairs.
void readGemma4(const ConfigReader& vision, VisionTowerConfig& tower) {
    tower.rope.family = VisionRopeFamily::Gemma4;
    tower.rope.head_dim = positive(vision, u"head_dim"_s, 64);
    if (tower.rope.head_dim % 4 != 0 || tower.rope.head_dim > 1024) {
        refuseTowerValue(vision, u"head_dim"_s, tower.rope.head_dim,
            u"a multiple of 4 in [4, 1024] (two halves of whole rotary pairs)"_s);
    }
    tower.source += u"; "_s + vision.path(u"head_dim"_s);
    tower.rope.theta = towerTheta(vision, 100.0, tower.source);
}

} // namespace

std::optional<VisionTowerConfig> readVisionTower(const ConfigReader& top) {
    const std::optional<ConfigReader> vision = top.object(u"vision_config"_s);
    if (!vision) {
        return std::nullopt;
    }
    const QString type = vision->string(u"model_type"_s).value_or(QString());
    VisionTowerConfig tower;
    tower.source = u"config: "_s + vision->path(u"model_type"_s) + u" = "_s + type;
    if (type == u"pixtral"_s) {
        readPixtral(*vision, tower);
    } else if (type == u"gemma4_vision"_s) {
        readGemma4(*vision, tower);
    } else {
        return std::nullopt;
    }
    return tower;
}

} // namespace pecards::app
