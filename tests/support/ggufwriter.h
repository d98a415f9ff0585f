#pragma once
/// @file ggufwriter.h
/// @brief Writes small GGUF files for the tests, byte by byte from the format's description
/// (ggml/docs/gguf.md), independent of the reader under test.

#include <QByteArray>
#include <QString>
#include <QtEndian>
#include <cstdint>
#include <vector>

namespace pecards::test {

/// @brief A GGUF v3 file being built: metadata, then tensors, then bytes().
class GgufWriter {
public:
    void string(const QString& key, const QString& value) {
        key_(key, 8);
        text(value);
        ++m_kvs;
    }
    void u32(const QString& key, std::uint32_t value) {
        key_(key, 4);
        put(value);
        ++m_kvs;
    }
    void f32(const QString& key, float value) {
        key_(key, 6);
        put(value);
        ++m_kvs;
    }
    /// An array of strings (e.g. tokenizer.ggml.tokens), skipped by the reader.
    void strings(const QString& key, const std::vector<QString>& values) {
        key_(key, 9);
        put(std::uint32_t {8});
        put(static_cast<std::uint64_t>(values.size()));
        for (const QString& value : values)
            text(value);
        ++m_kvs;
    }
    /// A 1-D F32 tensor.
    void tensor(const QString& name, const std::vector<float>& values) {
        while (m_data.size() % 32 != 0) // each tensor starts aligned; the file ends with the last
            m_data.append('\0');
        text(name, m_tensors);
        put(std::uint32_t {1}, m_tensors);
        put(static_cast<std::uint64_t>(values.size()), m_tensors);
        put(std::uint32_t {0}, m_tensors); // GGML_TYPE_F32
        put(static_cast<std::uint64_t>(m_data.size()), m_tensors);
        for (const float value : values)
            put(value, m_data);
        ++m_tensorCount;
    }
    QByteArray bytes() const {
        QByteArray out("GGUF");
        put(std::uint32_t {3}, out);
        put(m_tensorCount, out);
        put(m_kvs, out);
        out += m_metadata + m_tensors;
        while (out.size() % 32 != 0)
            out.append('\0');
        return out + m_data;
    }

private:
    template <typename T> static void put(T value, QByteArray& to) {
        char raw[sizeof(T)];
        qToLittleEndian<T>(value, raw);
        to.append(raw, sizeof(T));
    }
    template <typename T> void put(T value) { put(value, m_metadata); }
    static void text(const QString& value, QByteArray& to) {
        const QByteArray utf8 = value.toUtf8();
        put(static_cast<std::uint64_t>(utf8.size()), to);
        to += utf8;
    }
    void text(const QString& value) { text(value, m_metadata); }
    void key_(const QString& key, std::uint32_t type) {
        text(key);
        put(type);
    }

    QByteArray m_metadata;
    QByteArray m_tensors;
    QByteArray m_data;
    std::uint64_t m_kvs = 0;
    std::uint64_t m_tensorCount = 0;
};

} // namespace pecards::test
