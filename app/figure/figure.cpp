#include "figure/figure.h"

#include "figure/caption.h"
#include "figure/chartrenderer.h"
#include "figure/coverrenderer.h"

namespace pecards::app {

namespace {

template <class... Ts> struct Overloaded : Ts... { using Ts::operator()...; };
template <class... Ts> Overloaded(Ts...) -> Overloaded<Ts...>; // clang 14 lacks aggregate CTAD

} // namespace

QString figureError(const Figure& figure) {
    return std::visit(Overloaded {[](const FigureSpec& f) { return figureSpecError(f); },
                          [](const ChartSpec& c) { return chartSpecError(c); },
                          [](const CoverSpec& c) { return coverSpecError(c); }},
        figure);
}

QString figureTitleOf(const Figure& figure) {
    return std::visit([](const auto& f) { return f.title; }, figure);
}

QString figureCaptionOf(const Figure& figure) {
    return std::visit(Overloaded {[](const FigureSpec& f) { return f.caption; },
                          [](const ChartSpec& c) { return c.caption; },
                          [](const CoverSpec& c) { return c.parameters.join(captionSeparator()); }},
        figure);
}

void paintFigure(QPainter& painter, const QRectF& target, const Figure& figure, const FigureStyle& style,
    double pixelsPerPoint) {
    std::visit(
        Overloaded {
            [&](const FigureSpec& f) { FigureRenderer(style).paint(painter, target, f, pixelsPerPoint); },
            [&](const ChartSpec& c) { ChartRenderer(style).paint(painter, target, c, pixelsPerPoint); },
            [&](const CoverSpec& c) { CoverRenderer(style).paint(painter, target, c, pixelsPerPoint); }},
        figure);
}

} // namespace pecards::app
