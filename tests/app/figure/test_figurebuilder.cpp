// Colouring a grid and building a figure's labels, checked against hand-computed values.
#include "app/qstringprinter.h"
#include "figure/figurebuilder.h"
#include "figure/figureexporter.h"
#include "figure/figurepresets.h"
#include "figure/figurerenderer.h"
#include "offscreenguiapp.h"
#include "support/testconstants.h"

#include <QPainter>
#include <QXmlStreamReader>
#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <numbers>
#include <stdexcept>

using namespace pecards;
using namespace pecards::app;

namespace {

using pecards::testsupport::kMasked;

/// A 5-step grey ramp: index k has grey level 50 * k.
QList<QRgb> greyRamp() {
    return {qRgb(0, 0, 0), qRgb(50, 50, 50), qRgb(100, 100, 100), qRgb(150, 150, 150), qRgb(200, 200, 200)};
}

Grid grid(int rows, int cols, std::vector<double> values, Window window) {
    Grid g;
    g.rows = rows;
    g.cols = cols;
    g.values = std::move(values);
    g.window = window;
    return g;
}

} // namespace

TEST(ColorizeGrid, MapsValuesToTheNearestColormapEntry) {
    // Range [0, 8] over 5 colours: index = round(v / 2); -1 and 9 take the end colours.
    const Grid g = grid(2, 3, {0.0, 2.9, 3.1, 8.0, -1.0, 9.0}, {0, 2, 0, 3});
    const QImage image = colorizeGrid(g, greyRamp(), {0.0, 8.0}, QColor(255, 0, 0));
    ASSERT_EQ(image.size(), QSize(3, 2));
    EXPECT_EQ(image.pixel(0, 0), qRgb(0, 0, 0));
    EXPECT_EQ(image.pixel(1, 0), qRgb(50, 50, 50)); // 1.45 -> 1
    EXPECT_EQ(image.pixel(2, 0), qRgb(100, 100, 100)); // 1.55 -> 2
    EXPECT_EQ(image.pixel(0, 1), qRgb(200, 200, 200));
    EXPECT_EQ(image.pixel(1, 1), qRgb(0, 0, 0));
    EXPECT_EQ(image.pixel(2, 1), qRgb(200, 200, 200));
}

TEST(ColorizeGrid, RangesWhoseSpanOverflowsStillMapToTheMiddle) {
    // [-1e308, 1e308]: max - min is inf; 0 is the middle colour, the ends the end colours.
    const Grid g = grid(1, 3, {0.0, -1e308, 1e308}, {0, 1, 0, 3});
    const QImage image = colorizeGrid(g, greyRamp(), {-1e308, 1e308}, QColor(255, 0, 0));
    EXPECT_EQ(image.pixel(0, 0), qRgb(100, 100, 100));
    EXPECT_EQ(image.pixel(1, 0), qRgb(0, 0, 0));
    EXPECT_EQ(image.pixel(2, 0), qRgb(200, 200, 200));
}

TEST(ColorizeGrid, MaskedCellsGetTheMaskColourAndBadValuesThrow) {
    const Grid g = grid(1, 2, {kMasked, 4.0}, {0, 1, 0, 2});
    const QImage image = colorizeGrid(g, greyRamp(), {0.0, 8.0}, QColor(255, 0, 0));
    EXPECT_EQ(image.pixel(0, 0), qRgb(255, 0, 0));
    EXPECT_EQ(image.pixel(1, 0), qRgb(100, 100, 100));

    const Grid withNan = grid(1, 2, {std::numeric_limits<double>::quiet_NaN(), 0.0}, {0, 1, 0, 2});
    EXPECT_THROW(colorizeGrid(withNan, greyRamp(), {0.0, 1.0}, Qt::red), std::invalid_argument);
    EXPECT_THROW(colorizeGrid(g, {qRgb(0, 0, 0)}, {0.0, 1.0}, Qt::red), std::invalid_argument);
    EXPECT_THROW(colorizeGrid(g, greyRamp(), {1.0, 1.0}, Qt::red), std::invalid_argument);
    const Grid wrongSize = grid(2, 2, {0.0, 1.0, 2.0}, {0, 2, 0, 2});
    EXPECT_THROW(colorizeGrid(wrongSize, greyRamp(), {0.0, 1.0}, Qt::red), std::invalid_argument);
}

