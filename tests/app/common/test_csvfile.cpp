// CSV output: one line per grid row, %.17g (shortest text that round-trips every double).

#include "app/filebytes.h"
#include "common/csvfile.h"
#include "common/fileerror.h"

#include <QFile>
#include <QTemporaryDir>
#include <gtest/gtest.h>
#include <limits>

namespace {

using pecards::testsupport::fileBytes;

TEST(CsvFile, WritesOneLinePerRowAtFullPrecision) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("grid.csv"));
    pecards::app::writeCsv(
        path, 2, 3, {0.1, -2.0, 1.0 / 3.0, -std::numeric_limits<double>::infinity(), 0.0, 1e-300});
    EXPECT_EQ(fileBytes(path), QByteArray("0.10000000000000001,-2,0.33333333333333331\n-inf,0,1e-300\n"));
}

TEST(CsvFile, WritesVectorsOneValuePerLine) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("v.csv"));
    pecards::app::writeCsv(path, 3, 1, {1.0, 0.5, 0.25});
    EXPECT_EQ(fileBytes(path), QByteArray("1\n0.5\n0.25\n"));
}

TEST(CsvFile, RejectsAMismatchedShapeWithoutWriting) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("x.csv"));
    EXPECT_THROW(pecards::app::writeCsv(path, 2, 2, {1.0}), pecards::app::FileError);
    EXPECT_FALSE(QFile::exists(path));
}

} // namespace
