// Attention from logits (docs/encodings.md §5-§6): masked row softmax and the RoPE+ALiBi hybrid.

#include "pecards/attention.h"

#include "check.h"
#include "pecards/alibi.h"
#include "pecards/rope.h"
#include "pecards/rope_scaling.h"
#include "pecards/viewrules.h"

#include <cmath>
#include <limits>

namespace pecards {

namespace {

constexpr Eigen::Index kMaxDenseLogits = 4096; ///< rows/cols of the dense L x L results here

} // namespace

Eigen::MatrixXd rowSoftmax(const Eigen::MatrixXd& logits, const Visibility& visibility) {
    if (!visibility.masks()) {
        return rowSoftmax(logits, visibility.causal);
    }
    Eigen::MatrixXd masked = logits;
    for (Eigen::Index i = 0; i < logits.rows(); ++i) {
        for (Eigen::Index j = 0; j < logits.cols(); ++j) {
            if (!visibility.visible(i, j)) {
                masked(i, j) = -std::numeric_limits<double>::infinity();
            }
        }
    }
    return rowSoftmax(masked, visibility.causal);
}

Eigen::MatrixXd rowSoftmax(const Eigen::MatrixXd& logits, bool causal) {
    Eigen::MatrixXd probs = Eigen::MatrixXd::Zero(logits.rows(), logits.cols());
    for (Eigen::Index i = 0; i < logits.rows(); ++i) {
        const Eigen::Index end = causal ? std::min(i + 1, logits.cols()) : logits.cols();
        double max = -std::numeric_limits<double>::infinity();
        for (Eigen::Index j = 0; j < end; ++j) {
            const double x = logits(i, j);
            PECARDS_CHECK(!std::isnan(x) && x != std::numeric_limits<double>::infinity(), "logits", x,
                "finite, or -inf for masked entries");
            max = std::max(max, x);
        }
        if (max == -std::numeric_limits<double>::infinity()) {
            continue; // fully masked row: no probability mass anywhere, stays 0
        }
        double sum = 0.0;
        for (Eigen::Index j = 0; j < end; ++j) {
            const double e = std::exp(logits(i, j) - max); // exp(-inf) = 0 for masked entries
            probs(i, j) = e;
            sum += e;
        }
        probs.row(i).head(end) /= sum;
    }
    return probs;
}

Eigen::MatrixXd hybridLogits(const RopeParams& rope, AlibiForm form, double slope, const Eigen::MatrixXd& q,
    const Eigen::MatrixXd& k) {
    validate(rope);
    const Eigen::Index length = q.rows();
    const std::string shape_allowed = "L x head_dim with the same L for q and k, head_dim = "
        + std::to_string(rope.head_dim) + ", L in [1, " + std::to_string(kMaxDenseLogits) + "]";
    PECARDS_CHECK(length >= 1 && q.cols() == rope.head_dim, "q",
        std::to_string(q.rows()) + " x " + std::to_string(q.cols()), shape_allowed);
    PECARDS_CHECK(k.rows() == length && k.cols() == rope.head_dim, "k",
        std::to_string(k.rows()) + " x " + std::to_string(k.cols()), shape_allowed);
    if (length > kMaxDenseLogits) {
        throw ComputeLimitExceeded("hybridLogits builds a dense L x L matrix; L = " + std::to_string(length)
            + " exceeds " + std::to_string(kMaxDenseLogits) + ": use a view window instead");
    }
    PECARDS_CHECK(std::isfinite(slope) && slope >= 0.0, "slope", slope, "finite, >= 0");
    // Scaled frequencies for the sequence (rope.seq_len, else L); the attention factor a
    // multiplies cos and sin, i.e. the rotated dims of q and k (docs/quantities.md).
    const RopeScalingResult scaling = ropeScaling(rope, effectiveSeqLen(rope, length));
    const int r = rotaryDim(rope);
    Eigen::MatrixXd q_rot(length, rope.head_dim);
    Eigen::MatrixXd k_rot(length, rope.head_dim);
    for (Eigen::Index p = 0; p < length; ++p) {
        q_rot.row(p)
            = ropeRotate(rope, scaling.inv_freq, q.row(p).transpose(), static_cast<double>(p)).transpose();
        k_rot.row(p)
            = ropeRotate(rope, scaling.inv_freq, k.row(p).transpose(), static_cast<double>(p)).transpose();
    }
    q_rot.leftCols(r) *= scaling.attention_factor;
    k_rot.leftCols(r) *= scaling.attention_factor;
    // Bias after the dot product, never on the embeddings (docs/encodings.md §5).
    Eigen::MatrixXd logits = q_rot * k_rot.transpose() / std::sqrt(static_cast<double>(rope.head_dim));
    for (Eigen::Index i = 0; i < length; ++i) {
        for (Eigen::Index j = 0; j < length; ++j) {
            logits(i, j) += alibiBias(form, slope, i, j, length);
        }
    }
    return logits;
}

} // namespace pecards
