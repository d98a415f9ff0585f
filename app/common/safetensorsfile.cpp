#include "common/safetensorsfile.h"

#include "common/fileerror.h"
#include "common/inputfile.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QtEndian>
#include <cmath>
#include <cstring>
#include <limits>

using namespace Qt::StringLiterals;

namespace pecards::app {

namespace {

constexpr qint64 kMaxHeaderBytes = qint64 {100} << 20; ///< the format's own 100 MB limit
constexpr qint64 kMaxValues = qint64 {1} << 26; ///< largest tensor read into doubles

/// Bytes per element of the dtypes the format defines; 0 = unknown.
qint64 dtypeSize(const QString& dtype) {
    if (dtype == u"F64"_s || dtype == u"I64"_s || dtype == u"U64"_s) {
        return 8;
    }
    if (dtype == u"F32"_s || dtype == u"I32"_s || dtype == u"U32"_s) {
        return 4;
    }
    if (dtype == u"F16"_s || dtype == u"BF16"_s || dtype == u"I16"_s || dtype == u"U16"_s) {
        return 2;
    }
    if (dtype == u"I8"_s || dtype == u"U8"_s || dtype == u"BOOL"_s || dtype == u"F8_E4M3"_s
        || dtype == u"F8_E5M2"_s) {
        return 1;
    }
    return 0;
}

/// A JSON number that is a non-negative integer below 2^53, else nullopt.
std::optional<qint64> count(const QJsonValue& value) {
    if (!value.isDouble()) {
        return std::nullopt;
    }
    const double x = value.toDouble();
    if (!(x >= 0.0) || x > 9007199254740992.0 || std::floor(x) != x) {
        return std::nullopt;
    }
    return static_cast<qint64>(x);
}

double widen(const uchar* p, const QString& dtype) {
    if (dtype == u"F64"_s) {
        return qFromLittleEndian<double>(p);
    }
    if (dtype == u"F32"_s) {
        return static_cast<double>(qFromLittleEndian<float>(p));
    }
    const quint16 bits = qFromLittleEndian<quint16>(p);
    if (dtype == u"F16"_s) {
        // IEEE 754 binary16: sign, 5-bit exponent (bias 15), 10-bit fraction.
        const int exponent = (bits >> 10) & 0x1F;
        const int fraction = bits & 0x3FF;
        const double sign = (bits & 0x8000) ? -1.0 : 1.0;
        if (exponent == 0x1F) {
            return fraction ? std::numeric_limits<double>::quiet_NaN()
                            : sign * std::numeric_limits<double>::infinity();
        }
        return exponent == 0 ? sign * std::ldexp(fraction, -24)
                             : sign * std::ldexp(1024 + fraction, exponent - 25);
    }
    // BF16: the upper 16 bits of an IEEE float32.
    const quint32 wide = static_cast<quint32>(bits) << 16;
    float value = 0.0f;
    std::memcpy(&value, &wide, sizeof value);
    return static_cast<double>(value);
}

} // namespace

void SafetensorsFile::fail(const QString& problem) const {
    throw FileError((m_path + u": "_s + problem).toStdString());
}

QByteArray SafetensorsFile::readAt(qint64 offset, qint64 size, const QString& what) const {
    QByteArray bytes;
    if (m_file.seek(offset))
        bytes = m_file.read(size);
    if (bytes.size() != size) {
        fail(what + u": "_s + QString::number(bytes.size()) + u" of "_s + QString::number(size)
            + u" bytes could be read at byte "_s + QString::number(offset)
            + u": the file changed or shrank since it was opened"_s);
    }
    return bytes;
}

SafetensorsFile::SafetensorsFile(const QString& path)
    : m_path(path) {
    // Unbuffered: a tensor's bytes come from the disk when it is read, not from the header's read.
    m_fileSize = openInputFile(
        m_file, path, std::numeric_limits<qint64>::max(), QIODevice::ReadOnly | QIODevice::Unbuffered);
    if (m_fileSize < 8) {
        fail(u"is "_s + QString::number(m_fileSize)
            + u" bytes, shorter than the 8-byte header size of a .safetensors file"_s);
    }
    const quint64 headerSize = qFromLittleEndian<quint64>(readAt(0, 8, u"header size"_s).constData());
    if (headerSize > static_cast<quint64>(kMaxHeaderBytes)
        || headerSize > static_cast<quint64>(m_fileSize - 8)) {
        fail(u"header size "_s + QString::number(headerSize) + u" bytes exceeds the file ("_s
            + QString::number(m_fileSize)
            + u" bytes) or the format's 100 MB limit: truncated or not a "
              ".safetensors file"_s);
    }
    const qint64 dataStart = 8 + static_cast<qint64>(headerSize);
    const qint64 dataSize = m_fileSize - dataStart;
    QJsonParseError error;
    const QJsonDocument header
        = QJsonDocument::fromJson(readAt(8, static_cast<qint64>(headerSize), u"header"_s), &error);
    if (error.error != QJsonParseError::NoError || !header.isObject()) {
        fail(u"header is not a JSON object ("_s + error.errorString() + u')');
    }
    const QJsonObject object = header.object();
    for (auto it = object.begin(); it != object.end(); ++it) {
        const QString& name = it.key();
        if (name == u"__metadata__"_s) {
            continue;
        }
        const QJsonObject info = it.value().toObject();
        Entry entry;
        entry.dtype = info.value(u"dtype"_s).toString();
        const qint64 itemSize = dtypeSize(entry.dtype);
        if (itemSize == 0) {
            fail(u"tensor "_s + name + u": dtype \""_s + entry.dtype + u"\" is not a safetensors dtype"_s);
        }
        const QJsonArray shape = info.value(u"shape"_s).toArray();
        const QJsonArray offsets = info.value(u"data_offsets"_s).toArray();
        if (!info.value(u"shape"_s).isArray() || offsets.size() != 2) {
            fail(u"tensor "_s + name + u": needs \"shape\" (a list) and \"data_offsets\" [begin, end]"_s);
        }
        qint64 values = 1;
        for (const QJsonValue& extent : shape) {
            const std::optional<qint64> n = count(extent);
            if (!n || (*n > 0 && values > std::numeric_limits<qint64>::max() / 8 / *n)) {
                fail(u"tensor "_s + name + u": shape entry "_s + QString::number(extent.toDouble())
                    + u" is not a non-negative integer (or the size overflows)"_s);
            }
            entry.shape.push_back(*n);
            values *= *n;
        }
        const std::optional<qint64> begin = count(offsets.at(0));
        const std::optional<qint64> end = count(offsets.at(1));
        if (!begin || !end || *begin > *end || *end > dataSize) {
            fail(u"tensor "_s + name + u": data_offsets ["_s + QString::number(offsets.at(0).toDouble())
                + u", "_s + QString::number(offsets.at(1).toDouble()) + u"] lie outside the "_s
                + QString::number(dataSize) + u" data bytes: truncated file or lying header"_s);
        }
        if (*end - *begin != values * itemSize) {
            fail(u"tensor "_s + name + u": data_offsets span "_s + QString::number(*end - *begin)
                + u" bytes but shape x "_s + entry.dtype + u" needs "_s + QString::number(values * itemSize));
        }
        entry.begin = dataStart + *begin;
        entry.size = *end - *begin;
        m_entries.insert(name, entry);
        m_order.append(name);
    }
}

std::optional<QString> SafetensorsFile::find(const QString& suffix, const QString& preferred) const {
    std::optional<QString> first;
    for (const QString& name : m_order) {
        if (!name.endsWith(suffix)) {
            continue;
        }
        if (preferred.isEmpty() || name.contains(preferred)) {
            return name;
        }
        if (!first) {
            first = name;
        }
    }
    return first;
}

const SafetensorsFile::Entry& SafetensorsFile::entry(const QString& name) const {
    const auto it = m_entries.constFind(name);
    if (it == m_entries.constEnd()) {
        fail(u"has no tensor \""_s + name + u"\" (it has "_s + QString::number(m_order.size())
            + u" tensors)"_s);
    }
    return *it;
}

std::vector<std::int64_t> SafetensorsFile::shape(const QString& name) const {
    return entry(name).shape;
}

Eigen::MatrixXd SafetensorsFile::matrix(const QString& name) const {
    const Entry& e = entry(name);
    if (e.shape.size() != 2) {
        fail(u"tensor "_s + name + u" has "_s + QString::number(e.shape.size())
            + u" axes; a 2-D table is needed"_s);
    }
    return read(name, e.shape[0], e.shape[1]);
}

Eigen::MatrixXd SafetensorsFile::table(const QString& name) const {
    std::vector<std::int64_t> shape = entry(name).shape;
    while (shape.size() > 2 && shape.front() == 1) {
        shape.erase(shape.begin());
    }
    if (shape.size() == 1) {
        shape.push_back(1);
    }
    if (shape.size() != 2) {
        QStringList extents;
        for (const std::int64_t extent : entry(name).shape) {
            extents << QString::number(extent);
        }
        fail(u"tensor "_s + name + u" has shape ("_s + extents.join(u", "_s).left(200)
            + u"); a 1-D or 2-D table is needed (leading extents of 1 are dropped)"_s);
    }
    return read(name, shape[0], shape[1]);
}

Eigen::MatrixXd SafetensorsFile::rows(const QString& name, qint64 first, qint64 count) const {
    const Entry& e = entry(name);
    if (e.shape.size() != 2) {
        fail(u"tensor "_s + name + u" has "_s + QString::number(e.shape.size())
            + u" axes; a 2-D matrix is needed"_s);
    }
    if (first < 0 || count < 0 || first > e.shape[0] - count) {
        fail(u"tensor "_s + name + u" has "_s + QString::number(e.shape[0]) + u" rows; rows "_s
            + QString::number(first) + u" to "_s + QString::number(first + count - 1) + u" were asked for"_s);
    }
    return read(name, count, e.shape[1], first);
}

Eigen::VectorXd SafetensorsFile::values(const QString& name, qint64 first, qint64 count) const {
    qint64 size = 1;
    for (const std::int64_t extent : entry(name).shape) {
        size *= extent;
    }
    if (count < 0) {
        count = size - first;
    }
    if (first < 0 || count < 0 || first > size - count) {
        fail(u"tensor "_s + name + u" has "_s + QString::number(size) + u" values; values "_s
            + QString::number(first) + u" to "_s + QString::number(first + count - 1) + u" were asked for"_s);
    }
    return read(name, count, 1, first);
}

Eigen::MatrixXd SafetensorsFile::read(const QString& name, qint64 rows, qint64 cols, qint64 first) const {
    const Entry& e = entry(name);
    if (e.dtype != u"F64"_s && e.dtype != u"F32"_s && e.dtype != u"F16"_s && e.dtype != u"BF16"_s) {
        fail(u"tensor "_s + name + u" has dtype "_s + e.dtype + u"; F32, F16, BF16 or F64 is needed"_s);
    }
    if (rows * cols > kMaxValues) {
        fail(u"tensor "_s + name + u" has "_s + QString::number(rows * cols)
            + u" values; at most 2^26 are read"_s);
    }
    const qint64 itemSize = dtypeSize(e.dtype);
    const QByteArray bytes
        = readAt(e.begin + first * cols * itemSize, rows * cols * itemSize, u"tensor "_s + name);
    Eigen::MatrixXd out(rows, cols);
    const auto* p = reinterpret_cast<const uchar*>(bytes.constData());
    for (qint64 r = 0; r < rows; ++r) {
        for (qint64 c = 0; c < cols; ++c, p += itemSize) {
            out(r, c) = widen(p, e.dtype);
        }
    }
    return out;
}

} // namespace pecards::app
