// pecards-cli render of the chart quantities: PNG size from the IHDR chunk and byte identity
// with the in-process chart figure (computeCurves + makeChartSpec + FigureExporter, the calls
// the GUI's chart export makes), presets and font size, SVG text, one-page PDF, and errors.
#include "app/figure/offscreenguiapp.h"
#include "app/filebytes.h"
#include "app/qstringprinter.h"
#include "clitestutil.h"
#include "figure/chartbuilder.h"
#include "figure/figureexporter.h"
#include "figure/figurepresets.h"

#include <QFile>
#include <QRegularExpression>
#include <gtest/gtest.h>

using namespace pecards;
using namespace pecards::test;

namespace {

using pecards::testsupport::fileBytes;

QByteArray inProcessPng(const app::CurveRequest& request, QSizeF inches, int dpi, double fontPt) {
    app::FigureExportOptions options;
    options.sizeInches = inches;
    options.dpi = dpi;
    options.style = app::styleForFontSize(fontPt);
    QString error;
    const QByteArray png = app::FigureExporter(options).pngData(
        app::makeChartSpec(request, app::computeCurves(request)), &error);
    EXPECT_TRUE(error.isEmpty()) << error.toStdString();
    return png;
}

using RenderChartTest = CliTest;

} // namespace

TEST_F(RenderChartTest, DecayPngAtTheColumnPresetIsTheInProcessChart) {
    const QString out = path(QStringLiteral("decay.png"));
    const CliRun run = runRender({QStringLiteral("--card"), QStringLiteral("rope"),
        QStringLiteral("--quantity"), QStringLiteral("decay"), QStringLiteral("--head-dim"),
        QStringLiteral("64"), QStringLiteral("--length"), QStringLiteral("8192"), QStringLiteral("--preset"),
        QStringLiteral("column"), QStringLiteral("--out"), out});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QByteArray bytes = fileBytes(out);
    EXPECT_EQ(pngSize(bytes), QSize(1050, 788)); // 3.5 x 2.625 in at 300 dpi
    app::CurveRequest request;
    request.params.card = Card::Rope;
    request.params.rope.head_dim = 64;
    request.params.length = 8192;
    request.kind = app::CurveKind::Decay;
    request.position = app::kDefaultPolarPosition;
    request.extent = 0;
    EXPECT_EQ(bytes, inProcessPng(request, {3.5, 2.625}, 300, 8.0));
}

TEST_F(RenderChartTest, WavesWithChannelsReachAndFontSizeAreTheInProcessChart) {
    const QString out = path(QStringLiteral("waves.png"));
    const CliRun run = runRender({QStringLiteral("--card"), QStringLiteral("sinusoidal"),
        QStringLiteral("--quantity"), QStringLiteral("waves"), QStringLiteral("--channels"),
        QStringLiteral("0,6,20"), QStringLiteral("--reach"), QStringLiteral("80"), QStringLiteral("--dpi"),
        QStringLiteral("150"), QStringLiteral("--size"), QStringLiteral("5x3"), QStringLiteral("--font-size"),
        QStringLiteral("11"), QStringLiteral("--out"), out});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    app::CurveRequest request;
    request.params = pecards::startParams(Card::Sinusoidal); // --card sinusoidal starts as the app's card
    request.kind = app::CurveKind::Waves;
    request.channels = {0, 6, 20};
    request.position = app::kDefaultPolarPosition;
    request.extent = 80;
    const QByteArray bytes = fileBytes(out);
    EXPECT_EQ(pngSize(bytes), QSize(750, 450));
    EXPECT_EQ(bytes, inProcessPng(request, {5.0, 3.0}, 150, 11.0));
}

