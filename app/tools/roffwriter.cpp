#include "roffwriter.h"

#include <QStringList>
#include <algorithm>
#include <limits>

using namespace Qt::StringLiterals;

RoffWriter::RoffWriter(const QString& name, int section, const QString& source, const QString& manual) {
    m_text = u".TH \"%1\" %2 \"\" \"%3\" \"%4\"\n"_s.arg(name.toUpper()).arg(section).arg(source, manual);
}

QString RoffWriter::escape(const QString& text) {
    QString out;
    out.reserve(text.size() + text.size() / 8);
    for (const QChar c : text) {
        if (c == u'\\')
            out += u"\\e"_s;
        else if (c == u'-')
            out += u"\\-"_s;
        else
            out += c;
    }
    return out;
}

void RoffWriter::line(const QString& text) {
    // A line starting with . or ' would be a request: \& makes it text.
    if (text.startsWith(u'.') || text.startsWith(u'\''))
        m_text += u"\\&"_s;
    m_text += text + u'\n';
}

void RoffWriter::section(const QString& title) {
    m_text += u".SH \""_s + escape(title) + u"\"\n"_s;
}

void RoffWriter::subsection(const QString& title) {
    m_text += u".SS \""_s + escape(title) + u"\"\n"_s;
}

void RoffWriter::paragraph(const QString& text) {
    m_text += u".PP\n"_s;
    line(escape(text.simplified()));
}

void RoffWriter::preformatted(const QString& text) {
    const QStringList lines = text.split(u'\n');
    qsizetype indent = std::numeric_limits<qsizetype>::max();
    for (const QString& l : lines) {
        const auto firstText = std::find_if(l.begin(), l.end(), [](QChar c) { return c != u' '; });
        if (firstText != l.end())
            indent = std::min(indent, static_cast<qsizetype>(firstText - l.begin()));
    }
    m_text += u".PP\n.nf\n"_s;
    for (const QString& l : lines)
        line(escape(l.mid(std::min(indent, l.size()))));
    m_text += u".fi\n"_s;
}

void RoffWriter::tagged(const QString& tag, const QString& argument, const QString& text) {
    m_text += u".TP\n"_s;
    QString head = u"\\fB"_s + escape(tag) + u"\\fR"_s;
    if (!argument.isEmpty())
        head += u" \\fI"_s + escape(argument) + u"\\fR"_s;
    line(head);
    line(escape(text.simplified()));
}
