#include "views/figureexport.h"

#include "widgets/warningdialog.h"

#include <QFileDialog>
#include <QPainter>
#include <QPixmap>
#include <QSvgGenerator>
#include <QWidget>

namespace pecards::gui {

QString saveFigure(QWidget* widget, const QString& path, const QString& title) {
    if (path.endsWith(QStringLiteral(".svg"), Qt::CaseInsensitive)) {
        QSvgGenerator generator;
        generator.setFileName(path);
        generator.setSize(widget->size());
        generator.setViewBox(widget->rect());
        generator.setTitle(title);
        QPainter painter;
        if (!painter.begin(&generator))
            return QObject::tr("cannot write SVG to %1").arg(path);
        widget->render(&painter);
        painter.end();
        return {};
    }
    if (!widget->grab().save(path))
        return QObject::tr("cannot write image to %1 (check the folder and the file suffix)").arg(path);
    return {};
}

void exportFigure(QWidget* widget, QWidget* dialogParent, const QString& title) {
    const QString path = QFileDialog::getSaveFileName(dialogParent, QObject::tr("Export view"),
        QStringLiteral("view.png"), QObject::tr("PNG image (*.png);;SVG drawing (*.svg)"));
    if (path.isEmpty())
        return;
    const QString error = saveFigure(widget, path, title);
    if (!error.isEmpty())
        openWarning(dialogParent, QObject::tr("Export failed"), error);
}

} // namespace pecards::gui
