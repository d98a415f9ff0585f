#include "cards/cardtext.h"

#include <QCoreApplication>
#include <QFile>
#include <QRegularExpression>

namespace pecards::gui {

QString cardTextPath(const QString& id, CardSide side, const QString& language) {
    return QStringLiteral(":/cards/%1/%2.%3.html")
        .arg(id, side == CardSide::Front ? QStringLiteral("front") : QStringLiteral("back"), language);
}

QString cardText(const QString& id, CardSide side, const QString& language, const QString& convention) {
    QFile file(cardTextPath(id, side, language));
    if (!file.exists())
        file.setFileName(cardTextPath(id, side, QStringLiteral("en")));
    if (!file.open(QIODevice::ReadOnly)) {
        return QCoreApplication::translate("CardText",
            "<p><i>The text of this card side is missing (%1).</i></p>"
            "<p><b>Convention:</b> %2</p>")
            .arg(file.fileName().toHtmlEscaped(), convention.toHtmlEscaped());
    }
    QString html = QString::fromUtf8(file.readAll());
    static const QRegularExpression placeholder(
        QStringLiteral(R"(<span\s+id\s*=\s*"convention"\s*>\s*</span>)"));
    html.replace(
        placeholder, QStringLiteral(R"(<span id="convention">%1</span>)").arg(convention.toHtmlEscaped()));
    return html;
}

} // namespace pecards::gui
