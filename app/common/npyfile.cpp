#include "common/npyfile.h"

#include "common/fileerror.h"
#include "common/inputfile.h"
#include "common/outputfile.h"

#include <QByteArray>
#include <QFile>
#include <QLocale>
#include <QRegularExpression>
#include <QStringList>
#include <QtEndian>
#include <bit>
#include <cstring>
#include <limits>
#include <pecards/params.h>
#include <pecards/probe.h>
#include <qfloat16.h>

using namespace Qt::StringLiterals;

namespace pecards::app {

namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr qsizetype kMagicSize = 6;
constexpr qsizetype kAlignment = 64; ///< numpy pads headers to 64 bytes since 1.x

QByteArray headerDict(const std::vector<std::int64_t>& shape) {
    QByteArray shapeText = "(";
    for (std::size_t i = 0; i < shape.size(); ++i) {
        shapeText += QByteArray::number(static_cast<qlonglong>(shape[i]));
        if (shape.size() == 1 || i + 1 < shape.size()) {
            shapeText += ", ";
        }
    }
    shapeText = shapeText.trimmed() + ")";
    return "{'descr': '<f8', 'fortran_order': False, 'shape': " + shapeText + ", }";
}

/// The parsed header of a .npy file.
struct NpyHeader {
    QString descr;
    bool fortranOrder = false;
    std::vector<std::int64_t> shape;
    qsizetype dataOffset = 0;
};

/// Largest header dict read (numpy writes a few hundred bytes; format 2.0 allows 4 GiB).
constexpr qsizetype kMaxHeaderLength = qsizetype {1} << 20;

/// Reads and parses the header (magic, version, dict) from the start of `file`.
NpyHeader readHeader(const QString& path, QFile& file) {
    const QByteArray prefix = file.read(12);
    if (prefix.size() < 10 || std::memcmp(prefix.constData(), kMagic, kMagicSize) != 0) {
        throwFileError(path, u"not a .npy file (no \\x93NUMPY magic)"_s);
    }
    const auto major = static_cast<unsigned char>(prefix[6]);
    qsizetype lengthSize = 0;
    if (major == 1) {
        lengthSize = 2;
    } else if (major == 2 || major == 3) {
        lengthSize = 4;
    } else {
        throwFileError(
            path, u".npy format version "_s + QString::number(major) + u" is not supported (1 to 3 are)"_s);
    }
    const qsizetype start = 8 + lengthSize;
    if (prefix.size() < start) {
        throwFileError(path, u"truncated .npy header"_s);
    }
    const qsizetype length = lengthSize == 2
        ? qFromLittleEndian<quint16>(prefix.constData() + 8)
        : static_cast<qsizetype>(qFromLittleEndian<quint32>(prefix.constData() + 8));
    if (length > kMaxHeaderLength) {
        throwFileError(path,
            u"declares a header of "_s + QString::number(length) + u" bytes, more than the "_s
                + QString::number(kMaxHeaderLength) + u" allowed"_s);
    }
    if (!file.seek(start)) {
        throwFileError(path, u"truncated .npy header"_s);
    }
    const QByteArray dictBytes = file.read(length);
    if (dictBytes.size() != length) {
        throwFileError(path, u"truncated .npy header"_s);
    }
    const QString dict = QString::fromLatin1(dictBytes);
    NpyHeader header;
    header.dataOffset = start + length;
    static const QRegularExpression descrRe(uR"('descr'\s*:\s*'([^']*)')"_s);
    static const QRegularExpression fortranRe(uR"('fortran_order'\s*:\s*(True|False))"_s);
    static const QRegularExpression shapeRe(uR"('shape'\s*:\s*\(([^)]*)\))"_s);
    const QRegularExpressionMatch descr = descrRe.match(dict);
    const QRegularExpressionMatch fortran = fortranRe.match(dict);
    const QRegularExpressionMatch shape = shapeRe.match(dict);
    if (!descr.hasMatch() || !fortran.hasMatch() || !shape.hasMatch()) {
        throwFileError(path, u"malformed .npy header "_s + dict.trimmed().left(200));
    }
    header.descr = descr.captured(1);
    header.fortranOrder = fortran.captured(1) == u"True"_s;
    for (const QString& part : shape.captured(1).split(u',', Qt::SkipEmptyParts)) {
        bool ok = false;
        const qlonglong extent = part.trimmed().toLongLong(&ok);
        if (!ok || extent < 0) {
            throwFileError(
                path, u"malformed shape ("_s + shape.captured(1).left(200) + u") in the .npy header"_s);
        }
        header.shape.push_back(extent);
    }
    return header;
}

template <typename Scalar>
Eigen::MatrixXd decodeRows(const char* data, std::int64_t rows, std::int64_t cols) {
    Eigen::MatrixXd matrix(rows, cols);
    for (std::int64_t r = 0; r < rows; ++r) {
        for (std::int64_t c = 0; c < cols; ++c) {
            matrix(r, c)
                = static_cast<double>(qFromLittleEndian<Scalar>(data + (r * cols + c) * sizeof(Scalar)));
        }
    }
    return matrix;
}

} // namespace

