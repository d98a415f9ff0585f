#pragma once
/// @file gputestsupport.h
/// @brief Shared pieces of the OpenCL tests: the device under test (a missing device fails when
/// PECARDS_REQUIRE_OPENCL=1, else skips), and grid comparison with the float32 tolerances of
/// gpu/README.md.

#include "pecards/gpu/openclbackend.h"
#include "pecards/view.h"

#include <gtest/gtest.h>
#include <string>

namespace pecards::test {

/// @brief The OpenCL backend every test of a process shares (built once; the program binary
/// cache goes to a per-run temporary directory unless PECARDS_KERNEL_CACHE_DIR is set), or
/// nullptr with `reason` set when no device works.
gpu::OpenClBackend* sharedOpenClBackend(std::string& reason);

/// @brief Whether PECARDS_REQUIRE_OPENCL=1 (the ci test preset): then a missing device fails.
bool openClRequired();

/// @brief Tolerance of a float32 grid against the double reference:
/// |gpu - cpu| <= abs_scale * max|cpu| + rel * |cpu| + floor (max over the finite reference entries).
struct GridTolerance {
    double abs_scale = 0.0;
    double rel = 0.0;
    bool circular = false; ///< compare angles mod 2pi (Phase)
    double floor = 0.0; ///< absolute term: probabilities below float32's resolved tail (attention)
};

/// @brief The documented tolerance of a quantity and reduction (gpu/README.md).
GridTolerance toleranceFor(Quantity quantity, Reduction reduction);

/// @brief Checks shape, window, identical non-finite entries, and every finite entry within tolerance.
::testing::AssertionResult gridsNear(const Grid& gpu, const Grid& cpu, const GridTolerance& tolerance);

} // namespace pecards::test

/// Gets the shared backend into `name`, or fails (PECARDS_REQUIRE_OPENCL=1) or skips the test.
#define PECARDS_GET_OPENCL_BACKEND(name)                                                                     \
    std::string name##_reason;                                                                               \
    pecards::gpu::OpenClBackend* name = pecards::test::sharedOpenClBackend(name##_reason);                   \
    if (name == nullptr) {                                                                                   \
        if (pecards::test::openClRequired()) {                                                               \
            FAIL() << "PECARDS_REQUIRE_OPENCL=1 but no OpenCL device works: " << name##_reason;              \
        }                                                                                                    \
        GTEST_SKIP() << "no OpenCL device: " << name##_reason;                                               \
    }
