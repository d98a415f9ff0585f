// Workspaces from the GUI: save -> change everything -> open gives back exactly the saved state
// (parameters, views with zoom windows, reductions and colour maps, compare pair, active card);
// a corrupt, truncated or newer file is refused with its message and nothing on screen changes;
// recent files; preferences persist in QSettings.
#include "cards/cardpage.h"
#include "compare/compareview.h"
#include "compute/computeservice.h"
#include "deck/deckmodel.h"
#include "deck/deckworkspace.h"
#include "guitestsupport.h"
#include "session/autosave.h"
#include "session/workspacecontroller.h"
#include "views/heatmapcontroller.h"
#include "views/heatmappanel.h"
#include "views/viewslot.h"
#include "window/mainwindow.h"
#include "windowtest.h"

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QTemporaryDir>
#include <memory>
#include <workspace/workspacefile.h>

using namespace pecards::gui;

namespace {

class Session : public guitest::WindowTest<1600, 1000> {
protected:
    void SetUp() override {
        ASSERT_TRUE(m_folder.isValid());
        WindowTest::SetUp();
    }

    QString path(const char* name) const { return m_folder.filePath(QString::fromLatin1(name)); }

    static HeatmapPanel* heatmapPanel(CardPage* card, int slot) {
        return qobject_cast<HeatmapPanel*>(card->viewSlots().at(slot)->view());
    }

    /// A state far from the defaults: RoPE with YaRN scaling, a zoomed max-reduced magma score
    /// view, a chart slot turned into the attention heatmap; ALiBi with 16 heads; the compare
    /// tab on ALiBi vs RoPE+ALiBi attention; the ALiBi card active.
    void makeDistinctiveState() {
        m_window.showTab(QStringLiteral("rope"));
        CardPage* rope = m_window.card(QStringLiteral("rope"));
        rope->load();
        pecards::CardParams params = rope->params();
        params.length = 2048;
        params.rope.base = 500000.0;
        params.rope.scaling.type = pecards::RopeScalingType::Yarn;
        params.rope.scaling.factor = 4.0;
        params.rope.scaling.original_max_position_embeddings = 512;
        rope->setParams(params);
        HeatmapPanel* score = heatmapPanel(rope, 0);
        score->applyView({pecards::Quantity::Score, {100, 356, 40, 296}, pecards::Reduction::Max,
            QStringLiteral("magma"), std::nullopt, std::nullopt, std::nullopt});
        score->reductionBox()->setCurrentIndex(
            score->reductionBox()->findData(static_cast<int>(pecards::Reduction::Min)));
        for (ViewSlot* slot : rope->viewSlots()) {
            if (!qobject_cast<HeatmapPanel*>(slot->view())) {
                slot->showView(QStringLiteral("attention"));
                break;
            }
        }
        CardPage* alibi = m_window.card(QStringLiteral("alibi"));
        alibi->load();
        pecards::CardParams alibiParams = alibi->params();
        alibiParams.alibi.heads = 16;
        alibiParams.alibi.head = 5;
        alibi->setParams(alibiParams);
        CardPage* multimodal = m_window.card(QStringLiteral("multimodal"));
        multimodal->load();
        pecards::CardParams mm = multimodal->params();
        mm.multimodal.family = pecards::MropeFamily::Qwen3VL;
        mm.multimodal.layout = pecards::MropeLayout::Interleaved;
        mm.multimodal.section = {24, 20, 20};
        mm.multimodal.vision.frame_text_tokens = 3;
        mm.multimodal.segments = {{pecards::MropeSegment::Kind::Text, 4, 1, 0, 0, 0},
            {pecards::MropeSegment::Kind::Video, 0, 2, 4, 6, 0}};
        mm.length = 4 + 2 * (6 + 3);
        multimodal->setParams(mm);
        m_window.compareView()->showPreset(QStringLiteral("alibi-hybrid"));
        m_window.showTab(QStringLiteral("alibi"));
    }

    QTemporaryDir m_folder;
};

} // namespace

