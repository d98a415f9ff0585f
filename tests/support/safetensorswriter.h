#pragma once
/// @file safetensorswriter.h
/// @brief Writes small .safetensors files for the tests, byte by byte from the format's description
/// (https://huggingface.co/docs/safetensors: 8-byte little-endian header size, JSON header
/// {name: {dtype, shape, data_offsets}}, raw little-endian data), independent of the reader.

#include <Eigen/Core>
#include <QByteArray>
#include <QFile>
#include <QString>
#include <QtEndian>
#include <cstdint>
#include <cstring>
#include <vector>

namespace pecards::test {

/// @brief A safetensors file being built: add() tensors, then bytes() or write().
class SafetensorsWriter {
public:
    enum class Dtype { F32, BF16, F64 };

    /// @brief Adds `values` as a 2-D tensor (rows, cols), or 1-D (rows) when `vector` is true.
    /// BF16 keeps the upper 16 bits of the float32 value (exact for values with 8 significant bits).
    void add(
        const QString& name, const Eigen::MatrixXd& values, Dtype dtype = Dtype::F32, bool vector = false) {
        const qsizetype begin = m_data.size();
        for (Eigen::Index r = 0; r < values.rows(); ++r) {
            for (Eigen::Index c = 0; c < values.cols(); ++c) {
                put(values(r, c), dtype);
            }
        }
        if (m_header.size() > 1) {
            m_header += ',';
        }
        const QString shape = vector ? QString::number(values.size())
                                     : QString::number(values.rows()) + u',' + QString::number(values.cols());
        const char* name_ = dtype == Dtype::F32 ? "F32" : dtype == Dtype::BF16 ? "BF16" : "F64";
        m_header += QStringLiteral("\"%1\":{\"dtype\":\"%2\",\"shape\":[%3],\"data_offsets\":[%4,%5]}")
                        .arg(name, QLatin1StringView(name_), shape)
                        .arg(begin)
                        .arg(m_data.size())
                        .toUtf8();
    }
    QByteArray bytes() const {
        const QByteArray header = m_header + '}';
        char size[8];
        qToLittleEndian<quint64>(static_cast<quint64>(header.size()), size);
        return QByteArray(size, 8) + header + m_data;
    }
    /// @return true when the whole file was written
    bool write(const QString& path) const {
        QFile file(path);
        const QByteArray all = bytes();
        return file.open(QIODevice::WriteOnly) && file.write(all) == all.size();
    }

private:
    void put(double value, Dtype dtype) {
        char bytes[8];
        if (dtype == Dtype::F64) {
            qToLittleEndian<double>(value, bytes);
            m_data.append(bytes, 8);
            return;
        }
        const float f = static_cast<float>(value);
        if (dtype == Dtype::F32) {
            qToLittleEndian<float>(f, bytes);
            m_data.append(bytes, 4);
            return;
        }
        std::uint32_t bits = 0;
        std::memcpy(&bits, &f, 4);
        qToLittleEndian<quint16>(static_cast<quint16>(bits >> 16), bytes);
        m_data.append(bytes, 2);
    }

    QByteArray m_header = "{";
    QByteArray m_data;
};

/// @brief Writes a checkpoint of Llama's naming with `layers` layers of q_proj (heads x head_dim,
/// hidden) and k_proj (kv_heads x head_dim, hidden) in BF16 whose values are all 0, as a sparse file:
/// the header, then a hole of the data's size (a model's shape at little disk cost).
/// @return true when the file was written
inline bool writeSparseLlamaCheckpoint(
    const QString& path, int layers, std::int64_t hidden, int heads, int kvHeads, int headDim) {
    QByteArray header = "{";
    std::int64_t offset = 0;
    const auto entry = [&](const QString& name, std::int64_t rows) {
        const std::int64_t bytes = rows * hidden * 2;
        if (header.size() > 1) {
            header += ',';
        }
        header += QStringLiteral("\"%1\":{\"dtype\":\"BF16\",\"shape\":[%2,%3],\"data_offsets\":[%4,%5]}")
                      .arg(name)
                      .arg(rows)
                      .arg(hidden)
                      .arg(offset)
                      .arg(offset + bytes)
                      .toUtf8();
        offset += bytes;
    };
    for (int layer = 0; layer < layers; ++layer) {
        const QString prefix = QStringLiteral("model.layers.%1.self_attn.").arg(layer);
        entry(prefix + QStringLiteral("q_proj.weight"), std::int64_t {heads} * headDim);
        entry(prefix + QStringLiteral("k_proj.weight"), std::int64_t {kvHeads} * headDim);
    }
    header += '}';
    char size[8];
    qToLittleEndian<quint64>(static_cast<quint64>(header.size()), size);
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(size, 8) == 8 && file.write(header) == header.size()
        && file.resize(8 + header.size() + offset);
}

} // namespace pecards::test
