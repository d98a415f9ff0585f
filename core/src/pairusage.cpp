#include "pecards/pairusage.h"

#include "pecards/errors.h"
#include "pecards/rope.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace pecards {

namespace {

std::string count(Eigen::Index n) {
    return std::to_string(n);
}

void checkFinite(const char* name, const auto& values) {
    if (!values.allFinite()) {
        throw InvalidParameter(name, "a value that is not finite", "finite weights");
    }
}

} // namespace

std::vector<PairChannels> rotaryPairChannels(const RopeParams& params) {
    const std::vector<RopeDimension> pairing = ropePairing(params);
    std::vector<PairChannels> pairs(static_cast<std::size_t>(rotaryDim(params) / 2));
    for (int channel = 0; channel < static_cast<int>(pairing.size()); ++channel) {
        const RopeDimension& dim = pairing[static_cast<std::size_t>(channel)];
        if (dim.pair >= 0 && channel < dim.partner) {
            pairs[static_cast<std::size_t>(dim.pair)] = {channel, dim.partner};
        }
    }
    return pairs;
}

Eigen::VectorXd pairOperatorNorms(const RopeParams& params, const Eigen::Ref<const Eigen::MatrixXd>& block,
    const Eigen::Ref<const Eigen::VectorXd>& bias) {
    const std::vector<PairChannels> pairs = rotaryPairChannels(params);
    if (block.rows() != params.head_dim || block.cols() < 1) {
        throw InvalidParameter("block", count(block.rows()) + " x " + count(block.cols()),
            std::to_string(params.head_dim) + " rows (head_dim, one per channel) and at least one column");
    }
    if (bias.size() != 0 && bias.size() != params.head_dim) {
        throw InvalidParameter("bias", count(bias.size()) + " entries",
            "none, or " + std::to_string(params.head_dim) + " (head_dim)");
    }
    checkFinite("block", block);
    checkFinite("bias", bias);
    Eigen::VectorXd norms(static_cast<Eigen::Index>(pairs.size()));
    for (Eigen::Index i = 0; i < norms.size(); ++i) {
        const PairChannels& pair = pairs[static_cast<std::size_t>(i)];
        // Scaled by the largest |entry| first, so that the Gram entries neither overflow (F64 weights
        // of 1e200) nor underflow (1e-170); the norm is scale * sqrt(larger eigenvalue).
        const double scale = std::max(
            block.row(pair.first).cwiseAbs().maxCoeff(), block.row(pair.second).cwiseAbs().maxCoeff());
        if (scale > 0.0) {
            const Eigen::RowVectorXd a = block.row(pair.first) / scale;
            const Eigen::RowVectorXd b = block.row(pair.second) / scale;
            const double aa = a.squaredNorm();
            const double bb = b.squaredNorm();
            const double ab = a.dot(b);
            // Larger eigenvalue of [[aa, ab], [ab, bb]].
            const double lambda = 0.5 * (aa + bb) + std::hypot(0.5 * (aa - bb), ab);
            norms(i) = scale * std::sqrt(std::max(lambda, 0.0));
        } else {
            norms(i) = 0.0;
        }
        if (bias.size() != 0) {
            norms(i) += std::hypot(bias(pair.first), bias(pair.second));
        }
    }
    return norms;
}

Eigen::MatrixXd pairLengths(const RopeParams& params, const Eigen::Ref<const Eigen::MatrixXd>& block,
    const Eigen::Ref<const Eigen::VectorXd>& bias, const Eigen::Ref<const Eigen::MatrixXd>& inputs) {
    pairOperatorNorms(params, block, bias); // the block's and bias's checks
    if (inputs.cols() != block.cols()) {
        throw InvalidParameter("inputs", count(inputs.rows()) + " x " + count(inputs.cols()),
            "positions x " + count(block.cols()) + " (the projection's input size)");
    }
    checkFinite("inputs", inputs);
    Eigen::MatrixXd q = inputs * block.transpose(); // positions x head_dim
    if (bias.size() != 0) {
        q.rowwise() += bias.transpose();
    }
    const std::vector<PairChannels> pairs = rotaryPairChannels(params);
    Eigen::MatrixXd lengths(inputs.rows(), static_cast<Eigen::Index>(pairs.size()));
    for (Eigen::Index i = 0; i < lengths.cols(); ++i) {
        const PairChannels& pair = pairs[static_cast<std::size_t>(i)];
        for (Eigen::Index p = 0; p < lengths.rows(); ++p) {
            lengths(p, i) = std::hypot(q(p, pair.first), q(p, pair.second));
        }
    }
    return lengths;
}

