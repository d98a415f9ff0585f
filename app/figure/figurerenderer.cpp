#include "figure/figurerenderer.h"

#include "figure/aliasing.h"
#include "figure/figureframe.h"
#include "figure/figurepainting.h"
#include "figure/ticks.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QLinearGradient>
#include <QPaintEngine>
#include <QStringList>
#include <algorithm>
#include <cmath>

namespace pecards::app {

namespace {

/// Everything's position, in device units; computed before anything is drawn.
struct Layout : FigureFrame {
    QRectF plot; ///< the heatmap, snapped to whole device units
    QRectF colorBar;
    std::vector<qint64> xTicks, yTicks;
    ValueTicks barTicks;
    double yLabelsWidth = 0; ///< widest y tick label
    double barLabelsWidth = 0; ///< widest colour-bar tick label (or the "masked" legend)
    /// The colour bar's title in lines no longer than the bar (the first line nearest the bar).
    QStringList barTitle;
    QRectF barTitleArea; ///< what its rotated lines cover
};

QStringList indexLabels(const std::vector<qint64>& ticks) {
    QStringList labels;
    for (const qint64 v : ticks) {
        labels << QString::number(v);
    }
    return labels;
}

QStringList valueLabels(const ValueTicks& ticks) {
    QStringList labels;
    for (const double v : ticks.values) {
        labels << formatTick(v, ticks.step);
    }
    return labels;
}

/// Nearest-neighbour resize with exact integer block boundaries: target pixel x shows source
/// column floor(x * width / target width) (QPainter's own scaling may shift boundaries by a
/// pixel or two).
QImage nearestScaled(const QImage& source, QSize size) {
    const QImage src = source.convertToFormat(QImage::Format_RGB32);
    QImage out(size, QImage::Format_RGB32);
    std::vector<int> column(static_cast<std::size_t>(size.width()));
    for (int x = 0; x < size.width(); ++x) {
        column[static_cast<std::size_t>(x)]
            = static_cast<int>(static_cast<qint64>(x) * src.width() / size.width());
    }
    for (int y = 0; y < size.height(); ++y) {
        const auto* in = reinterpret_cast<const QRgb*>(
            src.constScanLine(static_cast<int>(static_cast<qint64>(y) * src.height() / size.height())));
        auto* line = reinterpret_cast<QRgb*>(out.scanLine(y));
        for (int x = 0; x < size.width(); ++x) {
            line[x] = in[column[static_cast<std::size_t>(x)]];
        }
    }
    return out;
}

QString maskedLabel() {
    return QCoreApplication::translate("pecards::app::FigureRenderer", "masked");
}

/// Horizontal position of the centre of entry v on an axis spanning [from, to] in device units.
double entryCentre(const AxisSpec& axis, qint64 v, double from, double to) {
    const double n = static_cast<double>(axis.last - axis.first + 1);
    return from + (static_cast<double>(v - axis.first) + 0.5) / n * (to - from);
}

/// The layout with the colour bar's title in `barTitleLines` lines beside the bar.
Layout layoutWithBarTitle(const FigureStyle& style, const FigureFonts& fonts, QPaintDevice* device,
    const QRectF& target, const FigureSpec& spec, double s, qsizetype barTitleLines) {
    Layout L;
    static_cast<FigureFrame&>(L) = figureFrame(style, fonts, device, target, spec.caption, s);
    const QFontMetricsF label(fonts.label, device), tick(fonts.tick, device);
    double top = L.plotTop;
    double height = L.plotBottom - top;

    const double minSpacing = kFigureMinTickSpacingPt * s;
    const double em = tick.height();
    L.yTicks = indexTicks(spec.yAxis.first, spec.yAxis.last, tickCapacity(height, em, em, minSpacing));
    L.barTicks = valueTicks(spec.colorBar.min, spec.colorBar.max, tickCapacity(height, em, em, minSpacing));
    L.yLabelsWidth = widestText(tick, indexLabels(L.yTicks));
    L.barLabelsWidth = widestText(tick, valueLabels(L.barTicks));
    if (spec.hasMasked) {
        L.barLabelsWidth = std::max(L.barLabelsWidth, tick.horizontalAdvance(maskedLabel()) - L.tickLength);
    }
    double left = L.area.left() + label.height() + L.gap + L.yLabelsWidth + L.gap + L.tickLength;
    const double barColumn = style.colorBarGapPt * s + style.colorBarWidthPt * s + L.tickLength + L.gap
        + L.barLabelsWidth + L.gap + static_cast<double>(barTitleLines) * label.height();
    double width = L.area.right() - barColumn - left;

    if (spec.equalAspect) {
        const double aspect = static_cast<double>(spec.xAxis.last - spec.xAxis.first + 1)
            / static_cast<double>(spec.yAxis.last - spec.yAxis.first + 1);
        // A thin window (one query row of thousands of keys) keeps a readable side: the
        // cells stretch rather than the plot shrinking to a line.
        const double minSide = kFigureMinAspectSidePt * s;
        if (width / height > aspect) { // too wide: centre plot and colour bar horizontally
            const double narrower = std::max(height * aspect, std::min(width, minSide));
            left += (width - narrower) / 2.0;
            width = narrower;
        } else { // too tall: the whole block (title to caption) is centred vertically
            const double shorter = std::max(width / aspect, std::min(height, minSide));
            L.titleTop += (height - shorter) / 2.0;
            top += (height - shorter) / 2.0;
            height = shorter;
        }
        // Ticks for the final height (the labels' widths above, for the taller plot, bound them).
        L.yTicks = indexTicks(spec.yAxis.first, spec.yAxis.last, tickCapacity(height, em, em, minSpacing));
        L.barTicks
            = valueTicks(spec.colorBar.min, spec.colorBar.max, tickCapacity(height, em, em, minSpacing));
    }
    // A page too small for the labels, colour bar and caption leaves no plot: one device unit
    // then, never a negative size (FigureExporter refuses such pages).
    width = std::max(width, 1.0);
    height = std::max(height, 1.0);
    L.plot = QRectF(QPointF(std::round(left), std::round(top)),
        QPointF(std::round(left + width), std::round(top + height)));
    L.colorBar = QRectF(L.plot.right() + std::round(style.colorBarGapPt * s), L.plot.top(),
        std::round(style.colorBarWidthPt * s), L.plot.height());

    const QString widestX = QString::number(std::max(std::abs(spec.xAxis.first), std::abs(spec.xAxis.last)));
    L.xTicks = indexTicks(spec.xAxis.first, spec.xAxis.last,
        tickCapacity(L.plot.width(), tick.horizontalAdvance(widestX), em, minSpacing));
    L.barTitle = wrapWords(spec.colorBar.label, label, L.colorBar.height());
    const double titleLength = widestText(label, L.barTitle);
    L.barTitleArea = QRectF(L.colorBar.right() + L.tickLength + L.gap + L.barLabelsWidth + L.gap,
        L.colorBar.center().y() - titleLength / 2.0, static_cast<double>(L.barTitle.size()) * label.height(),
        titleLength);
    return L;
}

/// Everything's place. A colour-bar title longer than the bar (at column width "A − B, score
/// (logit units)" ran past the figure's top into the title) is broken at spaces into lines as
/// long as the bar; each further line takes width from the plot, so the bar may shrink and
/// need one more: at most four passes.
Layout computeLayout(const FigureStyle& style, const FigureFonts& fonts, QPaintDevice* device,
    const QRectF& target, const FigureSpec& spec, double s) {
    qsizetype lines = 1;
    Layout L = layoutWithBarTitle(style, fonts, device, target, spec, s, lines);
    for (int pass = 0; pass < 3 && L.barTitle.size() > lines; ++pass) {
        lines = L.barTitle.size();
        L = layoutWithBarTitle(style, fonts, device, target, spec, s, lines);
    }
    return L;
}

} // namespace

FigureRenderer::FigureRenderer(FigureStyle style)
    : m_style(std::move(style)) {
}

QRectF FigureRenderer::plotArea(
    QPaintDevice* device, const QRectF& target, const FigureSpec& spec, double pixelsPerPoint) const {
    return computeLayout(m_style, figureFonts(m_style, pixelsPerPoint), device, target, spec, pixelsPerPoint)
        .plot;
}

ColorBarLayout FigureRenderer::colorBarLayout(
    QPaintDevice* device, const QRectF& target, const FigureSpec& spec, double pixelsPerPoint) const {
    const Layout L
        = computeLayout(m_style, figureFonts(m_style, pixelsPerPoint), device, target, spec, pixelsPerPoint);
    return {L.colorBar, L.barTicks.values, L.barTitle, L.barTitleArea};
}

void FigureRenderer::paint(
    QPainter& painter, const QRectF& target, const FigureSpec& spec, double pixelsPerPoint) const {
    const double s = pixelsPerPoint;
    if (const QString error = figureSpecError(spec); !error.isEmpty()) { // an "invalid" state, no crash
        paintSpecError(painter, target, m_style, s, error);
        return;
    }
    const FigureFonts fonts = figureFonts(m_style, s);
    QPaintDevice* device = painter.device();
    const Layout L = computeLayout(m_style, fonts, device, target, spec, s);
    const auto [title, label, tick, caption] = FigureMetrics(fonts, device);
    beginFigure(painter, target, m_style);

    // Heatmap: nearest-neighbour, no antialiased edges.
    painter.setRenderHint(QPainter::Antialiasing, false);
    painter.setRenderHint(QPainter::SmoothPixmapTransform, false);
    painter.setRenderHint(QPainter::LosslessImageRendering, true); // PDF: Flate, never JPEG
    const bool raster = painter.paintEngine() != nullptr
        && painter.paintEngine()->type() == QPaintEngine::Raster
        && painter.transform().type() <= QTransform::TxTranslate;
    if (raster) { // exact cell boundaries; vector devices get the full-resolution image
        painter.drawImage(L.plot.topLeft(), nearestScaled(spec.heatmap, L.plot.size().toSize()));
    } else {
        painter.drawImage(L.plot, spec.heatmap, QRectF(spec.heatmap.rect()));
    }
    if (!spec.aliasedColumns.empty()) { // as the app hatches them (the author's A-C3)
        const QBrush hatch(QColor(255, 255, 255, 150), Qt::BDiagPattern);
        const double width = L.plot.width() / static_cast<double>(spec.aliasedColumns.size());
        for (const auto& [first, end] : aliasedRuns(spec.aliasedColumns)) {
            painter.fillRect(QRectF(L.plot.left() + static_cast<double>(first) * width, L.plot.top(),
                                 static_cast<double>(end - first) * width, L.plot.height()),
                hatch);
        }
    }

    // Colour bar: a vector gradient through every colormap entry, min at the bottom.
    QLinearGradient gradient(L.colorBar.bottomLeft(), L.colorBar.topLeft());
    const auto& colors = spec.colorBar.colors;
    for (qsizetype i = 0; i < colors.size(); ++i) {
        gradient.setColorAt(
            static_cast<double>(i) / static_cast<double>(colors.size() - 1), QColor(colors[i]));
    }
    painter.fillRect(L.colorBar, gradient);

    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    painter.setPen(figureFramePen(L.lineWidth));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(L.plot);
    painter.drawRect(L.colorBar);

    // Axis ticks and labels.
    painter.setFont(fonts.tick);
    for (const qint64 v : L.xTicks) {
        drawXTick(painter, L, tick, L.plot, entryCentre(spec.xAxis, v, L.plot.left(), L.plot.right()),
            QString::number(v));
    }
    for (const qint64 v : L.yTicks) {
        drawYTick(painter, L, tick, L.plot, entryCentre(spec.yAxis, v, L.plot.top(), L.plot.bottom()),
            QString::number(v));
    }
    // In halves: max - min overflows for ranges such as [-1e308, 1e308] (halving is exact).
    const double halfSpan = spec.colorBar.max / 2 - spec.colorBar.min / 2;
    for (const double v : L.barTicks.values) {
        const double y
            = L.colorBar.bottom() - (v / 2 - spec.colorBar.min / 2) / halfSpan * L.colorBar.height();
        painter.drawLine(QPointF(L.colorBar.right(), y), QPointF(L.colorBar.right() + L.tickLength, y));
        drawAlignedText(painter, tick, formatTick(v, L.barTicks.step),
            QPointF(L.colorBar.right() + L.tickLength + L.gap, y), Qt::AlignLeft | Qt::AlignVCenter);
    }
    if (spec.hasMasked) {
        const QRectF swatch(
            L.colorBar.left(), L.plot.bottom() + L.tickLength + L.gap, L.colorBar.width(), tick.ascent());
        painter.fillRect(swatch, spec.maskedColor);
        painter.drawRect(swatch);
        drawAlignedText(painter, tick, maskedLabel(), QPointF(swatch.right() + L.gap, swatch.top()),
            Qt::AlignLeft | Qt::AlignTop);
    }

    painter.setFont(fonts.label);
    const double xLabelTop = L.plot.bottom() + L.tickLength + L.gap + tick.height() + L.gap;
    drawAlignedText(painter, label, spec.xAxis.label, QPointF(L.plot.center().x(), xLabelTop),
        Qt::AlignHCenter | Qt::AlignTop);
    drawVerticalText(painter, label, spec.yAxis.label,
        QPointF(yLabelCentreX(L, label, L.plot, L.yLabelsWidth), L.plot.center().y()));
    for (qsizetype line = 0; line < L.barTitle.size(); ++line)
        drawVerticalText(painter, label, L.barTitle[line],
            QPointF(L.barTitleArea.left() + (static_cast<double>(line) + 0.5) * label.height(),
                L.barTitleArea.center().y()));

    if (m_style.showTitle)
        drawFigureTitle(painter, L, fonts, title, spec.title, L.plot.center().x());
    drawFigureCaption(painter, L, fonts, caption, xLabelTop + label.height() + 2.0 * L.gap);
    painter.restore();
}

} // namespace pecards::app
