#include "compute/parameterlabels.h"

#include <QHash>

namespace pecards::gui {

namespace {

QHash<QString, QString>& labels() {
    static QHash<QString, QString> table;
    return table;
}

/// The Hugging Face config key of an engine field, where the two differ.
QString configKey(const QString& parameter) {
    static const QHash<QString, QString> keys {
        {QStringLiteral("base"), QStringLiteral("rope_theta")},
        {QStringLiteral("heads"), QStringLiteral("num_attention_heads")},
        {QStringLiteral("factor"), QStringLiteral("rope_scaling.factor")},
        {QStringLiteral("max_position_embeddings"), QStringLiteral("max_position_embeddings")},
    };
    return keys.value(parameter, parameter);
}

} // namespace

void registerParameterLabel(const QString& id, const QString& label) {
    labels().insert(id, label);
}

QString parameterLabel(const QString& parameter) {
    const QString field = parameter.section(QLatin1Char('.'), -1);
    for (const QString& id : {parameter, field, QStringLiteral("alibi_") + field}) {
        const auto found = labels().constFind(id);
        if (found != labels().constEnd())
            return *found;
    }
    return {};
}

QString labelledEngineMessage(const QString& parameter, const QString& message) {
    const QString label = parameterLabel(parameter);
    if (label.isEmpty() || parameter.isEmpty() || !message.startsWith(parameter))
        return message;
    return QStringLiteral("%1 (%2)%3").arg(label, configKey(parameter), message.mid(parameter.size()));
}

} // namespace pecards::gui
