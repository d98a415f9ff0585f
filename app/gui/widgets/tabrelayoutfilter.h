#pragma once
/// @file tabrelayoutfilter.h
/// @brief Keeps a QTabWidget from repainting the whole window on every layout request (#33).

#include <QObject>
#include <QSize>
#include <optional>

class QTabWidget;

namespace pecards::gui {

/// @brief An event filter on one QTabWidget. QTabWidget answers every QEvent::LayoutRequest with
/// setUpLayout(), which calls update() on the whole tab widget: a caption that changes its text
/// inside a card ("base 10001") posts layout requests up to the deck, and each slider notch then
/// repainted every widget of the window (charts, scroll bars, the tab bar), about 10 ms a step on
/// the 2-core machine. The filter lets a request through only when what setUpLayout() reads has
/// changed (the tab bar's size hints and the tab widget's own size hints, which follow the pages');
/// otherwise the request changes nothing and is dropped. Resizes do not depend on it: QTabWidget
/// lays itself out in its resize event.
class TabRelayoutFilter : public QObject {
    Q_OBJECT
public:
    /// Watches `tabs` (and is a child of it).
    explicit TabRelayoutFilter(QTabWidget* tabs);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    /// What QTabWidget::setUpLayout() and its parent's layout read.
    struct Hints {
        QSize barHint;
        QSize barMinimum;
        bool barVisible = false;
        QSize hint;
        QSize minimum;
        bool operator==(const Hints&) const = default;
    };
    static Hints hintsOf(const QTabWidget& tabs);

    QTabWidget* m_tabs;
    std::optional<Hints> m_last; ///< of the last request let through
};

} // namespace pecards::gui
