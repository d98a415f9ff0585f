// Lessons in the window: a lesson authored from the deck, saved, reopened and played reproduces
// each step's state exactly; a question step shows no answer (and keeps the previous picture)
// until it is revealed; Esc restores the user's own state; a corrupt or newer lesson file is
// refused with a message and changes nothing; F6 plays and is listed with the shortcuts.
#include "cards/cardpage.h"
#include "deck/deckmodel.h"
#include "deck/deckworkspace.h"
#include "guitestsupport.h"
#include "lessons/builtinlessons.h"
#include "lessons/lessoncontroller.h"
#include "lessons/lessoneditor.h"
#include "lessons/lessonplayer.h"
#include "lessons/lessonsteppanel.h"
#include "views/heatmapcontroller.h"
#include "views/heatmappanel.h"
#include "views/viewpanel.h"
#include "views/viewslot.h"
#include "widgets/heatmapwidget.h"
#include "widgets/teachingink.h"
#include "window/shortcutlist.h"
#include "window/stagescreen.h"
#include "window/startupactions.h"
#include "windowtest.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTemporaryDir>
#include <algorithm>
#include <sys/stat.h>
#include <workspace/lessonfile.h>

using namespace pecards::gui;

namespace {

class Lessons : public guitest::WindowTest<1280, 720> {
protected:
    void TearDown() override { player()->stop(); }

    LessonController* lessons() const { return m_window.lessons(); }
    LessonPlayer* player() const { return lessons()->player(); }

    /// The first heatmap view of the card shows rows and columns [0, n).
    void zoomFirstHeatmap(CardPage* card, std::int64_t n) {
        for (ViewSlot* slot : card->viewSlots()) {
            if (auto* panel = qobject_cast<HeatmapPanel*>(slot->view())) {
                panel->controller()->setWindow({0, n, 0, n});
                return;
            }
        }
    }

    /// Reads `path` back as the lesson file it must be.
    static pecards::app::Lesson reopened(const QString& path) {
        QString error;
        const std::optional<pecards::app::Lesson> lesson = pecards::app::openLesson(path, &error);
        EXPECT_TRUE(lesson) << error.toStdString();
        return lesson.value_or(pecards::app::Lesson {});
    }
};

/// The deck's card of the step's active card type as captured now (built-in steps hold one card),
/// in the terms the step is written in: built-in steps name their heatmap views in grid order,
/// without slots or charts, so the slots the app saves and its charts are left out.
pecards::app::WorkspaceCard shownCard(MainWindow& window, const pecards::app::LessonStep& step) {
    const pecards::app::WorkspaceCard& authored = step.state.cards.at(step.state.activeCard);
    for (pecards::app::WorkspaceCard card : workspaceOf(*window.deckModel()).cards) {
        if (card.params.card != authored.params.card)
            continue;
        const bool placed = std::any_of(authored.views.begin(), authored.views.end(),
            [](const auto& view) { return view.slot.has_value(); });
        if (!placed) {
            for (pecards::app::CardView& view : card.views)
                view.slot.reset();
        }
        if (authored.charts.isEmpty())
            card.charts.clear();
        return card;
    }
    return {};
}

/// What the step panel shows in its label `name` (empty while hidden).
QString shown(const QWidget* panel, const QString& name) {
    const auto* label = guitest::named<QLabel>(panel, name);
    return label->isHidden() ? QString() : label->text();
}

/// The answers the step panel shows, in order ("B. 31 ✓" once revealed).
QStringList shownAnswers(const QWidget* panel) {
    QStringList answers;
    for (int a = 1; a <= pecards::app::kMaxAnswers; ++a) {
        if (const QString text = shown(panel, QStringLiteral("answer%1").arg(a)); !text.isEmpty())
            answers << text;
    }
    return answers;
}

pecards::app::Lesson builtIn(const QString& id) {
    for (const QString& resource : builtInLessons(QStringLiteral("en"))) {
        if (resource.contains(id))
            return pecards::app::openLesson(resource).value();
    }
    ADD_FAILURE() << "no built-in lesson " << id.toStdString();
    return {};
}

} // namespace

