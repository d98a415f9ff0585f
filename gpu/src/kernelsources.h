#pragma once
/// @file kernelsources.h
/// @brief The .cl files of gpu/kernels, embedded at build time (generated kernelsources.cpp).

#include <vector>

namespace pecards::gpu::detail {

/// @brief One embedded kernel file: its file name and its text.
struct KernelSource {
    const char* name;
    const char* text;
};

/// @brief Every kernel file; common.cl (the shared header) first, then the others by name.
const std::vector<KernelSource>& kernelSources();

} // namespace pecards::gpu::detail
