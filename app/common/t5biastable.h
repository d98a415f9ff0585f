#pragma once
/// @file t5biastable.h
/// @brief The trained T5 relative-position bias of a checkpoint (HF T5 `relative_attention_bias`,
/// an nn.Embedding of num_buckets x heads), read for the relative card (CLI --bias-from and the
/// app's File > Load weights).

#include "common/safetensorsfile.h"

#include <Eigen/Core>
#include <QString>

namespace pecards::app {

/// Largest num_buckets of a T5 bias table (the card's bucket range).
inline constexpr qint64 kMaxT5Buckets = 1024;

/// @brief Tensor `name` of `file` as a num_buckets x heads table, its shape checked before any
/// value is read (a wrong tensor may be hundreds of MB).
/// @throws FileError naming the file and tensor when it is not 2-D with num_buckets in
///         [2, kMaxT5Buckets] and at least one head, or as SafetensorsFile::matrix.
Eigen::MatrixXd readT5BiasTable(const SafetensorsFile& file, const QString& name);

} // namespace pecards::app
