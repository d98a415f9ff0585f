#include "common/messagetext.h"

using namespace Qt::StringLiterals;

namespace pecards::app {

QString visibleControls(const QString& text) {
    QString out;
    out.reserve(text.size());
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        if (u == u'\n' || (u >= 0x20 && u != 0x7F && !(u >= 0x80 && u < 0xA0))) {
            out += c;
        } else if (u == u'\r') {
            out += u"\\r"_s;
        } else if (u == u'\t') {
            out += u"\\t"_s;
        } else {
            out += u"\\x"_s + QString::number(u, 16).rightJustified(2, u'0');
        }
    }
    return out;
}

QString elidedMessage(const QString& raw, qsizetype max) {
    const QString text = visibleControls(raw);
    if (text.size() <= max) {
        return text;
    }
    // The start names the file and the key, the end says what is allowed: keep both.
    const qsizetype head = max * 2 / 3;
    const qsizetype tail = max - head;
    return text.left(head) + u" ... ("_s + QString::number(text.size() - head - tail)
        + u" characters left out) ... "_s + text.right(tail);
}

} // namespace pecards::app
