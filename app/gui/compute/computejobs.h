#pragma once
/// @file computejobs.h
/// @brief The value types that travel between the UI thread and the compute worker:
/// jobs, their results and failures, and the callbacks that deliver them to the requester.

#include "figure/curves.h"
#include "figure/printfigure.h"

#include <QList>
#include <QMetaType>
#include <QString>
#include <functional>
#include <optional>
#include <pecards/invariants.h>
#include <pecards/view.h>
#include <variant>

class QObject;

namespace pecards::gui {

/// @brief A heatmap figure for export, computed at the exported plot's pixel size
/// (figure/printfigure.h) instead of the screen's grid.
struct PrintRequest {
    pecards::ViewRequest view; ///< params, quantity, window and reduction of the view shown
    QString colormap; ///< colour map name (colormaplist.h)
    pecards::app::FigureExportOptions options; ///< the export's size, dpi and style
    bool operator==(const PrintRequest&) const = default;
};

/// @brief A pitfall next to its fix (the Pitfalls view): both views, A - B, and the card's
/// invariant read-outs on both sides (invariants.h).
struct PitfallRequest {
    pecards::ViewRequest buggy;
    pecards::ViewRequest correct; ///< the same view with pitfall.fixed
    bool operator==(const PitfallRequest&) const = default;
};

/// @brief One view request answered by the double-precision CPU reference whatever backend
/// draws the pictures: the hover read-outs that claim exact values (a 1 x 1 window is cheap).
struct ReferenceRequest {
    pecards::ViewRequest request;
    bool operator==(const ReferenceRequest&) const = default;
};

/// @brief A view computed in the background, tile by tile (Backend::computeTiled): a request over
/// the interactive work limit (ComputeService::interactiveWorkLimit). The worker reports its
/// progress, runs other jobs between its tiles, and stops it when a newer job of the same requester
/// and tag arrives or UI_cancel is called; it answers with a GridResult, or JobReplies::cancelled.
struct TiledRequest {
    pecards::ViewRequest request;
    bool operator==(const TiledRequest&) const = default;
};

/// @brief What a job computes.
using JobPayload = std::variant<pecards::ViewRequest, pecards::app::CurveRequest, PrintRequest,
    PitfallRequest, ReferenceRequest, TiledRequest>;

/// @brief One job. A newer job of the same requester and tag replaces a pending one (latest wins).
struct ComputeJob {
    QString tag; ///< the requester's stream, e.g. "rope/slot2" or "rope/slot2/probe" (status line)
    quint64 id = 0; ///< increasing submission number, unique per service
    JobPayload payload;
    /// The object that asked: with the tag, the key of latest-wins; compared, never dereferenced.
    const QObject* requester = nullptr;
    /// Estimated operations of a grid computed at once (cost.h), 0 where none is estimated (charts,
    /// read-outs); set by PendingQueue::push, which gives the worker the cheapest such job first.
    qint64 work = 0;
    /// @brief Whether this is a background job (TiledRequest): run after the others, which run
    /// between its tiles.
    bool isBackground() const { return std::holds_alternative<TiledRequest>(payload); }
};

/// @brief The backend in use, announced by the worker after creating it and again when an
/// automatic device has started; each grid names the one that computed it.
struct BackendInfo {
    QString name; ///< e.g. "OpenCL: pthread-cpu (PoCL)"
    bool isOpenCl = false;
    QString notice; ///< non-empty when the CPU fallback was chosen, says why
    /// @brief The precision of the pictures' values, for labels: "float32" on OpenCL, else "double".
    QString precision() const { return isOpenCl ? QStringLiteral("float32") : QStringLiteral("double"); }
};

/// @brief A computed grid (ViewRequest, ReferenceRequest or TiledRequest job).
struct GridResult {
    quint64 id = 0;
    pecards::ViewRequest request;
    pecards::Grid grid;
    double milliseconds = 0.0; ///< compute time on the worker
    BackendInfo backend; ///< the backend that computed the grid (its precision labels the values)
};

/// @brief Computed curves (pecards::app::CurveRequest job).
struct CurveResult {
    quint64 id = 0;
    pecards::app::CurveRequest request;
    pecards::app::CurveSet curves;
    double milliseconds = 0.0;
};

/// @brief A figure at print resolution (PrintRequest job).
struct PrintResult {
    quint64 id = 0;
    PrintRequest request;
    pecards::app::PrintFigure figure; ///< the spec and the request its grid answers
    double milliseconds = 0.0;
};

/// @brief One invariant on both sides: a reading, or the message of the side's failure.
struct InvariantRow {
    pecards::Invariant invariant = pecards::Invariant::Toeplitz;
    std::optional<pecards::InvariantReading> correct;
    std::optional<pecards::InvariantReading> buggy;
    QString correctError;
    QString buggyError;
};

/// @brief Computed PitfallRequest: each side's grid or its error, buggy - correct when both exist.
struct PitfallResult {
    quint64 id = 0;
    PitfallRequest request;
    std::optional<pecards::Grid> buggy;
    std::optional<pecards::Grid> correct;
    std::optional<pecards::Grid> difference;
    QString buggyError; ///< the engine's message (e.g. the correct path rejecting odd d_model)
    QString correctError;
    QList<InvariantRow> invariants;
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
    quint64 id = 0;
    FailureKind kind = FailureKind::BackendError;
    QString message;
    QString parameter {}; ///< InvalidParameter: the engine's name of the value (e.g. "head_dim")
};

/// @brief Where the answers of one job go (ComputeService::UI_submit). Each runs on the UI thread,
/// and only while the requester lives (guarded by a QPointer, as qrenderdoc's GUIInvoke is); the
/// one matching the payload is called (grid: ViewRequest, ReferenceRequest, TiledRequest; curves;
/// print; pitfall), or `failed`. Empty callbacks are skipped.
struct JobReplies {
    std::function<void(const GridResult&)> grid;
    std::function<void(const CurveResult&)> curves;
    std::function<void(const PrintResult&)> print;
    std::function<void(const PitfallResult&)> pitfall;
    std::function<void(const ComputeFailure&)> failed;
    /// A background job's progress (its id, the fraction done in [0, 1], non-decreasing, 1 at the end).
    std::function<void(quint64, double)> progress;
    /// A background job (its id) stopped before its end (a newer job of its stream, or UI_cancel).
    std::function<void(quint64)> cancelled;
};

} // namespace pecards::gui
