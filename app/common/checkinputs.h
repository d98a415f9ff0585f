#pragma once
/// @file checkinputs.h
/// @brief An engine's own RoPE numbers to check against the reference (pecards/implcheck.h): what
/// `pecards-cli check` reads from its flags and the app's check dialog from its files, and the
/// check run on them, so both apply the same sequence-length rule and the same core check.

#include "pecards/implcheck.h"
#include "pecards/params.h"

#include <Eigen/Core>
#include <QString>
#include <cstdint>

namespace pecards::app {

/// @brief What is checked, defaults filled in.
struct CheckInputs {
    bool cache = false; ///< a cos/sin cache (cos and sin set)
    bool vectors = false; ///< rotated vectors (unrotated and rotated set); else inv_freq
    Eigen::VectorXd invFreq; ///< r/2 entries; or the frequencies of a GGUF file
    QString source; ///< what the numbers came from when not a table file (a GGUF file's RoPE keys)
    Eigen::MatrixXd cos; ///< positions x r or positions x r/2
    Eigen::MatrixXd sin; ///< the shape of cos
    Eigen::MatrixXd unrotated; ///< positions x head_dim, q or k before RoPE
    Eigen::MatrixXd rotated; ///< the same vectors after the engine's RoPE
    std::int64_t firstPosition = 0; ///< the position of the first row
    pecards::CheckFormat format = pecards::CheckFormat::Float32; ///< the format the numbers were made in
    std::int64_t seqLen = 0; ///< the sequence length the reference is scaled for
};

/// @brief The r/2 frequencies of an inv_freq table (.npy, 1-D or n x 1, as readNpyTable reads it).
/// @throws FileError as readNpyTable, or naming the file and its shape when it is not one column
Eigen::VectorXd readInvFreqTable(const QString& path);

/// @brief The sequence length a check scales the reference for: the parameters' effective length
/// when `lengthGiven` (the user chose it) or for inv_freq; else for a cache or vectors the first
/// position + rows (HF's dynamic rules use the longest position + 1).
std::int64_t checkSeqLen(const CheckInputs& inputs, const pecards::CardParams& params, bool lengthGiven);

/// @brief The core check of `inputs` against `rope`: checkCosSin, checkRotated or checkInvFreq.
/// @throws pecards::InvalidParameter for tables of the wrong size for the model
pecards::CheckReport runCheck(const CheckInputs& inputs, const pecards::RopeParams& rope);

} // namespace pecards::app
