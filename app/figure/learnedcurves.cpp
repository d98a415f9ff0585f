#include "figure/learnedcurves.h"

#include <QCoreApplication>
#include <algorithm>
#include <pecards/errors.h>
#include <pecards/learned.h>
#include <pecards/sinusoidal.h>

/// Translation context of the learned-table charts (translated on the worker thread, as Curves).
class LearnedCurves {
    Q_DECLARE_TR_FUNCTIONS(LearnedCurves)
};

namespace pecards::app {

namespace {

Curve series(const QString& name, const Eigen::VectorXd& values, bool emphasised) {
    Curve curve {name, {}, false, emphasised};
    for (Eigen::Index p = 0; p < values.size(); ++p)
        curve.points.emplace_back(static_cast<double>(p), values(p));
    return curve;
}

/// Cosine similarity of row i with every row of `m`: m_i . m_j / (||m_i|| ||m_j||), 0 where a row
/// is zero (no direction to compare).
Eigen::VectorXd cosineRow(const Eigen::MatrixXd& m, Eigen::Index i) {
    const Eigen::VectorXd norms = m.rowwise().norm();
    const Eigen::VectorXd dots = m * m.row(i).transpose();
    Eigen::VectorXd cosine(m.rows());
    for (Eigen::Index j = 0; j < m.rows(); ++j) {
        const double scale = norms(i) * norms(j);
        cosine(j) = scale > 0.0 ? dots(j) / scale : 0.0;
    }
    return cosine;
}

} // namespace

CurveSet learnedCurves(const CurveRequest& request) {
    const pecards::CardParams& params = request.params;
    if (params.card != pecards::Card::Sinusoidal) {
        throw pecards::InvalidParameter("card", pecards::toString(params.card),
            std::string("sinusoidal (the ") + chartName(request.kind) + " chart)");
    }
    if (!params.sinusoidal.learned) {
        throw pecards::InvalidParameter("learned table", "none loaded",
            "a positions x d_model table: File > Open weights with wpe.weight or position_embeddings.weight");
    }
    const Eigen::MatrixXd& table = *params.sinusoidal.learned;
    const std::int64_t length = params.length;
    // P - PE checks the widths and the length (learned.h), so every chart refuses the same way.
    const Eigen::MatrixXd difference = pecards::learnedDifference(table, params.sinusoidal, length);
    const Eigen::MatrixXd learned = pecards::learnedTable(table, length);
    const Eigen::MatrixXd sinusoid = learned - difference;
    CurveSet set;
    switch (request.kind) {
    case CurveKind::LearnedTable: {
        set.xTitle = LearnedCurves::tr("position p");
        set.yTitle = LearnedCurves::tr("value");
        const std::vector<int> channels = request.channels.empty() ? std::vector<int> {0} : request.channels;
        for (const int c : channels) {
            if (c < 0 || c >= learned.cols()) {
                throw pecards::InvalidParameter("channel", std::to_string(c),
                    "in [0, " + std::to_string(learned.cols() - 1) + "] (d_model of the learned table)");
            }
            set.curves.push_back(series(LearnedCurves::tr("learned P[p, %1]").arg(c), learned.col(c), true));
            set.curves.push_back(
                series(LearnedCurves::tr("sinusoid PE[p, %1]").arg(c), sinusoid.col(c), false));
        }
        break;
    }
    case CurveKind::LearnedSimilarity: {
        set.xTitle = LearnedCurves::tr("key position j");
        // Cosine similarity: a learned table and the sinusoid have different norms (GPT-2's rows
        // are far smaller), and on one unnormalised axis the smaller one looked flat (the
        // engineer's review C15); the dot products are the learned-similarity quantity.
        set.yTitle = LearnedCurves::tr("cosine similarity of Pᵢ and Pⱼ");
        std::vector<std::int64_t> queries {0, length / 2};
        queries.erase(std::unique(queries.begin(), queries.end()), queries.end());
        for (const std::int64_t i : queries) {
            set.curves.push_back(
                series(LearnedCurves::tr("row %1, learned").arg(i), cosineRow(learned, i), true));
            set.curves.push_back(
                series(LearnedCurves::tr("row %1, sinusoid").arg(i), cosineRow(sinusoid, i), false));
        }
        break;
    }
    case CurveKind::LearnedDifference:
        set.xTitle = LearnedCurves::tr("position p");
        set.yTitle = LearnedCurves::tr("L2 norm");
        set.curves.push_back(
            series(LearnedCurves::tr("‖Pₚ − PEₚ‖ (learned − sinusoid)"), difference.rowwise().norm(), true));
        set.curves.push_back(series(LearnedCurves::tr("‖Pₚ‖ (learned)"), learned.rowwise().norm(), false));
        break;
    default:
        throw pecards::InvalidParameter(
            "chart", std::to_string(static_cast<int>(request.kind)), "a learned-table chart kind");
    }
    return set;
}

} // namespace pecards::app
