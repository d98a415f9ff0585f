#pragma once
/// @file ggufrope.h
/// @brief The RoPE of a GGUF file (llama.cpp) as `check` compares it: the frequencies llama.cpp
/// turns each pair by, from the file's metadata and its `rope_freqs` tensor.

#include "common/gguffile.h"

#include <Eigen/Core>
#include <QString>

namespace pecards::app {

/// @brief What a GGUF file says about its rotary embedding.
struct GgufRope {
    QString summary; ///< the keys read and their values, one line
    Eigen::VectorXd invFreq; ///< theta_i llama.cpp uses, radians per position
};

/// @brief The frequencies of `file`: theta_i = freq_base^(-2i/n_rot) (llama.cpp ggml_rope:
/// theta_scale = freq_base^(-2/n_dims)), divided by `rope_freqs.weight[i]` when the tensor is there
/// (Llama 3's factors), times 1/factor for `rope.scaling.type` linear, and YaRN's ramp between
/// theta_i and theta_i/factor (corr dims floored and ceiled from original_context_length, beta 32
/// and 1, as ggml_rope_yarn_corr_dims) for yarn. Keys are `<general.architecture>.rope.*`;
/// freq_base defaults to 10000 and dimension_count to embedding_length / attention.head_count.
/// @throws FileError naming the file: no architecture, no rotary dimension, an unknown scaling type,
///         a rope_freqs tensor of another length than n_rot/2.
GgufRope ggufRope(const GgufFile& file);

} // namespace pecards::app
