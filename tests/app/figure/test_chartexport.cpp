// Chart figures: PNG pixel size read from the file's IHDR chunk and the decoded pixels equal to
// a fresh render of the same spec, SVG parsed as XML (whole <text> elements for axis labels,
// ticks, legend and caption; paths; no raster), PDF with one page and no image, presets, font
// size and a transparent background, and the chart spec built from the shared chart data.
#include "app/filebytes.h"
#include "app/qstringprinter.h"
#include "figure/caption.h"
#include "figure/chartbuilder.h"
#include "figure/chartcaption.h"
#include "figure/figureexporter.h"
#include "figure/figurepainting.h"
#include "figure/figurepresets.h"
#include "offscreenguiapp.h"

#include <QRegularExpression>
#include <QXmlStreamReader>
#include <cmath>
#include <gtest/gtest.h>

using namespace pecards::app;

namespace {

using pecards::testsupport::bigEndian32;

/// RoPE spectrum with YaRN: two wavelength curves on a log axis and the context line.
CurveRequest ropeSpectrum() {
    CurveRequest request;
    request.params.card = pecards::Card::Rope;
    request.params.length = 4096;
    request.params.rope.head_dim = 64;
    request.params.rope.scaling.type = pecards::RopeScalingType::Yarn;
    request.params.rope.scaling.factor = 4.0;
    request.params.rope.scaling.original_max_position_embeddings = 1024;
    request.kind = CurveKind::Spectrum;
    return request;
}

ChartSpec spectrumSpec() {
    const CurveRequest request = ropeSpectrum();
    return makeChartSpec(request, computeCurves(request));
}

/// Every <text> element's character content, and the names of all elements.
struct SvgContent {
    QStringList texts;
    QStringList elements;
    bool valid = false;
};

SvgContent parseSvg(const QByteArray& svg) {
    SvgContent content;
    QXmlStreamReader xml(svg);
    while (!xml.atEnd()) {
        if (xml.readNext() == QXmlStreamReader::StartElement) {
            content.elements << xml.name().toString();
            if (xml.name() == u"text") {
                content.texts << xml.readElementText(QXmlStreamReader::IncludeChildElements).trimmed();
            }
        }
    }
    content.valid = !xml.hasError();
    return content;
}

} // namespace

TEST(ChartPng, HasDpiTimesInchesPixelsAndExactlyTheRenderOfTheSpec) {
    FigureExportOptions options;
    options.sizeInches = {3.5, 2.625};
    options.dpi = 300;
    const FigureExporter exporter(options);
    const ChartSpec spec = spectrumSpec();
    QString error;
    const QByteArray png = exporter.pngData(spec, &error);
    ASSERT_TRUE(error.isEmpty()) << error.toStdString();
    ASSERT_TRUE(png.startsWith("\x89PNG\r\n\x1a\n"));
    EXPECT_EQ(bigEndian32(png, 16), 1050U); // 3.5 in x 300 dpi
    EXPECT_EQ(bigEndian32(png, 20), 788U); // round(2.625 in x 300 dpi)
    // Every pixel is the figure's own: the decoded file equals a fresh render of the spec.
    const QImage decoded = QImage::fromData(png, "png").convertToFormat(QImage::Format_RGB32);
    const QImage rendered = exporter.renderImage(spec).convertToFormat(QImage::Format_RGB32);
    ASSERT_EQ(decoded.size(), rendered.size());
    EXPECT_TRUE(decoded == rendered);
    // The curves are there in the palette's colours (Okabe–Ito orange = the second series).
    int orange = 0;
    for (int y = 0; y < decoded.height(); ++y) {
        for (int x = 0; x < decoded.width(); ++x) {
            orange += decoded.pixel(x, y) == (chartPalette()[1] | 0xff000000u) ? 1 : 0;
        }
    }
    EXPECT_GT(orange, 100);
    EXPECT_EQ(decoded.pixel(0, 0), 0xffffffffu); // white margin, no widget background
}