TEST_F(Lessons, ASavedReopenedAndPlayedLessonReproducesEachStepsState) {
    CardPage* rope = showCard(QStringLiteral("rope"));
    pecards::CardParams params = rope->params();
    params.rope.base = 500000.0;
    params.length = 2048;
    rope->setParams(params);
    zoomFirstHeatmap(rope, 256);
    lessons()->addCurrentState();
    CardPage* alibi = showCard(QStringLiteral("alibi"));
    params = alibi->params();
    params.alibi.heads = 12;
    params.alibi.head = 8;
    params.causal = true;
    alibi->setParams(params);
    zoomFirstHeatmap(alibi, 64);
    lessons()->addCurrentState();
    showCard(QStringLiteral("sinusoidal"));
    lessons()->addCurrentState();
    ASSERT_EQ(lessons()->lesson().steps.size(), 3);
    pecards::app::LessonStep asked = lessons()->lesson().steps.at(1);
    asked.question = pecards::app::LessonQuestion {
        QStringLiteral("Which head is steepest?"), {QStringLiteral("1"), QStringLiteral("9")}, 1};
    lessons()->setStep(1, asked);
    lessons()->moveStep(2, 0); // the sinusoidal step first
    const pecards::app::Lesson authored = lessons()->lesson();
    EXPECT_EQ(authored.steps.at(0).state.activeCard, 0); // the sinusoidal card is the deck's first

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("authored.pelesson"));
    ASSERT_TRUE(lessons()->saveTo(path)) << lessons()->lastError().toStdString();
    ASSERT_EQ(reopened(path), authored);

    // Another deck state, then the reopened lesson replays every step's state exactly.
    showCard(QStringLiteral("hybrid"));
    ASSERT_TRUE(lessons()->open(path));
    lessons()->play();
    ASSERT_TRUE(player()->isActive());
    for (int s = 0; s < authored.steps.size(); ++s) {
        ASSERT_EQ(player()->stepIndex(), s);
        if (!player()->isRevealed())
            player()->next();
        EXPECT_EQ(workspaceOf(*m_window.deckModel()), authored.steps.at(s).state) << "step " << s + 1;
        EXPECT_EQ(
            shown(player()->panel(), QStringLiteral("progress")), QStringLiteral("Step %1 of 3").arg(s + 1));
        player()->next();
    }
}

TEST_F(Lessons, ACompareStepShowsTheCompareTabWithItsPair) {
    // A step authored on the compare tab (no active card) plays there, with the step's pair; the
    // handout prints that pair's A, B and A - B (CliLesson.ACompareStepPrintsAAndBAndTheirDifference).
    pecards::app::Workspace state = workspaceOf(*m_window.deckModel());
    ASSERT_FALSE(state.compare.isEmpty());
    state.compare.front().right.rope.base = 123456.0; // a pair of its own, not the deck's
    state.activeCard = -1;
    pecards::app::LessonStep step;
    step.title = QStringLiteral("A against B");
    step.text = QStringLiteral("<p>Compare.</p>");
    step.state = state;
    pecards::app::Lesson lesson;
    lesson.title = QStringLiteral("Compare");
    lesson.steps = {step};
    showCard(QStringLiteral("rope"));
    player()->play(lesson, 0);
    QCoreApplication::processEvents();
    ASSERT_TRUE(player()->isActive());
    EXPECT_EQ(m_window.currentCard(), nullptr) << "the compare tab is on screen";
    EXPECT_EQ(workspaceOf(*m_window.deckModel()).compare.front().right.rope.base, 123456.0);
    player()->stop();
}

TEST_F(Lessons, AQuestionStepShowsNoAnswerBeforeItsReveal) {
    const pecards::app::Lesson alibi = builtIn(QStringLiteral("alibi"));
    const int asked = 2; // "12 heads": which head is steepest
    const pecards::app::LessonStep& step = alibi.steps.at(asked);
    ASSERT_TRUE(step.question);
    player()->play(alibi, asked - 1);
    if (!player()->isRevealed())
        player()->next(); // the step before is a question too
    player()->next();
    ASSERT_EQ(player()->stepIndex(), asked);
    const pecards::app::Workspace before = workspaceOf(*m_window.deckModel());
    // Asking: the question and its answers, no mark, no text, the previous picture.
    EXPECT_FALSE(player()->isRevealed());
    LessonStepPanel* panel = player()->panel();
    EXPECT_EQ(shown(panel, QStringLiteral("question")), step.question->prompt);
    ASSERT_EQ(shownAnswers(panel).size(), step.question->answers.size());
    for (const QString& answer : shownAnswers(panel))
        EXPECT_FALSE(answer.contains(QStringLiteral("✓"))) << answer.toStdString();
    EXPECT_TRUE(shown(panel, QStringLiteral("text")).isEmpty());
    EXPECT_NE(shownCard(m_window, step), step.state.cards.front());
    EXPECT_EQ(workspaceOf(*m_window.deckModel()), before);

    // Space reveals: the right answer marked, the text, the step's picture.
    QTest::keyClick(&m_window, Qt::Key_Space);
    EXPECT_TRUE(player()->isRevealed());
    const QStringList answers = shownAnswers(panel);
    for (int a = 0; a < answers.size(); ++a) // the right answer, and only it, is marked
        EXPECT_EQ(answers.at(a).endsWith(QStringLiteral("✓")), a == step.question->correct) << a;
    EXPECT_TRUE(answers.at(step.question->correct).contains(QStringLiteral("Head 9")));
    EXPECT_EQ(shown(panel, QStringLiteral("text")), step.text);
    EXPECT_EQ(shownCard(m_window, step), step.state.cards.front());
    EXPECT_EQ(m_window.currentCard(), m_window.card(QStringLiteral("alibi")));
    EXPECT_EQ(m_window.card(QStringLiteral("alibi"))->params().alibi.head, 8); // head 9, counted from 1

    // Left goes back to the previous step, shown revealed.
    QTest::keyClick(&m_window, Qt::Key_Left);
    EXPECT_EQ(player()->stepIndex(), asked - 1);
    EXPECT_TRUE(player()->isRevealed());
}

