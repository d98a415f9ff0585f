// `pecards-cli render --lesson FILE --out lesson.pdf`: a handout with one page per step and one
// more per question (its answer overleaf), every step's figure computed; a corrupt lesson, a
// non-PDF output and flags that do not apply are refused with exit code 2 naming the flag.
#include "app/filebytes.h"
#include "clitestutil.h"
#include "lessonhandout.h"
#include "workspace/lessonfile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <gtest/gtest.h>
#include <sys/stat.h>

using pecards::test::CliRun;
using pecards::test::runCli;

namespace {

using pecards::testsupport::fileBytes;

const QString kLessons = QStringLiteral(PECARDS_LESSONS_DIR);

} // namespace

TEST(CliLesson, TheHandoutHasAPagePerStepAndOneMorePerQuestion) {
    for (const QString& name :
        {QStringLiteral("03-alibi.en.json"), QStringLiteral("02-relative.zh_CN.json")}) {
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
    file.write(fileBytes(kLessons + QStringLiteral("/04-rope.en.json")).left(300));
    file.close();
    const QString out = dir.filePath(QStringLiteral("x.pdf"));
    CliRun run = runCli(
        {QStringLiteral("render"), QStringLiteral("--lesson"), corrupt, QStringLiteral("--out"), out});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_TRUE(run.err.contains(QStringLiteral("--lesson"))) << run.err.toStdString();
    EXPECT_TRUE(run.err.contains(QStringLiteral("not valid JSON"))) << run.err.toStdString();
    EXPECT_FALSE(QFile::exists(out));

    const QString good = kLessons + QStringLiteral("/04-rope.en.json");
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

// The December reliability review's lessons (lesson_html_resources.sh): a picture that is a FIFO
// (render blocked forever), /dev/zero (read until bad_alloc), 50,000 nested tags (over 30 s) and a
// private local picture (embedded in the handout) are refused at once with exit 2 naming the
// step's field; nothing is written. A picture carried in the lesson (data: URL) still renders.
TEST(CliLesson, ALessonIsDataNotABrowser) {
    QTemporaryDir dir;
    const QString fifo = dir.filePath(QStringLiteral("img.fifo"));
    ASSERT_EQ(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    QJsonObject lesson
        = QJsonDocument::fromJson(fileBytes(kLessons + QStringLiteral("/03-alibi.en.json"))).object();
    const QJsonObject first = lesson.value(QStringLiteral("steps")).toArray().at(0).toObject();
    const auto withText = [&](const QString& text) {
        QJsonObject step = first;
        step.insert(QStringLiteral("text"), text);
        QJsonObject one = lesson;
        one.insert(QStringLiteral("steps"), QJsonArray {step});
        const QString path = dir.filePath(QStringLiteral("l.pelesson"));
        QFile file(path);
        EXPECT_TRUE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(QJsonDocument(one).toJson());
        return path;
    };
    const QString out = dir.filePath(QStringLiteral("handout.pdf"));
    for (const QString& text :
        {QStringLiteral("<img src=\"%1\">").arg(fifo), QStringLiteral("<img src=\"/dev/zero\">"),
            QStringLiteral("<b>").repeated(50000) + QStringLiteral("x"),
            QStringLiteral("<p>step text</p><img src=\"%1\">")
                .arg(dir.filePath(QStringLiteral("private.png")))}) {
        const CliRun run = runCli({QStringLiteral("render"), QStringLiteral("--lesson"), withText(text),
            QStringLiteral("--dpi"), QStringLiteral("72"), QStringLiteral("--out"), out});
        EXPECT_EQ(run.exitCode, 2) << run.err.toStdString();
        EXPECT_TRUE(run.err.contains(QStringLiteral("steps[0]: text = "))) << run.err.toStdString();
        EXPECT_LT(run.err.size(), 1000) << "the message quotes at most 200 characters of the text";
        EXPECT_FALSE(QFile::exists(out));
    }
    // 1x1 red PNG carried in the lesson itself.
    const QString red = QStringLiteral(
        "<p>x</p><img src=\"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1Pe"
        "AAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC\">");
    const CliRun run = runCli({QStringLiteral("render"), QStringLiteral("--lesson"), withText(red),
        QStringLiteral("--dpi"), QStringLiteral("72"), QStringLiteral("--out"), out});
    EXPECT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_TRUE(QFile::exists(out));
}

// #31 item 2: a handout page draws what the step shows on screen: every view of its `show` list
// in order (the ALiBi steps' score, on its locked colour scale, and attention; the context steps'
// spectrum chart), and a pitfall step its buggy view.
TEST(CliLesson, AHandoutPageDrawsTheViewsTheStepShows) {
    const auto lesson = [](const QString& name) {
        QString error;
        const std::optional<pecards::app::Lesson> read
            = pecards::app::openLesson(kLessons + u'/' + name, &error);
        EXPECT_TRUE(read) << error.toStdString();
        return read.value_or(pecards::app::Lesson {});
    };
    const pecards::app::Lesson alibi = lesson(QStringLiteral("03-alibi.en.json"));
    const std::vector<pecards::cli::HandoutFigure> first = pecards::cli::lessonStepFigures(alibi.steps.at(0));
    ASSERT_EQ(first.size(), 2U);
    ASSERT_TRUE(first.at(0).view && first.at(1).view);
    EXPECT_EQ(first.at(0).view->quantity, pecards::Quantity::Score);
    ASSERT_TRUE(first.at(0).range);
    EXPECT_EQ(first.at(0).range->min, -64.0);
    EXPECT_EQ(first.at(1).view->quantity, pecards::Quantity::Attention);
    EXPECT_EQ(first.at(1).colormap, QStringLiteral("magma"));

    const pecards::app::Lesson context = lesson(QStringLiteral("05-context.zh_CN.json"));
    const std::vector<pecards::cli::HandoutFigure> linear
        = pecards::cli::lessonStepFigures(context.steps.at(1));
    ASSERT_EQ(linear.size(), 1U);
    ASSERT_TRUE(linear.front().chart);
    EXPECT_EQ(linear.front().chart->kind, pecards::app::CurveKind::Spectrum);
    EXPECT_EQ(linear.front().chart->params.rope.scaling.type, pecards::RopeScalingType::Linear);

    const pecards::app::Lesson pitfalls = lesson(QStringLiteral("07-pitfalls-relative.en.json"));
    const std::vector<pecards::cli::HandoutFigure> flipped
        = pecards::cli::lessonStepFigures(pitfalls.steps.at(3));
    ASSERT_EQ(flipped.size(), 1U);
    EXPECT_EQ(flipped.front().view->params.pitfall.kind, pecards::Pitfall::AlibiFlippedSlope);

    // On paper: two figures on each ALiBi step's page (12 images for 6 steps).
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("alibi.pdf"));
    const CliRun run = runCli({QStringLiteral("render"), QStringLiteral("--lesson"),
        kLessons + QStringLiteral("/03-alibi.en.json"), QStringLiteral("--out"), out});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QString pdf = QString::fromLatin1(fileBytes(out));
    EXPECT_GE(pdf.count(QRegularExpression(QStringLiteral("/Subtype\\s*/Image"))), 12);
}

TEST(CliLesson, AQuestionAsksOnThePictureBeforeItAndAnswersOnItsOwn) {
    // As the app plays it (T-C13: the handout printed the reveal under the question).
    int questions = 0;
    for (const QFileInfo& file : QDir(kLessons).entryInfoList({QStringLiteral("*.json")})) {
        QString error;
        const std::optional<pecards::app::Lesson> lesson = pecards::app::openLesson(file.filePath(), &error);
        ASSERT_TRUE(lesson) << error.toStdString();
        const auto views = [](const std::vector<pecards::cli::HandoutFigure>& figures) {
            std::vector<std::pair<bool, std::optional<pecards::ViewRequest>>> drawn;
            for (const pecards::cli::HandoutFigure& figure : figures)
                drawn.emplace_back(figure.chart.has_value(), figure.view);
            return drawn;
        };
        for (int s = 0; s < static_cast<int>(lesson->steps.size()); ++s) {
            const auto asked = views(pecards::cli::lessonPageFigures(*lesson, s, false));
            const auto own = views(pecards::cli::lessonStepFigures(lesson->steps.at(s)));
            if (!lesson->steps.at(s).question) {
                EXPECT_EQ(asked, own);
                continue;
            }
            ++questions;
            const auto before
                = s > 0 ? views(pecards::cli::lessonStepFigures(lesson->steps.at(s - 1))) : decltype(own) {};
            EXPECT_EQ(asked, before) << file.fileName().toStdString() << " step " << s + 1;
            EXPECT_EQ(views(pecards::cli::lessonPageFigures(*lesson, s, true)), own);
            if (s > 0 && own != before) { // the picture changes with the answer: not shown before it
                EXPECT_NE(asked, own);
            }
        }
    }
    EXPECT_GT(questions, 20);
}

TEST(CliLesson, ACompareStepPrintsAAndBAndTheirDifference) {
    // A step authored on the compare tab (no active card, a pair) printed no figure: it prints the
    // pair's A, B and A − B as `render --workspace` does; its question asks on the same picture.
    const QJsonObject header
        = QJsonDocument::fromJson(fileBytes(kLessons + QStringLiteral("/03-alibi.en.json"))).object();
    const QJsonObject pair
        = QJsonDocument::fromJson(fileBytes(QStringLiteral(PECARDS_TEST_DATA_DIR "/workspaces/charts.json")))
              .object()
              .value(QStringLiteral("compare"))
              .toArray()
              .first()
              .toObject();
    const QJsonObject state {{QStringLiteral("active_card"), -1}, {QStringLiteral("cards"), QJsonArray {}},
        {QStringLiteral("compare"), QJsonArray {pair}}};
    const auto step = [&](const QString& title, const QJsonValue& question) {
        return QJsonObject {{QStringLiteral("title"), title},
            {QStringLiteral("text"), QStringLiteral("<p>A, B, A − B.</p>")},
            {QStringLiteral("question"), question}, {QStringLiteral("animation"), QJsonValue::Null},
            {QStringLiteral("pitfall"), QJsonValue::Null}, {QStringLiteral("show"), QJsonArray {}},
            {QStringLiteral("state"), state}};
    };
    const QJsonObject question {{QStringLiteral("prompt"), QStringLiteral("Which side is scaled?")},
        {QStringLiteral("answers"), QJsonArray {QStringLiteral("A"), QStringLiteral("B")}},
        {QStringLiteral("correct"), 0}};
    QJsonObject lesson {{QStringLiteral("format"), header.value(QStringLiteral("format"))},
        {QStringLiteral("version"), header.value(QStringLiteral("version"))},
        {QStringLiteral("app_version"), header.value(QStringLiteral("app_version"))},
        {QStringLiteral("title"), QStringLiteral("Compare")},
        {QStringLiteral("steps"),
            QJsonArray {step(QStringLiteral("A against B"), QJsonValue::Null),
                step(QStringLiteral("Which is scaled?"), question)}}};
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("compare.json"));
    QFile out(file);
    ASSERT_TRUE(out.open(QIODevice::WriteOnly));
    out.write(QJsonDocument(lesson).toJson());
    out.close();
    const QString pdfPath = dir.filePath(QStringLiteral("compare.pdf"));
    const CliRun run = runCli(
        {QStringLiteral("render"), QStringLiteral("--lesson"), file, QStringLiteral("--out"), pdfPath});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QString pdf = QString::fromLatin1(fileBytes(pdfPath));
    EXPECT_EQ(pdf.count(QRegularExpression(QStringLiteral("/Type\\s*/Page(?![A-Za-z])"))),
        3); // step, question, answer
    // A, B and A − B on each page (the difference is an image too).
    EXPECT_EQ(pdf.count(QRegularExpression(QStringLiteral("/Subtype\\s*/Image"))), 9);
}
