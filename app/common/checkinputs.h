#pragma once
/// @file checkinputs.h
/// @brief An engine's own RoPE numbers to check against the reference (pecards/implcheck.h): what
/// `pecards-cli check` reads from its flags and the app's check dialog from its files, and the
/// check run on them, so both apply the same sequence-length rule and the same core check.

#include "pecards/implcheck.h"
#include "pecards/params.h"

#include <Eigen/Core>
#include <QString>
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

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
    std::int64_t firstPosition = 0; ///< the position of the first row (not with mrope)
    /// M-RoPE: the t, h, w ids of every row, the sections and the layout; none: one position per row
    std::optional<pecards::CheckMrope> mrope;
    pecards::CheckFormat format = pecards::CheckFormat::Float32; ///< the format the numbers were made in
    std::int64_t seqLen = 0; ///< the sequence length the reference is scaled for
};

/// @brief Reads a table under check from `spec`: "FILE.npy" (readNpyTable; a uint16 array as
/// bfloat16 bits when `format` is bfloat16) or "FILE.safetensors:TENSOR" (SafetensorsFile::table:
/// F64, F32, F16, BF16; leading extents of 1 dropped, 1-D as n x 1).
/// @throws FileError naming the file: as those readers, or a .safetensors file without ":TENSOR"
///         (the message lists the tensors it holds)
Eigen::MatrixXd readCheckTable(const QString& spec, pecards::CheckFormat format);

/// @brief The r/2 frequencies of an inv_freq table (readCheckTable, 1-D or n x 1).
/// @throws FileError as readCheckTable, or naming the file and its shape when it is not one column
Eigen::VectorXd readInvFreqTable(const QString& spec, pecards::CheckFormat format);

/// @brief M-RoPE position ids from a table of `rows` tokens: 3 x rows (HF's position_ids of
/// get_rope_index, batch squeezed), rows x 3 (t, h, w) or rows x 4 (pecards-cli's position-ids:
/// segment, t, h, w); whole numbers in [0, 2^26].
/// @throws FileError naming `what`, the shape and the rule, or the first entry that is not an id
std::array<std::vector<std::int64_t>, 3> mropeIdsOfTable(
    const Eigen::MatrixXd& table, Eigen::Index rows, const QString& what);

/// @brief The sequence length a check scales the reference for: the parameters' effective length
/// when `lengthGiven` (the user chose it) or for inv_freq; else for a cache or vectors the first
/// position + rows, or the largest M-RoPE id + 1 (HF's dynamic rules use the longest position + 1).
std::int64_t checkSeqLen(const CheckInputs& inputs, const pecards::CardParams& params, bool lengthGiven);

/// @brief The core check of `inputs` against `rope`: checkCosSin, checkRotated or checkInvFreq.
/// @throws pecards::InvalidParameter for tables of the wrong size for the model
pecards::CheckReport runCheck(const CheckInputs& inputs, const pecards::RopeParams& rope);

} // namespace pecards::app