Eigen::MatrixXd pairUsageProduct(const Eigen::MatrixXd& query, const Eigen::MatrixXd& key) {
    if (key.rows() < 1 || query.rows() % key.rows() != 0) {
        throw InvalidParameter("num_key_value_heads", count(key.rows()),
            "a divisor of num_attention_heads = " + count(query.rows()));
    }
    if (key.cols() != query.cols()) {
        throw InvalidParameter("key pairs", count(key.cols()), count(query.cols()) + " (the query's pairs)");
    }
    const Eigen::Index group = query.rows() / key.rows();
    Eigen::MatrixXd product(query.rows(), query.cols());
    for (Eigen::Index h = 0; h < query.rows(); ++h) {
        product.row(h) = query.row(h).cwiseProduct(key.row(h / group));
    }
    if (!product.allFinite()) {
        throw InvalidParameter("usage", "a product that overflows a double",
            "pair norms whose products are finite (below about 1e154 each)");
    }
    return product;
}

std::vector<bool> pairsMovedByScaling(const RopeParams& params, std::int64_t seq_len) {
    const Eigen::VectorXd plain = ropeInvFreq(params);
    const Eigen::VectorXd scaled = ropeScaledInvFreq(params, seq_len);
    std::vector<bool> moved(static_cast<std::size_t>(plain.size()));
    for (Eigen::Index i = 0; i < plain.size(); ++i) {
        const double tolerance = 1e-12 * std::max(std::abs(plain(i)), std::abs(scaled(i)));
        moved[static_cast<std::size_t>(i)] = std::abs(scaled(i) - plain(i)) > tolerance;
    }
    return moved;
}

Eigen::VectorXd pairMoveDegree(const RopeParams& params, std::int64_t seq_len) {
    const Eigen::VectorXd plain = ropeInvFreq(params);
    const Eigen::VectorXd scaled = ropeScaledInvFreq(params, seq_len);
    Eigen::VectorXd degree = Eigen::VectorXd::Zero(plain.size());
    for (Eigen::Index i = 0; i < plain.size(); ++i) {
        if (plain(i) > 0.0 && scaled(i) > 0.0) {
            degree(i) = std::abs(std::log(scaled(i) / plain(i)));
        }
    }
    const double most = degree.size() > 0 ? degree.maxCoeff() : 0.0;
    return most > 1e-12 ? Eigen::VectorXd(degree / most) : Eigen::VectorXd::Zero(plain.size());
}

Eigen::VectorXd movedUsageFraction(const Eigen::MatrixXd& product, const std::vector<bool>& moved) {
    if (static_cast<Eigen::Index>(moved.size()) != product.cols()) {
        throw InvalidParameter(
            "moved pairs", std::to_string(moved.size()) + " entries", count(product.cols()) + " (the pairs)");
    }
    if (!product.allFinite() || (product.size() > 0 && product.minCoeff() < 0.0)) {
        throw InvalidParameter("usage", "a negative or non-finite entry", "finite values >= 0");
    }
    Eigen::VectorXd fraction = Eigen::VectorXd::Zero(product.rows());
    for (Eigen::Index h = 0; h < product.rows(); ++h) {
        double movedSum = 0.0;
        for (Eigen::Index i = 0; i < product.cols(); ++i) {
            if (moved[static_cast<std::size_t>(i)]) {
                movedSum += product(h, i);
            }
        }
        const double total = product.row(h).sum();
        fraction(h) = total > 0.0 ? movedSum / total : 0.0;
    }
    return fraction;
}

} // namespace pecards