TEST(ChartSvg, AxisLabelsTicksLegendAndCaptionAreWholeTextElementsAndNoRaster) {
    const ChartSpec spec = spectrumSpec();
    QString error;
    const QByteArray svg = FigureExporter().svgData(spec, &error);
    ASSERT_TRUE(error.isEmpty()) << error.toStdString();
    const SvgContent content = parseSvg(svg);
    ASSERT_TRUE(content.valid);
    EXPECT_FALSE(content.elements.contains(QStringLiteral("image")));
    EXPECT_FALSE(svg.contains("data:image"));
    EXPECT_TRUE(content.elements.contains(QStringLiteral("path"))
        || content.elements.contains(QStringLiteral("polyline")));
    EXPECT_TRUE(content.texts.contains(spec.title)) << content.texts.join(u'|').toStdString();
    EXPECT_TRUE(content.texts.contains(spec.xAxis.label)) << content.texts.join(u'|').toStdString();
    EXPECT_TRUE(content.texts.contains(QStringLiteral("wavelength 2π/θᵢ (positions)")))
        << content.texts.join(u'|').toStdString();
    for (const ChartSeries& series : spec.series) {
        EXPECT_TRUE(content.texts.contains(series.name)) << series.name.toStdString();
    }
    // Decade ticks of the log y axis (10¹ .. 10⁵: all powers, A-U2) and linear ticks of the pair axis.
    EXPECT_TRUE(content.texts.contains(QStringLiteral("10¹"))) << content.texts.join(u'|').toStdString();
    EXPECT_TRUE(content.texts.contains(QStringLiteral("10³"))) << content.texts.join(u'|').toStdString();
    EXPECT_TRUE(content.texts.contains(QStringLiteral("0"))) << content.texts.join(u'|').toStdString();
    // The caption, wrapped into lines, holds every field.
    const QString captionText = content.texts.join(u' ');
    for (const QString& field :
        {QStringLiteral("head_dim=64"), QStringLiteral("scaling=yarn"), QStringLiteral("factor=4"),
            QStringLiteral("original_max_position_embeddings=1024"), QStringLiteral("L=4096")}) {
        EXPECT_TRUE(captionText.contains(field))
            << field.toStdString() << " in " << captionText.toStdString();
    }
}

// The author's A-U1 (review-teacher-author-2026-12.md, figure (b)): at column width the legend
// beside the plot cut "context L = 131072" to "context L = 1310…" and the y title to
// "wavelength 2π/θ_i (posi…". The legend goes under the plot with every name whole, and a long
// y title takes two lines; all of it inside the page.
TEST(ChartSvg, AtColumnWidthNoLegendNameOrAxisTitleIsCut) {
    CurveRequest request = ropeSpectrum(); // Llama 3.1 8B's rotary parameters at its length
    request.params.length = 131072;
    request.params.rope.head_dim = 128;
    request.params.rope.base = 500000.0;
    request.params.rope.scaling = {};
    request.params.rope.scaling.type = pecards::RopeScalingType::Llama3;
    request.params.rope.scaling.factor = 8.0;
    request.params.rope.scaling.original_max_position_embeddings = 8192;
    const ChartSpec spec = makeChartSpec(request, computeCurves(request));
    const FigurePreset* column = findFigurePreset(QStringLiteral("column"));
    ASSERT_NE(column, nullptr);
    FigureExportOptions options;
    options.sizeInches = column->sizeInches;
    options.style = styleForFontSize(column->fontPt);
    QString error;
    const QByteArray svg = FigureExporter(options).svgData(spec, &error);
    ASSERT_TRUE(error.isEmpty()) << error.toStdString();
    const SvgContent content = parseSvg(svg);
    ASSERT_TRUE(content.valid);
    const QString all = content.texts.join(u'|');
    EXPECT_FALSE(all.contains(QChar(u'…'))) << all.toStdString(); // nothing elided
    for (const ChartSeries& series : spec.series) {
        if (!series.name.isEmpty()) {
            EXPECT_TRUE(content.texts.contains(series.name))
                << series.name.toStdString() << " in " << all.toStdString();
        }
    }
    EXPECT_TRUE(content.texts.join(u' ').contains(QStringLiteral("wavelength 2π/θᵢ (positions)")))
        << all.toStdString();
}

