// The article's advanced tricks (tricks.h): domain-aware PE, gated PE and PE distillation.

#include "pecards/tricks.h"

#include "check.h"
#include "pecards/attention.h"
#include "pecards/probe.h"
#include "pecards/sinusoidal.h"

#include <cmath>

namespace pecards {

namespace {

/// Row offset of the end vectors in the DomainBias stream (start vectors use rows 0..n-1).
constexpr std::int64_t kEndBiasRow = std::int64_t {1} << 20;

void checkDenseLength(std::int64_t length) {
    PECARDS_CHECK(length >= 1 && length <= kMaxTrickLength, "length", length,
        "in [1, " + std::to_string(kMaxTrickLength) + "] (the tricks' maps are dense L x L)");
}

/// Adam state of one parameter block (Kingma & Ba 2015, Algorithm 1).
struct AdamSlot {
    Eigen::MatrixXd m;
    Eigen::MatrixXd v;

    explicit AdamSlot(const Eigen::MatrixXd& shape)
        : m(Eigen::MatrixXd::Zero(shape.rows(), shape.cols()))
        , v(Eigen::MatrixXd::Zero(shape.rows(), shape.cols())) { }

    void step(Eigen::MatrixXd& parameter, const Eigen::MatrixXd& gradient, double rate, double correction1,
        double correction2) {
        constexpr double kBeta1 = 0.9;
        constexpr double kBeta2 = 0.999;
        constexpr double kEpsilon = 1e-8;
        m = kBeta1 * m + (1.0 - kBeta1) * gradient;
        v = kBeta2 * v + (1.0 - kBeta2) * gradient.cwiseAbs2();
        parameter.array() -= rate * (m.array() / correction1) / ((v.array() / correction2).sqrt() + kEpsilon);
    }
};

/// The MLP y = W2 tanh(W1 x + b1) + b2 (one input, `hidden` units, d outputs).
struct Mlp {
    Eigen::MatrixXd w1; ///< hidden x 1
    Eigen::MatrixXd b1; ///< hidden x 1
    Eigen::MatrixXd w2; ///< d x hidden
    Eigen::MatrixXd b2; ///< d x 1

