// Every number of the teaching texts is accounted for (#26): the built-in lessons (each step's
// text, question and answers), the pitfall pages and the card fronts and backs, in English and in
// Chinese. A number is accounted for when it is a value of the step's own state (the lessons), a
// citation year ("et al. 2023"), or an entry of tests/data/teaching-ledger.txt that says what it
// is: `engine Suite.Test` (computed by that test from the engine: the test must exist in tests/),
// `fact` (a model's config, a paper's figure: read, not computed), `formula` (a constant of a
// formula written in the text) or `label` (an ordinal, a name, a section). A number written into a
// text without an entry fails here, and so does an entry whose number is gone; the Chinese text
// states every number of the English one. Code sketches (<pre>) are code, not claims.
#include "lessonsteps.h"

#include <QDir>
#include <QDirIterator>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>
#include <map>

namespace {

using teachingtest::readText;
using teachingtest::source;

/// The kinds an entry may have.
const QStringList kKinds {
    QStringLiteral("engine"), QStringLiteral("fact"), QStringLiteral("formula"), QStringLiteral("label")};

/// The ledger: per text (e.g. "lesson 05-context 3", "pitfall small-base", "card rope/back"), each
/// number's entry; numbers only the Chinese text has are keyed "zh <number>", and an English number
/// the Chinese text writes another way ("2.6 million", "260 万") is keyed "en-only <number>" too.
using Ledger = std::map<QString, std::map<QString, QString>>;

Ledger readLedger() {
    Ledger ledger;
    QString section;
    const QStringList lines = readText(QStringLiteral("tests/data/teaching-ledger.txt")).split(u'\n');
    for (int n = 0; n < lines.size(); ++n) {
        const QString line = lines.at(n).trimmed();
        if (line.isEmpty() || line.startsWith(u'#'))
            continue;
        if (line.startsWith(QStringLiteral("== "))) {
            section = line.mid(3).trimmed();
            EXPECT_FALSE(ledger.contains(section))
                << "ledger line " << n + 1 << ": " << section.toStdString() << " twice";
            ledger[section];
            continue;
        }
        const qsizetype colon = line.indexOf(u':');
        EXPECT_GT(colon, 0) << "ledger line " << n + 1 << ": " << line.toStdString();
        EXPECT_FALSE(section.isEmpty()) << "ledger line " << n + 1 << " before any section";
        if (colon <= 0 || section.isEmpty())
            continue;
        const QString number = line.left(colon).trimmed();
        EXPECT_FALSE(ledger[section].contains(number))
            << section.toStdString() << ": " << number.toStdString() << " twice";
        ledger[section][number] = line.mid(colon + 1).trimmed();
    }
    return ledger;
}

/// The words of an HTML text as the reader sees them: code sketches dropped, superscripts written
/// "^x" and subscripts "_x", other tags a space, entities decoded.
QString words(QString html) {
    html.remove(
        QRegularExpression(QStringLiteral("<pre>.*?</pre>"), QRegularExpression::DotMatchesEverythingOption));
    html.replace(QRegularExpression(QStringLiteral("<sup>(.*?)</sup>")), QStringLiteral("^\\1"));
    html.replace(QRegularExpression(QStringLiteral("<sub>(.*?)</sub>")), QStringLiteral("_\\1"));
    html.replace(QRegularExpression(QStringLiteral("<[^>]*>")), QStringLiteral(" "));
    html.replace(QStringLiteral("&lt;"), QStringLiteral("<"));
    html.replace(QStringLiteral("&gt;"), QStringLiteral(">"));
    html.replace(QStringLiteral("&nbsp;"), QStringLiteral(" "));
    html.replace(QStringLiteral("&amp;"), QStringLiteral("&"));
    return html;
}

/// The numbers of `html`, each once: digits with an optional fraction, thousands groups joined
/// ("54,410" and "54 410" are "54410"), an exponent keeping its caret ("10^4" is "10" and "^4").
/// Citation years ("et al. 2023", "(2023", "等人 2023") and section numbers ("§3.4") are left out.
QSet<QString> numbersOf(const QString& html) {
    static const QRegularExpression number(
        QStringLiteral(R"((?:(\^[−-]?)|(?<![\w.§^]))(\d{1,3}(?:[, ]\d{3})+(?![\d])|\d+)(\.\d+)?(?![\w]))"));
    static const QRegularExpression citation(QStringLiteral(R"((?:et al\.|等人|\(|（)\s*$)"));
    const QString text = words(html);
    QSet<QString> found;
    for (auto it = number.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch match = it.next();
        QString digits = match.captured(2);
        digits.remove(u',').remove(u' ');
        const bool year = digits.size() == 4 && match.captured(3).isEmpty() && match.captured(1).isEmpty()
            && citation.match(text.left(match.capturedStart(2))).hasMatch();
        if (!year)
            found.insert(
                (match.captured(1).isEmpty() ? QString() : QStringLiteral("^")) + digits + match.captured(3));
    }
    return found;
}

/// Every numeric value of `value` (nested objects and arrays).
void numericValues(const QJsonValue& value, std::vector<double>& out) {
    if (value.isDouble()) {
        out.push_back(value.toDouble());
    } else if (value.isArray()) {
        for (const QJsonValue& item : value.toArray())
            numericValues(item, out);
    } else if (value.isObject()) {
        for (const QJsonValue& item : value.toObject())
            numericValues(item, out);
    }
}

/// The values a lesson step's state shows: the active card's own parameters (the length, spans and
/// the part of its family: "rope" for the RoPE card, "rope" and "alibi" for the hybrid, ...), its
/// pitfall's parameters and its views' windows and colour ranges; not the other families' defaults
/// the state also stores.
std::vector<double> shownValues(const QJsonObject& state) {
    std::vector<double> out;
    const QJsonArray cards = state.value(QStringLiteral("cards")).toArray();
    const int active = state.value(QStringLiteral("active_card")).toInt(-1);
    if (active < 0 || active >= cards.size())
        return out;
    const QJsonObject card = cards.at(active).toObject();
    const QJsonObject params = card.value(QStringLiteral("params")).toObject();
    const QString family = params.value(QStringLiteral("card")).toString();
    QStringList parts {QStringLiteral("pitfall")};
    if (family == QStringLiteral("hybrid"))
        parts << QStringLiteral("rope") << QStringLiteral("alibi");
    else
        parts << family;
    for (auto it = params.begin(); it != params.end(); ++it) {
        if (it.value().isDouble() || parts.contains(it.key()))
            numericValues(it.value(), out);
    }
    numericValues(card.value(QStringLiteral("views")), out);
    numericValues(card.value(QStringLiteral("charts")), out);
    return out;
}

/// The TESTs of tests/: "Suite.Name".
QSet<QString> testNames() {
    static const QRegularExpression test(QStringLiteral(R"(\bTEST(?:_F|_P)?\(\s*(\w+),\s*(\w+)\))"));
    QSet<QString> names;
    QDirIterator files(source(QStringLiteral("tests")), {QStringLiteral("*.cpp")}, QDir::Files,
        QDirIterator::Subdirectories);
    while (files.hasNext()) {
        QFile file(files.next());
        if (!file.open(QIODevice::ReadOnly))
            continue;
        const QString text = QString::fromUtf8(file.readAll());
        for (auto it = test.globalMatch(text); it.hasNext();) {
            const QRegularExpressionMatch match = it.next();
            names.insert(match.captured(1) + u'.' + match.captured(2));
        }
    }
    return names;
}

/// One text of the deck in both languages, and the numbers its state accounts for.
struct Text {
    QString key; ///< the ledger's section
    QString english;
    QString chinese;
    std::vector<double> state;
};

/// Whether `value` is one of `values` (to 1e-12 relative: "0.1" is the state's 0.1).
bool among(double value, const std::vector<double>& values) {
    return std::any_of(values.begin(), values.end(),
        [value](double v) { return std::abs(v - value) <= 1e-12 * std::max(1.0, std::abs(value)); });
}

/// The text of a lesson step as the player shows it: text, question and answers.
QString stepText(const QJsonObject& step) {
    QString text = step.value(QStringLiteral("text")).toString();
    const QJsonObject question = step.value(QStringLiteral("question")).toObject();
    text += u' ' + question.value(QStringLiteral("prompt")).toString();
    for (const QJsonValue& answer : question.value(QStringLiteral("answers")).toArray())
        text += u' ' + answer.toString();
    return text;
}

QJsonArray lessonSteps(const QString& path) {
    return QJsonDocument::fromJson(readText(path).toUtf8()).object().value(QStringLiteral("steps")).toArray();
}

std::vector<Text> teachingTexts() {
    std::vector<Text> texts;
    const QDir lessons(source(QStringLiteral("resources/lessons")));
    for (const QString& file : lessons.entryList({QStringLiteral("*.en.json")}, QDir::Files, QDir::Name)) {
        const QString stem = file.chopped(QStringLiteral(".en.json").size());
        const QJsonArray en = lessonSteps(QStringLiteral("resources/lessons/") + file);
        const QJsonArray zh = lessonSteps(QStringLiteral("resources/lessons/%1.zh_CN.json").arg(stem));
        EXPECT_EQ(en.size(), zh.size()) << stem.toStdString();
        for (qsizetype s = 0; s < std::min(en.size(), zh.size()); ++s) {
            Text text {QStringLiteral("lesson %1 %2").arg(stem).arg(s + 1), stepText(en.at(s).toObject()),
                stepText(zh.at(s).toObject()), {}};
            text.state = shownValues(en.at(s).toObject().value(QStringLiteral("state")).toObject());
            texts.push_back(text);
        }
    }
    const QDir pitfalls(source(QStringLiteral("resources/pitfalls")));
    for (const QString& file : pitfalls.entryList({QStringLiteral("*.en.html")}, QDir::Files, QDir::Name)) {
        const QString stem = file.chopped(QStringLiteral(".en.html").size());
        texts.push_back(
            {QStringLiteral("pitfall ") + stem, readText(QStringLiteral("resources/pitfalls/") + file),
                readText(QStringLiteral("resources/pitfalls/%1.zh_CN.html").arg(stem)), {}});
    }
    const QDir cards(source(QStringLiteral("resources/cards")));
    for (const QString& card : cards.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        for (const char* side : {"front", "back"}) {
            const QString base = QStringLiteral("resources/cards/%1/%2").arg(card, QLatin1String(side));
            texts.push_back({QStringLiteral("card %1/%2").arg(card, QLatin1String(side)),
                readText(base + QStringLiteral(".en.html")), readText(base + QStringLiteral(".zh_CN.html")),
                {}});
        }
    }
    return texts;
}

/// What is wrong with the ledger for these texts, a line each.
QStringList ledgerProblems(const std::vector<Text>& texts, const Ledger& ledger, const QSet<QString>& tests) {
    QStringList problems;
    QSet<QString> sections;
    for (const Text& text : texts) {
        sections.insert(text.key);
        const auto found = ledger.find(text.key);
        const std::map<QString, QString> none;
        const std::map<QString, QString>& entries = found == ledger.end() ? none : found->second;
        const QSet<QString> english = numbersOf(text.english);
        const QSet<QString> chinese = numbersOf(text.chinese);
        for (const QString& number : english) {
            if (!chinese.contains(number) && !entries.contains(QStringLiteral("en-only ") + number))
                problems << QStringLiteral("%1: the Chinese text does not state %2").arg(text.key, number);
            bool ok = false;
            const double value = number.toDouble(&ok);
            if (ok && among(value, text.state))
                continue; // a value of the step's own state
            if (!entries.contains(number))
                problems << QStringLiteral("%1: %2 has no ledger entry").arg(text.key, number);
        }
        for (const QString& number : chinese - english) {
            if (!entries.contains(QStringLiteral("zh ") + number))
                problems << QStringLiteral("%1: zh %2 (only in the Chinese text) has no ledger entry")
                                .arg(text.key, number);
        }
        for (const auto& [number, entry] : entries) {
            bool current = english.contains(number);
            if (number.startsWith(QStringLiteral("zh ")))
                current = chinese.contains(number.mid(3)) && !english.contains(number.mid(3));
            else if (number.startsWith(QStringLiteral("en-only ")))
                current = english.contains(number.mid(8)) && !chinese.contains(number.mid(8));
            if (!current)
                problems << QStringLiteral("%1: the entry for %2 names a number the text no longer has")
                                .arg(text.key, number);
            const QString kind = entry.section(u' ', 0, 0);
            if (!kKinds.contains(kind))
                problems << QStringLiteral("%1: %2's entry is of kind '%3', not one of %4")
                                .arg(text.key, number, kind, kKinds.join(u'/'));
            if (kind == QStringLiteral("engine") && !tests.contains(entry.section(u' ', 1, 1)))
                problems << QStringLiteral("%1: %2's entry names test %3, which tests/ does not have")
                                .arg(text.key, number, entry.section(u' ', 1, 1));
            if (entry.section(u' ', 1).trimmed().isEmpty())
                problems
                    << QStringLiteral("%1: %2's entry says nothing beyond its kind").arg(text.key, number);
        }
    }
    for (const auto& [section, entries] : ledger) {
        if (!sections.contains(section))
            problems << QStringLiteral("ledger section '%1' names no text").arg(section);
    }
    return problems;
}

TEST(TeachingLedger, EveryNumberOfTheTeachingTextsIsAccountedFor) {
    const std::vector<Text> texts = teachingTexts();
    ASSERT_GT(texts.size(), 60U);
    const QStringList problems = ledgerProblems(texts, readLedger(), testNames());
    EXPECT_TRUE(problems.isEmpty()) << problems.size() << " problems:\n"
                                    << problems.join(u'\n').toStdString();
}

// The checker on texts changed on purpose: a number written into a text without an entry, a
// number the Chinese text drops, an entry whose number is gone, and an entry naming a test that
// does not exist each give one problem.
TEST(TeachingLedger, TheCheckerFindsANewNumberADroppedOneAndAStaleEntry) {
    const Ledger ledger {{QStringLiteral("card x/front"),
        {{QStringLiteral("1707"),
             QStringLiteral("engine TeachingNumbers.SmallBasePitfallQuotesTheBaseBoundLab")},
            {QStringLiteral("zh 4"), QStringLiteral("label four, written as a digit")}}}};
    QSet<QString> tests {QStringLiteral("TeachingNumbers.SmallBasePitfallQuotesTheBaseBoundLab")};
    const auto problems = [&](const QString& en, const QString& zh) {
        return ledgerProblems({{QStringLiteral("card x/front"), en, zh, {}}}, ledger, tests);
    };
    EXPECT_EQ(problems(QStringLiteral("<p>fails at m = 1707 (Men et al. 2024)</p>"),
                  QStringLiteral("<p>在 m = 1707 处（Men 等人 2024），4 个</p>")),
        QStringList {});
    EXPECT_EQ(
        problems(QStringLiteral("<p>fails at m = 1708</p>"), QStringLiteral("<p>在 m = 1708 处，4 个</p>"))
            .size(),
        2)
        << "1708 without an entry, and 1707's entry stale";
    EXPECT_EQ(
        problems(QStringLiteral("<p>fails at m = 1707</p>"), QStringLiteral("<p>在 m 处，4 个</p>")).size(),
        1);
    tests.clear();
    EXPECT_EQ(
        problems(QStringLiteral("<p>fails at m = 1707</p>"), QStringLiteral("<p>在 m = 1707 处，4 个</p>"))
            .size(),
        1);
    // Thousands groups, exponents and code sketches.
    EXPECT_EQ(numbersOf(QStringLiteral("<p>54,410 and 54 621, 10<sup>4</sup></p><pre>x = 7</pre>")),
        (QSet<QString> {
            QStringLiteral("54410"), QStringLiteral("54621"), QStringLiteral("10"), QStringLiteral("^4")}));
}

} // namespace
