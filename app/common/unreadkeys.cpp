#include "common/unreadkeys.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace pecards::app {

namespace {

void collect(const QJsonObject& object, const QString& prefix, const QSet<QString>& read, QStringList& out) {
    for (auto it = object.begin(); it != object.end(); ++it) {
        const QString path = prefix + it.key();
        if (!it.value().isNull() && soundsPositional(it.key()) && !read.contains(path)) {
            out.append(path);
        }
    }
}

} // namespace

bool soundsPositional(const QString& key) {
    static const QRegularExpression names(
        uR"(rope|rotary|position|pos_emb|alibi|theta|window|sink|attention_chunk|nope|temperature|attn_scale|floor_scale|layer_types|bucket|relative_attention)"_s,
        QRegularExpression::CaseInsensitiveOption);
    return names.match(key).hasMatch();
}

QStringList unreadPositionKeys(const QJsonObject& top, const QString& textKey, const QSet<QString>& read) {
    QStringList out;
    collect(top, QString(), read, out);
    if (textKey.isEmpty()) {
        return out;
    }
    QJsonObject text = top;
    for (const QString& part : textKey.split(u'.')) {
        text = text.value(part).toObject();
    }
    collect(text, textKey + u'.', read, out);
    return out;
}

} // namespace pecards::app
