// Lesson files: exact round trip of every step field, the layout read back with an independent
// parser (nlohmann), rejection of corrupt / foreign / newer files and of invalid steps with the
// key path named, atomic saves, and the animation values (linear, log, whole numbers).
#include "app/qstringprinter.h"
#include "pecards/errors.h"
#include "workspace/lessonfile.h"

#include <QFile>
#include <QTemporaryDir>
#include <cmath>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace pecards;
using namespace pecards::app;
using nlohmann::json;

namespace {

WorkspaceCard ropeCard(std::int64_t length, double base) {
    WorkspaceCard card;
    card.params.card = Card::Rope;
    card.params.length = length;
    card.params.rope.head_dim = 64;
    card.params.rope.base = base;
    card.views = {CardView {Quantity::Score, {0, length, 0, length}, Reduction::Max,
                      QStringLiteral("viridis"), {}, {}, {}},
        CardView {Quantity::Phase, {0, length / 2, 0, 32}, Reduction::Sample, QStringLiteral("twilight"), {},
            {}, {}}};
    return card;
}

/// Three steps: plain, a question with an animation, a pitfall with a compare pair.
Lesson richLesson() {
    Lesson lesson;
    lesson.title = QStringLiteral("RoPE, step by step");
    LessonStep plain;
    plain.title = QStringLiteral("Rotation");
    plain.text = QStringLiteral("<p>Each pair turns by <i>m</i>θ<sub>i</sub>.</p>");
    plain.state.cards = {ropeCard(4096, 10000.0)};
    plain.state.activeCard = 0;
    plain.markers
        = {LessonMarker {110, 100, QStringLiteral("S[110, 100]")}, LessonMarker {4095, 0, QString()}};
    lesson.steps.append(plain);

    LessonStep asked;
    asked.title = QStringLiteral("A larger base");
    asked.text = QStringLiteral("<p>The slowest wavelength grows.</p>");
    asked.question = LessonQuestion {QStringLiteral("What happens to the decay?"),
        {QStringLiteral("slower"), QStringLiteral("faster"), QStringLiteral("none")}, 0};
    asked.animation = LessonAnimation {QStringLiteral("rope.base"), 1e4, 5e5, 4.0, AnimationScale::Log};
    asked.state.cards = {ropeCard(8192, 500000.0)};
    asked.state.cards.front().charts = {CardChart {QStringLiteral("spectrum"), {}, 10, 0, {}}};
    asked.state.activeCard = 0;
    asked.show = {QStringLiteral("spectrum"), QStringLiteral("score")};
    lesson.steps.append(asked);

    LessonStep pitfall;
    pitfall.title = QStringLiteral("Too small a base");
    pitfall.text = QStringLiteral("<p>Aliasing.</p>");
    pitfall.pitfall = Pitfall::RopeSmallBase;
    pitfall.state.cards = {ropeCard(1024, 10000.0)};
    pitfall.state.activeCard = 0;
    ComparePair pair;
    pair.left = pitfall.state.cards.front().params;
    pair.right = pair.left;
    pair.right.rope.base = 100.0;
    pitfall.state.compare = {pair};
    lesson.steps.append(pitfall);
    return lesson;
}

QByteArray documentWith(const std::function<void(json&)>& change) {
    json document = json::parse(lessonToJson(richLesson()).toStdString());
    change(document);
    return QByteArray::fromStdString(document.dump());
}

std::string refusal(const QByteArray& bytes) {
    try {
        lessonFromJson(bytes);
    } catch (const WorkspaceFormatError& e) {
        return e.what();
    }
    return "(accepted)";
}

} // namespace

TEST(LessonFile, SaveThenOpenReproducesEveryStepExactly) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("rope.pelesson"));
    QString error;
    ASSERT_TRUE(saveLesson(path, richLesson(), &error)) << error.toStdString();
    const std::optional<Lesson> opened = openLesson(path, &error);
    ASSERT_TRUE(opened) << error.toStdString();
    EXPECT_EQ(*opened, richLesson());
}

TEST(LessonFile, JsonNamesEveryFieldAsTheFormatSays) {
    const json document = json::parse(lessonToJson(richLesson()).toStdString());
    EXPECT_EQ(document["format"], "pecards-lesson");
    EXPECT_EQ(document["version"], 1);
    EXPECT_EQ(document["app_version"], PECARDS_PROJECT_VERSION);
    EXPECT_EQ(document["title"], "RoPE, step by step");
    ASSERT_EQ(document["steps"].size(), 3U);
    const json& first = document["steps"][0];
    EXPECT_TRUE(first["question"].is_null());
    EXPECT_TRUE(first["animation"].is_null());
    EXPECT_TRUE(first["pitfall"].is_null());
    EXPECT_EQ(first["state"]["active_card"], 0);
    EXPECT_EQ(first["state"]["cards"][0]["params"]["rope"]["base"], 10000.0);
    EXPECT_EQ(first["state"]["cards"][0]["views"][1]["window"]["row_end"], 2048);
    EXPECT_EQ(first["markers"][0]["row"], 110);
    EXPECT_EQ(first["markers"][0]["col"], 100);
    EXPECT_EQ(first["markers"][0]["label"], "S[110, 100]");
    EXPECT_FALSE(document["steps"][1].contains("markers")); // optional: written only when there are some
    EXPECT_FALSE(first.contains("show")); // optional: a step without it shows its first view
    const json& asked = document["steps"][1];
    EXPECT_EQ(asked["show"], json::array({"spectrum", "score"}));
    EXPECT_EQ(asked["question"]["answers"].size(), 3U);
    EXPECT_EQ(asked["question"]["correct"], 0);
    EXPECT_EQ(asked["animation"]["parameter"], "rope.base");
    EXPECT_EQ(asked["animation"]["from"], 1e4);
    EXPECT_EQ(asked["animation"]["to"], 5e5);
    EXPECT_EQ(asked["animation"]["seconds"], 4.0);
    EXPECT_EQ(asked["animation"]["scale"], "log");
    EXPECT_EQ(document["steps"][2]["pitfall"], "small-base");
    EXPECT_EQ(document["steps"][2]["state"]["compare"][0]["right"]["rope"]["base"], 100.0);
}

