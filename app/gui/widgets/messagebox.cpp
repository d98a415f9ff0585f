#include "widgets/messagebox.h"

#include <QFontMetrics>

namespace pecards::gui {

int messageTextFlags(const QFontMetrics& metrics, const QRect& box, const QString& text) {
    const int words = Qt::AlignCenter | Qt::TextWordWrap;
    if (metrics.boundingRect(box, words, text).width() <= box.width())
        return words;
    return Qt::AlignCenter | Qt::TextWrapAnywhere;
}

QRect messageTextRect(const QFontMetrics& metrics, const QRect& box, const QString& text) {
    return metrics.boundingRect(box, messageTextFlags(metrics, box, text), text);
}

} // namespace pecards::gui