TEST_F(Session, SaveThenOpenReproducesTheStateExactly) {
    makeDistinctiveState();
    const pecards::app::Workspace before = workspaceOf(*m_window.deckModel());
    // What was set is what is captured (checked against the values set above, not the code).
    ASSERT_EQ(before.cards.size(), 6);
    const pecards::app::WorkspaceCard& multimodal = before.cards.at(5);
    EXPECT_EQ(multimodal.params.multimodal.family, pecards::MropeFamily::Qwen3VL);
    EXPECT_EQ(multimodal.params.multimodal.section, (std::vector {24, 20, 20}));
    EXPECT_EQ(multimodal.params.length, 22);
    const pecards::app::WorkspaceCard& rope = before.cards.at(3);
    EXPECT_EQ(rope.params.card, pecards::Card::Rope);
    EXPECT_EQ(rope.params.rope.base, 500000.0);
    EXPECT_EQ(rope.params.rope.scaling.type, pecards::RopeScalingType::Yarn);
    ASSERT_GE(rope.views.size(), 2);
    EXPECT_EQ(rope.views.front().window, (pecards::Window {100, 356, 40, 296}));
    EXPECT_EQ(rope.views.front().reduction, pecards::Reduction::Min);
    EXPECT_EQ(rope.views.front().colormap, QStringLiteral("magma"));
    EXPECT_EQ(before.cards.at(2).params.alibi.heads, 16);
    EXPECT_EQ(before.activeCard, 2);
    ASSERT_EQ(before.compare.size(), 1);
    EXPECT_EQ(before.compare.front().left.card, pecards::Card::Alibi);
    EXPECT_EQ(before.compare.front().right.card, pecards::Card::Hybrid);

    WorkspaceController* session = m_window.session();
    ASSERT_TRUE(session->saveTo(path("state.json"))) << session->lastError().toStdString();
    QString error;
    const std::optional<pecards::app::Workspace> onDisk
        = pecards::app::openWorkspace(path("state.json"), &error);
    ASSERT_TRUE(onDisk.has_value()) << error.toStdString();
    EXPECT_EQ(*onDisk, before);

    // Change everything, then open the file again.
    MainWindow other(&m_service);
    other.resize(1600, 1000);
    other.show();
    EXPECT_NE(workspaceOf(*other.deckModel()), before);
    ASSERT_TRUE(other.session()->open(path("state.json"))) << other.session()->lastError().toStdString();
    EXPECT_EQ(workspaceOf(*other.deckModel()), before);
    EXPECT_EQ(other.currentCard(), other.card(QStringLiteral("alibi")));
    HeatmapPanel* score = heatmapPanel(other.card(QStringLiteral("rope")), 0);
    EXPECT_EQ(score->reductionBox()->currentData().toInt(), static_cast<int>(pecards::Reduction::Min));
    EXPECT_FALSE(score->controller()->isAutomaticColorMap()); // magma was chosen
    // The ALiBi bias in its default (sequential) map stays automatic: it follows the colour map
    // preference after the file is opened.
    HeatmapPanel* bias = heatmapPanel(other.card(QStringLiteral("alibi")), 0);
    ASSERT_EQ(bias->spec().quantity, pecards::Quantity::Score);
    EXPECT_TRUE(bias->controller()->isAutomaticColorMap()) << bias->controller()->colorMap().toStdString();
    EXPECT_EQ(other.compareView()->params(CompareView::B).card, pecards::Card::Hybrid);
    EXPECT_EQ(other.session()->recentFiles().value(0), QFileInfo(path("state.json")).absoluteFilePath());
}

TEST_F(Session, CorruptTruncatedOrNewerFilesChangeNothing) {
    makeDistinctiveState();
    WorkspaceController* session = m_window.session();
    ASSERT_TRUE(session->saveTo(path("good.json")));
    QFile good(path("good.json"));
    ASSERT_TRUE(good.open(QIODevice::ReadOnly));
    const QByteArray text = good.readAll();
    good.close();

    // The state on screen differs from the files below.
    m_window.showTab(QStringLiteral("sinusoidal"));
    const pecards::app::Workspace shown = workspaceOf(*m_window.deckModel());

    const auto write = [this](const char* name, const QByteArray& bytes) {
        QFile file(path(name));
        EXPECT_TRUE(file.open(QIODevice::WriteOnly));
        file.write(bytes);
        return path(name);
    };
    QByteArray newer = text;
    newer.replace("\"version\": 1", "\"version\": 99");
    ASSERT_NE(newer, text);
    const QList<std::pair<QString, QString>> cases {
        {write("corrupt.json", QByteArray("{\"format\": \"pecards-workspace\", nonsense")),
            QStringLiteral("JSON")},
        {write("truncated.json", text.left(text.size() / 2)), QStringLiteral("JSON")},
        {write("newer.json", newer), QStringLiteral("99")}};
    for (const auto& [file, expected] : cases) {
        QSignalSpy failures(session, &WorkspaceController::failed);
        EXPECT_FALSE(session->open(file)) << file.toStdString();
        ASSERT_EQ(failures.count(), 1);
        const QString message = failures.front().front().toString();
        EXPECT_TRUE(message.contains(file)) << message.toStdString();
        EXPECT_TRUE(message.contains(expected, Qt::CaseInsensitive)) << message.toStdString();
        EXPECT_EQ(workspaceOf(*m_window.deckModel()), shown) << file.toStdString();
        EXPECT_EQ(session->currentPath(), path("good.json"));
    }
    // The refused files were not added to the recent list.
    EXPECT_EQ(session->recentFiles(), QStringList {QFileInfo(path("good.json")).absoluteFilePath()});
}

