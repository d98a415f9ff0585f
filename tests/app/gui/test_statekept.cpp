// Every state the app keeps is safe: dependent
// controls are re-ranged and get the user's value back, presets set every field, typed input is
// never silently changed, unsaved work is asked about, Preferences show the state in force,
// the keyboard reaches cards and heatmaps, the dark theme keeps indicators and grids readable,
// and messages say what happened.
#include "cards/cardpage.h"
#include "cards/parameterform.h"
#include "compute/backendprovider.h"
#include "compute/computeservice.h"
#include "guitestsupport.h"
#include "session/workspacecontroller.h"
#include "settings/preferencesdialog.h"
#include "settings/theme.h"
#include "views/chartpanel.h"
#include "views/heatmapcontroller.h"
#include "views/heatmappanel.h"
#include "views/viewslot.h"
#include "widgets/chartwidget.h"
#include "widgets/heatmapwidget.h"
#include "widgets/sliderspin.h"
#include "window/devicestatus.h"
#include "window/mainwindow.h"
#include "windowtest.h"

#include <QAbstractAxis>
#include <QApplication>
#include <QChart>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QStyleOptionButton>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <workspace/recentfiles.h>

using namespace pecards::gui;

namespace {

class StateKept : public guitest::WindowTest<1600, 1000> {
protected:
    void SetUp() override {
        pecards::app::RecentFiles(*m_window.settings()).clear();
        WindowTest::SetUp();
    }

    static SliderSpin* number(CardPage* card, const char* id) {
        return qobject_cast<SliderSpin*>(card->form()->control(QString::fromLatin1(id)));
    }

    /// Types `text` into the control's spin box and presses Enter, as a user does.
    static void type(SliderSpin* control, const QString& text) {
        QDoubleSpinBox* spin = control->spinBox();
        spin->setFocus();
        spin->selectAll();
        QTest::keyClicks(spin, text);
        QTest::keyClick(spin, Qt::Key_Return);
    }

    /// Every visible view of the card answered with a picture and no message.
    ::testing::AssertionResult awaitAllValid(CardPage* card) {
        return guitest::awaitCondition(
            [this, card] {
                if (!m_service.isIdle() || !card->allViewsAnswered())
                    return false;
                for (const ViewSlot* slot : card->viewSlots()) {
                    if (const auto* heatmap = qobject_cast<const HeatmapPanel*>(slot->view());
                        heatmap && !heatmap->heatmap()->message().isEmpty())
                        return false;
                    if (const auto* chart = qobject_cast<const ChartPanel*>(slot->view());
                        chart && !chart->chart()->message().isEmpty())
                        return false;
                }
                return true;
            },
            "every view valid");
    }

    /// Clicks `button` of the next message box that opens (a modal prompt).
    static void answerNextPrompt(QMessageBox::StandardButton button) {
        QTimer::singleShot(0, [button] {
            const auto click = [button] {
                auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
                if (!box)
                    return false;
                box->button(button)->click();
                return true;
            };
            if (!click()) // the box may open a moment later
                QTimer::singleShot(100, click);
        });
    }