TEST(DefaultValueRange, FollowsTheQuantity) {
    const Grid g = grid(1, 4, {kMasked, -3.0, 1.0, 2.0}, {0, 1, 0, 4});
    EXPECT_EQ(defaultValueRange(Quantity::Score, g), (ValueRange {-3.0, 2.0}));
    EXPECT_EQ(defaultValueRange(Quantity::Score, g, true), (ValueRange {-3.0, 3.0}));
    EXPECT_EQ(defaultValueRange(Quantity::Table, g), (ValueRange {-3.0, 3.0}));
    EXPECT_EQ(defaultValueRange(Quantity::Attention, g), (ValueRange {0.0, 2.0}));
    EXPECT_EQ(defaultValueRange(Quantity::Phase, g), (ValueRange {0.0, 2.0 * std::numbers::pi}));
    EXPECT_EQ(
        defaultValueRange(Quantity::Buckets, grid(1, 2, {5.0, 5.0}, {0, 1, 0, 2})), (ValueRange {4.5, 5.5}));
    EXPECT_EQ(
        defaultValueRange(Quantity::Score, grid(1, 1, {kMasked}, {0, 1, 0, 1})), (ValueRange {0.0, 1.0}));
}

TEST(MakeFigureSpec, AxesLabelsAndCaptionOfAScoreView) {
    ViewRequest r;
    r.params.card = Card::Alibi;
    r.params.length = 10;
    r.quantity = Quantity::Score;
    r.window = {2, 6, 3, 10};
    std::vector<double> values(28, -1.0);
    values[0] = kMasked;
    values[27] = 0.0;
    const FigureSpec spec = makeFigureSpec(r, grid(4, 7, values, r.window), greyRamp());
    EXPECT_EQ(spec.title, QString::fromUtf8("ALiBi \u2014 positional score"));
    EXPECT_EQ(spec.xAxis, (AxisSpec {QStringLiteral("key position j"), 3, 9}));
    EXPECT_EQ(spec.yAxis, (AxisSpec {QStringLiteral("query position i"), 2, 5}));
    EXPECT_EQ(spec.colorBar.label, QStringLiteral("bias (logit units)"));
    EXPECT_EQ(spec.colorBar.min, -1.0);
    EXPECT_EQ(spec.colorBar.max, 0.0);
    EXPECT_EQ(spec.colorBar.colors, greyRamp());
    EXPECT_TRUE(spec.caption.startsWith(QStringLiteral("ALiBi score")));
    EXPECT_TRUE(spec.hasMasked);
    EXPECT_TRUE(spec.equalAspect);
    EXPECT_EQ(spec.heatmap.size(), QSize(7, 4));
    EXPECT_EQ(spec.heatmap.pixel(0, 0), spec.maskedColor.rgb());
    EXPECT_EQ(spec.heatmap.pixel(6, 3), qRgb(200, 200, 200));
    EXPECT_EQ(spec.heatmap.pixel(3, 2), qRgb(0, 0, 0));
}

// A multimodal card's rows and columns are tokens (their positions are t, h, w ids): the exported
// figure says so, as the card's heatmap does.
TEST(MakeFigureSpec, AMultimodalViewsAxesAreTokens) {
    ViewRequest r;
    r.params.card = Card::Multimodal;
    r.params.length = 11; // the card's segments text:3,image:4x6,text:2
    r.quantity = Quantity::Score;
    r.window = {0, 11, 0, 11};
    const FigureSpec spec
        = makeFigureSpec(r, grid(11, 11, std::vector<double>(121, 1.0), r.window), greyRamp());
    EXPECT_EQ(spec.xAxis.label, QStringLiteral("key token j"));
    EXPECT_EQ(spec.yAxis.label, QStringLiteral("query token i"));
}

TEST(MakeFigureSpec, PhaseViewAxesAndWindowMismatch) {
    ViewRequest r;
    r.params.card = Card::Rope;
    r.params.length = 4;
    r.quantity = Quantity::Phase;
    r.window = {0, 4, 0, 2};
    const FigureSpec spec = makeFigureSpec(r, grid(4, 2, std::vector<double>(8, 1.0), r.window), greyRamp());
    EXPECT_EQ(spec.xAxis.label, QStringLiteral("frequency pair i"));
    EXPECT_EQ(spec.yAxis.label, QStringLiteral("position p"));
    EXPECT_FALSE(spec.equalAspect);
    EXPECT_FALSE(spec.hasMasked);
    EXPECT_DOUBLE_EQ(spec.colorBar.max, 2.0 * std::numbers::pi);
    EXPECT_THROW(makeFigureSpec(r, grid(4, 2, std::vector<double>(8, 1.0), {0, 4, 0, 3}), greyRamp()),
        std::invalid_argument);
}

