#include "pecards/learned.h"

#include "check.h"
#include "pecards/probe.h"
#include "pecards/sinusoidal.h"

#include <algorithm>

namespace pecards {

namespace {

void checkTable(const Eigen::MatrixXd& table, std::int64_t count) {
    PECARDS_CHECK(table.rows() > 0 && table.cols() > 0, "learned table",
        std::to_string(table.rows()) + " x " + std::to_string(table.cols()), "at least 1 x 1");
    // Bounded like content vectors: a product of two entries of 1e200 would be an infinite
    // similarity written without a word.
    const Eigen::Index entry = firstEntryBeyond(table);
    PECARDS_CHECK(entry < 0, "learned table",
        formatValue(table.data()[entry]) + " at [" + std::to_string(entry % table.rows()) + ", "
            + std::to_string(entry / table.rows()) + "]",
        "finite entries in [-1000, 1000] (trained position tables hold values near 0.1)");
    const std::int64_t most = std::min<std::int64_t>(table.rows(), kMaxLearnedPositions);
    PECARDS_CHECK(count >= 1 && count <= most, "length", count,
        "in [1, " + std::to_string(most) + "] (the table's positions, at most 4096)");
}

} // namespace

Eigen::MatrixXd learnedTable(const Eigen::MatrixXd& table, std::int64_t count) {
    checkTable(table, count);
    return table.topRows(count);
}

Eigen::MatrixXd learnedSimilarity(const Eigen::MatrixXd& table, std::int64_t count) {
    checkTable(table, count);
    const auto rows = table.topRows(count);
    return rows * rows.transpose();
}

Eigen::MatrixXd learnedDifference(
    const Eigen::MatrixXd& table, const SinusoidalParams& sinusoid, std::int64_t count) {
    checkTable(table, count);
    PECARDS_CHECK(sinusoid.d_model == table.cols(), "d_model", sinusoid.d_model,
        std::to_string(table.cols()) + " (the learned table's width)");
    return table.topRows(count) - sinusoidalTable(sinusoid, 0, count);
}

} // namespace pecards
