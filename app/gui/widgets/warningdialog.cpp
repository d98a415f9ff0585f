#include "widgets/warningdialog.h"

#include <QMessageBox>

namespace pecards::gui {

void openWarning(QWidget* parent, const QString& title, const QString& message) {
    auto* box = new QMessageBox(QMessageBox::Warning, title, message, QMessageBox::Ok, parent);
    // Plain text: a message quotes what a file holds (a lesson's refused <img src="FIFO">, a path),
    // and Qt's rich-text guess would render it, opening the files it names.
    box->setTextFormat(Qt::PlainText);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open(); // window-modal; does not block the event loop
}

} // namespace pecards::gui
