#include "workspace/lessontext.h"

#include "pecards/errors.h"

#include <QStringList>
#include <algorithm>
#include <optional>
#include <vector>

using namespace Qt::StringLiterals;

namespace pecards::app {

namespace {

/// Elements that never hold content (HTML's void elements).
bool isVoid(const QString& name) {
    static const QStringList names {u"area"_s, u"base"_s, u"br"_s, u"col"_s, u"embed"_s, u"hr"_s, u"img"_s,
        u"input"_s, u"link"_s, u"meta"_s, u"param"_s, u"source"_s, u"track"_s, u"wbr"_s};
    return names.contains(name);
}

/// Elements an opening tag of the same name closes implicitly (`<p>a<p>b`, `<li>` lists), up to
/// the list or table that holds them.
bool closesItsTwin(const QString& name) {
    static const QStringList names {
        u"p"_s, u"li"_s, u"dt"_s, u"dd"_s, u"tr"_s, u"td"_s, u"th"_s, u"option"_s};
    return names.contains(name);
}

bool isContainer(const QString& name) {
    static const QStringList names {u"ul"_s, u"ol"_s, u"dl"_s, u"table"_s, u"select"_s};
    return names.contains(name);
}

[[noreturn]] void refuseResource(const std::string& key, const QString& what) {
    throw InvalidParameter(key, what.left(200).toStdString(),
        "pictures and styles inside the lesson (data: URLs) or PE Cards' own (qrc:/...); a lesson "
        "never reads a file of the computer it is shown on");
}

/// Every url(...) of a style sheet or style attribute, and no @import.
void checkStyle(const QString& css, const std::string& key) {
    if (css.contains(u"@import"_s, Qt::CaseInsensitive)) {
        refuseResource(key, u"@import in a style"_s);
    }
    qsizetype at = 0;
    while ((at = css.indexOf(u"url("_s, at, Qt::CaseInsensitive)) >= 0) {
        const qsizetype begin = at + 4;
        qsizetype end = css.indexOf(u')', begin);
        end = end < 0 ? css.size() : end;
        QString url = css.mid(begin, end - begin).trimmed();
        if (url.size() >= 2 && (url.front() == u'"' || url.front() == u'\'') && url.back() == url.front()) {
            url = url.mid(1, url.size() - 2);
        }
        if (!isInsideUrl(url)) {
            refuseResource(key, u"url("_s + url + u')');
        }
        at = end;
    }
}

/// One element's tag: its name, whether it closes, and its attributes (lowercase names).
struct Tag {
    QString name;
    bool closing = false;
    std::vector<std::pair<QString, QString>> attributes;
    qsizetype end = 0; ///< index just past '>'
};

/// Reads the tag that starts at html[at] == '<'; nullopt when it is not one (a lone '<').
std::optional<Tag> readTag(const QString& html, qsizetype at) {
    const qsizetype n = html.size();
    Tag tag;
    qsizetype p = at + 1;
    if (p < n && html.at(p) == u'/') {
        tag.closing = true;
        ++p;
    }
    const qsizetype nameBegin = p;
    while (p < n && html.at(p).isLetterOrNumber()) {
        ++p;
    }
    if (p == nameBegin) {
        return std::nullopt;
    }
    tag.name = html.mid(nameBegin, p - nameBegin).toLower();
    while (p < n && html.at(p) != u'>') {
        if (html.at(p).isSpace() || html.at(p) == u'/' || html.at(p) == u'=') {
            ++p;
            continue;
        }
        const qsizetype nameStart = p;
        while (p < n && !html.at(p).isSpace() && html.at(p) != u'=' && html.at(p) != u'>'
            && html.at(p) != u'/') {
            ++p;
        }
        const QString attribute = html.mid(nameStart, p - nameStart).toLower();
        while (p < n && html.at(p).isSpace()) {
            ++p;
        }
        QString value;
        if (p < n && html.at(p) == u'=') {
            ++p;
            while (p < n && html.at(p).isSpace()) {
                ++p;
            }
            if (p < n && (html.at(p) == u'"' || html.at(p) == u'\'')) {
                qsizetype close = html.indexOf(html.at(p), p + 1);
                close = close < 0 ? n : close;
                value = html.mid(p + 1, close - p - 1);
                p = std::min(close + 1, n);
            } else {
                const qsizetype valueBegin = p;
                while (p < n && !html.at(p).isSpace() && html.at(p) != u'>') {
                    ++p;
                }
                value = html.mid(valueBegin, p - valueBegin);
            }
        }
        tag.attributes.emplace_back(attribute, value);
    }
    tag.end = std::min(p + 1, n);
    return tag;
}

void checkAttributes(const Tag& tag, const std::string& key) {
    for (const auto& [attribute, value] : tag.attributes) {
        const bool loads = attribute == u"src"_s || attribute == u"background"_s
            || (attribute == u"href"_s && tag.name == u"link"_s);
        if (loads && !isInsideUrl(value)) {
            refuseResource(key, u'<' + tag.name + u' ' + attribute + u"=\""_s + value + u"\">"_s);
        }
        if (attribute == u"style"_s) {
            checkStyle(value, key);
        }
    }
}

} // namespace

bool isInsideUrl(const QString& url) {
    const QString trimmed = url.trimmed();
    return trimmed.startsWith(u"data:"_s, Qt::CaseInsensitive)
        || trimmed.startsWith(u"qrc:"_s, Qt::CaseInsensitive);
}

void checkLessonRichText(const QString& html, const std::string& key) {
    if (html.size() > kMaxLessonTextChars) {
        throw InvalidParameter(key, std::to_string(html.size()) + " characters",
            "at most " + std::to_string(kMaxLessonTextChars) + " characters of rich text");
    }
    std::vector<QString> open; // the elements open at the scan position, outermost first
    qsizetype at = 0;
    while ((at = html.indexOf(u'<', at)) >= 0) {
        if (html.mid(at, 4) == u"<!--"_s) {
            const qsizetype end = html.indexOf(u"-->"_s, at + 4);
            at = end < 0 ? html.size() : end + 3;
            continue;
        }
        if (at + 1 < html.size() && (html.at(at + 1) == u'!' || html.at(at + 1) == u'?')) {
            const qsizetype end = html.indexOf(u'>', at);
            at = end < 0 ? html.size() : end + 1;
            continue;
        }
        const std::optional<Tag> tag = readTag(html, at);
        if (!tag) {
            ++at;
            continue;
        }
        at = tag->end;
        if (tag->closing) {
            const auto match = std::find(open.rbegin(), open.rend(), tag->name);
            if (match != open.rend()) {
                open.erase(std::prev(match.base()), open.end());
            }
            continue;
        }
        checkAttributes(*tag, key);
        if (tag->name == u"style"_s) {
            qsizetype end = html.indexOf(u"</style"_s, at, Qt::CaseInsensitive);
            end = end < 0 ? html.size() : end;
            checkStyle(html.mid(at, end - at), key);
            at = end;
        }
        if (isVoid(tag->name)) {
            continue;
        }
        if (closesItsTwin(tag->name)) {
            for (auto it = open.rbegin(); it != open.rend() && !isContainer(*it); ++it) {
                if (*it == tag->name) {
                    open.erase(std::prev(it.base()), open.end());
                    break;
                }
            }
        }
        open.push_back(tag->name);
        if (static_cast<int>(open.size()) > kMaxLessonTextDepth) {
            throw InvalidParameter(key, "elements nested " + std::to_string(open.size()) + " deep",
                "at most " + std::to_string(kMaxLessonTextDepth) + " levels of nested elements");
        }
    }
}

QString lessonTextForLabel(const QString& html) {
    try {
        checkLessonRichText(html, "text");
    } catch (const InvalidParameter&) {
        return html.toHtmlEscaped();
    }
    return html;
}

} // namespace pecards::app