TEST(ChartPdf, IsOneVectorPage) {
    QString error;
    const QByteArray pdf = FigureExporter().pdfData({spectrumSpec()}, &error);
    ASSERT_TRUE(error.isEmpty()) << error.toStdString();
    ASSERT_TRUE(pdf.startsWith("%PDF-"));
    static const QRegularExpression page(QStringLiteral("/Type\\s*/Page(?![A-Za-z])"));
    EXPECT_EQ(QString::fromLatin1(pdf).count(page), 1);
    EXPECT_FALSE(pdf.contains("/Subtype /Image"));
    EXPECT_TRUE(pdf.contains("/Font"));
}

TEST(ChartSpecs, PolarTrailSharesItsPairColourAndScatterIsPoints) {
    CurveRequest request;
    request.params.card = pecards::Card::Rope;
    request.params.length = 4096;
    request.kind = CurveKind::RopePolar;
    request.channels = {0, 8};
    request.position = 10;
    const ChartSpec spec = makeChartSpec(request, computeCurves(request));
    ASSERT_EQ(spec.series.size(), 4); // arm + trail per pair
    EXPECT_TRUE(spec.polar);
    EXPECT_EQ(spec.series[0].colorIndex, 0);
    EXPECT_EQ(spec.series[1].colorIndex, 0);
    EXPECT_EQ(spec.series[1].style, SeriesStyle::Points);
    EXPECT_EQ(spec.series[2].colorIndex, 1);
    EXPECT_TRUE(spec.caption.contains(QStringLiteral("pairs 0, 8"))) << spec.caption.toStdString();
    EXPECT_TRUE(spec.caption.contains(QStringLiteral("m=10"))) << spec.caption.toStdString();
    EXPECT_TRUE(chartSpecError(spec).isEmpty()) << chartSpecError(spec).toStdString();
    const QByteArray png = FigureExporter().pngData(spec);
    EXPECT_GT(png.size(), 1000);
}

TEST(ChartPng, PolarAxisLabelStaysInsideAOneColumnFigure) {
    // The polar chart's label (once "angle of the rotated pair (degrees, counter-clockwise from the x
    // axis)") is wider than the circle at 3.5 in; centred under the circle, left of the legend,
    // it used to start left of the figure ("the rotated pair (…"). No ink may touch the edges.
    CurveRequest request;
    request.params.card = pecards::Card::Rope;
    request.params.length = 4096;
    request.kind = CurveKind::RopePolar;
    request.channels = defaultChannels(request.params, request.kind); // pairs 0, 8, 16, 63
    request.position = 10;
    const ChartSpec spec = makeChartSpec(request, computeCurves(request));
    ASSERT_TRUE(chartSpecError(spec).isEmpty()) << chartSpecError(spec).toStdString();
    for (const double width : {3.5, 7.0}) {
        FigureExportOptions options;
        options.sizeInches = {width, width * 0.75}; // as pecards-cli render --size 3.5x2.6
        options.dpi = 200;
        const QImage image = FigureExporter(options).renderImage(spec).convertToFormat(QImage::Format_RGB32);
        const QRgb paper = image.pixel(0, 0);
        int inked = 0;
        for (int y = 0; y < image.height(); ++y) {
            inked += image.pixel(0, y) != paper ? 1 : 0;
            inked += image.pixel(image.width() - 1, y) != paper ? 1 : 0;
        }
        EXPECT_EQ(inked, 0) << width << " in wide: " << inked << " edge pixels inked";
    }
}

