#pragma once
/// @file computejobs.h
/// @brief The value types that travel between the UI thread and the compute worker:
/// tagged jobs, their results and failures.

#include "compute/curves.h"

#include <QMetaType>
#include <QString>
#include <pecards/view.h>
#include <variant>

/// @brief Two views of the same extent whose difference A - B is wanted (the compare view).
struct DifferenceRequest {
    pecards::ViewRequest a;
    pecards::ViewRequest b;
    bool operator==(const DifferenceRequest&) const = default;
};

/// @brief One view request answered by the double-precision CPU reference whatever backend
/// draws the pictures: the hover read-outs that claim exact values (a 1 x 1 window is cheap).
struct ReferenceRequest {
    pecards::ViewRequest request;
    bool operator==(const ReferenceRequest&) const = default;
};

/// @brief What a job computes.
using JobPayload = std::variant<pecards::ViewRequest, CurveRequest, DifferenceRequest, ReferenceRequest>;

/// @brief One tagged job. A newer job with the same tag replaces a pending one (latest wins).
struct ComputeJob {
    QString tag; ///< who asked, e.g. "rope/slot2" or "rope/slot2/probe"
    quint64 id = 0; ///< increasing submission number, unique per service
    JobPayload payload;
};

/// @brief A computed grid (ViewRequest or ReferenceRequest job).
struct GridResult {
    QString tag;
    quint64 id = 0;
    pecards::ViewRequest request;
    pecards::Grid grid;
    double milliseconds = 0.0; ///< compute time on the worker
};

/// @brief Computed curves (CurveRequest job).
struct CurveResult {
    QString tag;
    quint64 id = 0;
    CurveRequest request;
    CurveSet curves;
    double milliseconds = 0.0;
};

/// @brief A, B and A - B (DifferenceRequest job). Entries masked on either side are -inf.
struct DifferenceResult {
    QString tag;
    quint64 id = 0;
    DifferenceRequest request;
    pecards::Grid a;
    pecards::Grid b;
    pecards::Grid difference;
    double milliseconds = 0.0;
};

/// @brief Why a job failed; the message is shown verbatim in place of the view.
enum class FailureKind {
    InvalidParameter, ///< pecards::InvalidParameter: names the value and the allowed range
    ComputeLimit, ///< pecards::ComputeLimitExceeded: says what to change
    BackendError, ///< anything else thrown by the backend
};

/// @brief A job that threw on the worker; the exception never crosses the thread.
struct ComputeFailure {
    QString tag;
    quint64 id = 0;
    FailureKind kind = FailureKind::BackendError;
    QString message;
    QString parameter {}; ///< InvalidParameter: the engine's name of the value (e.g. "head_dim")
};

/// @brief The backend in use, announced once by the worker after creating it.
struct BackendInfo {
    QString name; ///< e.g. "OpenCL: pthread-cpu (PoCL)"
    bool isOpenCl = false;
    QString notice; ///< non-empty when the CPU fallback was chosen, says why
    /// @brief The precision of the pictures' values, for labels: "float32" on OpenCL, else "double".
    QString precision() const { return isOpenCl ? QStringLiteral("float32") : QStringLiteral("double"); }
};
