// Text that must be read whole at 1280 x 720 and 1600 x 1000: the card header's title and
// buttons are never cut by the narrow text pane (on every card, on both sides, with the
// Pitfalls view open, in presentation mode's larger font); a view's name is shown whole when its
// tool row has free room; a status-bar message (a config warning) is not cut by the device line.
#include "cards/cardpage.h"
#include "cards/cardregistry.h"
#include "compute/computeservice.h"
#include "guitestsupport.h"
#include "presentation/presentationcontroller.h"
#include "views/pitfallview.h"
#include "views/viewpanel.h"
#include "views/viewslot.h"
#include "widgets/heatmapwidget.h"
#include "window/devicestatus.h"
#include "window/mainwindow.h"
#include "windowtest.h"

#include <QAbstractButton>
#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QHBoxLayout>
#include <QLabel>
#include <QStatusBar>
#include <QStyle>
#include <QStyleOptionComboBox>
#include <QTemporaryDir>
#include <algorithm>

using namespace pecards::gui;

namespace {

using TextFits = guitest::WindowTest<1600, 1000>;

/// Every button of the card's text pane (title row, Flip, Pitfalls, card-specific ones) is as
/// wide as its text needs and lies inside the pane.
::testing::AssertionResult headerWhole(CardPage* card, const char* when) {
    QCoreApplication::processEvents();
    QTest::qWait(20);
    const QWidget* pane = guitest::named<QWidget>(card, QStringLiteral("textPane"));
    for (const QAbstractButton* button : pane->findChildren<QAbstractButton*>(Qt::FindDirectChildrenOnly)) {
        if (!button->isVisible())
            continue;
        const QRect box = button->geometry();
        if (box.width() < button->sizeHint().width() || box.right() >= pane->width())
            return ::testing::AssertionFailure()
                << card->entry().id.toStdString() << ", " << when << ": button \""
                << button->text().toStdString() << "\" is " << box.width() << " px wide at x " << box.x()
                << " (needs " << button->sizeHint().width() << ") in a pane " << pane->width() << " px wide";
    }
    return ::testing::AssertionSuccess();
}

/// The width the view's tool row has for its view choice: the row less what its other items
/// need at their size hints.
int freeRoom(ViewSlot* slot) {
    const QHBoxLayout* row = slot->view()->toolRow();
    int others = row->spacing() * (row->count() - 1);
    for (int n = 0; n < row->count(); ++n) {
        QLayoutItem* item = row->itemAt(n);
        if (item->widget() != slot->choice() && !item->spacerItem() && !item->isEmpty())
            others += item->sizeHint().width();
    }
    return row->geometry().width() - others;
}

/// The name the closed combo box draws fits its text field unelided.
bool nameWhole(const QComboBox* combo) {
    QStyleOptionComboBox option;
    option.initFrom(combo);
    option.currentText = combo->currentText();
    const QRect field
        = combo->style()->subControlRect(QStyle::CC_ComboBox, &option, QStyle::SC_ComboBoxEditField, combo);
    return combo->fontMetrics().horizontalAdvance(combo->currentText()) <= field.width();
}

} // namespace

TEST_F(TextFits, CardHeaderButtonsAreNeverCutByTheTextPane) {
    ASSERT_TRUE(showAt(1280, 720));
    for (CardPage* card : m_window.cards()) {
        m_window.showTab(card->entry().id);
        card->load();
        EXPECT_TRUE(headerWhole(card, "front"));
        card->flip();
        EXPECT_TRUE(headerWhole(card, "back"));
        card->showPitfalls(card->pitfallView()->pitfall());
        EXPECT_TRUE(headerWhole(card, "pitfalls shown"));
        card->showViews();
        card->flip();
    }
    m_window.showTab(QStringLiteral("relative"));
    m_window.presentation()->setActive(true);
    EXPECT_TRUE(headerWhole(m_window.card(QStringLiteral("relative")), "presentation mode"));
    m_window.presentation()->setActive(false);
    EXPECT_TRUE(headerWhole(m_window.card(QStringLiteral("relative")), "after presentation mode"));
}