// The author's A-C3: an exported phase table sampled one row every 16 positions showed the fast
// pairs' moiré as if it were the picture; the app hatches them. The figure marks the same columns
// (pair i with θᵢ·step > π: θᵢ = 10000^(-2i/128), step 4096/256 = 16 -> pairs i with
// 10000^(-i/64) > π/16, i <= 11), hatches them and says so in its caption.
TEST(MakeFigureSpec, AliasedColumnsOfAPhaseTableAreHatchedAndNamed) {
    ViewRequest r;
    r.params = startParams(Card::Rope); // head_dim 128, base 10000
    r.params.length = 4096;
    r.quantity = Quantity::Phase;
    r.reduction = Reduction::Sample;
    r.window = fullExtent(r.params, Quantity::Phase);
    const Grid sampled = grid(256, 64, std::vector<double>(256 * 64, 1.0), r.window);
    const FigureSpec spec = makeFigureSpec(r, sampled, greyRamp());
    ASSERT_EQ(spec.aliasedColumns.size(), 64U);
    for (int pair = 0; pair < 64; ++pair) {
        const double theta = std::pow(10000.0, -2.0 * pair / 128.0);
        EXPECT_EQ(spec.aliasedColumns[static_cast<std::size_t>(pair)], theta * 16.0 > std::numbers::pi)
            << pair;
    }
    EXPECT_TRUE(spec.aliasedColumns[11]);
    EXPECT_FALSE(spec.aliasedColumns[12]);
    EXPECT_TRUE(spec.caption.contains(QStringLiteral("hatched columns"))) << spec.caption.toStdString();
    // The hatch is painted: the same figure without the marks differs in the fast columns only.
    FigureSpec plain = spec;
    plain.aliasedColumns.clear();
    plain.caption = spec.caption; // same text, so only the plot can differ
    const FigureRenderer renderer(FigureStyle {});
    QImage hatched(800, 600, QImage::Format_RGB32);
    QImage clean(800, 600, QImage::Format_RGB32);
    const auto draw = [&renderer](QImage& image, const FigureSpec& figure) {
        image.fill(Qt::white);
        QPainter painter(&image);
        renderer.paint(painter, QRectF(0, 0, 800, 600), figure, 800.0 / (6.0 * 72.0));
    };
    draw(hatched, spec);
    draw(clean, plain);
    EXPECT_NE(hatched, clean);
    // Every exact pixel row (no sampling) marks nothing.
    const Grid exact = grid(4096, 64, std::vector<double>(4096 * 64, 1.0), r.window);
    const FigureSpec full = makeFigureSpec(r, exact, greyRamp());
    EXPECT_EQ(std::count(full.aliasedColumns.begin(), full.aliasedColumns.end(), true), 0);
    EXPECT_FALSE(full.caption.contains(QStringLiteral("hatched columns")));
}

// The author's A-C4 (and A-U3: at column width the caption took a third of the height): the title
// and the caption can be left out; the plot takes their room and nothing of them is drawn.
TEST(MakeFigureSpec, TitleAndCaptionCanBeLeftOutAndThePlotGrows) {
    ViewRequest r;
    r.params = startParams(Card::Rope);
    r.params.length = 64;
    r.quantity = Quantity::Phase; // not square: the plot takes the height it is given
    r.window = fullExtent(r.params, Quantity::Phase);
    const FigureSpec spec
        = makeFigureSpec(r, grid(64, 64, std::vector<double>(64 * 64, 0.5), r.window), greyRamp());
    QImage device(1050, 788, QImage::Format_RGB32);
    const QRectF target(0, 0, 1050, 788);
    const double pixelsPerPoint = 300.0 / 72.0;
    FigureStyle style = styleForFontSize(8.0);
    const QRectF full = FigureRenderer(style).plotArea(&device, target, spec, pixelsPerPoint);
    style.showCaption = false;
    const QRectF noCaption = FigureRenderer(style).plotArea(&device, target, spec, pixelsPerPoint);
    style.showTitle = false;
    const QRectF bare = FigureRenderer(style).plotArea(&device, target, spec, pixelsPerPoint);
    EXPECT_GT(noCaption.height(), full.height());
    EXPECT_GT(bare.height(), noCaption.height());
    // Nothing of them is painted: no <text> of the SVG holds either (its metadata keeps them).
    const auto drawnTexts = [&spec](const FigureStyle& shown) {
        FigureExportOptions options;
        options.sizeInches = {3.5, 2.625};
        options.style = shown;
        QString error;
        QXmlStreamReader xml(FigureExporter(options).svgData(spec, &error));
        QString texts;
        while (!xml.atEnd()) {
            if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == u"text")
                texts += xml.readElementText(QXmlStreamReader::IncludeChildElements) + u'|';
        }
        return texts;
    };
    const QString bareTexts = drawnTexts(style);
    EXPECT_FALSE(bareTexts.contains(spec.title)) << bareTexts.toStdString();
    EXPECT_FALSE(bareTexts.contains(QStringLiteral("head_dim=")))
        << bareTexts.toStdString(); // a caption field
    const QString allTexts = drawnTexts(styleForFontSize(8.0));
    EXPECT_TRUE(allTexts.contains(spec.title)) << allTexts.toStdString();
    EXPECT_TRUE(allTexts.contains(QStringLiteral("head_dim="))) << allTexts.toStdString();
}