    QTemporaryDir m_dir;
};

TEST_F(StateKept, LengthOneKeepsEveryViewValidAndMComesBack) {
    CardPage* rope = showCard(QStringLiteral("rope"));
    auto* polar = qobject_cast<ChartPanel*>(rope->viewSlots().at(2)->view());
    ASSERT_NE(polar, nullptr);
    ASSERT_EQ(guitest::named<SliderSpin>(polar, QStringLiteral("position"))->value(), 10.0);
    type(number(rope, "length"), QStringLiteral("1"));
    ASSERT_EQ(rope->params().length, 1);
    EXPECT_EQ(guitest::named<SliderSpin>(polar, QStringLiteral("position"))->value(),
        0.0); // m in [0, L-1] = [0, 0]
    EXPECT_TRUE(awaitAllValid(rope));
    type(number(rope, "length"), QStringLiteral("4096"));
    EXPECT_EQ(
        guitest::named<SliderSpin>(polar, QStringLiteral("position"))->value(), 10.0); // the user's m is back
    EXPECT_EQ(polar->lastRequest().position, 10);
    EXPECT_TRUE(awaitAllValid(rope));
}

TEST_F(StateKept, HeadsTwelveToOneToTwelveKeepsHeadNine) {
    CardPage* alibi = showCard(QStringLiteral("alibi"));
    type(number(alibi, "heads"), QStringLiteral("12"));
    type(number(alibi, "head"), QStringLiteral("9"));
    ASSERT_EQ(alibi->params().alibi.head, 8); // head 9 counted from 1
    // 12 heads: P = 8 slopes 2^-h, then 2^-(2k-1)/2: head 9 is the steepest, 2^-0.5.
    EXPECT_TRUE(alibi->viewSlots().at(2)->view()->title().contains(QStringLiteral("steepest: head 9, 2⁻¹ᐟ²")))
        << alibi->viewSlots().at(2)->view()->title().toStdString();
    type(number(alibi, "heads"), QStringLiteral("1"));
    EXPECT_EQ(alibi->params().alibi.head, 0);
    EXPECT_EQ(number(alibi, "head")->value(), 1.0);
    EXPECT_EQ(number(alibi, "head")->slider()->maximum(), 0); // the slider spans [1, 1]
    EXPECT_TRUE(awaitAllValid(alibi));
    type(number(alibi, "heads"), QStringLiteral("12"));
    EXPECT_EQ(number(alibi, "head")->value(), 9.0);
    EXPECT_EQ(alibi->params().alibi.head, 8);
    EXPECT_TRUE(awaitAllValid(alibi));

    // A head typed out of range is not clamped: the engine's message names the range, from 1.
    type(number(alibi, "head"), QStringLiteral("13"));
    EXPECT_EQ(number(alibi, "head")->value(), 13.0);
    auto* bias = qobject_cast<HeatmapPanel*>(alibi->viewSlots().at(0)->view());
    ASSERT_TRUE(guitest::awaitCondition([bias] { return !bias->heatmap()->message().isEmpty(); }, "message"));
    EXPECT_TRUE(bias->heatmap()->message().contains(QStringLiteral("head shown h (head) = 13 is invalid")))
        << bias->heatmap()->message().toStdString();
    EXPECT_TRUE(bias->heatmap()->message().contains(QStringLiteral("[1, 12]")));
}

TEST_F(StateKept, ThreePresetsLeaveEveryScalingRowAndAPresetSetsEveryField) {
    CardPage* rope = showCard(QStringLiteral("rope"));
    for (const char* id : {"llama-3.1-8b", "phi-3.5-mini", "deepseek-v2-lite"}) {
        QSignalSpy applied(&m_window, &MainWindow::modelApplied);
        m_window.openConfig(QStringLiteral(":/presets/%1.json").arg(QLatin1String(id)));
        ASSERT_TRUE(guitest::awaitSignals(applied));
    }
    ASSERT_EQ(rope->params().rope.scaling.type, pecards::RopeScalingType::Yarn);
    for (const char* id :
        {"factor", "original_max_position_embeddings", "max_position_embeddings", "beta_fast", "beta_slow"}) {
        QWidget* control = rope->form()->control(QString::fromLatin1(id));
        EXPECT_TRUE(control->isVisible()) << id;
    }
    for (const char* id : {"low_freq_factor", "high_freq_factor"})
        EXPECT_FALSE(rope->form()->control(QString::fromLatin1(id))->isVisibleTo(rope->form())) << id;

    // BLOOM has no max_position_embeddings: its cards take their defaults, not the last L.
    QSignalSpy applied(&m_window, &MainWindow::modelApplied);
    m_window.openConfig(QStringLiteral(":/presets/bloom-560m.json"));
    ASSERT_TRUE(guitest::awaitSignals(applied));
    EXPECT_EQ(m_window.card(QStringLiteral("alibi"))->params().length, 512);
    EXPECT_EQ(m_window.card(QStringLiteral("alibi"))->params().alibi.heads, 16);
    // Not a RoPE model: the RoPE card's own fields are its defaults (its ALiBi part is BLOOM's).
    const pecards::CardParams defaults = rope->entry().defaults();
    EXPECT_TRUE(rope->params().rope == defaults.rope);
    EXPECT_EQ(rope->params().length, defaults.length);
    EXPECT_TRUE(rope->params().probe == defaults.probe);
    EXPECT_EQ(rope->params().causal, defaults.causal);
}

TEST_F(StateKept, TypedInputIsNeverSilentlyChanged) {
    CardPage* rope = showCard(QStringLiteral("rope"));
    auto* score = qobject_cast<HeatmapPanel*>(rope->viewSlots().at(0)->view());
    ASSERT_TRUE(awaitAllValid(rope));
    type(number(rope, "length"), QStringLiteral("99999999999999"));
    EXPECT_EQ(rope->params().length, 99999999999999LL);
    EXPECT_EQ(number(rope, "length")->spinBox()->text(), QStringLiteral("99999999999999"));
    ASSERT_TRUE(
        guitest::awaitCondition([score] { return !score->heatmap()->message().isEmpty(); }, "message"));
    const QString message = score->heatmap()->message();
    EXPECT_TRUE(message.contains(QStringLiteral("max length L (length) = 99999999999999 is invalid")))
        << message.toStdString();
    EXPECT_TRUE(message.contains(QStringLiteral("16777216"))) << message.toStdString();

    type(number(rope, "length"), QStringLiteral("4096"));
    type(number(rope, "length"), QStringLiteral("abc"));
    EXPECT_EQ(rope->params().length, 4096);
    EXPECT_TRUE(number(rope, "length")->inputMessage().contains(QStringLiteral("“abc” is not a number")))
        << number(rope, "length")->inputMessage().toStdString();
    type(number(rope, "head_dim"), QStringLiteral("12.5"));
    EXPECT_EQ(rope->params().rope.head_dim, 128);
    EXPECT_FALSE(number(rope, "head_dim")->inputMessage().isEmpty());
    EXPECT_EQ(number(rope, "head_dim")->spinBox()->singleStep(), 2.0); // even-only: steps by 2

    // Titles describe the picture shown: an odd head_dim keeps the last good picture and title.
    ASSERT_TRUE(awaitAllValid(rope));
    type(number(rope, "head_dim"), QStringLiteral("127"));
    ASSERT_TRUE(
        guitest::awaitCondition([score] { return !score->heatmap()->message().isEmpty(); }, "message"));
    EXPECT_TRUE(score->title().contains(QStringLiteral("head_dim 128"))) << score->title().toStdString();
    EXPECT_FALSE(score->title().contains(QStringLiteral("127")));
    EXPECT_TRUE(score->heatmap()->message().contains(QStringLiteral("head_dim d (head_dim) = 127")))
        << score->heatmap()->message().toStdString();

    // Engine messages name the on-screen label and the Hugging Face key.
    type(number(rope, "head_dim"), QStringLiteral("128"));
    ASSERT_TRUE(awaitAllValid(rope));
    pecards::CardParams params = rope->params();
    params.rope.scaling.type = pecards::RopeScalingType::Yarn;
    params.rope.scaling.factor = 4.0;
    params.rope.scaling.original_max_position_embeddings = 0;
    params.rope.scaling.max_position_embeddings = 0;
    rope->setParams(params);
    ASSERT_TRUE(
        guitest::awaitCondition([score] { return !score->heatmap()->message().isEmpty(); }, "message"));
    EXPECT_TRUE(score->heatmap()->message().contains(
        QStringLiteral("original max positions L0 (rope_scaling.original_max_position_embeddings)")))
        << score->heatmap()->message().toStdString();
}

TEST_F(StateKept, UnsavedWorkIsAskedAboutAndTheTitleNamesTheFile) {
    CardPage* rope = showCard(QStringLiteral("rope"));
    EXPECT_FALSE(m_window.isWindowModified());
    EXPECT_TRUE(m_window.windowTitle().contains(QStringLiteral("[*]")));
    pecards::CardParams params = rope->params();
    params.rope.base = 500000.0;
    rope->setParams(params);
    EXPECT_TRUE(m_window.isWindowModified());

    const QString first = m_dir.filePath(QStringLiteral("ws1.json"));
    const QString second = m_dir.filePath(QStringLiteral("ws2.json"));
    ASSERT_TRUE(m_window.session()->saveTo(second));
    ASSERT_TRUE(m_window.session()->saveTo(first));
    EXPECT_FALSE(m_window.isWindowModified());
    EXPECT_TRUE(m_window.windowTitle().startsWith(QStringLiteral("ws1.json[*]")))
        << m_window.windowTitle().toStdString();
    EXPECT_EQ(m_window.statusBar()->currentMessage(), QStringLiteral("Saved ws1.json"));

    params.rope.base = 10000.0;
    rope->setParams(params);
    EXPECT_TRUE(m_window.isWindowModified());
    EXPECT_TRUE(m_window.statusBar()->currentMessage().isEmpty()); // "Saved ws1.json" is no longer true

    answerNextPrompt(QMessageBox::Cancel); // Open (recent) asks first; Cancel keeps the edits
    EXPECT_FALSE(m_window.session()->openAfterPrompt(second));
    EXPECT_EQ(m_window.session()->currentPath(), first);
    EXPECT_EQ(rope->params().rope.base, 10000.0);

    answerNextPrompt(QMessageBox::Cancel); // Quit asks too; Cancel keeps the window
    EXPECT_FALSE(m_window.close());
    EXPECT_TRUE(m_window.isVisible());

    answerNextPrompt(QMessageBox::Discard);
    EXPECT_TRUE(m_window.session()->openAfterPrompt(second));
    EXPECT_EQ(rope->params().rope.base, 500000.0);
    EXPECT_FALSE(m_window.isWindowModified());
    EXPECT_TRUE(m_window.windowTitle().startsWith(QStringLiteral("ws2.json[*]")));
}

TEST_F(StateKept, MessagesSayWhatHappened) {
    showCard(QStringLiteral("rope"));
    // An empty workspace file says it is empty.
    const QString empty = m_dir.filePath(QStringLiteral("empty.json"));
    QFile file(empty);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.close();
    EXPECT_FALSE(m_window.session()->open(empty));
    EXPECT_TRUE(m_window.session()->lastError().contains(QStringLiteral("the file is empty")))
        << m_window.session()->lastError().toStdString();
    if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget()))
        box->close();

    // Open recent: an entry whose file was deleted is reported once.
    const QString gone = m_dir.filePath(QStringLiteral("gone.json"));
    ASSERT_TRUE(m_window.session()->saveTo(gone));
    ASSERT_TRUE(QFile::remove(gone));
    QStringList removed;
    EXPECT_FALSE(m_window.session()->recentFiles(&removed).contains(gone));
    EXPECT_EQ(removed.size(), 1);
    EXPECT_TRUE(m_window.statusBar()->currentMessage().contains(QStringLiteral("no longer exists")));
    m_window.session()->recentFiles(&removed);
    EXPECT_TRUE(removed.isEmpty()); // said once
}