TEST(ChartSpecs, InvalidChartsAreNamed) {
    ChartSpec spec = spectrumSpec();
    spec.series[0].points[3].setY(0.0);
    EXPECT_TRUE(chartSpecError(spec).contains(QStringLiteral("log y axis")))
        << chartSpecError(spec).toStdString();
    spec.series[0].points[3].setY(std::nan(""));
    EXPECT_TRUE(chartSpecError(spec).contains(QStringLiteral("non-finite")))
        << chartSpecError(spec).toStdString();
    spec.series.clear();
    EXPECT_EQ(chartSpecError(spec), QStringLiteral("the chart has no points to draw"));
    QString error;
    EXPECT_TRUE(FigureExporter().pngData(spec, &error).isEmpty());
    EXPECT_EQ(error, QStringLiteral("the chart has no points to draw"));
}

// The multimodal card's charts name its RoPE and its M-RoPE (they were captioned with the
// sinusoidal card's d_model and base, December 2026).
TEST(ChartCaption, AMultimodalChartNamesTheCardsRopeAndMrope) {
    CurveRequest request;
    request.params = pecards::startParams(pecards::Card::Multimodal); // Qwen2.5-VL-7B, the worked example
    for (const CurveKind kind : {CurveKind::MropeIds, CurveKind::MropePairMap}) {
        request.kind = kind;
        const QString caption = formatChartCaption(request);
        EXPECT_TRUE(caption.contains(QStringLiteral("head_dim=128"))) << caption.toStdString();
        EXPECT_TRUE(caption.contains(QStringLiteral("base=1000000"))) << caption.toStdString();
        EXPECT_TRUE(caption.contains(QStringLiteral("mrope_section=[16, 24, 24]"))) << caption.toStdString();
        EXPECT_TRUE(caption.contains(QStringLiteral("segments=text:3,image:4x6,text:2")))
            << caption.toStdString();
        EXPECT_FALSE(caption.contains(QStringLiteral("d_model"))) << caption.toStdString();
        // The pair map says which row is which layout (mropecurves.h draws Qwen2-VL's at 2).
        EXPECT_EQ(caption.contains(
                      QStringLiteral("rows: 2 blocks over half-split pairs (Qwen2-VL, Qwen2.5-VL), "
                                     "1 interleaved (Qwen3-VL), 0 blocks of adjacent dims (GLM-4.xV)")),
            kind == CurveKind::MropePairMap)
            << caption.toStdString();
    }
}

TEST(ChartCaption, ListsEveryInputOfTheChart) {
    CurveRequest request;
    request.params.card = pecards::Card::Alibi;
    request.params.length = 2048;
    request.params.alibi.heads = 12;
    request.kind = CurveKind::AlibiHeads;
    request.extent = 64;
    EXPECT_EQ(formatChartCaption(request),
        QStringLiteral(
            "ALiBi bias-vs-distance · heads=12 · head=1 · alibi_bias_max=8 · form=causal · L=2048 · "
            "distances 0–64"));
    request.params.card = pecards::Card::Relative;
    request.kind = CurveKind::RelativeBuckets;
    request.extent = 300;
    EXPECT_EQ(formatChartCaption(request),
        QStringLiteral(
            "Relative (T5) buckets-vs-offset · num_buckets=32 · max_distance=128 · bidirectional=true · "
            "L=2048 · offsets -300–300"));
}