TEST(LessonFile, CorruptForeignAndNewerFilesAreRefusedWithAMessage) {
    const QByteArray good = lessonToJson(richLesson());
    EXPECT_NE(refusal(good.left(good.size() / 2)).find("not valid JSON"), std::string::npos);
    EXPECT_NE(refusal("[1, 2]").find("not a JSON object"), std::string::npos);
    const std::string foreign = refusal(documentWith([](json& d) { d["format"] = "pecards-workspace"; }));
    EXPECT_NE(foreign.find("not a PE Cards lesson: format is \"pecards-workspace\""), std::string::npos)
        << foreign;
    const std::string newer = refusal(documentWith([](json& d) { d["version"] = 2; }));
    EXPECT_NE(newer.find("the file has lesson version 2"), std::string::npos) << newer;
    EXPECT_NE(newer.find("reads version 1 and older"), std::string::npos) << newer;
    // The envelope reads as a workspace's does (jsondocument.h): the writer named when the file
    // says it, a version below 1 named with its range, and app_version optional.
    const std::string named = refusal(documentWith([](json& d) {
        d["version"] = 3;
        d["app_version"] = "9.1.0";
    }));
    EXPECT_NE(named.find("written by PE Cards 9.1.0; this version (PE Cards " PECARDS_PROJECT_VERSION ")"),
        std::string::npos)
        << named;
    const std::string unnamed = refusal(documentWith([](json& d) {
        d["version"] = 2;
        d.erase("app_version");
    }));
    EXPECT_NE(unnamed.find("written by a newer PE Cards"), std::string::npos) << unnamed;
    const std::string zero = refusal(documentWith([](json& d) { d["version"] = 0; }));
    EXPECT_NE(zero.find("version: 0 is invalid: allowed: [1, 1]"), std::string::npos) << zero;
    EXPECT_EQ(lessonFromJson(documentWith([](json& d) { d.erase("app_version"); })).title,
        QStringLiteral("RoPE, step by step"));

    QTemporaryDir dir;
    const QString empty = dir.filePath(QStringLiteral("empty.pelesson"));
    QFile(empty).open(QIODevice::WriteOnly);
    QString error;
    EXPECT_FALSE(openLesson(empty, &error));
    EXPECT_TRUE(error.startsWith(QStringLiteral("Cannot open lesson "))) << error.toStdString();
    EXPECT_TRUE(error.contains(QStringLiteral("empty"))) << error.toStdString();
}

