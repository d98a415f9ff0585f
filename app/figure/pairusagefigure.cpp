#include "figure/pairusagefigure.h"

#include "figure/colormaplist.h"

#include <QFileInfo>
#include <QImage>
#include <QStringList>
#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace pecards::app {

namespace {

constexpr double kDecades = 6.0; ///< log colours over six decades below the largest usage, as the app

} // namespace

PairUsageFigureText pairUsageFigureText(const QString& model, const QString& checkpoint,
    std::optional<int> layer, const std::vector<int>& layers, int heads, int kvHeads) {
    PairUsageFigureText text;
    const QString name = model == QStringLiteral("config") ? QFileInfo(checkpoint).fileName() : model;
    QStringList indices;
    bool consecutive = true;
    for (std::size_t r = 0; r < layers.size(); ++r) {
        indices << QString::number(layers[r]);
        consecutive = consecutive && layers[r] == layers.front() + static_cast<int>(r);
    }
    if (layer) {
        text.title = QStringLiteral("Pair usage: %1, layer %2").arg(name).arg(*layer);
        text.rowLabel = QStringLiteral("query head");
    } else {
        text.title = QStringLiteral("Pair usage: ") + name;
        text.rowLabel = consecutive ? QStringLiteral("layer") : QStringLiteral("k-th RoPE layer");
        text.firstRow = consecutive && !layers.empty() ? layers.front() : 0;
    }
    text.caption = (layer ? QString() : QStringLiteral("each row the mean over the layer's heads · "))
        + QStringLiteral("checkpoint: %1 · %2 query heads, %3 key heads")
              .arg(QFileInfo(checkpoint).fileName())
              .arg(heads)
              .arg(kvHeads)
        + (consecutive || layer ? QString()
                                : QStringLiteral(" · RoPE layers ") + indices.join(QStringLiteral(", ")));
    return text;
}

FigureSpec pairUsageFigure(const Eigen::MatrixXd& usage, const PairUsageFigureText& text) {
    if (usage.size() == 0 || !usage.allFinite() || usage.minCoeff() < 0.0) {
        throw std::invalid_argument("pair usage figure: the usage must be finite and >= 0");
    }
    FigureSpec spec;
    spec.title = text.title;
    spec.caption = text.caption;
    spec.xAxis = {QStringLiteral("rotary pair i"), 0, usage.cols() - 1};
    spec.yAxis = {text.rowLabel, text.firstRow, text.firstRow + usage.rows() - 1};
    spec.colorBar.colors = colormapColors("magma");
    spec.colorBar.label = QStringLiteral("log₁₀ ") + text.valueLabel;
    if (usage.maxCoeff() == 0.0) { // an untrained (zero) checkpoint: one colour, and the bar says why
        spec.colorBar.label += QStringLiteral(": every entry is 0");
        spec.colorBar.min = -1.0;
        spec.colorBar.max = 0.0;
    } else {
        const double top = std::log10(usage.maxCoeff());
        const double smallest
            = usage.array().unaryExpr([](double v) { return v > 0.0 ? v : INFINITY; }).minCoeff();
        const double bottom = std::max(top - kDecades, std::log10(smallest));
        spec.colorBar.min = bottom < top ? bottom : top - 1.0;
        spec.colorBar.max = top;
    }
    spec.heatmap
        = QImage(static_cast<int>(usage.cols()), static_cast<int>(usage.rows()), QImage::Format_RGB32);
    const auto last = static_cast<double>(spec.colorBar.colors.size() - 1);
    for (Eigen::Index r = 0; r < usage.rows(); ++r) {
        for (Eigen::Index c = 0; c < usage.cols(); ++c) {
            const double value = usage(r, c) > 0.0 ? std::log10(usage(r, c)) : spec.colorBar.min;
            const double t
                = std::clamp((value - spec.colorBar.min) / (spec.colorBar.max - spec.colorBar.min), 0.0, 1.0);
            spec.heatmap.setPixel(static_cast<int>(c), static_cast<int>(r),
                spec.colorBar.colors[static_cast<qsizetype>(std::lround(t * last))]);
        }
    }
    return spec;
}

} // namespace pecards::app