TEST_F(Lessons, TheClassAnswerIsRecordedBeforeTheRevealAndKeptThroughIt) {
    // T-C9: the answers did nothing when clicked, so a teacher could not record the class's vote.
    const pecards::app::Lesson alibi = builtIn(QStringLiteral("alibi"));
    const int asked = 2;
    const pecards::app::LessonStep& step = alibi.steps.at(asked);
    ASSERT_TRUE(step.question);
    ASSERT_GE(step.question->answers.size(), 3);
    player()->play(alibi, asked);
    ASSERT_FALSE(player()->isRevealed());
    LessonStepPanel* panel = player()->panel();
    const int wrong = step.question->correct == 0 ? 1 : 0;
    auto* label = guitest::named<QLabel>(panel, QStringLiteral("answer%1").arg(wrong + 1));
    QTest::mouseClick(label, Qt::LeftButton);
    EXPECT_EQ(panel->chosen(), wrong);
    EXPECT_TRUE(shownAnswers(panel).at(wrong).endsWith(QStringLiteral("(chosen)")));
    EXPECT_TRUE(label->styleSheet().contains(QStringLiteral("rgb(0, 114, 178)")))
        << label->styleSheet().toStdString();
    // The key 3 chooses C instead; a key past the answers changes nothing.
    QTest::keyClick(&m_window, Qt::Key_3);
    EXPECT_EQ(panel->chosen(), 2);
    if (step.question->answers.size() < 4) {
        QTest::keyClick(&m_window, Qt::Key_4);
        EXPECT_EQ(panel->chosen(), 2);
    }
    QTest::mouseClick(label, Qt::LeftButton);
    // The reveal keeps the class's answer beside the right one.
    QTest::keyClick(&m_window, Qt::Key_Space);
    ASSERT_TRUE(player()->isRevealed());
    EXPECT_EQ(panel->chosen(), wrong);
    const QStringList answers = shownAnswers(panel);
    EXPECT_TRUE(answers.at(wrong).endsWith(QStringLiteral("(chosen)"))) << answers.at(wrong).toStdString();
    EXPECT_TRUE(answers.at(step.question->correct).endsWith(QStringLiteral("✓")));
    // Another step starts without a choice.
    QTest::keyClick(&m_window, Qt::Key_Space);
    EXPECT_EQ(panel->chosen(), -1);
    for (const QString& answer : shownAnswers(panel))
        EXPECT_FALSE(answer.contains(QStringLiteral("(chosen)"))) << answer.toStdString();
}

