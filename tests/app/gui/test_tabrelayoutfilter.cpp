// A caption's new text inside a card repaints the caption, not the window (#33: QTabWidget answers
// every layout request with a repaint of itself whole, about 10 ms per slider notch), and a page
// whose size hints change still reaches the deck's parent layout.
#include "guitestsupport.h"
#include "widgets/tabrelayoutfilter.h"

#include <QApplication>
#include <QLabel>
#include <QTabBar>
#include <QTabWidget>
#include <QVBoxLayout>
#include <gtest/gtest.h>

using namespace pecards::gui;

namespace {

/// Counts the paint events one widget receives.
class PaintCounter : public QObject {
public:
    explicit PaintCounter(QWidget* widget) { widget->installEventFilter(this); }
    int count = 0;

protected:
    bool eventFilter(QObject*, QEvent* event) override {
        count += event->type() == QEvent::Paint ? 1 : 0;
        return false;
    }
};

/// A window holding a deck of one page with a word-wrapped caption, as a card's view title.
struct Deck {
    explicit Deck(bool filtered) {
        auto* layout = new QVBoxLayout(&window);
        tabs = new QTabWidget;
        layout->addWidget(tabs);
        auto* page = new QWidget;
        auto* pageLayout = new QVBoxLayout(page);
        caption = new QLabel(QStringLiteral("RoPE score, head_dim 128, base 10000"));
        caption->setWordWrap(true);
        pageLayout->addWidget(caption);
        pageLayout->addStretch();
        tabs->addTab(page, QStringLiteral("RoPE"));
        if (filtered)
            new TabRelayoutFilter(tabs);
        window.resize(640, 400);
        window.show();
        settle();
    }
    /// Lets every posted layout request and paint run.
    static void settle() {
        for (int n = 0; n < 5; ++n)
            QApplication::processEvents();
    }
    /// The paints of the tab bar (it is painted only when the whole tab widget is) after the
    /// caption's text changed `steps` times, as a slider drag changes it.
    int tabBarPaintsWhileTheCaptionChanges(int steps) {
        PaintCounter tabBar(tabs->tabBar());
        for (int n = 1; n <= steps; ++n) {
            caption->setText(QStringLiteral("RoPE score, head_dim 128, base %1").arg(10000 + n));
            settle();
        }
        return tabBar.count;
    }
    QWidget window;
    QTabWidget* tabs = nullptr;
    QLabel* caption = nullptr;
};

TEST(TabRelayoutFilter, ACaptionsNewTextDoesNotRepaintTheWholeDeck) {
    Deck unfiltered(false);
    ASSERT_GT(unfiltered.tabBarPaintsWhileTheCaptionChanges(3), 0)
        << "Qt repaints the tab widget on each layout request: the filter has nothing to do";
    Deck filtered(true);
    EXPECT_EQ(filtered.tabBarPaintsWhileTheCaptionChanges(3), 0);
}

TEST(TabRelayoutFilter, APageWhoseMinimumGrowsStillWidensTheWindowsLayout) {
    Deck deck(true);
    const int before = deck.window.minimumSizeHint().width();
    deck.caption->setMinimumWidth(before + 300);
    Deck::settle();
    EXPECT_GE(deck.window.minimumSizeHint().width(), before + 300);
    EXPECT_GE(deck.window.width(), before + 300) << "the window grew to its new minimum";
    // The tab bar's own changes pass too: a longer tab text widens the bar.
    const int bar = deck.tabs->tabBar()->width();
    deck.tabs->setTabText(0, QStringLiteral("RoPE with a much longer tab title than before"));
    Deck::settle();
    EXPECT_GT(deck.tabs->tabBar()->width(), bar);
    EXPECT_GE(deck.tabs->tabBar()->width(), deck.tabs->tabBar()->sizeHint().width());
}

} // namespace