TEST_F(RenderChartTest, GatedChartsDrawTheRowOfQuery) {
    // The help says render draws row --query of the gated charts; gated-score and gated-attention
    // were refused as "a table of numbers".
    for (const auto& [name, kind] : {std::pair {"gated-score", app::CurveKind::GatedScore},
             std::pair {"gated-attention", app::CurveKind::GatedAttention}}) {
        SCOPED_TRACE(name);
        const QString out = path(QStringLiteral("gated.png"));
        const CliRun run = runRender({"--card", "sinusoidal", "--quantity", name, "--length", "256", "--gate",
            "ramp", "--alpha", "0.2", "--query", "100", "--dpi", "100", "--out", out});
        ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
        app::CurveRequest request;
        request.params.card = Card::Sinusoidal;
        request.params.length = 256;
        request.params.tricks.gate = GateCurve::LinearRamp;
        request.params.tricks.alpha = 0.2;
        request.params.tricks.query = 100;
        request.kind = kind;
        request.position = app::kDefaultPolarPosition;
        request.extent = app::defaultExtent(kind);
        const QByteArray bytes = fileBytes(out);
        EXPECT_EQ(bytes, inProcessPng(request, {6.0, 4.5}, 100, 9.0));
        request.params.tricks.query = 10;
        EXPECT_NE(bytes, inProcessPng(request, {6.0, 4.5}, 100, 9.0));
    }
}

// position-ids and pair-axes draw the multimodal card's charts (its segments, sections and family),
// the charts the GUI's card shows; on another card they are refused with the card to use.
TEST_F(RenderChartTest, MultimodalCardDrawsItsPositionIdAndPairMapCharts) {
    for (const auto& [name, kind] : {std::pair {"position-ids", app::CurveKind::MropeIds},
             std::pair {"pair-axes", app::CurveKind::MropePairMap}}) {
        SCOPED_TRACE(name);
        const QString out = path(QStringLiteral("mrope.png"));
        const CliRun run
            = runRender({"--card", "multimodal", "--quantity", name, "--dpi", "100", "--out", out});
        ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
        app::CurveRequest request;
        request.params = pecards::startParams(Card::Multimodal); // text:3,image:4x6,text:2 on Qwen2.5-VL
        request.kind = kind;
        request.channels = app::defaultChannels(request.params, kind);
        request.position = app::kDefaultPolarPosition;
        request.extent = app::defaultExtent(kind);
        const QByteArray bytes = fileBytes(out);
        EXPECT_EQ(bytes, inProcessPng(request, {6.0, 4.5}, 100, 9.0));

        // The flags feed the card: another sequence or other sections draw another chart.
        const CliRun other = runRender({"--card", "multimodal", "--quantity", name, "--segments",
            "text:2,image:2x2,text:1", "--mrope-section", "8,28,28", "--dpi", "100", "--out", out});
        ASSERT_EQ(other.exitCode, 0) << other.err.toStdString();
        EXPECT_NE(fileBytes(out), bytes);

        const CliRun onRope
            = runRender({"--card", "rope", "--quantity", name, "--out", path(QStringLiteral("x.png"))});
        EXPECT_EQ(onRope.exitCode, 2);
        EXPECT_TRUE(onRope.err.contains(
            QStringLiteral("--quantity: %1 is drawn on the multimodal card's sequence: render it with --card "
                           "multimodal (card rope has no segments)")
                .arg(QLatin1String(name))))
            << onRope.err.toStdString();
    }
}