TEST(DeviceStatusText, CpuSaysWhyItIsUsed) {
    ComputeService service(cpuBackendFactory(QStringLiteral("chosen with --cpu")));
    MainWindow window(&service);
    window.resize(1600, 1000);
    window.show(); // the first view's job starts the backend
    ASSERT_TRUE(guitest::awaitCondition(
        [&] {
            return guitest::named<QLabel>(window.statusBar(), QStringLiteral("device"))
                ->text()
                .contains(QStringLiteral("CPU reference"));
        },
        "backend"));
    EXPECT_TRUE(guitest::named<QLabel>(window.statusBar(), QStringLiteral("device"))
                    ->text()
                    .contains(QStringLiteral("chosen with --cpu")))
        << guitest::named<QLabel>(window.statusBar(), QStringLiteral("device"))->text().toStdString();
    EXPECT_FALSE(guitest::named<QLabel>(window.statusBar(), QStringLiteral("device"))
                     ->text()
                     .contains(QStringLiteral("(CPU)")));
}

TEST_F(StateKept, PreferencesShowTheThemeInForce) {
    applyTheme(pecards::app::Theme::Dark); // as --theme dark does at start
    {
        PreferencesDialog dialog(m_window.preferencesInForce(), &m_window);
        auto* theme = dialog.findChildren<QComboBox*>().value(0);
        ASSERT_NE(theme, nullptr);
        EXPECT_EQ(theme->currentText(), QStringLiteral("Dark"));
        EXPECT_EQ(dialog.preferences().theme, pecards::app::Theme::Dark); // OK without a change keeps it
    }
    applyTheme(pecards::app::Theme::Light);
}