    /// Hidden activations tanh(W1 x + b1) of the inputs x (1 x N): hidden x N.
    Eigen::MatrixXd hidden(const Eigen::RowVectorXd& x) const {
        return ((w1 * x).colwise() + b1.col(0)).array().tanh().matrix();
    }
    Eigen::MatrixXd output(const Eigen::MatrixXd& activations) const {
        return (w2 * activations).colwise() + b2.col(0);
    }
};

/// Inputs x = 2 p / train_length - 1 of positions 0..count-1, 1 x count.
Eigen::RowVectorXd inputs(std::int64_t count, std::int64_t trainLength) {
    Eigen::RowVectorXd x(count);
    for (std::int64_t p = 0; p < count; ++p) {
        x(p) = 2.0 * static_cast<double>(p) / static_cast<double>(trainLength) - 1.0;
    }
    return x;
}

/// Targets [cos(p w); sin(p w)] of positions 0..count-1, d x count.
Eigen::MatrixXd targets(const Eigen::VectorXd& invFreq, std::int64_t count) {
    const Eigen::Index pairs = invFreq.size();
    Eigen::MatrixXd y(2 * pairs, count);
    for (std::int64_t p = 0; p < count; ++p) {
        for (Eigen::Index i = 0; i < pairs; ++i) {
            const double angle = static_cast<double>(p) * invFreq(i);
            y(i, p) = std::cos(angle);
            y(pairs + i, p) = std::sin(angle);
        }
    }
    return y;
}

Mlp initialMlp(const TrickParams& tricks, double fastest) {
    const int hidden = tricks.hidden;
    const int d = tricks.distill_head_dim;
    const auto normal = [&](std::int64_t row, std::int64_t index) {
        return probeNormal(tricks.distill_seed, ProbeStream::Distillation, row, index);
    };
    Mlp mlp {Eigen::MatrixXd(hidden, 1), Eigen::MatrixXd(hidden, 1), Eigen::MatrixXd(d, hidden),
        Eigen::MatrixXd::Zero(d, 1)};
    const double slope = fastest * static_cast<double>(tricks.train_length) / 2.0;
    for (int k = 0; k < hidden; ++k) {
        mlp.w1(k, 0) = slope * normal(0, k);
        const double knee = -1.0 + (2.0 * k + 1.0) / hidden;
        mlp.b1(k, 0) = -mlp.w1(k, 0) * knee;
    }
    const double scale = 1.0 / std::sqrt(static_cast<double>(hidden));
    for (int o = 0; o < d; ++o) {
        for (int k = 0; k < hidden; ++k) {
            mlp.w2(o, k) = scale * normal(1 + o, k);
        }
    }
    return mlp;
}

} // namespace

namespace {

void checkDomainAware(const TrickParams& tricks) {
    checkParam(paramSpec(ParamId::EdgePositions), tricks.edge_positions);
    checkParam(paramSpec(ParamId::BiasScale), tricks.bias_scale);
}

void checkGate(const TrickParams& tricks, std::int64_t length) {
    checkParam(paramSpec(ParamId::Alpha), tricks.alpha);
    checkParam(paramSpec(ParamId::AlphaEnd), tricks.alpha_end);
    checkParam(paramSpec(ParamId::GateCenter), tricks.gate_center);
    checkParam(paramSpec(ParamId::GateWidth), tricks.gate_width);
    PECARDS_CHECK(tricks.gate == GateCurve::Constant || tricks.gate == GateCurve::LinearRamp
            || tricks.gate == GateCurve::Sigmoid,
        "gate", static_cast<int>(tricks.gate), "one of constant, ramp, sigmoid");
    const ParamSpec& query = paramSpec(ParamId::Query);
    checkParam(query, static_cast<double>(tricks.query));
    PECARDS_CHECK(tricks.query < length, query.path, tricks.query,
        allowedText(query) + ", <= L-1 = " + std::to_string(length - 1));
}

void checkDistillation(const TrickParams& tricks) {
    checkParam(paramSpec(ParamId::DistillHeadDim), tricks.distill_head_dim);
    checkParam(paramSpec(ParamId::TrainLength), static_cast<double>(tricks.train_length));
    const ParamSpec& eval = paramSpec(ParamId::EvalLength);
    checkParam(eval, static_cast<double>(tricks.eval_length));
    PECARDS_CHECK(tricks.eval_length >= tricks.train_length, eval.path, tricks.eval_length,
        allowedText(eval) + ", >= train_length = " + std::to_string(tricks.train_length));
    checkParam(paramSpec(ParamId::Hidden), tricks.hidden);
    checkParam(paramSpec(ParamId::Epochs), tricks.epochs);
    checkParam(paramSpec(ParamId::LearningRate), tricks.learning_rate);
    const std::int64_t perEpoch = tricks.train_length * tricks.hidden * (tricks.distill_head_dim + 1);
    PECARDS_CHECK(static_cast<std::int64_t>(tricks.epochs) * perEpoch <= kMaxDistillationWork, "epochs",
        tricks.epochs,
        "at most " + std::to_string(kMaxDistillationWork / perEpoch)
            + " for this train_length, hidden and distill_head_dim (training work <= 2^31 multiply-adds)");
}

} // namespace

void validate(const TrickParams& tricks, std::int64_t length) {
    validateLength(length);
    checkDomainAware(tricks);
    checkGate(tricks, length);
    checkDistillation(tricks);
}

Eigen::MatrixXd domainAwareBias(int d_model, std::int64_t length, const TrickParams& tricks) {
    PECARDS_CHECK(d_model >= 1 && d_model <= kMaxDim, "d_model", d_model, "in [1, 1024]");
    checkDenseLength(length);
    checkDomainAware(tricks);
    Eigen::MatrixXd bias = Eigen::MatrixXd::Zero(length, d_model);
    const std::int64_t n = tricks.edge_positions;
    const auto vector = [&](std::int64_t row) {
        Eigen::RowVectorXd b(d_model);
        for (int c = 0; c < d_model; ++c) {
            b(c) = tricks.bias_scale * probeNormal(tricks.bias_seed, ProbeStream::DomainBias, row, c);
        }
        return b;
    };
    for (std::int64_t p = 0; p < std::min(n, length); ++p) {
        bias.row(p) += vector(p);
        bias.row(length - 1 - p) += vector(kEndBiasRow + p);
    }
    return bias;
}

Eigen::MatrixXd domainAwareTable(
    const SinusoidalParams& sinusoid, std::int64_t length, const TrickParams& tricks) {
    validate(sinusoid);
    checkDenseLength(length);
    return sinusoidalTable(sinusoid, 0, length) + domainAwareBias(sinusoid.d_model, length, tricks);
}

Eigen::MatrixXd domainAwareSimilarity(
    const SinusoidalParams& sinusoid, std::int64_t length, const TrickParams& tricks) {
    const Eigen::MatrixXd table = domainAwareTable(sinusoid, length, tricks);
    return table * table.transpose();
}

Eigen::VectorXd gateCurve(const TrickParams& tricks, std::int64_t length) {
    validateLength(length);
    checkGate(tricks, length);
    Eigen::VectorXd alpha(length);
    const double span = tricks.alpha_end - tricks.alpha;
    for (std::int64_t p = 0; p < length; ++p) {
        const auto position = static_cast<double>(p);
        switch (tricks.gate) {
        case GateCurve::Constant:
            alpha(p) = tricks.alpha;
            break;
        case GateCurve::LinearRamp:
            alpha(p) = length == 1 ? tricks.alpha
                                   : tricks.alpha + span * position / static_cast<double>(length - 1);
            break;
        case GateCurve::Sigmoid:
            alpha(p) = tricks.alpha
                + span / (1.0 + std::exp(-(position - tricks.gate_center) / tricks.gate_width));
            break;
        }
    }
    return alpha;
}

Eigen::MatrixXd gatedScore(const SinusoidalParams& sinusoid, std::int64_t length, const TrickParams& tricks) {
    validate(sinusoid);
    checkDenseLength(length);
    const Eigen::MatrixXd gated
        = gateCurve(tricks, length).asDiagonal() * sinusoidalTable(sinusoid, 0, length);
    return gated * gated.transpose();
}

Eigen::MatrixXd gatedAttention(const SinusoidalParams& sinusoid, std::int64_t length,
    const Visibility& visibility, const TrickParams& tricks) {
    const Eigen::MatrixXd score = gatedScore(sinusoid, length, tricks);
    return rowSoftmax(score / std::sqrt(static_cast<double>(sinusoid.d_model)), visibility);
}

DistillationResult distillPositions(double base, const TrickParams& tricks) {
    PECARDS_CHECK(std::isfinite(base) && base > 1.0, "base", base, "finite, > 1");
    checkDistillation(tricks);
    const int d = tricks.distill_head_dim;
    DistillationResult result;
    result.inv_freq.resize(d / 2);
    for (int i = 0; i < d / 2; ++i) {
        result.inv_freq(i) = std::pow(base, -2.0 * i / d);
    }
    const Eigen::RowVectorXd x = inputs(tricks.train_length, tricks.train_length);
    const Eigen::MatrixXd y = targets(result.inv_freq, tricks.train_length);
    Mlp mlp = initialMlp(tricks, result.inv_freq(0));
    AdamSlot w1(mlp.w1), b1(mlp.b1), w2(mlp.w2), b2(mlp.b2);
    const double count = static_cast<double>(y.size());
    constexpr double kBeta1 = 0.9;
    constexpr double kBeta2 = 0.999;
    for (int t = 1; t <= tricks.epochs; ++t) {
        const Eigen::MatrixXd a = mlp.hidden(x);
        const Eigen::MatrixXd error = mlp.output(a) - y;
        result.final_loss = error.squaredNorm() / count;
        // Gradients of the mean squared error, backpropagated through W2 and tanh.
        const Eigen::MatrixXd dOut = error * (2.0 / count);
        const Eigen::MatrixXd dHidden
            = ((mlp.w2.transpose() * dOut).array() * (1.0 - a.array().square())).matrix();
        const double c1 = 1.0 - std::pow(kBeta1, t);
        const double c2 = 1.0 - std::pow(kBeta2, t);
        const Eigen::MatrixXd gradW2 = dOut * a.transpose();
        w2.step(mlp.w2, gradW2, tricks.learning_rate, c1, c2);
        b2.step(mlp.b2, dOut.rowwise().sum(), tricks.learning_rate, c1, c2);
        w1.step(mlp.w1, dHidden * x.transpose(), tricks.learning_rate, c1, c2);
        b1.step(mlp.b1, dHidden.rowwise().sum(), tricks.learning_rate, c1, c2);
    }
    const Eigen::MatrixXd prediction
        = mlp.output(mlp.hidden(inputs(tricks.eval_length, tricks.train_length)));
    result.error
        = (prediction - targets(result.inv_freq, tricks.eval_length)).cwiseAbs().colwise().maxCoeff();
    result.prediction = prediction.transpose();
    result.inside_max = result.error.head(tricks.train_length).maxCoeff();
    result.beyond_max = tricks.eval_length > tricks.train_length
        ? result.error.tail(tricks.eval_length - tricks.train_length).maxCoeff()
        : 0.0;
    return result;
}

std::string toString(GateCurve value) {
    switch (value) {
    case GateCurve::Constant:
        return "constant";
    case GateCurve::LinearRamp:
        return "ramp";
    case GateCurve::Sigmoid:
        return "sigmoid";
    }
    detail::throwInvalid("gate", std::to_string(static_cast<int>(value)), "one of constant, ramp, sigmoid");
}

template <> GateCurve fromString<GateCurve>(const std::string& name) {
    for (const GateCurve gate : {GateCurve::Constant, GateCurve::LinearRamp, GateCurve::Sigmoid}) {
        if (name == toString(gate)) {
            return gate;
        }
    }
    detail::throwInvalid("gate", "\"" + name + "\"", "one of constant, ramp, sigmoid");
}

} // namespace pecards