TEST_F(RenderChartTest, EveryChartQuantityRendersAsSvgTextAndOnePagePdf) {
    const QList<QStringList> charts {
        {QStringLiteral("rope"), QStringLiteral("spectrum")},
        {QStringLiteral("rope"), QStringLiteral("polar")},
        {QStringLiteral("rope"), QStringLiteral("score-vs-offset")},
        {QStringLiteral("alibi"), QStringLiteral("bias-vs-distance")},
        {QStringLiteral("relative"), QStringLiteral("buckets-vs-offset")},
        {QStringLiteral("rope"), QStringLiteral("base-bound")},
        {QStringLiteral("rope"), QStringLiteral("partial-rope"), QStringLiteral("--original-max-pos"),
            QStringLiteral("1024")},
        {QStringLiteral("rope"), QStringLiteral("critical-dimension"), QStringLiteral("--original-max-pos"),
            QStringLiteral("4096"), QStringLiteral("--length"), QStringLiteral("8192")},
        {QStringLiteral("hybrid"), QStringLiteral("pi-fit"), QStringLiteral("--original-max-pos"),
            QStringLiteral("512"), QStringLiteral("--length"), QStringLiteral("2048")},
    };
    static const QRegularExpression page(QStringLiteral("/Type\\s*/Page(?![A-Za-z])"));
    for (const QStringList& chart : charts) {
        const QString svg = path(chart[1] + QStringLiteral(".svg"));
        const QString pdf = path(chart[1] + QStringLiteral(".pdf"));
        for (const QString& out : {svg, pdf}) {
            const CliRun run
                = runRender(QStringList {QStringLiteral("--card"), chart[0], QStringLiteral("--quantity"),
                                chart[1], QStringLiteral("--out"), out}
                    + chart.mid(2));
            ASSERT_EQ(run.exitCode, 0) << chart[1].toStdString() << ": " << run.err.toStdString();
        }
        const QByteArray svgBytes = fileBytes(svg);
        EXPECT_TRUE(svgBytes.contains("<text")) << chart[1].toStdString();
        EXPECT_FALSE(svgBytes.contains("<image")) << chart[1].toStdString();
        EXPECT_TRUE(svgBytes.contains(chart[1].toUtf8())) << chart[1].toStdString(); // caption's first field
        const QByteArray pdfBytes = fileBytes(pdf);
        EXPECT_EQ(QString::fromLatin1(pdfBytes).count(page), 1) << chart[1].toStdString();
        EXPECT_FALSE(pdfBytes.contains("/Subtype /Image")) << chart[1].toStdString();
    }
}

// The teacher-author review A-W1: `render --quantity scaling-ratio --factor 8` drew the scalings at
// s = L / L0 = 16 (any --factor gave the same figure) while `compute` used 8, and the caption named
// neither the factor nor L0. One rule now (labFactor) for the app, render and compute.
TEST_F(RenderChartTest, TheScalingRatioFigureComparesAtTheGivenFactorAndItsCaptionSaysSo) {
    const QStringList model {QStringLiteral("--card"), QStringLiteral("rope"), QStringLiteral("--quantity"),
        QStringLiteral("scaling-ratio"), QStringLiteral("--head-dim"), QStringLiteral("128"),
        QStringLiteral("--base"), QStringLiteral("500000"), QStringLiteral("--original-max-pos"),
        QStringLiteral("8192"), QStringLiteral("--length"), QStringLiteral("131072")};
    const auto figure = [&](const QStringList& factor) {
        const QString out = path(QStringLiteral("ratio.svg"));
        const CliRun run = runRender(model + factor + QStringList {QStringLiteral("--out"), out});
        EXPECT_EQ(run.exitCode, 0) << run.err.toStdString();
        return fileBytes(out);
    };
    const QByteArray eight = figure({QStringLiteral("--factor"), QStringLiteral("8")});
    EXPECT_TRUE(eight.contains("(s = 8)")) << "the y title names the factor drawn";
    EXPECT_TRUE(eight.contains("scalings compared at s=8")) << "the caption names it";
    EXPECT_TRUE(eight.contains("L0=8192"));
    const QByteArray four = figure({QStringLiteral("--factor"), QStringLiteral("4")});
    EXPECT_TRUE(four.contains("(s = 4)"));
    EXPECT_TRUE(four.contains("scalings compared at s=4"));
    // Without a factor (the unscaled 1): the scalings compared at L / L0 = 16, as the app does.
    const QByteArray unscaled = figure({});
    EXPECT_TRUE(unscaled.contains("(s = 16)"));
    EXPECT_TRUE(unscaled.contains("scalings compared at s=16"));
}