TEST_F(Session, PreferencesPersistBetweenRuns) {
    pecards::app::Preferences preferences;
    preferences.theme = pecards::app::Theme::Dark;
    preferences.colormap = QStringLiteral("cividis");
    preferences.language = QStringLiteral("en");
    preferences.device = QStringLiteral("pthread");
    m_window.setPreferences(preferences);
    EXPECT_LT(QApplication::palette().color(QPalette::Window).lightness(), 80); // a real dark palette
    EXPECT_GT(QApplication::palette().color(QPalette::WindowText).lightness(), 180);

    MainWindow next(&m_service); // a later run reads the same settings
    EXPECT_EQ(next.preferences(), preferences);
    EXPECT_EQ(pecards::app::Preferences::load(QSettings()), preferences);

    preferences.theme = pecards::app::Theme::Light;
    preferences.colormap = QStringLiteral("viridis");
    preferences.device.clear();
    m_window.setPreferences(preferences);
    EXPECT_GT(QApplication::palette().color(QPalette::Window).lightness(), 180);
}

TEST_F(Session, AutosaveAfterAChangeAndRestoreAfterACrash) {
    QSettings settings(path("settings.ini"), QSettings::IniFormat);
    const QString recovery = path("recovery/recovery-workspace.json");
    {
        Autosave autosave(*m_window.deckModel(), &m_window, &settings, recovery, 50);
        EXPECT_FALSE(autosave.crashedWithRecovery()); // first start: nothing to offer
        autosave.beginSession();
        QSignalSpy saved(&autosave, &Autosave::saved);
        makeDistinctiveState();
        autosave.markChanged();
        autosave.markChanged(); // a second change does not postpone the pending save
        ASSERT_TRUE(guitest::awaitSignals(saved));
        EXPECT_EQ(saved.count(), 1);
        QString error;
        const std::optional<pecards::app::Workspace> onDisk = pecards::app::openWorkspace(recovery, &error);
        ASSERT_TRUE(onDisk.has_value()) << error.toStdString();
        EXPECT_EQ(*onDisk, workspaceOf(*m_window.deckModel()));
    } // "crash": endSession() never ran, the marker stays set
    const pecards::app::Workspace crashed = workspaceOf(*m_window.deckModel());
    MainWindow next(&m_service);
    next.resize(1600, 1000);
    next.show();
    Autosave restarted(*next.deckModel(), &next, &settings, recovery, 50);
    ASSERT_TRUE(restarted.crashedWithRecovery());
    restarted.beginSession();
    ASSERT_TRUE(restarted.restore());
    EXPECT_EQ(workspaceOf(*next.deckModel()), crashed);
    restarted.endSession(); // clean quit: saved, and nothing to offer at the next start
    EXPECT_FALSE(Autosave(*next.deckModel(), &next, &settings, recovery, 50).crashedWithRecovery());
}

TEST_F(Session, ASecondRunningAppNeitherOffersNorTouchesTheFirstOnesRecovery) {
    // T-C12: a second PE Cards started while the first ran asked to "restore" the first one's
    // live recovery file, and its clean quit cleared the first one's crash marker.
    QSettings settings(path("settings.ini"), QSettings::IniFormat);
    const QString recovery = path("recovery/recovery-workspace.json");
    auto first = std::make_unique<Autosave>(*m_window.deckModel(), &m_window, &settings, recovery, 50);
    first->beginSession();
    ASSERT_TRUE(first->saveNow());
    MainWindow other(&m_service);
    {
        Autosave second(*other.deckModel(), &other, &settings, recovery, 50);
        EXPECT_FALSE(second.crashedWithRecovery()) << "the first one is running, not crashed";
        EXPECT_EQ(second.recoveryPath(), path("recovery/recovery-workspace-2.json"));
        second.beginSession();
        ASSERT_TRUE(second.saveNow());
        second.endSession();
    }
    EXPECT_TRUE(settings.value(QStringLiteral("session/running")).toBool()) << "the first one's marker";
    first.reset(); // the first one "crashes": its lock goes with its process, its marker stays
    Autosave next(*other.deckModel(), &other, &settings, recovery, 50);
    EXPECT_EQ(next.recoveryPath(), recovery);
    EXPECT_TRUE(next.crashedWithRecovery());
}