TEST_F(TextFits, ViewNamesAreWholeWhenTheirRowHasRoom) {
    ASSERT_TRUE(showAt(1600, 1000));
    int checked = 0;
    for (CardPage* card : m_window.cards()) {
        m_window.showTab(card->entry().id);
        card->load();
        for (ViewSlot* slot : card->viewSlots()) {
            // The longest names ("Lab: interpolation vs extrapolation fit (chart)") too.
            for (const ViewSpec& spec : card->entry().views) {
                if (spec.kind != ViewKind::Chart || spec.id.startsWith(QStringLiteral("trick")))
                    continue;
                slot->showView(spec.id);
                QCoreApplication::processEvents();
                QTest::qWait(10);
                QComboBox* choice = slot->choice();
                if (!choice->isVisible() || choice->currentIndex() < 0)
                    continue;
                const int room = freeRoom(slot);
                if (room >= choice->sizeHint().width() * 3) { // plenty: the name must be whole
                    EXPECT_TRUE(nameWhole(choice))
                        << card->entry().id.toStdString() << " / " << spec.id.toStdString() << ": \""
                        << choice->currentText().toStdString() << "\" drawn " << choice->width()
                        << " px wide, " << room << " px of the row free";
                    ++checked;
                }
            }
            break; // one slot per card is enough
        }
    }
    EXPECT_GE(checked, 10);

    // In presentation mode's larger font too (the presented chart has the window's width).
    m_window.showTab(QStringLiteral("rope"));
    ViewSlot* polar = m_window.card(QStringLiteral("rope"))->viewSlots().at(0);
    polar->showView(QStringLiteral("polar"));
    m_window.presentation()->setActive(true);
    QTest::qWait(50);
    const QComboBox* choice = polar->choice();
    ASSERT_GE(freeRoom(polar), choice->fontMetrics().horizontalAdvance(choice->currentText()) + 30)
        << "the presented row has room for the name and the combo box's frame and arrow";
    EXPECT_TRUE(nameWhole(polar->choice()))
        << "presentation: \"" << polar->choice()->currentText().toStdString() << "\" drawn "
        << polar->choice()->width() << " px wide";
    m_window.presentation()->setActive(false);
}

TEST_F(TextFits, AConfigWarningIsNotCutByTheDeviceLine) {
    ASSERT_TRUE(showAt(1280, 720));
    // The first compute has named its view and device in the permanent labels.
    ASSERT_TRUE(guitest::awaitCondition(
        [&] {
            return !guitest::named<QLabel>(m_window.statusBar(), QStringLiteral("lastCompute"))
                        ->text()
                        .isEmpty();
        },
        "a compute time shown"));
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("long.json"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(R"({"model_type": "llama", "rope_theta": 10000, "hidden_size": 4096, "num_attention_heads": 32,
        "max_position_embeddings": 1e15})");
    file.close();
    QSignalSpy applied(&m_window, &MainWindow::modelApplied);
    m_window.openConfig(path);
    ASSERT_TRUE(guitest::awaitSignals(applied));
    QTest::qWait(50);
    QStatusBar* bar = m_window.statusBar();
    const QString message = bar->currentMessage();
    ASSERT_TRUE(message.contains(QStringLiteral("max_position_embeddings = 1000000000000000 is above 2^24")))
        << message.toStdString();
    // The message is drawn left of the first permanent widget: it needs its whole width there.
    int firstPermanent = bar->width();
    for (const QLabel* label : bar->findChildren<QLabel*>(Qt::FindDirectChildrenOnly)) {
        if (label->isVisible())
            firstPermanent = std::min(firstPermanent, label->x());
    }
    EXPECT_GE(firstPermanent, bar->fontMetrics().horizontalAdvance(message))
        << "\"" << message.toStdString() << "\" is cut at " << firstPermanent << " px";
    EXPECT_EQ(bar->toolTip(), message);
    bar->clearMessage(); // the compute time comes back
    EXPECT_FALSE(
        guitest::named<QLabel>(m_window.statusBar(), QStringLiteral("lastCompute"))->text().isEmpty());
    EXPECT_TRUE(guitest::awaitCondition(
        [&] {
            return std::ranges::count_if(bar->findChildren<QLabel*>(Qt::FindDirectChildrenOnly),
                       [](const QLabel* l) { return l->isVisible(); })
                >= 2;
        },
        "the compute time and the device line shown again"));
}

