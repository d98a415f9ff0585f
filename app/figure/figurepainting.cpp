#include "figure/figurepainting.h"

#include "figure/caption.h"

#include <algorithm>
#include <cmath>

namespace pecards::app {

QFont figureFont(const QString& family, double pt, double scale, bool bold) {
    QFont font(family);
    font.setPixelSize(std::max(1, static_cast<int>(std::lround(pt * scale))));
    font.setBold(bold);
    font.setKerning(true);
    font.setHintingPreference(QFont::PreferNoHinting); // same advances at every scale
    return font;
}

QStringList wrapWords(const QString& text, const QFontMetricsF& metrics, double width) {
    QStringList lines;
    QString line;
    for (const QString& word : text.split(QLatin1Char(' '))) {
        const QString candidate = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
        if (!line.isEmpty() && metrics.horizontalAdvance(candidate) > width) {
            lines << line;
            line = word;
        } else {
            line = candidate;
        }
    }
    if (!line.isEmpty())
        lines << line;
    return lines;
}

QStringList wrapCaption(const QString& caption, const QFontMetricsF& metrics, double width) {
    const QString separator = captionSeparator();
    QStringList pieces;
    for (const QString& field : caption.split(separator)) {
        if (metrics.horizontalAdvance(field) <= width) {
            pieces << field;
            continue;
        }
        pieces << wrapWords(field, metrics, width);
    }
    QStringList lines;
    QString line;
    for (const QString& piece : pieces) {
        const QString candidate = line.isEmpty() ? piece : line + separator + piece;
        if (!line.isEmpty() && metrics.horizontalAdvance(candidate.trimmed()) > width) {
            lines << line + separator.chopped(1); // "... ·" ends the line
            line = piece;
        } else {
            line = candidate;
        }
    }
    if (!line.isEmpty()) {
        lines << line;
    }
    return lines;
}

double widestText(const QFontMetricsF& metrics, const QStringList& texts) {
    double width = 0;
    for (const QString& t : texts) {
        width = std::max(width, metrics.horizontalAdvance(t));
    }
    return width;
}

int tickCapacity(double length, double labelExtent, double em, double minSpacing) {
    const double spacing = std::max(minSpacing, labelExtent + em);
    const int comfortable = static_cast<int>(length / spacing) + 1;
    const int tight = length >= 2.0 * (labelExtent + em) ? 3 : 2;
    return std::clamp(std::max(comfortable, tight), 2, 11);
}

void drawAlignedText(QPainter& painter, const QFontMetricsF& metrics, const QString& text, QPointF anchor,
    Qt::Alignment align) {
    const double width = metrics.horizontalAdvance(text);
    double x = anchor.x();
    if (align & Qt::AlignHCenter) {
        x -= width / 2.0;
    } else if (align & Qt::AlignRight) {
        x -= width;
    }
    double baseline = anchor.y() + metrics.ascent(); // AlignTop
    if (align & Qt::AlignVCenter) {
        baseline = anchor.y() + (metrics.ascent() - metrics.descent()) / 2.0;
    } else if (align & Qt::AlignBottom) {
        baseline = anchor.y() - metrics.descent();
    }
    painter.drawText(QPointF(x, baseline), text);
}

void drawVerticalText(QPainter& painter, const QFontMetricsF& metrics, const QString& text, QPointF centre) {
    painter.save();
    painter.translate(centre);
    painter.rotate(-90.0);
    drawAlignedText(painter, metrics, text, QPointF(0.0, 0.0), Qt::AlignHCenter | Qt::AlignVCenter);
    painter.restore();
}

std::pair<double, QString> labelInside(
    const QFontMetricsF& metrics, const QString& text, double x, double left, double right) {
    const double room = std::max(0.0, right - left);
    const QString shown
        = metrics.horizontalAdvance(text) > room ? metrics.elidedText(text, Qt::ElideRight, room) : text;
    const double width = metrics.horizontalAdvance(shown);
    return {std::max(left, std::min(x, right - width)), shown};
}

} // namespace pecards::app
