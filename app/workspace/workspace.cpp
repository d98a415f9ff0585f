#include "workspace/workspace.h"

#include <Eigen/Core>

namespace pecards::app {

namespace {

bool sameMatrix(
    const std::shared_ptr<const Eigen::MatrixXd>& a, const std::shared_ptr<const Eigen::MatrixXd>& b) {
    if (!a || !b) {
        return !a && !b;
    }
    return a->rows() == b->rows() && a->cols() == b->cols() && *a == *b;
}

} // namespace

bool sameCardParams(const CardParams& a, const CardParams& b) {
    if (!sameMatrix(a.probe.content_q, b.probe.content_q) || !sameMatrix(a.probe.content_k, b.probe.content_k)
        || !sameMatrix(a.sinusoidal.learned, b.sinusoidal.learned)) {
        return false;
    }
    CardParams left = a;
    CardParams right = b;
    left.probe.content_q = right.probe.content_q = nullptr;
    left.probe.content_k = right.probe.content_k = nullptr;
    left.sinusoidal.learned = right.sinusoidal.learned = nullptr;
    return left == right;
}

bool WorkspaceCard::operator==(const WorkspaceCard& other) const {
    return sameCardParams(params, other.params) && views == other.views && charts == other.charts;
}

bool ComparePair::operator==(const ComparePair& other) const {
    return sameCardParams(left, other.left) && sameCardParams(right, other.right)
        && quantity == other.quantity && reduction == other.reduction && colormap == other.colormap;
}

bool CheckSetup::operator==(const CheckSetup& other) const {
    return table == other.table && first == other.first && second == other.second && format == other.format
        && firstPosition == other.firstPosition && sameCardParams(params, other.params);
}

QString toString(CheckSetup::Table table) {
    switch (table) {
    case CheckSetup::Table::CosSin:
        return QStringLiteral("cos-sin");
    case CheckSetup::Table::Rotated:
        return QStringLiteral("rotated");
    case CheckSetup::Table::InvFreq:
        return QStringLiteral("inv-freq");
    case CheckSetup::Table::Gguf:
        return QStringLiteral("gguf");
    }
    return {};
}

} // namespace pecards::app