TEST_F(StateKept, DarkThemeKeepsCheckBoxesAndMinorGridsReadable) {
    applyTheme(pecards::app::Theme::Dark);
    QCheckBox box(QStringLiteral("causal mask"));
    box.setChecked(false);
    box.resize(box.sizeHint());
    const QImage image = box.grab().toImage();
    const QColor window = QApplication::palette().color(QPalette::Window);
    int brightest = 0; // the indicator's outline must stand out from the dark window
    QStyleOptionButton option;
    option.initFrom(&box);
    const QRect indicator = box.style()->subElementRect(QStyle::SE_CheckBoxIndicator, &option, &box);
    for (int y = indicator.top(); y <= indicator.bottom() && y < image.height(); ++y)
        for (int x = indicator.left(); x <= indicator.right() && x < image.width(); ++x)
            brightest = std::max(brightest, QColor(image.pixel(x, y)).lightness());
    EXPECT_GT(brightest - window.lightness(), 60) << "unchecked check box outline is nearly invisible";

    ChartWidget chart;
    pecards::app::CurveSet curves;
    curves.yLog = true;
    curves.curves.push_back(
        {QStringLiteral("wavelength"), {{0, 6.3}, {10, 1e3}, {63, 5e4}}, false, false, false});
    chart.resize(500, 400);
    chart.setCurves(curves);
    const QColor background = chart.chart()->backgroundBrush().color();
    for (QAbstractAxis* axis : chart.chart()->axes()) {
        const QPen minor = axis->minorGridLinePen();
        EXPECT_EQ(minor.style(), Qt::SolidLine);
        EXPECT_LT(std::abs(minor.color().lightness() - background.lightness()),
            std::abs(axis->gridLineColor().lightness() - background.lightness()) + 1);
    }
    applyTheme(pecards::app::Theme::Light);
}

