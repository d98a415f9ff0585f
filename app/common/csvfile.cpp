#include "common/csvfile.h"

#include "common/fileerror.h"
#include "common/outputfile.h"

#include <QByteArray>
#include <cstdio>

using namespace Qt::StringLiterals;

namespace pecards::app {

void writeCsv(const QString& path, std::int64_t rows, std::int64_t cols, const std::vector<double>& values) {
    if (rows < 0 || cols < 0 || rows * cols != static_cast<std::int64_t>(values.size())) {
        throw FileError((path + u": grid shape does not match the number of values"_s).toStdString());
    }
    QByteArray text;
    text.reserve(static_cast<qsizetype>(values.size()) * 24);
    char buffer[32];
    for (std::int64_t r = 0; r < rows; ++r) {
        for (std::int64_t c = 0; c < cols; ++c) {
            const int length = std::snprintf(
                buffer, sizeof buffer, "%.17g", values[static_cast<std::size_t>(r * cols + c)]);
            text.append(buffer, length);
            text.append(c + 1 < cols ? ',' : '\n');
        }
    }
    writeOutputFile(path, text);
}

} // namespace pecards::app
