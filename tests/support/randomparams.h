#pragma once
/// @file randomparams.h
/// @brief Random valid card parameters for property tests (fixed seeds: reproducible cases).

#include "pecards/params.h"

#include <Eigen/Core>
#include <random>

namespace pecards::test {

using Random = std::mt19937_64;

/// @brief Uniform integer in [low, high].
int uniformInt(Random& random, int low, int high);
/// @brief Uniform real in [low, high).
double uniformReal(Random& random, double low, double high);
/// @brief exp(uniform in [ln low, ln high)): spreads over orders of magnitude.
double logUniform(Random& random, double low, double high);
/// @brief Uniform even integer in [low, high] (low, high even).
int evenInt(Random& random, int low, int high);

/// @brief A rows x cols matrix of standard normal entries drawn with `seed` (weights of test
/// checkpoints).
Eigen::MatrixXd normalMatrix(Eigen::Index rows, Eigen::Index cols, unsigned seed);

/// @brief Random valid parameters of `card` with L in [1, maxLength]: every card's fields drawn
/// (dimensions up to 64, bases 10 to 1e7, ALiBi causal/symmetric forms, every relative variant
/// and T5 bucket setting, random or ones probes, causal on or off); validate() passes.
CardParams randomParams(Random& random, Card card, int maxLength);

} // namespace pecards::test
