// .npy files against the NumPy format specification (format 1.0/2.0 headers built byte by byte
// here): the writer's exact bytes, and the reader's accepted and rejected inputs.

#include "common/fileerror.h"
#include "common/npyfile.h"

#include <QFile>
#include <QTemporaryDir>
#include <cstring>
#include <gtest/gtest.h>

namespace {

using pecards::app::FileError;
using pecards::app::readNpyMatrix;
using pecards::app::writeNpy;

/// A .npy file per the spec: magic, version, little-endian header length, the dict padded with
/// spaces to a 64-byte boundary plus '\n', then raw little-endian data (this machine is LE).
QByteArray npyBytes(const QByteArray& dict, const QByteArray& data, int major = 1) {
    const int lengthBytes = major == 1 ? 2 : 4;
    QByteArray header = dict;
    const qsizetype unpadded = 8 + lengthBytes + header.size() + 1;
    header += QByteArray((64 - unpadded % 64) % 64, ' ') + '\n';
    QByteArray bytes("\x93NUMPY", 6);
    bytes += static_cast<char>(major);
    bytes += '\0';
    for (int i = 0; i < lengthBytes; ++i) {
        bytes += static_cast<char>((header.size() >> (8 * i)) & 0xff);
    }
    return bytes + header + data;
}

template <typename T> QByteArray raw(std::initializer_list<T> values) {
    QByteArray bytes;
    for (T value : values) {
        bytes.append(reinterpret_cast<const char*>(&value), sizeof(T));
    }
    return bytes;
}

class NpyFile : public ::testing::Test {
protected:
    QString path(const char* name) const { return m_dir.filePath(QString::fromLatin1(name)); }
    QString write(const char* name, const QByteArray& bytes) const {
        QFile file(path(name));
        EXPECT_TRUE(file.open(QIODevice::WriteOnly));
        file.write(bytes);
        return path(name);
    }
    QByteArray read(const QString& file) const {
        QFile f(file);
        EXPECT_TRUE(f.open(QIODevice::ReadOnly));
        return f.readAll();
    }
    void expectRejected(const QByteArray& bytes, const std::string& phrase) const {
        const QString file = write("bad.npy", bytes);
        try {
            readNpyMatrix(file);
            ADD_FAILURE() << "accepted";
        } catch (const FileError& error) {
            EXPECT_NE(std::string(error.what()).find("bad.npy"), std::string::npos) << error.what();
            EXPECT_NE(std::string(error.what()).find(phrase), std::string::npos) << error.what();
        }
    }

