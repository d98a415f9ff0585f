#include "figure/griddata.h"

#include "common/csvfile.h"
#include "common/fileerror.h"
#include "common/npyfile.h"

#include <QFileInfo>

namespace pecards::app {

void saveGridData(const QString& path, const Grid& grid) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == u"npy") {
        writeNpy(path, {grid.rows, grid.cols}, grid.values);
    } else if (suffix == u"csv") {
        writeCsv(path, grid.rows, grid.cols, grid.values);
    } else {
        throw FileError(QStringLiteral("%1: unknown data file type: use the suffix .npy or .csv")
                            .arg(path)
                            .toStdString());
    }
}

} // namespace pecards::app