// The review's dataloss_recovery_overwritten_while_asking: the start-up computation marked a change
// and 30 s later the default deck replaced the crashed session's file while "Restore workspace?"
// was still open; Yes then restored the defaults. Saves now wait for the answer.
TEST_F(Session, TheRecoveryFileWaitsForTheRestoreAnswer) {
    QSettings settings(path("settings.ini"), QSettings::IniFormat);
    const QString recovery = path("recovery-workspace.json");
    {
        Autosave autosave(*m_window.deckModel(), &m_window, &settings, recovery, 50);
        autosave.beginSession();
        makeDistinctiveState();
        ASSERT_TRUE(autosave.saveNow());
    } // crash
    const pecards::app::Workspace crashed = workspaceOf(*m_window.deckModel());
    QFile file(recovery);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QByteArray saved = file.readAll();
    file.close();

    MainWindow next(&m_service);
    next.resize(1600, 1000);
    next.show();
    {
        Autosave asking(*next.deckModel(), &next, &settings, recovery, 20);
        ASSERT_TRUE(asking.crashedWithRecovery());
        asking.beginSession();
        asking.offerRestore();
        ASSERT_TRUE(asking.isAsking());
        asking.markChanged(); // what the start-up computation does
        EXPECT_FALSE(asking.saveNow());
        QTest::qWait(100); // past the autosave delay
        asking.endSession(); // quit without an answer
        file.open(QIODevice::ReadOnly);
        EXPECT_EQ(file.readAll(), saved) << "the crashed session's file is untouched";
        file.close();
        for (QMessageBox* box : next.findChildren<QMessageBox*>())
            box->close();
    }
    MainWindow third(&m_service);
    third.resize(1600, 1000);
    third.show();
    Autosave again(*third.deckModel(), &third, &settings, recovery, 20);
    ASSERT_TRUE(again.crashedWithRecovery()) << "unanswered: offered again at the next start";
    again.beginSession();
    QSignalSpy written(&again, &Autosave::saved);
    again.offerRestore();
    again.markChanged();
    QTest::qWait(100);
    EXPECT_EQ(written.count(), 0);
    QMessageBox* box = third.findChild<QMessageBox*>();
    ASSERT_NE(box, nullptr);
    box->button(QMessageBox::Yes)->click(); // answered late: still the crashed session
    EXPECT_FALSE(again.isAsking());
    EXPECT_EQ(workspaceOf(*third.deckModel()), crashed);
    ASSERT_TRUE(guitest::awaitSignals(written)) << "the change made while asking is saved after the answer";
}

// A recovery file that cannot be restored (corrupt, or refused) was silently left to be overwritten
// 30 s later: it is kept under another name, and a warning gives the reason and that name.
TEST_F(Session, ARecoveryFileThatCannotBeRestoredIsKeptAndNamed) {
    QSettings settings(path("settings.ini"), QSettings::IniFormat);
    const QString recovery = path("recovery-workspace.json");
    QFile file(recovery);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    const QByteArray corrupt = "{\"format\": \"pecards-workspace\", \"version\": 1, \"cards\": [";
    file.write(corrupt);
    file.close();
    const pecards::app::Workspace before = workspaceOf(*m_window.deckModel());
    Autosave autosave(*m_window.deckModel(), &m_window, &settings, recovery, 50);
    EXPECT_FALSE(autosave.restore());
    EXPECT_EQ(workspaceOf(*m_window.deckModel()), before);
    const QStringList kept
        = QDir(m_folder.path()).entryList({QStringLiteral("recovery-workspace.refused-*.json")}, QDir::Files);
    ASSERT_EQ(kept.size(), 1);
    QFile keptFile(m_folder.filePath(kept.front()));
    ASSERT_TRUE(keptFile.open(QIODevice::ReadOnly));
    EXPECT_EQ(keptFile.readAll(), corrupt);
    QMessageBox* box = m_window.findChild<QMessageBox*>();
    ASSERT_NE(box, nullptr);
    EXPECT_TRUE(box->text().contains(kept.front())) << box->text().toStdString();
    EXPECT_TRUE(box->text().contains(QStringLiteral("not valid JSON"))) << box->text().toStdString();
    box->close();
}

TEST_F(Session, AFailedAutosaveKeepsThePreviousRecoveryFile) {
    QSettings settings(path("settings.ini"), QSettings::IniFormat);
    ASSERT_TRUE(QDir(m_folder.path()).mkdir(QStringLiteral("recovery.json"))); // a folder: cannot be written
    Autosave autosave(*m_window.deckModel(), &m_window, &settings, path("recovery.json"), 50);
    QSignalSpy failed(&autosave, &Autosave::failed);
    EXPECT_FALSE(autosave.saveNow());
    ASSERT_EQ(failed.count(), 1);
    EXPECT_TRUE(failed.at(0).at(0).toString().contains(QStringLiteral("not a regular file")))
        << failed.at(0).at(0).toString().toStdString();
    EXPECT_TRUE(QFileInfo(path("recovery.json")).isDir());
    EXPECT_TRUE(m_window.statusBar()->currentMessage().contains(QStringLiteral("not a regular file")))
        << "said in the status bar, not only in a signal nobody heard";
}