TEST(FigurePresets, SizesAndFontSizesOfTheTargets) {
    const FigurePreset* column = findFigurePreset(QStringLiteral("column"));
    ASSERT_NE(column, nullptr);
    EXPECT_EQ(column->sizeInches, QSizeF(3.5, 2.625));
    const FigurePreset* twoColumn = findFigurePreset(QStringLiteral("two-column"));
    ASSERT_NE(twoColumn, nullptr);
    EXPECT_DOUBLE_EQ(twoColumn->sizeInches.width(), 7.0);
    const FigurePreset* slide = findFigurePreset(QStringLiteral("slide"));
    ASSERT_NE(slide, nullptr);
    EXPECT_DOUBLE_EQ(slide->sizeInches.width() / slide->sizeInches.height(), 16.0 / 9.0);
    EXPECT_DOUBLE_EQ(slide->sizeInches.width(), 10.0);
    EXPECT_NE(findFigurePreset(QStringLiteral("poster")), nullptr);
    EXPECT_EQ(findFigurePreset(QStringLiteral("a4")), nullptr);

    const FigureStyle base;
    const FigureStyle large = styleForFontSize(18.0);
    EXPECT_DOUBLE_EQ(large.labelPt, 18.0);
    EXPECT_DOUBLE_EQ(large.titlePt, base.titlePt * 2.0);
    EXPECT_DOUBLE_EQ(large.captionPt, base.captionPt * 2.0);

    FigureExportOptions options;
    options.style = styleForFontSize(2.0);
    EXPECT_EQ(FigureExporter(options).validationError(),
        QStringLiteral("font size = 2 pt is invalid: allowed: [4, 48] points"));
}

TEST(FigurePresets, LargerFontsGiveLargerText) {
    // The title's bounding box grows with the font size (the same figure at 9 and 18 pt).
    const auto titleHeight = [](double pt) {
        FigureExportOptions options;
        options.style = styleForFontSize(pt);
        const QImage image
            = FigureExporter(options).renderImage(spectrumSpec()).convertToFormat(QImage::Format_RGB32);
        const auto darkRow = [&image](int y) {
            for (int x = 0; x < image.width(); ++x) {
                if (qGray(image.pixel(x, y)) < 128) {
                    return true;
                }
            }
            return false;
        };
        int first = 0;
        while (first < image.height() && !darkRow(first)) {
            ++first;
        }
        int last = first;
        while (last + 1 < image.height() && darkRow(last + 1)) {
            ++last;
        }
        return last - first + 1; // the first block of text rows: the title
    };
    const int normal = titleHeight(9.0);
    const int large = titleHeight(18.0);
    EXPECT_GT(normal, 10);
    EXPECT_NEAR(static_cast<double>(large) / normal, 2.0, 0.25);
}

TEST(FigurePresets, TransparentBackgroundLeavesTheMarginClear) {
    FigureExportOptions options;
    options.style.transparentBackground = true;
    const QImage image = QImage::fromData(FigureExporter(options).pngData(spectrumSpec()), "png");
    ASSERT_FALSE(image.isNull());
    EXPECT_TRUE(image.hasAlphaChannel());
    EXPECT_EQ(qAlpha(image.pixel(0, 0)), 0);
    EXPECT_EQ(qAlpha(FigureExporter().renderImage(spectrumSpec()).pixel(0, 0)), 255);
}

// The author's A-C1: 12 ALiBi heads on an 8-colour palette drew h1 and h9 alike (black, solid).
// Past the palette's eight colours the lines are dashed, so every head is its own line in the
// plot and in the legend; 8 heads stay solid. The legend writes every slope as a power of two.
TEST(ChartSvg, TwelveHeadsAreTwelveDistinctLines) {
    const auto svgOf = [](int heads) {
        CurveRequest request;
        request.params.card = pecards::Card::Alibi;
        request.params.length = 512;
        request.params.alibi.heads = heads;
        request.kind = CurveKind::AlibiHeads;
        request.extent = 64;
        const ChartSpec spec = makeChartSpec(request, computeCurves(request));
        QString error;
        const QByteArray svg = FigureExporter(FigureExportOptions {}).svgData(spec, &error);
        EXPECT_TRUE(error.isEmpty()) << error.toStdString();
        return svg;
    };
    const QByteArray twelve = svgOf(12);
    EXPECT_GT(twelve.count("stroke-dasharray"), 0) << "heads 9 to 12 dashed";
    EXPECT_EQ(svgOf(8).count("stroke-dasharray"), 0) << "eight heads, eight colours";
    const SvgContent content = parseSvg(twelve);
    const QString all = content.texts.join(u'|');
    EXPECT_TRUE(all.contains(QStringLiteral("h9: 2⁻¹ᐟ²")))
        << all.toStdString(); // 12 heads: head 9 = 2^(-1/2)
    EXPECT_TRUE(all.contains(QStringLiteral("h1: 2⁻¹"))) << all.toStdString();
    EXPECT_FALSE(all.contains(QStringLiteral("0.7071"))) << all.toStdString();
}