TEST_F(StateKept, KeyboardSwitchesCardsAndZoomsHeatmaps) {
    CardPage* rope = showCard(QStringLiteral("rope"));
    m_window.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&m_window)); // window shortcuts need an active window
    const int index = m_window.deck()->currentIndex();
    QTest::keyClick(&m_window, Qt::Key_PageDown, Qt::ControlModifier);
    EXPECT_EQ(m_window.deck()->currentIndex(), index + 1);
    QTest::keyClick(&m_window, Qt::Key_PageUp, Qt::ControlModifier);
    EXPECT_EQ(m_window.deck()->currentIndex(), index);

    auto* score = qobject_cast<HeatmapPanel*>(rope->viewSlots().at(0)->view());
    ASSERT_TRUE(awaitAllValid(rope));
    HeatmapWidget* heatmap = score->heatmap();
    EXPECT_EQ(heatmap->focusPolicy(), Qt::StrongFocus);
    heatmap->setFocus();
    QTest::keyClick(heatmap, Qt::Key_Plus);
    const pecards::Window zoomed = score->controller()->window();
    EXPECT_LT(zoomed.rows(), 4096);
    ASSERT_TRUE(guitest::awaitCondition([&] { return heatmap->frame().grid.window == zoomed; },
        "the zoomed frame")); // keys act on the picture
    QTest::keyClick(heatmap, Qt::Key_Right);
    EXPECT_GT(score->controller()->window().col_begin, zoomed.col_begin);
    QTest::keyClick(heatmap, Qt::Key_0);
    EXPECT_EQ(score->controller()->window().rows(), 4096);
}

} // namespace