    QTemporaryDir m_dir;
};

TEST_F(NpyFile, WritesFormat10Float64WithAlignedHeader) {
    const std::vector<double> values {0.1, -2.5, 3.0, -std::numeric_limits<double>::infinity(), 1e-300, 7.0};
    writeNpy(path("grid.npy"), {2, 3}, values);
    const QByteArray expected = npyBytes("{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }",
        raw<double>({0.1, -2.5, 3.0, -std::numeric_limits<double>::infinity(), 1e-300, 7.0}));
    const QByteArray got = read(path("grid.npy"));
    EXPECT_EQ(got, expected);
    EXPECT_EQ((got.size() - 6 * 8) % 64, 0); // data starts on a 64-byte boundary
}

TEST_F(NpyFile, WritesVectorsWithOneElementTupleShape) {
    writeNpy(path("v.npy"), {4}, {1.0, 2.0, 3.0, 4.0});
    EXPECT_EQ(read(path("v.npy")),
        npyBytes(
            "{'descr': '<f8', 'fortran_order': False, 'shape': (4,), }", raw<double>({1.0, 2.0, 3.0, 4.0})));
}

TEST_F(NpyFile, WriteRejectsAShapeThatDoesNotMatchAndLeavesNoFile) {
    EXPECT_THROW(writeNpy(path("x.npy"), {2, 2}, {1.0, 2.0, 3.0}), FileError);
    EXPECT_FALSE(QFile::exists(path("x.npy")));
    EXPECT_THROW(writeNpy(path("missing-dir/x.npy"), {1}, {1.0}), FileError);
}

TEST_F(NpyFile, ReadsFloat32AndFloat64RowMajor) {
    const Eigen::MatrixXd f4 = readNpyMatrix(write("f4.npy",
        npyBytes("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }",
            raw<float>({0.5f, -1.25f, 2.0f, 3.5f, -0.125f, 1e-3f}))));
    ASSERT_EQ(f4.rows(), 2);
    ASSERT_EQ(f4.cols(), 3);
    EXPECT_EQ(f4(0, 1), -1.25);
    EXPECT_EQ(f4(1, 0), 3.5);
    EXPECT_EQ(f4(1, 2), static_cast<double>(1e-3f)); // widened exactly
    const Eigen::MatrixXd f8 = readNpyMatrix(write("f8.npy",
        npyBytes(
            "{'descr': '<f8', 'fortran_order': False, 'shape': (3, 1), }", raw<double>({0.1, 0.2, 0.3}))));
    EXPECT_EQ(f8.rows(), 3);
    EXPECT_EQ(f8(2, 0), 0.3);
}

TEST_F(NpyFile, ReadsVersion2Headers) {
    const Eigen::MatrixXd m = readNpyMatrix(write("v2.npy",
        npyBytes("{'descr': '<f8', 'fortran_order': False, 'shape': (1, 2), }", raw<double>({4.0, 5.0}), 2)));
    EXPECT_EQ(m(0, 1), 5.0);
}

/// np.save(K.T) writes Fortran order: column after column (the engineer's review C15). The matrix
/// [[1, 2, 3], [4, 5, 6]] is stored 1 4 2 5 3 6; its first row alone when one row is asked for.
TEST_F(NpyFile, ReadsFortranOrderAsTheSameMatrix) {
    const QString file = write("f.npy",
        npyBytes("{'descr': '<f4', 'fortran_order': True, 'shape': (2, 3), }",
            raw<float>({1.0F, 4.0F, 2.0F, 5.0F, 3.0F, 6.0F})));
    const Eigen::MatrixXd m = readNpyMatrix(file);
    ASSERT_EQ(m.rows(), 2);
    ASSERT_EQ(m.cols(), 3);
    EXPECT_EQ(m(0, 0), 1.0);
    EXPECT_EQ(m(0, 1), 2.0);
    EXPECT_EQ(m(0, 2), 3.0);
    EXPECT_EQ(m(1, 0), 4.0);
    EXPECT_EQ(m(1, 2), 6.0);
    const Eigen::MatrixXd first = readNpyMatrix(file, 1);
    ASSERT_EQ(first.rows(), 1);
    EXPECT_EQ(first(0, 1), 2.0);
    EXPECT_EQ(first(0, 2), 3.0);
}

TEST_F(NpyFile, RejectsOtherDtypesAndShapes) {
    expectRejected(
        npyBytes("{'descr': '>f8', 'fortran_order': False, 'shape': (1, 1), }", raw<double>({1.0})),
        "dtype '>f8' is not supported");
    expectRejected(npyBytes("{'descr': '<i4', 'fortran_order': False, 'shape': (1, 2), }", raw<int>({1, 2})),
        "dtype '<i4' is not supported");
    expectRejected(
        npyBytes("{'descr': '<f8', 'fortran_order': False, 'shape': (2,), }", raw<double>({1.0, 2.0})),
        "shape (2) is not supported");
    expectRejected(
        npyBytes("{'descr': '<f8', 'fortran_order': False, 'shape': (1, 1, 2), }", raw<double>({1.0, 2.0})),
        "shape (1, 1, 2) is not supported");
}

TEST_F(NpyFile, RejectsTruncatedAndForeignFiles) {
    expectRejected(
        npyBytes("{'descr': '<f8', 'fortran_order': False, 'shape': (2, 2), }", raw<double>({1.0})),
        "needs 32");
    expectRejected(QByteArray("PK\x03\x04 not numpy at all"), "not a .npy file");
    EXPECT_THROW(readNpyMatrix(path("does-not-exist.npy")), FileError);
}

// Header arithmetic is checked: (2^32, 2^32) x 8 bytes once wrapped to 0 and passed the size check.
TEST_F(NpyFile, RejectsShapesWhoseSizeOverflows) {
    expectRejected(
        npyBytes("{'descr': '<f8', 'fortran_order': False, 'shape': (4294967296, 4294967296), }", {}),
        "declares more than 2^63 bytes");
    expectRejected(
        npyBytes("{'descr': '<f4', 'fortran_order': False, 'shape': (9223372036854775807, 2), }", {}),
        "declares more than 2^63 bytes");
    expectRejected(
        npyBytes("{'descr': '<f8', 'fortran_order': False, 'shape': (1, 99999999999999999999), }", {}),
        "malformed shape");
}

TEST_F(NpyFile, RejectsEmptyExtents) {
    // Found by fuzz_npy: (0, 2^32) holds 0 bytes, so the size check passed and the caller got a
    // matrix of 2^32 empty columns that every loop walked for seconds.
    expectRejected(
        npyBytes("{'descr': '<f8', 'fortran_order': False, 'shape': (0000000000, 4294967296), }", {}),
        "holds no values");
    expectRejected(
        npyBytes("{'descr': '<f4', 'fortran_order': False, 'shape': (3, 0), }", {}), "holds no values");
}

TEST_F(NpyFile, RejectsHugeDeclaredHeadersAndNonRegularFiles) {
    QByteArray bytes("\x93NUMPY\x02\x00\xff\xff\xff\x7f", 12); // a 2 GiB header in a 12-byte file
    expectRejected(bytes, "declares a header of 2147483647 bytes");
    try {
        readNpyMatrix(QStringLiteral("/dev/zero"));
        ADD_FAILURE() << "/dev/zero was read";
    } catch (const FileError& error) {
        EXPECT_NE(std::string(error.what()).find("is not a regular file"), std::string::npos) << error.what();
    }
}

TEST_F(NpyFile, ReadsOnlyTheRowsAsked) {
    const QString file = write("rows.npy",
        npyBytes("{'descr': '<f8', 'fortran_order': False, 'shape': (3, 2), }",
            raw<double>({1.0, 2.0, 3.0, 4.0, 1e300, 6.0})));
    const Eigen::MatrixXd two = readNpyMatrix(file, 2); // row 2 (out of range) is never read
    ASSERT_EQ(two.rows(), 2);
    EXPECT_EQ(two(1, 1), 4.0);
    EXPECT_EQ(readNpyMatrix(file, 0).rows(), 0);
    EXPECT_THROW(readNpyMatrix(file), FileError); // all rows: 1e300 is out of range
    EXPECT_THROW(readNpyMatrix(file, 10), FileError);
}

// still_open_from_november #8: 1000.0000001 was refused as "holds 1000", which reads as allowed.
TEST_F(NpyFile, AValueJustOutOfRangeIsQuotedInFull) {
    const QString file = write("edge.npy",
        npyBytes("{'descr': '<f8', 'fortran_order': False, 'shape': (2, 2), }",
            raw<double>({1.0, 2.0, 1000.0000001, 4.0})));
    try {
        readNpyMatrix(file);
        ADD_FAILURE() << "1000.0000001 was accepted";
    } catch (const FileError& error) {
        EXPECT_NE(std::string(error.what()).find("holds 1000.0000001 at [1, 0]"), std::string::npos)
            << error.what();
    }
}

} // namespace
