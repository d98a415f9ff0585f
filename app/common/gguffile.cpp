#include "common/gguffile.h"

#include "common/fileerror.h"
#include "common/inputfile.h"

#include <QByteArray>
#include <QtEndian>
#include <bit>
#include <limits>
#include <qfloat16.h>

using namespace Qt::StringLiterals;

namespace pecards::app {

namespace {

constexpr std::uint64_t kMaxCount = std::uint64_t {1} << 20; ///< tensors, key-values
constexpr std::uint64_t kMaxString = std::uint64_t {1} << 24; ///< bytes of one key or string value
constexpr std::int64_t kMaxVectorValues = std::int64_t {1} << 20;

/// GGUF metadata value types (gguf.md, gguf_metadata_value_type).
enum ValueType : std::uint32_t {
    U8 = 0,
    I8 = 1,
    U16 = 2,
    I16 = 3,
    U32 = 4,
    I32 = 5,
    F32 = 6,
    Bool = 7,
    String = 8,
    Array = 9,
    U64 = 10,
    I64 = 11,
    F64 = 12,
};

/// Bytes of a scalar value type; 0 for String and Array, -1 for an unknown type.
int scalarSize(std::uint32_t type) {
    switch (type) {
    case U8:
    case I8:
    case Bool:
        return 1;
    case U16:
    case I16:
        return 2;
    case U32:
    case I32:
    case F32:
        return 4;
    case U64:
    case I64:
    case F64:
        return 8;
    case String:
    case Array:
        return 0;
    default:
        return -1;
    }
}

/// ggml tensor types this reader decodes: F32 0, F16 1, F64 28, BF16 30 (ggml.h ggml_type).
int tensorElementSize(std::uint32_t type) {
    switch (type) {
    case 0:
        return 4;
    case 1:
    case 30:
        return 2;
    case 28:
        return 8;
    default:
        return 0;
    }
}

/// Sequential reads from the header, each checked against the bytes the file still holds.
class Cursor {
public:
    Cursor(QFile& file, qint64 size, const GgufFile* owner, void (*failer)(const GgufFile*, const QString&))
        : m_file(file)
        , m_size(size)
        , m_owner(owner)
        , m_fail(failer) { }

    qint64 position() const { return m_position; }
    qint64 remaining() const { return m_size - m_position; }

