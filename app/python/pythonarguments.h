#pragma once
/// @file pythonarguments.h
/// @brief Keyword arguments of the Python module as pecards-cli flags: one naming, one parser,
/// one set of checks and messages for both.

#include <QStringList>
#include <pybind11/pybind11.h>

namespace pecards::python {

/// @brief "--flag value" for every keyword argument, named as pecards-cli's flags with
/// underscores for dashes (head_dim -> --head-dim), or as the Hugging Face config key
/// (rope_theta -> --base, rope_type -> --scaling, original_max_position_embeddings ->
/// --original-max-pos, max_position_embeddings -> --max-pos, num_attention_heads -> --heads,
/// truncate=False -> --no-truncate, ...). Values: True -> the bare switch; False and None
/// -> left out; str, int and float (17 significant digits) as written; `view=(rows, cols)` ->
/// "RxC"; `rows=(a, b)` / `cols=(a, b)` -> "a:b"; any other sequence or 1-D array -> "x,y,...".
/// @throws pybind11::type_error naming the keyword for any other value.
QStringList cliArguments(const pybind11::kwargs& kwargs);

/// @brief True when `kwargs` has the keyword `name` with a value other than None.
bool hasArgument(const pybind11::kwargs& kwargs, const char* name);

} // namespace pecards::python
