#include "widgets/tabrelayoutfilter.h"

#include <QEvent>
#include <QTabBar>
#include <QTabWidget>

namespace pecards::gui {

TabRelayoutFilter::TabRelayoutFilter(QTabWidget* tabs)
    : QObject(tabs)
    , m_tabs(tabs) {
    tabs->installEventFilter(this);
}

TabRelayoutFilter::Hints TabRelayoutFilter::hintsOf(const QTabWidget& tabs) {
    const QTabBar* bar = tabs.tabBar();
    return {bar->sizeHint(), bar->minimumSizeHint(), bar->isVisibleTo(&tabs), tabs.sizeHint(),
        tabs.minimumSizeHint()};
}

bool TabRelayoutFilter::eventFilter(QObject* watched, QEvent* event) {
    if (watched != m_tabs || event->type() != QEvent::LayoutRequest)
        return false;
    const Hints now = hintsOf(*m_tabs);
    if (m_last == now)
        return true; // nothing setUpLayout() reads has changed: no relayout, no repaint
    m_last = now;
    return false;
}

} // namespace pecards::gui