TEST(HeatmapAxisTitle, RunsPastASmallPlotInsteadOfBeingCutAtItsEnds) {
    // The compare tab in presentation mode at 1280 x 720 drew "ery positio" under a 110 px plot:
    // the title was clipped to the plot's span. It now keeps the widget's length.
    QFont font = QApplication::font();
    font.setPointSizeF(14.4);
    const QFontMetrics metrics(font);
    const QString title = QStringLiteral("query position i");
    const int whole = metrics.horizontalAdvance(title);
    // A plot 110 px wide centred at x = 190 in a cell 425 px wide: whole, centred on the plot.
    const auto [text, start] = HeatmapWidget::axisTitle(metrics, title, 190, 425);
    EXPECT_EQ(text, title);
    EXPECT_NEAR(start + whole / 2.0, 190.0, 1.0);
    // Near the widget's end it shifts inside rather than running off.
    const auto [nearEnd, nearStart] = HeatmapWidget::axisTitle(metrics, title, 20, 425);
    EXPECT_EQ(nearEnd, title);
    EXPECT_EQ(nearStart, 0);
    const auto [farEnd, farStart] = HeatmapWidget::axisTitle(metrics, title, 420, 425);
    EXPECT_EQ(farStart + metrics.horizontalAdvance(farEnd), 425);
    // Longer than the widget: elided to it, never cut in the middle of a letter.
    const auto [elided, elidedStart] = HeatmapWidget::axisTitle(metrics, title, 40, whole / 2);
    EXPECT_TRUE(elided.endsWith(QChar(0x2026))) << elided.toStdString();
    EXPECT_LE(metrics.horizontalAdvance(elided), whole / 2);
    EXPECT_GE(elidedStart, 0);
}

namespace {

/// #32 item 2: the status bar gives the time of every visible view of the card on screen, and
/// says when the whole card shows final (exact) pictures.
TEST_F(TextFits, TheStatusBarTimesEveryVisibleViewAndSaysWhenTheCardIsExact) {
    ASSERT_TRUE(showAt(1280, 720));
    CardPage* rope = m_window.card(QStringLiteral("rope"));
    m_window.showTab(QStringLiteral("rope"));
    auto* label = guitest::named<QLabel>(m_window.statusBar(), QStringLiteral("lastCompute"));
    ASSERT_TRUE(guitest::awaitCondition(
        [&] {
            return m_service.isIdle() && rope->allViewsAnswered()
                && label->text().contains(QStringLiteral("all exact"))
                && !label->text().contains(QStringLiteral("…"));
        },
        "every view timed and exact"));
    int visible = 0;
    for (const ViewSlot* slot : rope->viewSlots())
        visible += slot->isHidden() ? 0 : 1;
    ASSERT_GE(visible, 2);
    // "RoPE: t1 · t2 · … ms · all exact": one time per visible view, no placeholder left.
    const QString text = label->text();
    EXPECT_TRUE(text.startsWith(cardTitle(rope->entry()) + QStringLiteral(": "))) << text.toStdString();
    EXPECT_EQ(text.count(QStringLiteral(" · ")), visible) << text.toStdString();
    EXPECT_FALSE(text.contains(QStringLiteral("…"))) << text.toStdString();
    EXPECT_EQ(label->toolTip().count(QStringLiteral(" ms")), visible) << label->toolTip().toStdString();
    // The compare tab is not a card: the last compute again.
    m_window.showTab(QStringLiteral("compare"));
    EXPECT_FALSE(label->text().contains(QStringLiteral("all exact"))) << label->text().toStdString();
}

} // namespace
