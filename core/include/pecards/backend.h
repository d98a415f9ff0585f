#pragma once
/// @file backend.h
/// @brief The compute backend interface, implemented by the double-precision CPU reference
/// (core) and by OpenCL (gpu/).

#include "pecards/view.h"

#include <memory>
#include <string>

namespace pecards {

/// @brief Answers view requests. Implementations are used from one worker thread at a time.
class Backend {
public:
    virtual ~Backend() = default;

    /// @brief Human-readable name, e.g. "CPU reference (double)" or "OpenCL: pthread-cpu (PoCL)".
    virtual std::string name() const = 0;

    /// @brief Computes the view.
    /// @throws InvalidParameter for invalid requests (validate(ViewRequest)),
    ///         ComputeLimitExceeded when the request is valid but too costly,
    ///         std::runtime_error for backend failures (device errors carry the CL error name).
    virtual Grid compute(const ViewRequest& request) = 0;
};

/// @brief The double-precision CPU reference backend (Eigen).
std::unique_ptr<Backend> makeCpuBackend();

} // namespace pecards
