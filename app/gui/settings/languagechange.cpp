#include "settings/languagechange.h"

#include <QEvent>

namespace pecards::gui {

namespace {

/// Calls its function on LanguageChange events of the object it filters (its parent).
class LanguageChangeFilter : public QObject {
public:
    LanguageChangeFilter(QObject* watched, std::function<void()> apply)
        : QObject(watched)
        , m_apply(std::move(apply)) {
        watched->installEventFilter(this);
    }

    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::LanguageChange && watched == parent())
            m_apply();
        return QObject::eventFilter(watched, event);
    }

private:
    std::function<void()> m_apply;
};

} // namespace

void retranslateOnLanguageChange(QObject* widget, std::function<void()> apply) {
    apply();
    new LanguageChangeFilter(widget, std::move(apply));
}

} // namespace pecards::gui