QByteArray npyBytes(
    const std::vector<std::int64_t>& shape, const std::vector<double>& values, const QString& what) {
    std::int64_t count = 1;
    for (const std::int64_t extent : shape) {
        count *= extent;
    }
    if (count != static_cast<std::int64_t>(values.size())) {
        throwFileError(
            what, u"shape does not match the number of values ("_s + QString::number(values.size()) + u')');
    }
    QByteArray header = headerDict(shape);
    // magic (6) + version (2) + length (2) + dict + padding + '\n' is a multiple of 64.
    const qsizetype unpadded = kMagicSize + 2 + 2 + header.size() + 1;
    header += QByteArray((kAlignment - unpadded % kAlignment) % kAlignment, ' ') + '\n';
    QByteArray bytes;
    bytes.reserve(kMagicSize + 4 + header.size() + static_cast<qsizetype>(values.size() * sizeof(double)));
    bytes.append(kMagic, kMagicSize);
    bytes.append('\x01').append('\x00');
    char length[2];
    qToLittleEndian<quint16>(static_cast<quint16>(header.size()), length);
    bytes.append(length, 2).append(header);
    const qsizetype dataStart = bytes.size();
    bytes.resize(dataStart + static_cast<qsizetype>(values.size() * sizeof(double)));
    for (std::size_t i = 0; i < values.size(); ++i) {
        qToLittleEndian<double>(
            values[i], bytes.data() + dataStart + static_cast<qsizetype>(i * sizeof(double)));
    }
    return bytes;
}

void writeNpy(
    const QString& path, const std::vector<std::int64_t>& shape, const std::vector<double>& values) {
    writeOutputFile(path, npyBytes(shape, values, path));
}

