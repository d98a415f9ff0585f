#include "figure/figurebuilder.h"

#include "figure/aliasing.h"
#include "figure/caption.h"
#include "pecards/errors.h"

#include <QCoreApplication>
#include <cmath>
#include <limits>
#include <numbers>
#include <stdexcept>

namespace pecards::app {

namespace {

QString figureText(const char* text) {
    return QCoreApplication::translate("pecards::app::FigureBuilder", text);
}

bool isPositionPair(Quantity quantity) {
    return quantity != Quantity::Table && quantity != Quantity::Phase && quantity != Quantity::UnseenAngles;
}

QString quantityTitle(Quantity quantity) {
    switch (quantity) {
    case Quantity::Table:
        return figureText("encoding table");
    case Quantity::Phase:
        return figureText("rotation phase");
    case Quantity::Score:
        return figureText("positional score");
    case Quantity::Attention:
        return figureText("positional attention");
    case Quantity::Buckets:
        return figureText("relative-position index");
    case Quantity::ContentScore:
        return figureText("content score");
    case Quantity::ContentAttention:
        return figureText("content attention");
    case Quantity::UnseenAngles:
        return figureText("angles never seen in training");
    }
    return {};
}

QString colorBarLabel(const CardParams& p, Quantity quantity) {
    switch (quantity) {
    case Quantity::Table:
        return p.card == Card::Sinusoidal ? figureText("PE[p, c]") : figureText("(Rₚ q)[c]");
    case Quantity::Phase:
        return p.card == Card::Sinusoidal ? figureText("p·ωᵢ mod 2π (rad)") : figureText("p·θᵢ mod 2π (rad)");
    case Quantity::Score:
        if (p.card == Card::Alibi
            || (p.card == Card::Relative && p.relative.variant == RelativeVariant::T5)) {
            return figureText("bias (logit units)");
        }
        return p.card == Card::Sinusoidal ? figureText("similarity PEᵢ·PEⱼ")
                                          : figureText("score (logit units)");
    case Quantity::Attention:
    case Quantity::ContentAttention:
        return figureText("attention weight");
    case Quantity::Buckets:
        return p.relative.variant == RelativeVariant::Shaw ? figureText("clipped index clip(j−i, −k, k)+k")
                                                           : figureText("bucket index");
    case Quantity::ContentScore:
        return figureText("logit");
    case Quantity::UnseenAngles:
        return figureText("unseen (1) / seen in training (0)");
    }
    return {};
}

/// The columns' axis title; a multimodal card's rows and columns are tokens, whose positions are
/// their t, h, w ids.
QString xAxisLabel(Quantity quantity, Card card) {
    switch (quantity) {
    case Quantity::Table:
        return figureText("dimension c");
    case Quantity::Phase:
    case Quantity::UnseenAngles:
        return figureText("frequency pair i");
    default:
        return card == Card::Multimodal ? figureText("key token j") : figureText("key position j");
    }
}

/// The rows' axis title (as xAxisLabel).
QString yAxisLabel(Quantity quantity, Card card) {
    if (!isPositionPair(quantity))
        return figureText("position p");
    return card == Card::Multimodal ? figureText("query token i") : figureText("query position i");
}

void checkRange(ValueRange range) {
    if (!std::isfinite(range.min) || !std::isfinite(range.max) || !(range.min < range.max)) {
        throw std::invalid_argument("colour range [" + std::to_string(range.min) + ", "
            + std::to_string(range.max) + "] is invalid: must be finite with min < max");
    }
}

} // namespace

ValueRange defaultValueRange(Quantity quantity, const Grid& grid, bool symmetric) {
    if (quantity == Quantity::Phase) {
        return {0.0, 2.0 * std::numbers::pi};
    }
    if (quantity == Quantity::UnseenAngles) {
        return {0.0, 1.0}; // a flag, or the unseen fraction of a pooled block
    }
    double lo = std::numeric_limits<double>::infinity();
    double hi = -std::numeric_limits<double>::infinity();
    for (const double v : grid.values) {
        if (std::isfinite(v)) {
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
    }
    if (!(lo <= hi)) {
        return {0.0, 1.0};
    }
    if (isAttention(quantity)) {
        return {0.0, hi > 0.0 ? hi : 1.0};
    }
    if (symmetric || quantity == Quantity::Table) { // table entries are signed (sin, cos, R_p q)
        const double a = std::max(std::abs(lo), std::abs(hi));
        return a > 0.0 ? ValueRange {-a, a} : ValueRange {-0.5, 0.5};
    }
    if (lo == hi) {
        return {lo - 0.5, hi + 0.5};
    }
    return {lo, hi};
}

QImage colorizeGrid(const Grid& grid, const QList<QRgb>& colormap, ValueRange range, QColor maskedColor) {
    if (grid.rows <= 0 || grid.cols <= 0
        || grid.values.size() != static_cast<std::size_t>(grid.rows) * static_cast<std::size_t>(grid.cols)) {
        throw std::invalid_argument("grid of " + std::to_string(grid.rows) + " x " + std::to_string(grid.cols)
            + " cells with " + std::to_string(grid.values.size()) + " values cannot be drawn");
    }
    if (colormap.size() < 2) {
        throw std::invalid_argument(
            "colormap has " + std::to_string(colormap.size()) + " colours: at least 2 are needed");
    }
    checkRange(range);
    const double top = static_cast<double>(colormap.size() - 1);
    // In halves: max - min overflows for ranges such as [-1e308, 1e308]; halving is exact, so
    // every other range maps exactly as (v - min) * top / (max - min).
    const double scale = top / (range.max / 2 - range.min / 2);
    const QRgb masked = maskedColor.rgb();
    QImage image(grid.cols, grid.rows, QImage::Format_RGB32);
    for (int r = 0; r < grid.rows; ++r) {
        auto* line = reinterpret_cast<QRgb*>(image.scanLine(r));
        for (int c = 0; c < grid.cols; ++c) {
            const double v = grid.at(r, c);
            if (std::isnan(v) || v == std::numeric_limits<double>::infinity()) {
                throw std::invalid_argument("grid value at row " + std::to_string(r) + ", column "
                    + std::to_string(c) + " is " + (std::isnan(v) ? "nan" : "inf")
                    + ": only finite values and -inf (masked) can be drawn");
            }
            if (std::isinf(v)) {
                line[c] = masked;
                continue;
            }
            const double index = std::clamp(std::round((v / 2 - range.min / 2) * scale), 0.0, top);
            line[c] = colormap[static_cast<qsizetype>(index)] | 0xff000000u;
        }
    }
    return image;
}

QString figureTitle(const CardParams& params, Quantity quantity) {
    return cardShortName(params) + QStringLiteral(" — ") + quantityTitle(quantity);
}

FigureSpec makeFigureSpec(const ViewRequest& request, const Grid& grid, const QList<QRgb>& colormap,
    std::optional<ValueRange> range) {
    if (!(grid.window == request.window)) {
        throw std::invalid_argument("the grid's window differs from the request's window");
    }
    const ValueRange colors = range.value_or(defaultValueRange(request.quantity, grid));
    FigureSpec spec;
    spec.title = figureTitle(request.params, request.quantity);
    const Window& w = request.window;
    spec.xAxis = {xAxisLabel(request.quantity, request.params.card), w.col_begin, w.col_end - 1};
    spec.yAxis = {yAxisLabel(request.quantity, request.params.card), w.row_begin, w.row_end - 1};
    spec.colorBar = {colorBarLabel(request.params, request.quantity), colors.min, colors.max, colormap};
    spec.caption = formatCaption(request);
    spec.heatmap = colorizeGrid(grid, colormap, colors, spec.maskedColor);
    spec.hasMasked
        = std::any_of(grid.values.begin(), grid.values.end(), [](double v) { return std::isinf(v); });
    spec.equalAspect = isPositionPair(request.quantity);
    try {
        spec.aliasedColumns
            = aliasedColumns(grid, columnFrequencies(request.params, request.quantity), request.reduction);
    } catch (const InvalidParameter&) {
        // The grid was computed, so its parameters are valid; nothing to mark otherwise.
    }
    if (std::find(spec.aliasedColumns.begin(), spec.aliasedColumns.end(), true)
        != spec.aliasedColumns.end()) {
        spec.caption += captionSeparator()
            + QCoreApplication::translate("pecards::app::FigureBuilder",
                "hatched columns: sampled too coarsely for their wavelength, their pattern is aliasing "
                "(moiré); a smaller window or more rows shows them");
    }
    return spec;
}

} // namespace pecards::app
