#pragma once
/// @file safetensorsfile.h
/// @brief Reads tensors of a `.safetensors` checkpoint (Hugging Face safetensors format:
/// https://huggingface.co/docs/safetensors, "Format"): 8-byte little-endian header size N,
/// N bytes of JSON header {name: {"dtype", "shape", "data_offsets": [begin, end]}, optional
/// "__metadata__"}, then the raw little-endian tensor bytes.

#include <Eigen/Core>
#include <QFile>
#include <QHash>
#include <QString>
#include <QStringList>
#include <cstdint>
#include <optional>
#include <vector>

namespace pecards::app {

/// @brief A safetensors file whose header has been checked against its size.
///
/// Every entry's dtype, shape and data_offsets are validated when the file is opened: offsets
/// within the data section, end - begin = product(shape) x dtype size (no overflow), so a
/// truncated or lying file is refused before any tensor byte is read. The file is opened through
/// openInputFile (regular files only, never blocking on a FIFO) and read, not memory-mapped: a
/// file that shrinks while it is read (rewritten by a download or an export, a network share)
/// gives a FileError, where a mapping would kill the process with SIGBUS. Only the tensor asked
/// for is read, after its shape and dtype were checked.
class SafetensorsFile {
public:
    /// @brief Opens and validates `path`.
    /// @throws FileError naming the file and the problem: unreadable, not a regular file, shorter
    ///         than its header
    ///         size, header not a JSON object, an entry without dtype/shape/data_offsets, a shape
    ///         or offset that is negative, not an integer or outside the data, a byte count that
    ///         does not match the shape, or a header larger than 100 MB.
    explicit SafetensorsFile(const QString& path);
    SafetensorsFile(const SafetensorsFile&) = delete;
    SafetensorsFile& operator=(const SafetensorsFile&) = delete;

    /// @brief The path given at construction (messages name it).
    const QString& path() const { return m_path; }
    /// @brief Tensor names in header order.
    QStringList names() const { return m_order; }
    bool contains(const QString& name) const { return m_entries.contains(name); }
    /// @brief The first tensor whose name ends with `suffix` and contains `preferred` (if any
    /// does), else the first that ends with `suffix`; nullopt when none.
    std::optional<QString> find(const QString& suffix, const QString& preferred = {}) const;
    /// @brief Shape of tensor `name`. @throws FileError if there is no such tensor.
    std::vector<std::int64_t> shape(const QString& name) const;
    /// @brief Reads a 2-D tensor as doubles (rows x cols as stored, row-major in the file).
    /// dtype F64, F32, F16 or BF16 (each widened exactly).
    /// @throws FileError naming the tensor: absent, not 2-D, another dtype, more than 2^26 values,
    ///         or fewer bytes on disk than the header promised (the file changed since it was opened).
    Eigen::MatrixXd matrix(const QString& name) const;
    /// @brief Rows [first, first + count) of 2-D tensor `name` as doubles (count x cols), read
    /// alone: a checkpoint's projection is read one head at a time, so memory stays at one band.
    /// @throws FileError as matrix, and naming the rows when they are not inside the tensor.
    Eigen::MatrixXd rows(const QString& name, qint64 first, qint64 count) const;
    /// @brief Values [first, first + count) of the tensor in storage order (any shape; count -1: to
    /// the end), as one column, as matrix reads them.
    /// @throws FileError as matrix, and naming the range when it is not inside the tensor.
    Eigen::VectorXd values(const QString& name, qint64 first = 0, qint64 count = -1) const;
    /// @brief As matrix, for a table under check: leading extents of 1 are dropped ((1, n, d) as
    /// HF's cos is n x d) and a 1-D tensor (n) is n x 1.
    /// @throws FileError as matrix, naming the shape when it is not 1-D or 2-D after that
    Eigen::MatrixXd table(const QString& name) const;

private:
    struct Entry {
        QString dtype;
        std::vector<std::int64_t> shape;
        qint64 begin = 0; ///< byte offset in the file
        qint64 size = 0; ///< bytes
    };
    const Entry& entry(const QString& name) const;
    /// Values [first x cols, (first + rows) x cols) of tensor `name` as rows x cols, after the
    /// dtype check (the whole tensor: first 0 and rows x cols its element count).
    Eigen::MatrixXd read(const QString& name, qint64 rows, qint64 cols, qint64 first = 0) const;
    /// Exactly `size` bytes from `offset`; fails naming `what` when the file has fewer now.
    QByteArray readAt(qint64 offset, qint64 size, const QString& what) const;
    [[noreturn]] void fail(const QString& problem) const;

    QString m_path;
    mutable QFile m_file; ///< reads move its position
    qint64 m_fileSize = 0;
    QHash<QString, Entry> m_entries;
    QStringList m_order;
};

} // namespace pecards::app