TEST(LessonFile, BadStepsAreNamedByTheirKeyPath) {
    const auto expectRefused = [](const std::function<void(json&)>& change, const std::string& needle) {
        const std::string message = refusal(documentWith(change));
        EXPECT_NE(message.find(needle), std::string::npos) << message;
    };
    expectRefused(
        [](json& d) { d["steps"][1]["question"]["correct"] = 3; }, "steps[1]: question.correct = 3");
    expectRefused([](json& d) { d["steps"][1]["question"]["answers"] = {"only one"}; },
        "steps[1]: question.answers = 1");
    expectRefused(
        [](json& d) {
            d["steps"][1]["question"]["answers"] = {"a", "b", "c", "d", "e"};
        },
        "[2, 4] answers");
    expectRefused([](json& d) { d["steps"][0]["title"] = " "; }, "steps[0]: title");
    expectRefused([](json& d) { d["steps"][1]["animation"]["parameter"] = "rope.nonsense"; },
        "steps[1]: animation.parameter = rope.nonsense");
    expectRefused([](json& d) { d["steps"][1]["animation"]["to"] = 0.5; },
        "steps[1]: animation.rope.base = 0.5 is invalid");
    expectRefused([](json& d) { d["steps"][1]["animation"]["seconds"] = 0; }, "animation.seconds = 0");
    expectRefused([](json& d) { d["steps"][1]["animation"]["scale"] = "cubic"; }, "steps[1].animation.scale");
    expectRefused([](json& d) { d["steps"][2]["pitfall"] = "alibi-flipped-slope"; }, "steps[2]: pitfall");
    expectRefused(
        [](json& d) { d["steps"][2]["pitfall"] = "no-such-bug"; }, "steps[2].pitfall: unknown name");
    expectRefused([](json& d) { d["steps"][0]["state"]["cards"][0]["params"]["rope"]["head_dim"] = 7; },
        "steps[0].state.cards[0].params");
    expectRefused([](json& d) { d["steps"][0]["hint"] = "x"; }, "steps[0].hint: unknown key");
    expectRefused([](json& d) { d["steps"] = json::array(); }, "steps: no steps");
    // Markers circle entries of the step's first view (score, 4096 x 4096), none on a pitfall.
    expectRefused([](json& d) { d["steps"][0]["markers"][1]["row"] = 4096; },
        "steps[0]: markers[1].row = 4096 is invalid: allowed: in [0, 4096)");
    expectRefused([](json& d) { d["steps"][0]["markers"][0]["col"] = -1; }, "steps[0]: markers[0].col = -1");
    expectRefused([](json& d) { d["steps"][0]["markers"][0]["label"] = std::string(41, 'x'); },
        "steps[0]: markers[0].label");
    expectRefused([](json& d) { d["steps"][0]["markers"][0]["label"] = "<b>S</b>"; }, "plain text");
    expectRefused([](json& d) { d["steps"][2]["markers"] = d["steps"][0]["markers"]; },
        "steps[2]: markers = a step without a heatmap to mark");
    // The markers circle the first shown view: a chart has no entries to circle.
    expectRefused([](json& d) { d["steps"][1]["markers"] = d["steps"][0]["markers"]; },
        "steps[1]: markers = a step without a heatmap to mark");
    // The views shown large are views or charts of the active card, distinct, at most four.
    expectRefused([](json& d) { d["steps"][1]["show"][1] = "attention"; },
        "steps[1]: show[1] = \"attention\" is invalid: allowed: a view or chart of the step's active card: "
        "score, phase, spectrum");
    expectRefused([](json& d) { d["steps"][1]["show"][1] = "spectrum"; },
        "steps[1]: show[1] = \"spectrum\" is invalid: allowed: a view not shown already");
    expectRefused(
        [](json& d) {
            d["steps"][1]["show"] = {"score", "phase", "spectrum", "score", "phase"};
        },
        "steps[1]: show = 5 views is invalid: allowed: 1 to 4 views");
    expectRefused(
        [](json& d) { d["steps"][2]["show"] = {"score"}; }, "steps[2]: show = a step without views");
    expectRefused([](json& d) { d["steps"][1]["show"][0] = 3; },
        "steps[1].show: view 0: expected a view's name, got 3");
    expectRefused(
        [](json& d) {
            for (int m = 0; m < 8; ++m)
                d["steps"][0]["markers"].push_back(d["steps"][0]["markers"][0]);
        },
        "steps[0]: markers = 10 markers");
    expectRefused(
        [](json& d) { d["steps"][0]["markers"][0]["size"] = 3; }, "steps[0].markers[0].size: unknown key");
    expectRefused([](json& d) { d["steps"][0].erase("state"); }, "steps[0].state");
}

TEST(LessonFile, InvalidLessonIsNotSavedAndTheOldFileSurvives) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("kept.pelesson"));
    ASSERT_TRUE(saveLesson(path, richLesson()));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QByteArray before = file.readAll();
    file.close();

    Lesson bad = richLesson();
    bad.steps[1].question->correct = 7;
    QString error;
    EXPECT_FALSE(saveLesson(path, bad, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("steps[1].question.correct = 7"))) << error.toStdString();
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    EXPECT_EQ(file.readAll(), before);
}

TEST(LessonAnimation, LogScaleIsGeometricAndWholeNumberParametersAreRounded) {
    CardParams rope;
    rope.card = Card::Rope;
    const LessonAnimation base {QStringLiteral("rope.base"), 1e4, 1e6, 2.0, AnimationScale::Log};
    EXPECT_DOUBLE_EQ(animationValue(base, rope, 0.0), 1e4);
    EXPECT_DOUBLE_EQ(animationValue(base, rope, 0.5), 1e5); // sqrt(1e4 * 1e6)
    EXPECT_DOUBLE_EQ(animationValue(base, rope, 1.0), 1e6);
    EXPECT_DOUBLE_EQ(withAnimatedValue(rope, base.parameter, 123456.5).rope.base, 123456.5);

    const LessonAnimation length {QStringLiteral("length"), 100, 201, 2.0, AnimationScale::Linear};
    EXPECT_EQ(animationValue(length, rope, 0.5), 151.0); // 150.5 rounds away from zero
    EXPECT_EQ(withAnimatedValue(rope, length.parameter, 151.0).length, 151);

    const LessonAnimation position {kAnimatePosition, 0, 10, 1.0, AnimationScale::Linear};
    EXPECT_EQ(animationValue(position, rope, 0.33), 3.0);

    EXPECT_THROW(withAnimatedValue(rope, QStringLiteral("rope.base"), 0.5), InvalidParameter);
    EXPECT_THROW(withAnimatedValue(rope, QStringLiteral("card"), 1.0), InvalidParameter);
}