TEST_F(RenderChartTest, ChartInputsOutOfRangeNameTheirFlag) {
    const QString out = path(QStringLiteral("x.png"));
    const CliRun badPreset = runRender({QStringLiteral("--card"), QStringLiteral("rope"),
        QStringLiteral("--quantity"), QStringLiteral("spectrum"), QStringLiteral("--preset"),
        QStringLiteral("a4"), QStringLiteral("--out"), out});
    EXPECT_EQ(badPreset.exitCode, 2);
    EXPECT_TRUE(badPreset.err.contains(QStringLiteral("--preset"))) << badPreset.err.toStdString();
    EXPECT_TRUE(badPreset.err.contains(QStringLiteral("column, two-column, slide, poster")));
    const CliRun badFont = runRender({QStringLiteral("--card"), QStringLiteral("rope"),
        QStringLiteral("--quantity"), QStringLiteral("spectrum"), QStringLiteral("--font-size"),
        QStringLiteral("100"), QStringLiteral("--out"), out});
    EXPECT_EQ(badFont.exitCode, 2);
    EXPECT_TRUE(badFont.err.contains(QStringLiteral("--font-size"))) << badFont.err.toStdString();
    const CliRun badPair = runRender({QStringLiteral("--card"), QStringLiteral("rope"),
        QStringLiteral("--quantity"), QStringLiteral("polar"), QStringLiteral("--channels"),
        QStringLiteral("99"), QStringLiteral("--out"), out});
    EXPECT_NE(badPair.exitCode, 0);
    EXPECT_TRUE(badPair.err.contains(QStringLiteral("99"))) << badPair.err.toStdString();
    EXPECT_FALSE(QFile::exists(out));
    const CliRun chartToCompute
        = runCli({QStringLiteral("compute"), QStringLiteral("--card"), QStringLiteral("rope"),
                     QStringLiteral("--quantity"), QStringLiteral("spectrum"), QStringLiteral("--out"),
                     path(QStringLiteral("s.npy"))},
            headlessEnvironment());
    EXPECT_EQ(chartToCompute.exitCode, 2);
    EXPECT_TRUE(chartToCompute.err.contains(QStringLiteral("render"))) << chartToCompute.err.toStdString();
}

TEST_F(RenderChartTest, WorkspaceChartsFollowTheirCardAndAFolderGetsNamedPngs) {
    const QString workspace = QStringLiteral(PECARDS_TEST_DATA_DIR "/workspaces/charts.json");
    const QString pdf = path(QStringLiteral("handout.pdf"));
    const CliRun handout
        = runRender({QStringLiteral("--workspace"), workspace, QStringLiteral("--out"), pdf});
    ASSERT_EQ(handout.exitCode, 0) << handout.err.toStdString();
    static const QRegularExpression page(QStringLiteral("/Type\\s*/Page(?![A-Za-z])"));
    EXPECT_EQ(
        QString::fromLatin1(fileBytes(pdf)).count(page), 1 + 2 + 3); // view, two charts, compare A, B, A - B

    const QString folder = path(QStringLiteral("gallery")) + u'/';
    const CliRun gallery = runRender({QStringLiteral("--workspace"), workspace, QStringLiteral("--dpi"),
        QStringLiteral("100"), QStringLiteral("--out"), folder});
    ASSERT_EQ(gallery.exitCode, 0) << gallery.err.toStdString();
    for (const char* name : {"rope-score", "rope-spectrum", "rope-polar", "compare1-score-a",
             "compare1-score-b", "compare1-score-difference"}) {
        const QByteArray png = fileBytes(folder + QString::fromLatin1(name) + QStringLiteral(".png"));
        EXPECT_EQ(pngSize(png), QSize(600, 450)) << name; // 6 x 4.5 in at 100 dpi
    }
    // The polar chart of the file: pairs 0 and 3 at m = 5, as the in-process chart.
    app::CurveRequest polar;
    polar.params.card = Card::Rope;
    polar.params.length = 128;
    polar.params.rope.head_dim = 16;
    polar.kind = app::CurveKind::RopePolar;
    polar.channels = {0, 3};
    polar.position = 5;
    polar.extent = 0;
    EXPECT_EQ(
        fileBytes(folder + QStringLiteral("rope-polar.png")), inProcessPng(polar, {6.0, 4.5}, 100, 9.0));
}