    QByteArray bytes(std::uint64_t count, const QString& what) {
        if (count > static_cast<std::uint64_t>(remaining())) {
            m_fail(m_owner,
                what + u" needs "_s + QString::number(count) + u" bytes at offset "_s
                    + QString::number(m_position) + u", but the file has "_s + QString::number(remaining())
                    + u" left"_s);
        }
        QByteArray data = m_file.read(static_cast<qint64>(count));
        if (data.size() != static_cast<qsizetype>(count)) {
            m_fail(m_owner, what + u" cannot be read (the file changed or shrank)"_s);
        }
        m_position += static_cast<qint64>(count);
        return data;
    }
    void skip(std::uint64_t count, const QString& what) {
        if (count > static_cast<std::uint64_t>(remaining())) {
            m_fail(m_owner, what + u" runs past the end of the file"_s);
        }
        m_position += static_cast<qint64>(count);
        if (!m_file.seek(m_position)) {
            m_fail(m_owner, what + u" cannot be read"_s);
        }
    }
    template <typename T> T value(const QString& what) {
        const QByteArray data = bytes(sizeof(T), what);
        return qFromLittleEndian<T>(data.constData());
    }
    QString string(const QString& what) {
        const auto length = value<std::uint64_t>(what + u" length"_s);
        if (length > kMaxString) {
            m_fail(m_owner,
                what + u" declares "_s + QString::number(length) + u" bytes: allowed: at most 2^24"_s);
        }
        return QString::fromUtf8(bytes(length, what));
    }

private:
    QFile& m_file;
    qint64 m_size;
    qint64 m_position = 0;
    const GgufFile* m_owner;
    void (*m_fail)(const GgufFile*, const QString&);
};

} // namespace

void GgufFile::fail(const QString& problem) const {
    throw FileError((m_path + u": "_s + problem).toStdString());
}

GgufFile::GgufFile(const QString& path)
    : m_path(path) {
    m_size = openInputFile(
        m_file, path, std::numeric_limits<qint64>::max(), QIODevice::ReadOnly | QIODevice::Unbuffered);
    Cursor in(
        m_file, m_size, this, [](const GgufFile* self, const QString& problem) { self->fail(problem); });
    if (in.bytes(4, u"the magic"_s) != QByteArray("GGUF")) {
        fail(u"not a GGUF file (no \"GGUF\" magic)"_s);
    }
    m_version = in.value<std::uint32_t>(u"the version"_s);
    if (m_version != 2 && m_version != 3) {
        fail(u"GGUF version "_s + QString::number(m_version) + u" is not supported (2 and 3 are)"_s);
    }
    const auto tensorCount = in.value<std::uint64_t>(u"the tensor count"_s);
    const auto kvCount = in.value<std::uint64_t>(u"the metadata count"_s);
    for (const auto& [count, what] :
        {std::pair {tensorCount, u"tensor count"_s}, std::pair {kvCount, u"metadata count"_s}}) {
        if (count > kMaxCount) {
            fail(u"the "_s + what + u" "_s + QString::number(count) + u" is over 2^20"_s);
        }
    }
    std::uint32_t alignment = 32;
    for (std::uint64_t i = 0; i < kvCount; ++i) {
        const QString key = in.string(u"metadata key "_s + QString::number(i));
        const auto type = in.value<std::uint32_t>(key + u" type"_s);
        const int size = scalarSize(type);
        if (size < 0) {
            fail(key + u": value type "_s + QString::number(type) + u" is not a GGUF type (0 to 12)"_s);
        }
        m_keys << key;
        if (type == String) {
            m_values.insert(key, in.string(key));
        } else if (type == Array) {
            const auto itemType = in.value<std::uint32_t>(key + u" item type"_s);
            const auto items = in.value<std::uint64_t>(key + u" item count"_s);
            const int itemSize = scalarSize(itemType);
            if (itemSize < 0 || itemType == Array) {
                fail(key + u": array item type "_s + QString::number(itemType) + u" is not allowed"_s);
            }
            if (itemType == String) {
                // Each string takes at least its 8-byte length: bound the count before the loop.
                if (items > static_cast<std::uint64_t>(in.remaining()) / 8) {
                    fail(key + u": "_s + QString::number(items) + u" strings cannot fit in the file"_s);
                }
                for (std::uint64_t k = 0; k < items; ++k) {
                    in.skip(in.value<std::uint64_t>(key + u" item length"_s), key + u" item"_s);
                }
            } else {
                if (items
                    > static_cast<std::uint64_t>(in.remaining()) / static_cast<std::uint64_t>(itemSize)) {
                    fail(key + u": "_s + QString::number(items) + u" items cannot fit in the file"_s);
                }
                in.skip(items * static_cast<std::uint64_t>(itemSize), key);
            }
        } else {
            const QByteArray raw = in.bytes(static_cast<std::uint64_t>(size), key);
            const char* p = raw.constData();
            double value = 0;
            switch (type) {
            case U8:
            case Bool:
                value = static_cast<unsigned char>(p[0]);
                break;
            case I8:
                value = static_cast<signed char>(p[0]);
                break;
            case U16:
                value = qFromLittleEndian<std::uint16_t>(p);
                break;
            case I16:
                value = qFromLittleEndian<std::int16_t>(p);
                break;
            case U32:
                value = qFromLittleEndian<std::uint32_t>(p);
                break;
            case I32:
                value = qFromLittleEndian<std::int32_t>(p);
                break;
            case F32:
                value = static_cast<double>(qFromLittleEndian<float>(p));
                break;
            case U64:
                value = static_cast<double>(qFromLittleEndian<std::uint64_t>(p));
                break;
            case I64:
                value = static_cast<double>(qFromLittleEndian<std::int64_t>(p));
                break;
            default:
                value = qFromLittleEndian<double>(p);
                break;
            }
            m_values.insert(key, value);
            if (key == u"general.alignment"_s) {
                if (!(value >= 1 && value <= 65536)
                    || (static_cast<std::uint32_t>(value) & (static_cast<std::uint32_t>(value) - 1)) != 0) {
                    fail(u"general.alignment = "_s + QString::number(value)
                        + u": allowed: a power of two up to 65536"_s);
                }
                alignment = static_cast<std::uint32_t>(value);
            }
        }
    }
    for (std::uint64_t i = 0; i < tensorCount; ++i) {
        const QString name = in.string(u"tensor name "_s + QString::number(i));
        const auto nDims = in.value<std::uint32_t>(name + u" dimension count"_s);
        if (nDims < 1 || nDims > 8) {
            fail(name + u": "_s + QString::number(nDims) + u" dimensions: allowed: 1 to 8"_s);
        }
        Tensor tensor;
        for (std::uint32_t d = 0; d < nDims; ++d) {
            const auto extent = in.value<std::uint64_t>(name + u" dimension"_s);
            if (extent > (std::uint64_t {1} << 40)) {
                fail(name + u": dimension "_s + QString::number(extent) + u" is over 2^40"_s);
            }
            tensor.dims.push_back(static_cast<std::int64_t>(extent));
        }
        tensor.type = in.value<std::uint32_t>(name + u" type"_s);
        const auto offset = in.value<std::uint64_t>(name + u" offset"_s);
        if (offset > static_cast<std::uint64_t>(m_size)) {
            fail(name + u": offset "_s + QString::number(offset) + u" is past the end of the file"_s);
        }
        tensor.offset = static_cast<qint64>(offset);
        m_tensors.insert(name, tensor);
        m_tensorOrder << name;
    }
    m_dataStart = (in.position() + alignment - 1) / alignment * alignment;
}

std::optional<double> GgufFile::number(const QString& key) const {
    const QVariant value = m_values.value(key);
    if (value.typeId() != QMetaType::Double) {
        return std::nullopt;
    }
    return value.toDouble();
}

std::optional<QString> GgufFile::string(const QString& key) const {
    const QVariant value = m_values.value(key);
    if (value.typeId() != QMetaType::QString) {
        return std::nullopt;
    }
    return value.toString();
}

std::optional<std::vector<std::int64_t>> GgufFile::tensorDims(const QString& name) const {
    const auto it = m_tensors.constFind(name);
    if (it == m_tensors.constEnd()) {
        return std::nullopt;
    }
    return it->dims;
}

Eigen::VectorXd GgufFile::vector(const QString& name) const {
    const auto it = m_tensors.constFind(name);
    if (it == m_tensors.constEnd()) {
        fail(u"no tensor "_s + name);
    }
    const Tensor& tensor = *it;
    if (tensor.dims.size() != 1) {
        fail(name + u" has "_s + QString::number(tensor.dims.size()) + u" dimensions: expected 1"_s);
    }
    const int element = tensorElementSize(tensor.type);
    if (element == 0) {
        fail(name + u" has ggml type "_s + QString::number(tensor.type)
            + u": expected F32, F16, BF16 or F64"_s);
    }
    const std::int64_t count = tensor.dims[0];
    if (count < 1 || count > kMaxVectorValues) {
        fail(name + u" has "_s + QString::number(count) + u" values: allowed: 1 to 2^20"_s);
    }
    const qint64 begin = m_dataStart + tensor.offset;
    const qint64 bytes = count * element;
    if (begin > m_size || bytes > m_size - begin) {
        fail(name + u": its "_s + QString::number(bytes) + u" bytes at offset "_s + QString::number(begin)
            + u" run past the end of the file ("_s + QString::number(m_size) + u" bytes)"_s);
    }
    if (!m_file.seek(begin)) {
        fail(name + u" cannot be read"_s);
    }
    const QByteArray data = m_file.read(bytes);
    if (data.size() != bytes) {
        fail(name + u": fewer bytes than its size (the file changed since it was opened)"_s);
    }
    Eigen::VectorXd values(count);
    for (std::int64_t i = 0; i < count; ++i) {
        const char* p = data.constData() + i * element;
        switch (tensor.type) {
        case 0:
            values[i] = static_cast<double>(qFromLittleEndian<float>(p));
            break;
        case 1:
            values[i] = static_cast<double>(static_cast<float>(qFromLittleEndian<qfloat16>(p)));
            break;
        case 30:
            values[i] = static_cast<double>(
                std::bit_cast<float>(std::uint32_t {qFromLittleEndian<std::uint16_t>(p)} << 16));
            break;
        default:
            values[i] = qFromLittleEndian<double>(p);
            break;
        }
    }
    return values;
}

} // namespace pecards::app
