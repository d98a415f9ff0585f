// `pecards-cli render --lesson FILE --out lesson.pdf`: a handout with one page per step and one
// more per question (its answer overleaf), every step's figure computed; a corrupt lesson, a
// non-PDF output and flags that do not apply are refused with exit code 2 naming the flag.
#include "app/filebytes.h"
#include "clitestutil.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <gtest/gtest.h>

using pecards::test::CliRun;
using pecards::test::runCli;

namespace {

using pecards::testsupport::fileBytes;

const QString kLessons = QStringLiteral(PECARDS_LESSONS_DIR);

} // namespace

TEST(CliLesson, TheHandoutHasAPagePerStepAndOneMorePerQuestion) {
    for (const QString& name :
        {QStringLiteral("03-alibi.en.json"), QStringLiteral("04-relative.zh_CN.json")}) {
        const QString lesson = kLessons + u'/' + name;
        const QJsonArray steps
            = QJsonDocument::fromJson(fileBytes(lesson)).object().value(QStringLiteral("steps")).toArray();
        int questions = 0;
        for (const QJsonValue& step : steps)
            questions += step.toObject().value(QStringLiteral("question")).isObject() ? 1 : 0;
        ASSERT_GT(questions, 0);
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("handout.pdf"));
        const CliRun run = runCli(
            {QStringLiteral("render"), QStringLiteral("--lesson"), lesson, QStringLiteral("--out"), out});
        ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
        const QByteArray pdf = fileBytes(out);
        ASSERT_TRUE(pdf.startsWith("%PDF")) << name.toStdString();
        const QString text = QString::fromLatin1(pdf);
        const qsizetype pages = text.count(QRegularExpression(QStringLiteral("/Type\\s*/Page[^s]")));
        EXPECT_EQ(pages, steps.size() + questions) << name.toStdString();
        EXPECT_GE(text.count(QRegularExpression(QStringLiteral("/Subtype\\s*/Image"))), steps.size() / 2)
            << "the step figures are embedded";
    }
}

TEST(CliLesson, BadLessonsAndFlagsAreRefusedNamingTheFlag) {
    QTemporaryDir dir;
    const QString corrupt = dir.filePath(QStringLiteral("corrupt.pelesson"));
    QFile file(corrupt);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(fileBytes(kLessons + QStringLiteral("/02-rope.en.json")).left(300));
    file.close();
    const QString out = dir.filePath(QStringLiteral("x.pdf"));
    CliRun run = runCli(
        {QStringLiteral("render"), QStringLiteral("--lesson"), corrupt, QStringLiteral("--out"), out});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_TRUE(run.err.contains(QStringLiteral("--lesson"))) << run.err.toStdString();
    EXPECT_TRUE(run.err.contains(QStringLiteral("not valid JSON"))) << run.err.toStdString();
    EXPECT_FALSE(QFile::exists(out));

    const QString good = kLessons + QStringLiteral("/02-rope.en.json");
    run = runCli({QStringLiteral("render"), QStringLiteral("--lesson"), good, QStringLiteral("--out"),
        dir.filePath(QStringLiteral("x.png"))});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_TRUE(run.err.contains(QStringLiteral("must end in .pdf with --lesson"))) << run.err.toStdString();

    run = runCli({QStringLiteral("render"), QStringLiteral("--lesson"), good, QStringLiteral("--card"),
        QStringLiteral("rope"), QStringLiteral("--out"), out});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_TRUE(run.err.contains(QStringLiteral("--card"))) << run.err.toStdString();

    // A figure size too small for the figure's text, as for one figure (exit 0 with an unreadable page).
    run = runCli({"render", "--lesson", good, "--size", "1x1", "--out", out});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_TRUE(run.err.startsWith(QStringLiteral("pecards-cli: --size: step "))) << run.err.toStdString();
    EXPECT_TRUE(run.err.contains(QStringLiteral("allowed: at least 36 pt per side")))
        << run.err.toStdString();
    EXPECT_FALSE(QFile::exists(out));

    // Any parameter flag, not only --card: the lesson gives them all (--heads 0 was ignored, exit 0).
    for (const QStringList& flag : {QStringList {"--heads", "0"}, QStringList {"--length", "64"},
             QStringList {"--reduction", "max"}, QStringList {"--causal"}}) {
        run = runCli(QStringList {"render", "--lesson", good, "--out", out} + flag);
        EXPECT_EQ(run.exitCode, 2) << flag.front().toStdString();
        EXPECT_TRUE(run.err.startsWith(
            QStringLiteral("pecards-cli: ") + flag.front() + QStringLiteral(": is not used with --lesson")))
            << run.err.toStdString();
        EXPECT_FALSE(QFile::exists(out));
    }
}
