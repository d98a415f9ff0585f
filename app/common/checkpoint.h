#pragma once
/// @file checkpoint.h
/// @brief A Hugging Face safetensors checkpoint as one set of tensors: a single `.safetensors`
/// file, or the shards a `model.safetensors.index.json` names (transformers'
/// `modeling_utils.load_sharded_checkpoint` format: {"metadata": {...}, "weight_map": {tensor:
/// shard file name}}), or a folder that holds either (`model.safetensors` first, as transformers).

#include "common/safetensorsfile.h"

#include <Eigen/Core>
#include <QHash>
#include <QString>
#include <QStringList>
#include <cstdint>
#include <memory>
#include <vector>

namespace pecards::app {

/// @brief The tensors of a checkpoint, each read from the shard that holds it.
///
/// Opening reads and checks every shard's header (SafetensorsFile) and, for an index, that every
/// shard it lists is a file beside it and holds every tensor the index assigns to it; no tensor byte
/// is read until one is asked for. Memory: the headers; a read holds only the rows asked for.
class Checkpoint {
public:
    /// @brief Opens `path`: a `.safetensors` file, an `*.index.json`, or a folder holding
    /// `model.safetensors` or, without it, `model.safetensors.index.json`.
    /// @throws FileError naming the file: no checkpoint in the folder, an index that is not JSON or
    ///         has no weight_map, a shard name that is not a plain file name, a shard listed but
    ///         absent or unreadable, a tensor the index puts in a shard whose header lacks it, or
    ///         any SafetensorsFile error of a shard.
    explicit Checkpoint(const QString& path);
    ~Checkpoint();
    Checkpoint(const Checkpoint&) = delete;
    Checkpoint& operator=(const Checkpoint&) = delete;

    /// @brief What was opened (messages name it).
    const QString& path() const { return m_path; }
    /// @brief Every tensor name, sorted.
    QStringList names() const;
    bool contains(const QString& name) const { return m_shardOf.contains(name); }
    /// @brief The shard file that holds `name` (the file itself for a single file).
    /// @throws FileError naming the tensor and the checkpoint when it is absent.
    const SafetensorsFile& file(const QString& name) const;
    /// @brief Shape of tensor `name`. @throws FileError as file().
    std::vector<std::int64_t> shape(const QString& name) const { return file(name).shape(name); }
    /// @brief Rows [first, first + count) of 2-D tensor `name` (SafetensorsFile::rows).
    Eigen::MatrixXd rows(const QString& name, qint64 first, qint64 count) const {
        return file(name).rows(name, first, count);
    }
    /// @brief Values [first, first + count) of tensor `name` in storage order (SafetensorsFile::values).
    Eigen::VectorXd values(const QString& name, qint64 first = 0, qint64 count = -1) const {
        return file(name).values(name, first, count);
    }

private:
    void openIndex(const QString& indexPath);

    QString m_path;
    std::vector<std::unique_ptr<SafetensorsFile>> m_shards;
    QHash<QString, int> m_shardOf; ///< tensor name -> index into m_shards
};

} // namespace pecards::app
