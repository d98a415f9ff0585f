#pragma once
/// @file trickparams.h
/// @brief Settings of the three "advanced tricks" demonstrations (tricks.h) as a plain value inside
/// CardParams: domain-aware PE, gated PE and PE distillation. Defaults are the values the cards show.

#include "pecards/paramtable.h"

#include <cstdint>

namespace pecards {

/// @brief Per-position gate alpha(p) of gated PE (tricks.h gateCurve).
enum class GateCurve {
    Constant, ///< alpha(p) = alpha
    LinearRamp, ///< alpha(p) = alpha + (alpha_end - alpha) p / (L - 1)
    Sigmoid, ///< alpha(p) = alpha + (alpha_end - alpha) / (1 + exp(-(p - gate_center) / gate_width))
};

/// @brief The tricks' own parameters (the card's d_model, base, length and causal flag apply too).
struct TrickParams {
    // Ranges and defaults of the numeric fields: paramtable.h (ParamGroup::Trick); the seeds are
    // any unsigned 64-bit value. Relations to other fields are noted here.
    // Domain-aware PE: bias vectors on the first and last `edge_positions` positions.
    int edge_positions = paramDefault<int>(ParamId::EdgePositions); ///< n, positions with a bias at each end
    double bias_scale = paramDefault<double>(ParamId::BiasScale); ///< standard deviation of every bias entry
    std::uint64_t bias_seed = 0; ///< seed of the bias vectors
    // Gated PE: alpha(p) * PE_p.
    GateCurve gate = GateCurve::Constant;
    double alpha = paramDefault<double>(ParamId::Alpha); ///< constant alpha, ramp start, sigmoid low end
    double alpha_end = paramDefault<double>(ParamId::AlphaEnd); ///< ramp end (p = L - 1), sigmoid high end
    double gate_center = paramDefault<double>(ParamId::GateCenter); ///< sigmoid centre c in positions
    double gate_width = paramDefault<double>(ParamId::GateWidth); ///< sigmoid width w in positions
    /// query row i the gated charts show, <= L - 1; -1 = L / 2
    std::int64_t query = paramDefault<std::int64_t>(ParamId::Query);
    // PE distillation: an MLP position -> (cos, sin) of every pair, trained on [0, train_length).
    int distill_head_dim = paramDefault<int>(ParamId::DistillHeadDim); ///< d of the distilled frequency set
    std::int64_t train_length
        = paramDefault<std::int64_t>(ParamId::TrainLength); ///< L_train, positions trained on
    /// L_eval, positions evaluated, >= train_length
    std::int64_t eval_length = paramDefault<std::int64_t>(ParamId::EvalLength);
    int hidden = paramDefault<int>(ParamId::Hidden); ///< hidden tanh units
    /// full-batch Adam steps (also under a work cap, tricks.h)
    int epochs = paramDefault<int>(ParamId::Epochs);
    double learning_rate = paramDefault<double>(ParamId::LearningRate); ///< Adam step size
    std::uint64_t distill_seed = 0; ///< seed of the initial weights
    bool operator==(const TrickParams&) const = default;
};

} // namespace pecards
