#include "figure/aliasing.h"

#include <algorithm>
#include <numbers>
#include <pecards/rope.h>
#include <pecards/sinusoidal.h>
#include <pecards/viewrules.h>

namespace pecards::app {

std::vector<double> columnFrequencies(const pecards::CardParams& params, pecards::Quantity quantity) {
    using pecards::Quantity;
    if (quantity != Quantity::Phase && quantity != Quantity::Table)
        return {};
    std::vector<double> columns;
    if (params.card == pecards::Card::Sinusoidal) {
        const Eigen::VectorXd w = pecards::sinusoidalFrequencies(params.sinusoidal);
        const auto pairs = static_cast<int>(w.size());
        if (quantity == Quantity::Phase)
            return std::vector<double>(w.data(), w.data() + w.size());
        const bool interleaved = params.sinusoidal.layout == pecards::SinusoidalLayout::Interleaved;
        for (int dim = 0; dim < params.sinusoidal.d_model; ++dim)
            columns.push_back(w(interleaved ? dim / 2 : dim % pairs));
        return columns;
    }
    if (params.card != pecards::Card::Rope)
        return {};
    const Eigen::VectorXd theta
        = pecards::ropeScaledInvFreq(params.rope, pecards::effectiveSeqLen(params.rope, params.length));
    const auto pairs = static_cast<int>(theta.size());
    if (quantity == Quantity::Phase)
        return std::vector<double>(theta.data(), theta.data() + theta.size());
    const bool halfSplit = params.rope.layout == pecards::RopeLayout::HalfSplit;
    for (int dim = 0; dim < params.rope.head_dim; ++dim) {
        if (dim >= 2 * pairs)
            columns.push_back(0.0); // beyond rotary_dim: passed through unrotated
        else
            columns.push_back(theta(halfSplit ? dim % pairs : dim / 2));
    }
    return columns;
}

std::vector<bool> aliasedColumns(
    const pecards::Grid& grid, const std::vector<double>& frequencies, pecards::Reduction reduction) {
    std::vector<bool> aliased(static_cast<std::size_t>(std::max(grid.cols, 0)), false);
    const double step = static_cast<double>(grid.window.rows()) / std::max(grid.rows, 1);
    if (frequencies.empty() || reduction != pecards::Reduction::Sample || step <= 1.0)
        return aliased;
    const double nyquist = std::numbers::pi / step; // fastest frequency `step` can sample
    const double perPixel = static_cast<double>(grid.window.cols()) / std::max(grid.cols, 1);
    for (int c = 0; c < grid.cols; ++c) {
        const auto first = grid.window.col_begin + static_cast<std::int64_t>(c * perPixel);
        const auto last
            = std::max(first + 1, grid.window.col_begin + static_cast<std::int64_t>((c + 1) * perPixel));
        for (std::int64_t column = first;
             column < last && column < static_cast<std::int64_t>(frequencies.size()); ++column) {
            if (frequencies[static_cast<std::size_t>(column)] > nyquist)
                aliased[static_cast<std::size_t>(c)] = true;
        }
    }
    return aliased;
}

std::vector<std::pair<std::size_t, std::size_t>> aliasedRuns(const std::vector<bool>& aliased) {
    std::vector<std::pair<std::size_t, std::size_t>> runs;
    for (std::size_t c = 0; c < aliased.size();) {
        if (!aliased[c]) {
            ++c;
            continue;
        }
        const std::size_t first = c;
        while (c < aliased.size() && aliased[c])
            ++c;
        runs.emplace_back(first, c);
    }
    return runs;
}

} // namespace pecards::app
