#pragma once
/// @file paramcases.h
/// @brief Cases of the parameter descriptor table (pecards/paramtable.h) shared by the tests of
/// the engine, the workspace reader and the GUI: parameters whose validation reads a given table
/// parameter, and the values just outside its range.

#include "pecards/params.h"
#include "pecards/paramtable.h"
#include "pecards/pitfall.h"
#include "pecards/tricks.h"

#include <vector>

namespace pecards::test {

/// @brief The start parameters of the first card that uses `spec` (a pitfall parameter: its
/// pitfall's card with that pitfall shown; a trick parameter: the sinusoidal card), with the
/// fields its validation needs to read `spec` (a scaling type that reads the key; other fields at
/// values that let `spec` reach its range's ends: beta_slow at beta_fast's largest value needs
/// beta_fast that large, head 128 needs 128 heads, left_padding 4095 needs L = 4096,
/// train_length 1024 needs eval_length that large and fewer epochs, ...), and `spec` set to
/// `value`. No probe vectors.
CardParams paramsReading(const ParamSpec& spec, double value);

/// @brief The engine's validation that reads `spec`: validate(TrickParams, length) for a trick
/// parameter (ParamGroup::Trick), validate(CardParams) otherwise.
/// @throws InvalidParameter as those do
void validateReading(const ParamSpec& spec, const CardParams& params);

/// @brief The values just outside the range of `spec`: below the minimum (the minimum itself when
/// it is excluded; below the special value when that lies just under the range) and above a finite
/// maximum; integers step by 1 (2 for even ones), reals by one ulp, and for reals also +inf (an
/// unbounded maximum) and NaN.
std::vector<double> valuesOutside(const ParamSpec& spec);

} // namespace pecards::test
