#include "cardtext/cardtext.h"

#include "cardtext/convention.h"
#include "common/version.h"

#include <QCoreApplication>
#include <QFile>
#include <QRegularExpression>

namespace pecards::app {

namespace {

/// Resource path of a card text, e.g. ":/cards/rope/front.en.html".
QString cardTextPath(const QString& id, CardSide side, const QString& language) {
    return QStringLiteral(":/cards/%1/%2.%3.html")
        .arg(id, side == CardSide::Front ? QStringLiteral("front") : QStringLiteral("back"), language);
}

} // namespace

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

QString cardHeading(const QString& html) {
    static const QRegularExpression heading(QStringLiteral(R"(<h2[^>]*>(.*?)</h2>)"),
        QRegularExpression::CaseInsensitiveOption | QRegularExpression::DotMatchesEverythingOption);
    static const QRegularExpression tag(QStringLiteral("<[^>]*>"));
    const QRegularExpressionMatch match = heading.match(html);
    if (!match.hasMatch())
        return {};
    QString text = match.captured(1).remove(tag);
    text.replace(QStringLiteral("&nbsp;"), QStringLiteral(" "))
        .replace(QStringLiteral("&lt;"), QStringLiteral("<"))
        .replace(QStringLiteral("&gt;"), QStringLiteral(">"))
        .replace(QStringLiteral("&amp;"), QStringLiteral("&"));
    return text.simplified();
}

CardHandout cardHandoutTexts(const CardParams& params, const QString& language) {
    const QString id = QString::fromStdString(toString(params.card));
    const QString convention = cardConvention(params);
    CardHandout handout;
    handout.front = cardText(id, CardSide::Front, language, convention);
    handout.back = cardText(id, CardSide::Back, language, convention);
    handout.title = cardHeading(handout.front);
    handout.header = QCoreApplication::translate("CardHandout", "PE Cards %1 · card handout · %2")
                         .arg(QString::fromLatin1(kVersion), handout.title);
    return handout;
}

} // namespace pecards::app