namespace {

/// What a reader accepts beyond 2-D float32/float64 arrays of bounded entries.
struct NpyReadRules {
    bool vectors = false; ///< a 1-D array (n,) is read as n x 1
    bool halves = false; ///< float16 '<f2' too, widened exactly
    bool bounded = true; ///< entries within +-kMaxProbeEntry (content vectors); else only finite
    bool squeeze = false; ///< leading extents of 1 dropped: (1, n, d) is n x d
    bool bfloat16Bits = false; ///< uint16 '<u2' read as bfloat16 bit patterns (numpy has no bfloat16)
};

/// The bfloat16 whose bit pattern is `bits` (a uint16 entry): the upper half of a float32.
double fromBfloat16Bits(double bits) {
    return std::bit_cast<float>(static_cast<quint32>(bits) << 16);
}

Eigen::MatrixXd readNpy(const QString& path, std::int64_t maxRows, const NpyReadRules& rules) {
    QFile file;
    const qint64 fileSize = openInputFile(file, path, std::numeric_limits<qint64>::max());
    const NpyHeader header = readHeader(path, file);
    qsizetype itemSize = 0;
    if (header.descr == u"<f8"_s) {
        itemSize = 8;
    } else if (header.descr == u"<f4"_s) {
        itemSize = 4;
    } else if (rules.halves && header.descr == u"<f2"_s) {
        itemSize = 2;
    } else if (rules.bfloat16Bits && header.descr == u"<u2"_s) {
        itemSize = 2;
    } else if (rules.halves && header.descr == u"<u2"_s) {
        throwFileError(path,
            u"dtype '<u2' (uint16) is read only as bfloat16 bit patterns, when the table's format is "
            "bfloat16 (pecards-cli check --dtype bf16)"_s);
    } else {
        throwFileError(path,
            u"dtype '"_s + header.descr.left(40)
                + u"' is not supported: expected little-endian float32 '<f4' or float64 '<f8'"_s);
    }
    std::vector<std::int64_t> shape = header.shape;
    while (rules.squeeze && shape.size() > 2 && shape.front() == 1) {
        shape.erase(shape.begin());
    }
    if (rules.vectors && shape.size() == 1) {
        shape.push_back(1);
    }
    if (shape.size() != 2) {
        QStringList extents;
        for (const std::int64_t extent : header.shape) {
            extents << QString::number(extent);
        }
        throwFileError(path,
            u"shape ("_s + extents.join(u", "_s).left(200)
                + (rules.squeeze ? u") is not supported: expected a 1-D or 2-D array (after leading 1s)"_s
                        : rules.vectors
                        ? u") is not supported: expected a 1-D or 2-D array"_s
                        : u") is not supported: expected a 2-D array (positions L, dimension d)"_s));
    }
    const std::int64_t rows = shape[0];
    const std::int64_t cols = shape[1];
    const QString shapeText = u"shape ("_s + QString::number(rows) + u", "_s + QString::number(cols) + u')';
    // An empty array holds no vector; it would also let any other extent pass the size check
    // below (0 bytes either way), and a (0, 2^32) matrix is work for every loop over it.
    if (rows < 1 || cols < 1) {
        throwFileError(
            path, shapeText + u" holds no values: expected at least one position and one dimension"_s);
    }
    // rows * cols * itemSize in checked arithmetic: a header may declare any extents.
    std::int64_t rowBytes = 0;
    std::int64_t expected = 0;
    if (__builtin_mul_overflow(cols, static_cast<std::int64_t>(itemSize), &rowBytes)
        || __builtin_mul_overflow(rows, rowBytes, &expected)) {
        throwFileError(path, shapeText + u" declares more than 2^63 bytes of data"_s);
    }
    const qint64 available = fileSize - header.dataOffset;
    if (available != expected) {
        throwFileError(path,
            u"holds "_s + QString::number(available) + u" bytes of data, but "_s + shapeText + u" needs "_s
                + QString::number(expected));
    }
    const std::int64_t readRows = maxRows < 0 ? rows : std::min(rows, maxRows);
    // Fortran (column-major) order, as np.save(K.T) writes: column after column, so the whole
    // array is read and transposed.
    const bool fortran = header.fortranOrder;
    const qint64 readBytes = (fortran ? rows : readRows) * rowBytes; // <= expected: no overflow
    if (readBytes == 0) {
        return Eigen::MatrixXd(readRows, cols);
    }
    // Read, not mapped: a file that shrinks while it is read (rewritten by another program, a
    // network share) gives an error naming it, where a mapping would end the process with SIGBUS.
    // Only the rows used are read.
    if (!file.seek(header.dataOffset)) {
        throwFileError(path, u"cannot be read ("_s + file.errorString() + u')');
    }
    const QByteArray bytes = file.read(readBytes);
    if (bytes.size() != readBytes) {
        throwFileError(path,
            u"holds fewer bytes than its header promised (the file changed while it was read): "_s
                + QString::number(bytes.size()) + u" of "_s + QString::number(readBytes));
    }
    const char* data = bytes.constData();
    const std::int64_t stored = fortran ? cols : readRows; // the rows as stored
    const std::int64_t across = fortran ? rows : cols;
    Eigen::MatrixXd matrix = itemSize == 8 ? decodeRows<double>(data, stored, across)
        : itemSize == 4                    ? decodeRows<float>(data, stored, across)
        : header.descr == u"<u2"_s ? decodeRows<quint16>(data, stored, across).unaryExpr(&fromBfloat16Bits)
                                   : decodeRows<qfloat16>(data, stored, across);
    if (fortran) {
        matrix = matrix.transpose().topRows(readRows).eval();
    }
    // Content vectors feed a double row softmax: finite and bounded (params.h); tables under check
    // need only be finite.
    const double bound = rules.bounded ? pecards::kMaxProbeEntry : std::numeric_limits<double>::infinity();
    if (const Eigen::Index entry = pecards::firstEntryBeyond(matrix, bound); entry >= 0) {
        const Eigen::Index row = entry % matrix.rows();
        const Eigen::Index col = entry / matrix.rows();
        throwFileError(path,
            u"holds "_s + QString::number(matrix(row, col), 'g', QLocale::FloatingPointShortest) + u" at ["_s
                + QString::number(row) + u", "_s + QString::number(col) + u"]: "_s
                + (rules.bounded ? u"content vector entries must be finite and in [-"_s
                            + QString::number(pecards::kMaxProbeEntry) + u", "_s
                            + QString::number(pecards::kMaxProbeEntry) + u"]"_s
                                 : u"entries must be finite"_s));
    }
    return matrix;
}

} // namespace

Eigen::MatrixXd readNpyMatrix(const QString& path, std::int64_t maxRows) {
    return readNpy(path, maxRows, NpyReadRules {});
}

Eigen::MatrixXd readNpyTable(const QString& path, bool bfloat16Bits) {
    return readNpy(path, -1, NpyReadRules {true, true, false, true, bfloat16Bits});
}

} // namespace pecards::app
