#include "common/messagetext.h"

using namespace Qt::StringLiterals;

namespace pecards::app {

QString elidedMessage(const QString& text, qsizetype max) {
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
