#pragma once
// A requester for the compute service tests: records the answers delivered to it, in arrival
// order (ComputeService delivers each job's answers to its requester only).

#include "compute/computejobs.h"

#include <QObject>
#include <utility>
#include <vector>

namespace guitest {

using namespace pecards::gui;

class ReplyRecorder : public QObject {
public:
    /// @brief Callbacks that append each answer to the lists below.
    JobReplies replies() {
        JobReplies replies;
        replies.grid = [this](const GridResult& result) { grids.push_back(result); };
        replies.curves = [this](const CurveResult& result) { curves.push_back(result); };
        replies.failed = [this](const ComputeFailure& failure) { failures.push_back(failure); };
        replies.progress = [this](quint64 id, double fraction) { progress.emplace_back(id, fraction); };
        replies.cancelled = [this](quint64 id) { cancelled.push_back(id); };
        return replies;
    }
    /// @brief The ids of the grids received, in arrival order.
    std::vector<quint64> gridIds() const {
        std::vector<quint64> ids;
        for (const GridResult& result : grids)
            ids.push_back(result.id);
        return ids;
    }

    std::vector<GridResult> grids;
    std::vector<CurveResult> curves;
    std::vector<ComputeFailure> failures;
    std::vector<std::pair<quint64, double>> progress;
    std::vector<quint64> cancelled;
};

} // namespace guitest