// The author's A-U2 in exported charts: the spectrum's log axis read "10 / 10000 / 10⁷" at column
// width, one format per tick. Every decade label of an axis is now a power or every one a number.
TEST(ChartSvg, LogAxisDecadesAreWrittenInOneFormat) {
    CurveRequest request = ropeSpectrum();
    request.params.length = 131072;
    request.params.rope.head_dim = 128;
    request.params.rope.base = 500000.0;
    request.params.rope.scaling = {};
    const ChartSpec spec = makeChartSpec(request, computeCurves(request));
    for (const QString& presetName : {QStringLiteral("column"), QStringLiteral("two-column")}) {
        const FigurePreset* preset = findFigurePreset(presetName);
        ASSERT_NE(preset, nullptr);
        FigureExportOptions options;
        options.sizeInches = preset->sizeInches;
        options.style = styleForFontSize(preset->fontPt);
        QString error;
        const SvgContent content = parseSvg(FigureExporter(options).svgData(spec, &error));
        ASSERT_TRUE(error.isEmpty()) << error.toStdString();
        static const QRegularExpression power(QStringLiteral("^10[⁰¹²³⁴⁵⁶⁷⁸⁹⁻]+$"));
        static const QRegularExpression number(QStringLiteral("^(100|1000|10000)$")); // the pair axis has 10
        int powers = 0;
        int numbers = 0;
        for (const QString& text : content.texts) {
            powers += power.match(text).hasMatch() ? 1 : 0;
            numbers += number.match(text).hasMatch() ? 1 : 0;
        }
        // The wavelengths span 2π .. about 3·10⁶: decade ticks, all powers.
        EXPECT_GE(powers, 2) << presetName.toStdString() << ": " << content.texts.join(u'|').toStdString();
        EXPECT_EQ(numbers, 0) << presetName.toStdString() << ": " << content.texts.join(u'|').toStdString();
    }
}

// The author's A-U1: the lab's region labels ("[18", "ba", "L0") were cut at the plot's right
// edge at column width. A label keeps inside the plot: where it starts when it fits, moved left
// to end at the edge when not, elided only when wider than the plot.
TEST(RegionLabels, StayWholeInsideThePlot) {
    const QFont font(QStringLiteral("DejaVu Sans"), 8);
    const QFontMetricsF metrics(font);
    const QString label = QStringLiteral("YaRN ramp [low, high] = [18, 40]");
    const double width = metrics.horizontalAdvance(label);
    // Room to the right: drawn where it starts.
    EXPECT_EQ(labelInside(metrics, label, 10.0, 0.0, 10.0 + width + 5.0), std::make_pair(10.0, label));
    // Near the right edge: moved left, whole, ending at the edge.
    const auto [left, text] = labelInside(metrics, label, 300.0, 0.0, 320.0);
    EXPECT_EQ(text, label);
    EXPECT_DOUBLE_EQ(left, 320.0 - width);
    // Wider than the plot: elided to fit inside it.
    const auto [narrowLeft, narrow] = labelInside(metrics, label, 5.0, 0.0, width / 2);
    EXPECT_TRUE(narrow.endsWith(QChar(u'…'))) << narrow.toStdString();
    EXPECT_GE(narrowLeft, 0.0);
    EXPECT_LE(narrowLeft + metrics.horizontalAdvance(narrow), width / 2 + 1e-9);
}
