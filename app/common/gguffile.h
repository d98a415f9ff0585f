#pragma once
/// @file gguffile.h
/// @brief Reads the header of a GGUF file (llama.cpp's model format, ggml/docs/gguf.md, versions 2
/// and 3): magic "GGUF", version, tensor and key-value counts, the key-value metadata (scalars kept,
/// arrays skipped), the tensor table (name, dims, ggml type, offset), and 1-D float tensors on
/// request. A bounded parser: every count, length and offset is checked against the file's size
/// before it is used, so a truncated, lying or oversized header is refused with a FileError naming
/// the file and the field, and nothing is allocated from an unchecked number.

#include <Eigen/Core>
#include <QFile>
#include <QHash>
#include <QString>
#include <QStringList>
#include <QVariant>
#include <cstdint>
#include <optional>
#include <vector>

namespace pecards::app {

class GgufFile {
public:
    /// @brief Opens `path` (a regular file, openInputFile) and reads its header and tensor table.
    /// @throws FileError: unreadable, not GGUF, an unsupported version, a count, string or array
    ///         longer than the file, an unknown value or tensor type, a tensor outside the data.
    explicit GgufFile(const QString& path);
    GgufFile(const GgufFile&) = delete;
    GgufFile& operator=(const GgufFile&) = delete;

    const QString& path() const { return m_path; }
    std::uint32_t version() const { return m_version; }
    /// @brief A numeric (or bool) metadata value, widened to double; nullopt if absent or not a number.
    std::optional<double> number(const QString& key) const;
    /// @brief A string metadata value; nullopt if absent or not a string.
    std::optional<QString> string(const QString& key) const;
    /// @brief Every metadata key, in file order.
    QStringList keys() const { return m_keys; }
    /// @brief Tensor names in file order.
    QStringList tensorNames() const { return m_tensorOrder; }
    /// @brief Dimensions of tensor `name` as stored (ggml order, fastest first); nullopt if absent.
    std::optional<std::vector<std::int64_t>> tensorDims(const QString& name) const;
    /// @brief A 1-D tensor of type F32, F16, BF16 or F64, widened exactly.
    /// @throws FileError naming the tensor: absent, not 1-D, another type, over 2^20 values, or fewer
    ///         bytes on disk than its size (the file changed since it was opened).
    Eigen::VectorXd vector(const QString& name) const;

private:
    struct Tensor {
        std::vector<std::int64_t> dims;
        std::uint32_t type = 0;
        qint64 offset = 0; ///< from the start of the data section
    };
    [[noreturn]] void fail(const QString& problem) const;

    QString m_path;
    mutable QFile m_file;
    qint64 m_size = 0;
    std::uint32_t m_version = 0;
    qint64 m_dataStart = 0;
    QHash<QString, QVariant> m_values;
    QStringList m_keys;
    QHash<QString, Tensor> m_tensors;
    QStringList m_tensorOrder;
};

} // namespace pecards::app
