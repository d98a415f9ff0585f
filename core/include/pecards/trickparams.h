#pragma once
/// @file trickparams.h
/// @brief Settings of the three "advanced tricks" demonstrations (tricks.h) as a plain value inside
/// CardParams: domain-aware PE, gated PE and PE distillation. Defaults are the values the cards show.

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
    // Domain-aware PE: bias vectors on the first and last `edge_positions` positions.
    int edge_positions = 10; ///< n, positions with a bias vector at each end, [0, 2048]
    double bias_scale = 0.5; ///< standard deviation of every bias entry, finite, [0, 100]
    std::uint64_t bias_seed = 0; ///< seed of the bias vectors
    // Gated PE: alpha(p) * PE_p.
    GateCurve gate = GateCurve::Constant;
    double alpha = 0.5; ///< constant alpha, ramp start, sigmoid low end; finite, [0, 100]
    double alpha_end = 1.0; ///< ramp end (p = L - 1), sigmoid high end; finite, [0, 100]
    double gate_center = 256.0; ///< sigmoid centre c in positions, finite, [0, 2^20]
    double gate_width = 32.0; ///< sigmoid width w in positions, finite, [1e-3, 2^20]
    std::int64_t query = -1; ///< query row i the gated charts show, [0, L - 1]; -1 = L / 2
    // PE distillation: an MLP position -> (cos, sin) of every pair, trained on [0, train_length).
    int distill_head_dim = 16; ///< d of the distilled frequency set, even, [2, 64]
    std::int64_t train_length = 32; ///< L_train, positions trained on, [2, 1024]
    std::int64_t eval_length = 128; ///< L_eval, positions evaluated, [train_length, 65536]
    int hidden = 64; ///< hidden tanh units, [1, 256]
    int epochs = 4000; ///< full-batch Adam steps, [1, 20000] (and a work cap, tricks.h)
    double learning_rate = 0.01; ///< Adam step size, finite, (0, 1]
    std::uint64_t distill_seed = 0; ///< seed of the initial weights
    bool operator==(const TrickParams&) const = default;
};

} // namespace pecards
