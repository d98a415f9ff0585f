#include "widgets/warningdialog.h"

#include <QMessageBox>

namespace pecards::gui {

void openWarning(QWidget* parent, const QString& title, const QString& message) {
    auto* box = new QMessageBox(QMessageBox::Warning, title, message, QMessageBox::Ok, parent);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open(); // window-modal; does not block the event loop
}

} // namespace pecards::gui