// A label's document opens any file an <img> names (a FIFO blocks it forever, /dev/zero fills the
// memory): text the lesson check refuses is shown literally, so a step built in the editor and
// played before it is saved cannot freeze the player either.
TEST(LessonStepPanelText, TextThatNamesAFileIsShownLiterallyNotLoaded) {
    QTemporaryDir dir;
    const QString fifo = dir.filePath(QStringLiteral("img.fifo"));
    ASSERT_EQ(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    pecards::app::LessonStep step;
    step.title = QStringLiteral("t");
    step.text = QStringLiteral("<p>see</p><img src=\"%1\">").arg(fifo);
    step.question = pecards::app::LessonQuestion {
        QStringLiteral("<img src=\"/dev/zero\">Which?"), {QStringLiteral("a"), QStringLiteral("b")}, 0};
    LessonStepPanel panel;
    panel.resize(400, 600);
    panel.showStep(QStringLiteral("lesson"), step, 0, 1, true);
    panel.show();
    QCoreApplication::processEvents(); // lays the labels out: a loaded FIFO would never return
    EXPECT_EQ(shown(&panel, QStringLiteral("text")), step.text.toHtmlEscaped());
    EXPECT_EQ(shown(&panel, QStringLiteral("question")), step.question->prompt.toHtmlEscaped());
    step.text = QStringLiteral("<p>an <b>ordinary</b> text</p>");
    panel.showStep(QStringLiteral("lesson"), step, 0, 1, true);
    EXPECT_EQ(shown(&panel, QStringLiteral("text")), step.text);
}

TEST_F(Lessons, EscRestoresTheUsersStateExactly) {
    CardPage* relative = showCard(QStringLiteral("relative"));
    pecards::CardParams params = relative->params();
    params.relative.num_buckets = 16;
    params.length = 300;
    relative->setParams(params);
    zoomFirstHeatmap(relative, 100);
    m_window.card(QStringLiteral("rope"))->load();
    m_window.card(QStringLiteral("rope"))->showPitfalls(pecards::Pitfall::RopeSmallBase);
    const pecards::app::Workspace mine = workspaceOf(*m_window.deckModel());

    m_window.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&m_window));
    QTest::keyClick(&m_window, Qt::Key_F6); // the first built-in lesson
    ASSERT_TRUE(player()->isActive());
    EXPECT_TRUE(m_window.windowState().testFlag(Qt::WindowFullScreen));
    EXPECT_FALSE(m_window.menuBar()->isVisible());
    player()->play(builtIn(QStringLiteral("pitfalls-absolute")), 0);
    for (int n = 0; n < 4; ++n)
        QTest::keyClick(&m_window, Qt::Key_Right);
    EXPECT_NE(workspaceOf(*m_window.deckModel()), mine);

    QTest::keyClick(&m_window, Qt::Key_Escape);
    EXPECT_FALSE(player()->isActive());
    EXPECT_EQ(workspaceOf(*m_window.deckModel()), mine);
    EXPECT_EQ(m_window.currentCard(), relative);
    EXPECT_TRUE(m_window.card(QStringLiteral("rope"))->pitfallsShown());
    EXPECT_FALSE(m_window.card(QStringLiteral("sinusoidal"))->pitfallsShown());
    EXPECT_TRUE(m_window.menuBar()->isVisible());
    EXPECT_FALSE(m_window.windowState().testFlag(Qt::WindowFullScreen));
}

TEST_F(Lessons, ACorruptOrNewerLessonFileIsRefusedAndNothingChanges) {
    showCard(QStringLiteral("rope"));
    lessons()->addCurrentState();
    const pecards::app::Lesson mine = lessons()->lesson();
    const pecards::app::Workspace deck = workspaceOf(*m_window.deckModel());
    QTemporaryDir dir;
    const QString good = dir.filePath(QStringLiteral("good.pelesson"));
    ASSERT_TRUE(lessons()->saveTo(good));
    QFile file(good);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QByteArray json = file.readAll();
    file.close();

    const auto write = [&dir](const QString& name, const QByteArray& bytes) {
        QFile out(dir.filePath(name));
        EXPECT_TRUE(out.open(QIODevice::WriteOnly));
        out.write(bytes);
        return dir.filePath(name);
    };
    const QString corrupt = write(QStringLiteral("corrupt.pelesson"), json.left(json.size() / 3));
    QByteArray newerJson = json;
    newerJson.replace("\"version\": 1", "\"version\": 7");
    const QString newer = write(QStringLiteral("newer.pelesson"), newerJson);

    for (const auto& [path, needle] : {std::pair {corrupt, QStringLiteral("not valid JSON")},
             std::pair {newer, QStringLiteral("the file has lesson version 7")}}) {
        QSignalSpy failed(lessons(), &LessonController::failed);
        EXPECT_FALSE(lessons()->open(path));
        EXPECT_EQ(failed.count(), 1);
        EXPECT_TRUE(lessons()->lastError().contains(needle)) << lessons()->lastError().toStdString();
        EXPECT_TRUE(lessons()->lastError().contains(path));
        EXPECT_EQ(lessons()->lesson(), mine);
        EXPECT_EQ(lessons()->currentPath(), good);
        EXPECT_EQ(workspaceOf(*m_window.deckModel()), deck);
        EXPECT_FALSE(player()->isActive());
    }
}

