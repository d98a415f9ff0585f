// Pooled Table/Phase views (tableview.h).

#include "tableview.h"

#include "numericconstants.h"
#include "pecards/probe.h"
#include "pecards/rope.h"
#include "pecards/rope_scaling.h"
#include "pecards/scaling_lab.h"
#include "pecards/sinusoidal.h"
#include "pecards/viewrules.h"
#include "pixelblocks.h"
#include "pixelrowreducer.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace pecards::detail {

namespace {

/// Full-width rows of a Table or Phase quantity.
class TableRows {
public:
    explicit TableRows(const ViewRequest& request)
        : m_params(request.params)
        , m_phase(request.quantity == Quantity::Phase) {
        if (request.quantity == Quantity::UnseenAngles) {
            m_unseen = unseenAngleLimits(m_params.rope, effectiveSeqLen(m_params.rope, m_params.length));
        } else if (m_params.card == Card::Rope) {
            const RopeScalingResult scaling
                = ropeScaling(m_params.rope, effectiveSeqLen(m_params.rope, m_params.length));
            m_frequencies = scaling.inv_freq;
            m_attention_factor = scaling.attention_factor;
            m_probe = probeVector(m_params.probe, ProbeStream::Query, m_params.rope.head_dim);
        } else {
            m_frequencies = sinusoidalFrequencies(m_params.sinusoidal);
        }
    }

    /// Rows for positions [first, first + count): count x full width.
    Eigen::MatrixXd rows(std::int64_t first, std::int64_t count) const {
        if (m_unseen) {
            const auto pairs = static_cast<Eigen::Index>(m_unseen->turns.size());
            Eigen::MatrixXd out(count, pairs);
            for (std::int64_t n = 0; n < count; ++n) {
                for (Eigen::Index i = 0; i < pairs; ++i) {
                    const auto k = static_cast<std::size_t>(i);
                    out(n, i) = angleUnseen(first + n, m_unseen->turns[k], m_unseen->limit[k]) ? 1.0 : 0.0;
                }
            }
            return out;
        }
        if (m_phase) {
            return ropeAngles(m_frequencies, first, count).unaryExpr([](double angle) {
                const double reduced = std::fmod(angle, kTwoPi);
                return reduced < 0.0 ? reduced + kTwoPi : reduced;
            });
        }
        if (m_params.card == Card::Sinusoidal) {
            return sinusoidalTable(m_params.sinusoidal, first, count);
        }
        Eigen::MatrixXd out(count, m_params.rope.head_dim);
        const int r = rotaryDim(m_params.rope);
        for (std::int64_t n = 0; n < count; ++n) {
            Eigen::VectorXd rotated
                = ropeRotate(m_params.rope, m_frequencies, m_probe, static_cast<double>(first + n));
            rotated.head(r) *= m_attention_factor; // HF attention_scaling multiplies cos and sin
            out.row(n) = rotated.transpose();
        }
        return out;
    }

    std::int64_t width() const {
        if (m_unseen) {
            return static_cast<std::int64_t>(m_unseen->turns.size());
        }
        return m_phase ? m_frequencies.size()
                       : (m_params.card == Card::Rope ? m_params.rope.head_dim : m_params.sinusoidal.d_model);
    }

private:
    CardParams m_params;
    bool m_phase;
    std::optional<UnseenAngleLimits> m_unseen; ///< UnseenAngles: the exact angle limits
    Eigen::VectorXd m_frequencies; ///< w_i or scaled theta_i, radians per position
    double m_attention_factor = 1.0;
    Eigen::VectorXd m_probe;
};

} // namespace

Grid poolTable(const ViewRequest& request, ProgressSink* sink) {
    const Window& w = request.window;
    const PixelBlocks rows(w.row_begin, w.rows(), request.out_rows);
    const PixelBlocks cols(w.col_begin, w.cols(), request.out_cols);
    const TableRows table(request);
    Grid grid = makeGrid(request, rows, cols);
    if (request.reduction == Reduction::Sample) {
        for (int r = 0; r < rows.count(); ++r) {
            const Eigen::MatrixXd row = table.rows(rows.first(r), 1);
            for (int c = 0; c < cols.count(); ++c) {
                grid.values[static_cast<std::size_t>(r) * grid.cols + c] = row(0, cols.first(c));
            }
        }
        return grid;
    }
    constexpr std::int64_t kChunkRows = 4096;
    ProgressTracker progress(sink, static_cast<double>(w.rows()) * static_cast<double>(w.cols()));
    PixelRowReducer reducer(cols.count());
    for (int r = 0; r < rows.count(); ++r) {
        reducer.reset();
        for (std::int64_t first = rows.first(r); first < rows.end(r); first += kChunkRows) {
            const Eigen::MatrixXd chunk = table.rows(first, std::min(kChunkRows, rows.end(r) - first));
            for (int c = 0; c < cols.count(); ++c) {
                for (std::int64_t j = cols.first(c); j < cols.end(c); ++j) {
                    for (Eigen::Index t = 0; t < chunk.rows(); ++t) {
                        reducer.add(c, chunk(t, j));
                    }
                }
            }
            progress.advance(static_cast<double>(chunk.rows()) * static_cast<double>(w.cols()));
        }
        for (int c = 0; c < cols.count(); ++c) {
            grid.values[static_cast<std::size_t>(r) * grid.cols + c]
                = reducer.result(c, request.reduction, 0.0);
        }
    }
    return grid;
}

} // namespace pecards::detail
