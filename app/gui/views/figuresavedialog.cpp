#include "views/figuresavedialog.h"

#include "views/viewfigure.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QMessageBox>

namespace {

/// The suffix of the filter "PNG image (*.png)" -> ".png".
QString filterSuffix(const QString& filter) {
    const qsizetype star = filter.indexOf(QStringLiteral("*."));
    return star < 0 ? QString() : filter.mid(star + 1, filter.indexOf(u')', star) - star - 1);
}

void showError(QWidget* parent, const QString& message) {
    QMessageBox::warning(parent, QObject::tr("Export failed"), message);
}

} // namespace

void askAndSaveHeatmap(const ShownHeatmap& shown, QWidget* parent) {
    const QStringList filters {QObject::tr("PNG image (*.png)"), QObject::tr("SVG drawing (*.svg)"),
        QObject::tr("PDF document (*.pdf)"), QObject::tr("NumPy array of the values (*.npy)"),
        QObject::tr("CSV table of the values (*.csv)")};
    QString filter = filters.front();
    QString path = QFileDialog::getSaveFileName(parent, QObject::tr("Save view"),
        QStringLiteral("%1.png").arg(QString::fromStdString(pecards::toString(shown.request.quantity))),
        filters.join(QStringLiteral(";;")), &filter);
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += filterSuffix(filter);
    int dpi = kDefaultDpi;
    if (path.endsWith(QStringLiteral(".png"), Qt::CaseInsensitive)) {
        QStringList choices;
        for (const int choice : figureDpiChoices())
            choices.push_back(QString::number(choice));
        bool ok = false;
        const QString picked = QInputDialog::getItem(parent, QObject::tr("PNG resolution"),
            QObject::tr("Dots per inch (the figure is 6 × 4.5 in):"), choices, 0, true, &ok);
        if (!ok)
            return;
        dpi = picked.toInt(&ok);
        if (!ok) {
            showError(parent,
                QObject::tr("dpi = %1 is invalid: allowed: a whole number in [72, 2400]").arg(picked));
            return;
        }
    }
    QString error;
    if (!saveHeatmapFigure(shown, path, dpi, &error))
        showError(parent, error);
}

bool saveCardPdf(
    const QList<ShownHeatmap>& heatmaps, const QString& suggestedName, QWidget* parent, QString path) {
    if (heatmaps.isEmpty()) {
        showError(parent, QObject::tr("This card shows no computed heatmap to export."));
        return false;
    }
    if (path.isEmpty())
        path = QFileDialog::getSaveFileName(parent, QObject::tr("Export card"),
            suggestedName + QStringLiteral(".pdf"), QObject::tr("PDF document (*.pdf)"));
    if (path.isEmpty())
        return false;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".pdf");
    QString error;
    if (!saveHeatmapsPdf(heatmaps, path, &error)) {
        showError(parent, error);
        return false;
    }
    return true;
}