// pecards --lesson on the review's FIFO lesson showed a black, frozen window even once the lesson
// was refused: the warning quoted the refused <img src="FIFO"> and QMessageBox's rich-text guess
// rendered it, opening the FIFO. Warnings are plain text: the refusal is read, nothing opened.
TEST_F(Lessons, ARefusedLessonsWarningQuotesItsTextWithoutOpeningWhatItNames) {
    QTemporaryDir dir;
    const QString fifo = dir.filePath(QStringLiteral("img.fifo"));
    ASSERT_EQ(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    QFile base(QStringLiteral(":/lessons/03-alibi.en.json"));
    ASSERT_TRUE(base.open(QIODevice::ReadOnly));
    QByteArray json = base.readAll();
    const qsizetype text = json.indexOf("\"text\": \"");
    ASSERT_GT(text, 0);
    json.insert(text + 9, "<img src=\\\"" + fifo.toUtf8() + "\\\">");
    const QString path = dir.filePath(QStringLiteral("fifo.pelesson"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(json);
    file.close();
    EXPECT_FALSE(lessons()->open(path));
    EXPECT_TRUE(lessons()->lastError().contains(QStringLiteral("never reads a file")))
        << lessons()->lastError().toStdString();
    QMessageBox* box = nullptr;
    for (QMessageBox* candidate : m_window.findChildren<QMessageBox*>()) {
        if (candidate->text().contains(fifo))
            box = candidate;
    }
    ASSERT_NE(box, nullptr);
    EXPECT_EQ(box->textFormat(), Qt::PlainText);
    QCoreApplication::processEvents(); // lays the box out: a rendered <img> would block here
    box->close();
}

TEST_F(Lessons, F6IsListedWithTheShortcutsAndTheBuiltInLessonsAreInTheMenu) {
    const QList<ShortcutEntry> entries = collectShortcuts(m_window);
    const auto play = std::find_if(entries.begin(), entries.end(),
        [](const ShortcutEntry& e) { return e.command == QStringLiteral("Lessons > Play lesson"); });
    ASSERT_NE(play, entries.end());
    EXPECT_EQ(play->keys, QStringLiteral("F6"));
    EXPECT_TRUE(play->description.contains(QStringLiteral("Esc")));
    QStringList titles;
    for (const QAction* top : m_window.menuBar()->actions()) {
        if (top->menu() && top->menu()->title() == QStringLiteral("&Lessons")) {
            for (const QAction* action : top->menu()->actions()) {
                if (action->menu())
                    for (const QAction* lesson : action->menu()->actions())
                        titles << lesson->text();
            }
        }
    }
    EXPECT_EQ(titles.size(), builtInLessons(QStringLiteral("en")).size());
    EXPECT_TRUE(titles.contains(builtIn(QStringLiteral("alibi")).title));
}

TEST_F(Lessons, AnAnimationSweepsItsParameterAndEndsOnTheStepsState) {
    const pecards::app::Lesson rope = builtIn(QStringLiteral("rope"));
    const int animated = 1; // base 10^4 -> 5·10^5
    const pecards::app::LessonStep& step = rope.steps.at(animated);
    ASSERT_TRUE(step.animation);
    player()->play(rope, animated);
    player()->next(); // reveal
    ASSERT_TRUE(player()->isAnimating());
    CardPage* card = m_window.card(QStringLiteral("rope"));
    QList<double> bases;
    ASSERT_TRUE(guitest::awaitCondition(
        [&] {
            if (bases.isEmpty() || bases.back() != card->params().rope.base)
                bases << card->params().rope.base;
            return !player()->isAnimating();
        },
        "the animation to end", 20000));
    EXPECT_GE(bases.size(), 3); // values between the ends were shown
    EXPECT_TRUE(std::is_sorted(bases.begin(), bases.end()));
    EXPECT_GE(bases.front(), 10000.0);
    EXPECT_EQ(card->params(), step.state.cards.at(step.state.activeCard).params);
}

TEST_F(Lessons, EveryBuiltInStepIsShownAsAuthored) {
    for (const QString& resource : builtInLessons(QStringLiteral("en"))) {
        const pecards::app::Lesson lesson = pecards::app::openLesson(resource).value();
        player()->play(lesson);
        for (int s = 0; s < lesson.steps.size(); ++s) {
            if (!player()->isRevealed())
                player()->next();
            const pecards::app::LessonStep& step = lesson.steps.at(s);
            EXPECT_TRUE(
                guitest::awaitCondition([this] { return !player()->isAnimating(); }, "the animation"));
            EXPECT_EQ(shownCard(m_window, step), step.state.cards.front())
                << resource.toStdString() << " step " << s + 1;
            EXPECT_EQ(m_window.currentCard()->pitfallsShown(), step.pitfall != pecards::Pitfall::None);
            player()->next();
        }
        player()->stop();
    }
}

TEST_F(Lessons, TheLessonStartupOptionOpensAndPlaysALessonFile) {
    QString error;
    EXPECT_FALSE(parseStartupOptions(
        {QStringLiteral("pecards"), QStringLiteral("--step"), QStringLiteral("2")}, error));
    EXPECT_TRUE(error.contains(QStringLiteral("--step 2 is invalid"))) << error.toStdString();
    const QString alibi = builtInLessons(QStringLiteral("en")).at(2);
    EXPECT_FALSE(parseStartupOptions({QStringLiteral("pecards"), QStringLiteral("--lesson"), alibi,
                                         QStringLiteral("--step"), QStringLiteral("0")},
        error));
    const std::optional<StartupOptions> options
        = parseStartupOptions({QStringLiteral("pecards"), QStringLiteral("--lesson"), alibi,
                                  QStringLiteral("--step"), QStringLiteral("3"), QStringLiteral("--reveal")},
            error);
    ASSERT_TRUE(options) << error.toStdString();
    EXPECT_EQ(options->lesson, alibi);
    applyStartupOptions(m_window.startupParts(), *options);
    ASSERT_TRUE(player()->isActive());
    EXPECT_EQ(player()->stepIndex(), 2);
    EXPECT_TRUE(player()->isRevealed());
    EXPECT_EQ(lessons()->currentPath(), alibi);
}

TEST_F(Lessons, ALessonFileGivenAloneIsPlayedAsALesson) {
    // A file manager's double-click runs `pecards FILE` (the desktop entry's Exec=pecards %f).
    const QString alibi = builtInLessons(QStringLiteral("en")).at(2);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("alibi.pelesson"));
    ASSERT_TRUE(QFile::copy(alibi, path));
    QString error;
    std::optional<StartupOptions> options = parseStartupOptions({QStringLiteral("pecards"), path}, error);
    ASSERT_TRUE(options) << error.toStdString();
    EXPECT_EQ(options->lesson, path);
    EXPECT_TRUE(options->workspace.isEmpty());
    // A workspace stays a workspace; two files, or a file and --lesson, are refused.
    options = parseStartupOptions({QStringLiteral("pecards"), QStringLiteral("w.pecards.json")}, error);
    ASSERT_TRUE(options) << error.toStdString();
    EXPECT_EQ(options->workspace, QStringLiteral("w.pecards.json"));
    EXPECT_TRUE(options->lesson.isEmpty());
    EXPECT_FALSE(
        parseStartupOptions({QStringLiteral("pecards"), QStringLiteral("--lesson"), alibi, path}, error));
    EXPECT_TRUE(error.contains(QStringLiteral("is invalid"))) << error.toStdString();
    options = parseStartupOptions({QStringLiteral("pecards"), path}, error);
    applyStartupOptions(m_window.startupParts(), *options);
    EXPECT_TRUE(player()->isActive());
    EXPECT_EQ(lessons()->currentPath(), path);
}

TEST_F(Lessons, TheLessonPanelEditsReordersAndDeletesSteps) {
    showCard(QStringLiteral("rope"));
    lessons()->addCurrentState();
    showCard(QStringLiteral("alibi"));
    lessons()->addCurrentState();
    QDockWidget* dock = lessons()->editorDock();
    EXPECT_TRUE(dock->isVisible());
    auto* editor = qobject_cast<LessonEditor*>(dock->widget());
    ASSERT_NE(editor, nullptr);
    auto* steps = guitest::named<QListWidget>(editor, QStringLiteral("steps"));
    ASSERT_EQ(steps->count(), 2);
    EXPECT_EQ(steps->currentRow(), 1); // the step just added

    const auto type = [editor](const char* field, const QString& text) {
        auto* edit = guitest::named<QLineEdit>(editor, QLatin1String(field));
        edit->setText(text);
        emit edit->editingFinished();
    };
    type("stepTitle", QStringLiteral("Slopes"));
    guitest::named<QPlainTextEdit>(editor, QStringLiteral("stepText"))
        ->setPlainText(QStringLiteral("<p>m<sub>h</sub> = 2<sup>−8h/H</sup></p>"));
    guitest::named<QCheckBox>(editor, QStringLiteral("asksQuestion"))->setChecked(true);
    type("prompt", QStringLiteral("Steepest head?"));
    guitest::named<QLineEdit>(editor, QStringLiteral("answer1"))->setText(QStringLiteral("1"));
    type("answer2", QStringLiteral("8"));
    guitest::named<QComboBox>(editor, QStringLiteral("correctAnswer"))->setCurrentIndex(0);
    const pecards::app::LessonStep& edited = lessons()->lesson().steps.at(1);
    EXPECT_EQ(edited.title, QStringLiteral("Slopes"));
    EXPECT_EQ(edited.text, QStringLiteral("<p>m<sub>h</sub> = 2<sup>−8h/H</sup></p>"));
    ASSERT_TRUE(edited.question);
    EXPECT_EQ(edited.question->prompt, QStringLiteral("Steepest head?"));
    EXPECT_EQ(edited.question->answers, (QStringList {QStringLiteral("1"), QStringLiteral("8")}));
    EXPECT_EQ(edited.question->correct, 0);
    EXPECT_EQ(edited.state.cards.at(edited.state.activeCard).params.card, pecards::Card::Alibi);

    guitest::named<QPushButton>(editor, QStringLiteral("moveUp"))->click();
    EXPECT_EQ(lessons()->lesson().steps.at(0).title, QStringLiteral("Slopes"));
    EXPECT_EQ(steps->currentRow(), 0);
    EXPECT_TRUE(steps->item(0)->text().endsWith(QStringLiteral("Slopes")));

    // Playing hides the panel; leaving brings it back.
    lessons()->play();
    EXPECT_FALSE(dock->isVisible());
    player()->stop();
    EXPECT_TRUE(dock->isVisible());

    guitest::named<QPushButton>(editor, QStringLiteral("deleteStep"))->click();
    ASSERT_EQ(lessons()->lesson().steps.size(), 1);
    EXPECT_EQ(lessons()
                  ->lesson()
                  .steps.at(0)
                  .state.cards.at(lessons()->lesson().steps.at(0).state.activeCard)
                  .params.card,
        pecards::Card::Rope);
}

TEST_F(Lessons, APositionAnimationMovesTheSweepMarkAndLeavingRemovesIt) {
    CardPage* rope = showCard(QStringLiteral("rope"));
    const auto marks = [rope] {
        QList<int> positions;
        for (const ViewSlot* slot : rope->viewSlots()) {
            if (const ViewPanel* view = slot->view(); view && view->isSweepable())
                positions << view->sweepPosition();
        }
        return positions;
    };
    const QList<int> before = marks();
    ASSERT_FALSE(before.isEmpty());
    const pecards::app::Lesson lesson = builtIn(QStringLiteral("rope"));
    ASSERT_TRUE(lesson.steps.front().animation);
    ASSERT_EQ(lesson.steps.front().animation->parameter, pecards::app::kAnimatePosition);
    player()->play(lesson);
    const auto furthest = [&marks] {
        const QList<int> positions = marks();
        return positions.isEmpty() ? -1 : *std::max_element(positions.begin(), positions.end());
    };
    ASSERT_TRUE(guitest::awaitCondition([&] { return furthest() > 0; }, "the sweep mark to move", 10000));
    EXPECT_LE(furthest(), 511);
    player()->stop();
    EXPECT_EQ(marks(), before);
}

TEST_F(Lessons, EveryBuiltInLessonFitsAProjectorOf1280By720) {
    for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        m_window.setLanguage(language);
        for (const QString& resource : builtInLessons(language)) {
            const pecards::app::Lesson lesson = pecards::app::openLesson(resource).value();
            player()->play(lesson);
            for (int s = 0; s < lesson.steps.size(); ++s) {
                player()->next(); // reveal, or the next step
                QCoreApplication::processEvents(); // the layouts as they settle
                const QSize needed = m_window.minimumSizeHint().expandedTo(m_window.minimumSize());
                EXPECT_LE(needed.width(), 1280)
                    << resource.toStdString() << " step " << player()->stepIndex() + 1;
                EXPECT_LE(needed.height(), 720)
                    << resource.toStdString() << " step " << player()->stepIndex() + 1;
            }
            player()->stop();
        }
    }
    m_window.setLanguage(QStringLiteral("en"));
}

// #31 item 5: a step's markers circle entries of its large view, in the teacher's ink, when the
// step is shown (a question step: with its answer); the next step and leaving remove them.
TEST_F(Lessons, AStepsMarkersCircleItsEntriesUntilTheNextStep) {
    const pecards::app::Lesson lesson = builtIn(QStringLiteral("rope"));
    ASSERT_EQ(lesson.steps.at(2).markers.size(), 2);
    player()->play(lesson, 2);
    CardPage* rope = m_window.card(QStringLiteral("rope"));
    const auto circled = [rope]() -> HeatmapWidget* {
        for (ViewSlot* slot : rope->viewSlots()) {
            if (auto* panel = qobject_cast<HeatmapPanel*>(slot->view());
                panel && !panel->heatmap()->circles().isEmpty())
                return panel->heatmap();
        }
        return nullptr;
    };
    EXPECT_EQ(circled(), nullptr); // the question first: the picture before the step
    player()->next(); // reveal
    HeatmapWidget* map = circled();
    ASSERT_NE(map, nullptr);
    EXPECT_EQ(map->circles().size(), 2);
    EXPECT_EQ(map->circles().front().label, QStringLiteral("S[110, 100]"));
    ASSERT_TRUE(guitest::awaitCondition(
        [map] { return map->entryCentre(410, 400).has_value(); }, "the picture the markers circle"));
    // The ink on screen: pixels of the circle's colour around both entries.
    const QImage image = map->grab().toImage().convertToFormat(QImage::Format_RGB32);
    for (const auto& [row, col] : {std::pair {110, 100}, std::pair {410, 400}}) {
        const QPointF centre = *map->entryCentre(row, col);
        int ink = 0;
        const int reach = map->fontMetrics().height() + 4;
        for (int dy = -reach; dy <= reach; ++dy)
            for (int dx = -reach; dx <= reach; ++dx)
                ink += image.pixel(static_cast<int>(centre.x()) + dx, static_cast<int>(centre.y()) + dy)
                        == teachingInk().rgb()
                    ? 1
                    : 0;
        EXPECT_GT(ink, 20) << row << ", " << col;
    }
    player()->next(); // the next step has no markers
    EXPECT_EQ(circled(), nullptr);
    player()->back();
    EXPECT_NE(circled(), nullptr);
    player()->stop();
    EXPECT_EQ(circled(), nullptr);
}

// #31 item 2: a step shows the views it names (its `show` list) large, in that order and side by
// side: the context lesson's linear step shows its spectrum chart alone, the ALiBi lesson's first
// step its score and attention maps next to each other, each wide enough to read at 1280x720.
TEST_F(Lessons, AStepShowsTheViewsItNamesInItsOrderSideBySide) {
    keepAskedSize(&m_window); // the lesson at 1280x720, as `--window-size 1280x720` plays it
    const auto visibleViews = [](CardPage* card) {
        QList<QPair<QString, QRect>> shown;
        for (ViewSlot* slot : card->viewSlots()) {
            if (!slot->isHidden() && slot->view())
                shown.push_back({slot->view()->spec().id, slot->geometry()});
        }
        return shown;
    };
    player()->play(builtIn(QStringLiteral("context")), 1);
    player()->next(); // reveal the linear step
    QApplication::processEvents();
    const QList<QPair<QString, QRect>> context = visibleViews(m_window.card(QStringLiteral("rope")));
    ASSERT_EQ(context.size(), 1);
    EXPECT_EQ(context.front().first, QStringLiteral("spectrum"));

    player()->play(builtIn(QStringLiteral("alibi")), 0);
    CardPage* alibiCard = m_window.card(QStringLiteral("alibi"));
    EXPECT_TRUE(guitest::awaitCondition(
        [&] {
            const QList<QPair<QString, QRect>> shown = visibleViews(alibiCard);
            return shown.size() == 2 && shown.at(0).second.right() < shown.at(1).second.left();
        },
        "the score and attention maps side by side"));
    const QList<QPair<QString, QRect>> alibi = visibleViews(alibiCard);
    ASSERT_EQ(alibi.size(), 2);
    EXPECT_EQ(alibi.at(0).first, QStringLiteral("score"));
    EXPECT_EQ(alibi.at(1).first, QStringLiteral("attention"));
    for (const auto& [id, rect] : alibi)
        EXPECT_GE(rect.width(), 240) << id.toStdString();
    // Leaving shows the whole grid again.
    player()->stop();
    const QList<ViewSlot*>& slotsAfter = alibiCard->viewSlots();
    EXPECT_TRUE(std::none_of(
        slotsAfter.begin(), slotsAfter.end(), [](const ViewSlot* slot) { return slot->isHidden(); }));
}
