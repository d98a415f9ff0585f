#include "common/configsources.h"

#include <QJsonValue>

using namespace Qt::StringLiterals;

namespace pecards::app {

namespace {

/// True when the dotted `path` ("text_config.rope_scaling.factor") names a non-null value of `object`.
bool presentAt(const QJsonObject& object, const QString& path) {
    QJsonValue value = object;
    for (const QString& part : path.split(u'.')) {
        if (!value.isObject() || !value.toObject().contains(part)) {
            return false;
        }
        value = value.toObject().value(part);
    }
    return !value.isNull() && !value.isUndefined();
}

} // namespace

QList<std::pair<QString, QString>> describeSources(const QJsonObject& file, const QString& textPrefix,
    const QList<std::pair<QString, QString>>& used, const WithDefaults& defaults) {
    QList<std::pair<QString, QString>> sources;
    for (const auto& [name, path] : used) {
        const QString key = path.section(u'.', -1);
        if (path.isEmpty()) {
            sources.append({name, u"not in the file: the family's fixed default"_s});
        } else if (defaults.filledKeys.contains(key) && path == textPrefix + key) {
            sources.append({name, u"class default: "_s + defaults.configClass + u", "_s + key});
        } else if (presentAt(file, path)) {
            sources.append({name, u"config: "_s + path});
        } else {
            sources.append({name, u"not in the file: the rule's default for "_s + path});
        }
    }
    return sources;
}

} // namespace pecards::app
