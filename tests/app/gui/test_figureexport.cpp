// Figure and data export from the GUI: a view's PNG is byte-identical to the PNG made by
// computing the same request with the CPU reference and calling makeFigureSpec + FigureExporter
// directly and to the file `pecards-cli render` writes (when the CLI is built);
// SVG/PDF are valid files; .csv holds the engine's exact values; "Export card" writes a cover
// and one PDF page per visible view, charts included; a chart's PNG is the library's and the
// CLI's bytes.
#include "app/filebytes.h"
#include "cards/cardpage.h"
#include "compute/computeservice.h"
#include "guitestsupport.h"
#include "views/chartpanel.h"
#include "views/figureexportjob.h"
#include "views/figureoptionsdialog.h"
#include "views/figuresavedialog.h"
#include "views/heatmapcontroller.h"
#include "views/heatmappanel.h"
#include "views/viewfigure.h"
#include "views/viewslot.h"
#include "window/mainwindow.h"
#include "windowtest.h"

#include <QApplication>
#include <QClipboard>
#include <QFile>
#include <QMimeData>
#include <QProcess>
#include <QRegularExpression>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <cmath>
#include <figure/chartbuilder.h>
#include <figure/colormaplist.h>
#include <figure/figurebuilder.h>
#include <figure/figureexporter.h>
#include <figure/figurepresets.h>
#include <pecards/backend.h>

using namespace pecards::gui;

namespace {

using pecards::testsupport::fileBytes;

/// Page objects of a PDF: "/Type /Page" not followed by a letter (the /Pages tree node).
int pdfPageCount(const QByteArray& pdf) {
    static const QRegularExpression page(QStringLiteral("/Type\\s*/Page(?![A-Za-z])"));
    return static_cast<int>(QString::fromLatin1(pdf).count(page));
}

class FigureExport : public guitest::WindowTest<1600, 1000> {
protected:
    void SetUp() override {
        ASSERT_TRUE(m_folder.isValid());
        WindowTest::SetUp();
        m_rope = showCard(QStringLiteral("rope"));
        pecards::CardParams params = m_rope->params();
        params.length = 96; // small: every view answers quickly
        params.rope.head_dim = 16;
        m_rope->setParams(params);
        ASSERT_TRUE(awaitAnswered());
    }

    ::testing::AssertionResult awaitAnswered() {
        CardPage* card = m_rope;
        return guitest::awaitCondition(
            [card] {
                for (const ViewSlot* slot : card->viewSlots()) {
                    const auto* panel = qobject_cast<const HeatmapPanel*>(slot->view());
                    if (panel
                        && (!panel->controller()->shown()
                            || panel->controller()->shown()->request.params.length != 96))
                        return false;
                }
                return card->allViewsAnswered();
            },
            "every heatmap of the RoPE card at L = 96");
    }

    HeatmapPanel* firstHeatmap() const {
        return qobject_cast<HeatmapPanel*>(m_rope->viewSlots().front()->view());
    }

    QString path(const char* name) const { return m_folder.filePath(QString::fromLatin1(name)); }

    QTemporaryDir m_folder;
    CardPage* m_rope = nullptr;
};

} // namespace

TEST_F(FigureExport, PngOfAViewIsByteIdenticalToTheFigurePathOfTheCli) {
    HeatmapPanel* score = firstHeatmap();
    ASSERT_NE(score, nullptr);
    ASSERT_EQ(score->spec().quantity, pecards::Quantity::Score);
    const std::optional<ShownHeatmap> shown = score->controller()->shown();
    ASSERT_TRUE(shown.has_value());
    EXPECT_EQ(shown->colormap, QStringLiteral("diverging")); // RoPE scores are signed

    QString error;
    ASSERT_TRUE(saveHeatmapFigure(*shown, path("view.png"), 300, &error)) << error.toStdString();
    const QByteArray gui = fileBytes(path("view.png"));

    // The same request through the CPU reference and the two figure calls the CLI makes, with
    // the CLI's default range for the diverging map (symmetric about 0).
    const pecards::Grid grid = pecards::makeCpuBackend()->compute(shown->request);
    const pecards::app::FigureSpec spec
        = pecards::app::makeFigureSpec(shown->request, grid, pecards::app::colormapColors("diverging"),
            pecards::app::defaultValueRange(pecards::Quantity::Score, grid, true));
    const QByteArray direct = pecards::app::FigureExporter().pngData(spec, &error);
    ASSERT_TRUE(error.isEmpty()) << error.toStdString();
    ASSERT_TRUE(gui.startsWith("\x89PNG\r\n\x1a\n"));
    EXPECT_EQ(gui, direct);

    ASSERT_EQ(shown->request.reduction, pecards::Reduction::Mean); // the CLI flags below
#ifdef PECARDS_CLI_PATH
    // And the CLI writes the same bytes for the same parameters.
    QProcess cli;
    cli.start(QStringLiteral(PECARDS_CLI_PATH),
        {QStringLiteral("render"), QStringLiteral("--card"), QStringLiteral("rope"),
            QStringLiteral("--quantity"), QStringLiteral("score"), QStringLiteral("--head-dim"),
            QStringLiteral("16"), QStringLiteral("--length"), QStringLiteral("96"), QStringLiteral("--view"),
            QStringLiteral("96x96"), QStringLiteral("--reduction"), QStringLiteral("mean"),
            QStringLiteral("--colormap"), QStringLiteral("diverging"), QStringLiteral("--dpi"),
            QStringLiteral("300"), QStringLiteral("--out"), path("cli.png")});
    ASSERT_TRUE(cli.waitForFinished(60000));
    ASSERT_EQ(cli.exitCode(), 0) << cli.readAllStandardError().toStdString();
    EXPECT_EQ(fileBytes(path("cli.png")), gui);
#endif

    // 6 x 4.5 in at 300 dpi: 1800 x 1350 pixels; at 150 dpi: 900 x 675.
    EXPECT_EQ(QImage::fromData(gui).size(), QSize(1800, 1350));
    ASSERT_TRUE(saveHeatmapFigure(*shown, path("view150.png"), 150, &error)) << error.toStdString();
    EXPECT_EQ(QImage(path("view150.png")).size(), QSize(900, 675));
}

TEST_F(FigureExport, SvgPdfAndDataFilesAreValid) {
    const std::optional<ShownHeatmap> shown = firstHeatmap()->controller()->shown();
    ASSERT_TRUE(shown.has_value());
    QString error;
    ASSERT_TRUE(saveHeatmapFigure(*shown, path("view.svg"), 300, &error)) << error.toStdString();
    QXmlStreamReader svg(fileBytes(path("view.svg")));
    bool sawSvg = false;
    while (!svg.atEnd()) {
        if (svg.readNext() == QXmlStreamReader::StartElement && svg.name() == QStringLiteral("svg"))
            sawSvg = true;
    }
    EXPECT_FALSE(svg.hasError()) << svg.errorString().toStdString();
    EXPECT_TRUE(sawSvg);

    ASSERT_TRUE(saveHeatmapFigure(*shown, path("view.pdf"), 300, &error)) << error.toStdString();
    const QByteArray pdf = fileBytes(path("view.pdf"));
    EXPECT_TRUE(pdf.startsWith("%PDF-"));
    EXPECT_EQ(pdfPageCount(pdf), 1);

    // CSV: one line per grid row, each value the exact double of the RoPE score with
    // q = k = ones: S(i - j) = sum over 8 pairs of 2 cos((i - j) theta_p), theta_p = 10000^(-2p/16).
    ASSERT_TRUE(saveHeatmapFigure(*shown, path("view.csv"), 300, &error)) << error.toStdString();
    const QStringList lines = QString::fromUtf8(fileBytes(path("view.csv"))).split(u'\n', Qt::SkipEmptyParts);
    ASSERT_EQ(lines.size(), shown->grid.rows);
    const pecards::Window& window = shown->grid.window;
    ASSERT_EQ(window.rows(), shown->grid.rows); // 96 positions on more pixels: one entry per row
    for (const int row : {0, 5, 95}) {
        const QStringList cells = lines.at(row).split(u',');
        ASSERT_EQ(cells.size(), shown->grid.cols);
        for (const int col : {0, 17, 95}) {
            double expected = 0.0;
            for (int pair = 0; pair < 8; ++pair)
                expected += 2.0 * std::cos((row - col) * std::pow(10000.0, -2.0 * pair / 16.0));
            EXPECT_NEAR(cells.at(col).toDouble(), expected, 1e-9) << row << ", " << col;
        }
    }

    ASSERT_TRUE(saveHeatmapFigure(*shown, path("view.npy"), 300, &error)) << error.toStdString();
    const QByteArray npy = fileBytes(path("view.npy"));
    EXPECT_TRUE(npy.startsWith("\x93NUMPY"));
    EXPECT_TRUE(npy.contains("'descr': '<f8'"));
    // Payload: rows x cols float64 after the header.
    EXPECT_GE(npy.size(), qsizetype {96} * 96 * 8);

    EXPECT_FALSE(saveHeatmapFigure(*shown, path("view.bmp"), 300, &error));
    EXPECT_TRUE(error.contains(QStringLiteral(".png, .svg, .pdf, .npy or .csv"))) << error.toStdString();
    EXPECT_FALSE(QFile::exists(path("view.bmp")));
}

TEST_F(FigureExport, ExportCardHasACoverAndOnePagePerVisibleViewChartsIncluded) {
    int heatmaps = 0;
    int charts = 0;
    ViewSlot* chartSlot = nullptr;
    for (ViewSlot* slot : m_rope->viewSlots()) {
        if (qobject_cast<HeatmapPanel*>(slot->view())) {
            ++heatmaps;
        } else if (qobject_cast<ChartPanel*>(slot->view())) {
            ++charts;
            chartSlot = slot;
        }
    }
    ASSERT_GE(heatmaps, 1);
    ASSERT_GE(charts, 1);
    const QList<ShownView> views = m_rope->visibleViews();
    ASSERT_EQ(views.size(), heatmaps + charts);
    QString error;
    QList<pecards::app::Figure> figures;
    for (const ShownView& view : views)
        figures.push_back(shownFigure(view));
    const QList<pecards::app::Figure> pages
        = cardPages(figures, m_rope->coverPage(QStringLiteral("test model")));
    ASSERT_TRUE(saveFigures(pages, path("card.pdf"), {}, &error)) << error.toStdString();
    EXPECT_EQ(pdfPageCount(fileBytes(path("card.pdf"))), 1 + heatmaps + charts);
    const auto* cover = std::get_if<pecards::app::CoverSpec>(&pages.front());
    ASSERT_NE(cover, nullptr);
    EXPECT_EQ(cover->model, QStringLiteral("test model"));
    EXPECT_TRUE(cover->parameters.contains(QStringLiteral("head_dim=16")))
        << cover->parameters.join(u' ').toStdString();
    EXPECT_TRUE(cover->parameters.contains(QStringLiteral("L=96")))
        << cover->parameters.join(u' ').toStdString();
    EXPECT_EQ(cover->contents.size(), heatmaps + charts);
    EXPECT_EQ(
        std::count_if(pages.begin(), pages.end(),
            [](const pecards::app::Figure& f) { return std::holds_alternative<pecards::app::ChartSpec>(f); }),
        charts);

    // A hidden slot is not exported.
    chartSlot->hide();
    EXPECT_EQ(m_rope->visibleViews().size(), heatmaps + charts - 1);

    // A visible view without a picture (here: just switched, not computed yet; or showing an error
    // such as out of memory) is named, so the export says what its file lacks (it was silent).
    chartSlot->setVisible(true);
    chartSlot->showView(QStringLiteral("attention"));
    QStringList leftOut;
    EXPECT_EQ(m_rope->visibleViews(&leftOut).size(), heatmaps + charts - 1);
    ASSERT_EQ(leftOut.size(), 1);
    EXPECT_EQ(leftOut.front(), chartSlot->view()->title());
    EXPECT_TRUE(leftOut.front().startsWith(QStringLiteral("Attention"))) << leftOut.front().toStdString();
    EXPECT_EQ(leftOutMessage(QStringLiteral("card.pdf"), leftOut),
        QStringLiteral("Saved card.pdf without the views that show no picture now: ") + leftOut.front()
            + QStringLiteral(". Export again once they show one to include them."));

    EXPECT_FALSE(saveFigures({}, path("empty.pdf"), {}, &error));
    EXPECT_FALSE(QFile::exists(path("empty.pdf")));
}

TEST_F(FigureExport, SaveRecomputesTheHeatmapAtPrintResolutionOnTheWorkerAsTheCliDoes) {
    pecards::CardParams params = m_rope->params();
    params.length = 1024;
    m_rope->setParams(params);
    HeatmapPanel* score = firstHeatmap();
    ASSERT_TRUE(guitest::awaitCondition(
        [score] {
            return score->controller()->shown()
                && score->controller()->shown()->request.params.length == 1024;
        },
        "the score heatmap at L = 1024"));
    const ShownHeatmap shown = *score->controller()->shown();
    const pecards::app::FigureExportOptions options; // 6 x 4.5 in at 300 dpi: 1800 px wide
    std::optional<QList<pecards::app::Figure>> figures;
    FigureExportJob::start(
        &m_service, {ShownView(shown)}, options, &m_window,
        [&figures](const QList<pecards::app::Figure>& made) { figures = made; },
        [](const QString& message) { ADD_FAILURE() << message.toStdString(); });
    ASSERT_TRUE(
        guitest::awaitCondition([&figures] { return figures.has_value(); }, "the print-resolution figure"));
    ASSERT_EQ(figures->size(), 1);
    const auto& spec = std::get<pecards::app::FigureSpec>(figures->front());
    const QSize plot = pecards::app::FigureExporter(options).heatmapPixels(spec);
    EXPECT_GT(plot.width(), shown.grid.cols); // not the screen's grid
    EXPECT_EQ(spec.heatmap.size(), plot); // computed at the plot's pixel size
    EXPECT_TRUE(spec.caption.contains(QStringLiteral("%1×%2 px, mean").arg(plot.height()).arg(plot.width())))
        << spec.caption.toStdString();

    QString error;
    ASSERT_TRUE(saveFigures(*figures, path("print.png"), options, &error)) << error.toStdString();
#ifdef PECARDS_CLI_PATH
    QProcess cli;
    cli.start(QStringLiteral(PECARDS_CLI_PATH),
        {QStringLiteral("render"), QStringLiteral("--card"), QStringLiteral("rope"),
            QStringLiteral("--quantity"), QStringLiteral("score"), QStringLiteral("--head-dim"),
            QStringLiteral("16"), QStringLiteral("--length"), QStringLiteral("1024"),
            QStringLiteral("--reduction"), QStringLiteral("mean"), QStringLiteral("--colormap"),
            QStringLiteral("diverging"), QStringLiteral("--out"), path("cli-print.png")});
    ASSERT_TRUE(cli.waitForFinished(120000));
    ASSERT_EQ(cli.exitCode(), 0) << cli.readAllStandardError().toStdString();
    EXPECT_EQ(fileBytes(path("cli-print.png")), fileBytes(path("print.png")));
#endif
}

TEST_F(FigureExport, ChartPngIsByteIdenticalToTheLibraryAndTheCli) {
    ChartPanel* chart = nullptr;
    for (ViewSlot* slot : m_rope->viewSlots()) {
        if (auto* panel = qobject_cast<ChartPanel*>(slot->view()); panel && panel->shownView())
            chart = panel;
    }
    ASSERT_NE(chart, nullptr);
    const ShownChart shown = std::get<ShownChart>(*chart->shownView());
    pecards::app::FigureExportOptions options;
    options.sizeInches = {3.5, 2.625};
    options.style = pecards::app::styleForFontSize(8.0);
    QString error;
    ASSERT_TRUE(saveFigures({chartFigureSpec(shown)}, path("chart.png"), options, &error))
        << error.toStdString();
    const QByteArray gui = fileBytes(path("chart.png"));
    EXPECT_EQ(QImage::fromData(gui).size(), QSize(1050, 788)); // no widget: the figure's own size

    // The library: the same request's curves computed again, drawn by the same calls.
    const QByteArray library = pecards::app::FigureExporter(options).pngData(
        pecards::app::makeChartSpec(shown.request, pecards::app::computeCurves(shown.request)), &error);
    ASSERT_TRUE(error.isEmpty()) << error.toStdString();
    EXPECT_EQ(gui, library);

#ifdef PECARDS_CLI_PATH
    const pecards::CardParams& p = shown.request.params;
    ASSERT_EQ(p.rope.scaling.type, pecards::RopeScalingType::None); // the flags below say nothing of scaling
    QStringList channels;
    for (const int channel : shown.request.channels)
        channels << QString::number(channel);
    QStringList arguments {QStringLiteral("render"), QStringLiteral("--card"), QStringLiteral("rope"),
        QStringLiteral("--quantity"), QString::fromLatin1(pecards::app::chartName(shown.request.kind)),
        QStringLiteral("--head-dim"), QString::number(p.rope.head_dim), QStringLiteral("--rotary-dim"),
        QString::number(p.rope.rotary_dim), QStringLiteral("--base"), QString::number(p.rope.base, 'g', 17),
        QStringLiteral("--length"), QString::number(p.length), QStringLiteral("--position"),
        QString::number(shown.request.position), QStringLiteral("--preset"), QStringLiteral("column"),
        QStringLiteral("--out"), path("cli-chart.png")};
    if (!channels.isEmpty())
        arguments << QStringLiteral("--channels") << channels.join(u',');
    if (shown.request.extent >= 2)
        arguments << QStringLiteral("--reach") << QString::number(shown.request.extent);
    QProcess cli;
    cli.start(QStringLiteral(PECARDS_CLI_PATH), arguments);
    ASSERT_TRUE(cli.waitForFinished(60000));
    ASSERT_EQ(cli.exitCode(), 0) << cli.readAllStandardError().toStdString();
    EXPECT_EQ(fileBytes(path("cli-chart.png")), gui);
#endif
}

TEST_F(FigureExport, CopyFigurePutsTheFirstViewsFigureOnTheClipboard) {
    QApplication::clipboard()->clear();
    m_window.copyCurrentFigure();
    ASSERT_TRUE(guitest::awaitCondition(
        [] {
            const QMimeData* data = QApplication::clipboard()->mimeData();
            return data && data->hasFormat(QStringLiteral("image/svg+xml"));
        },
        "the figure on the clipboard"));
    const QMimeData* data = QApplication::clipboard()->mimeData();
    const QByteArray svg = data->data(QStringLiteral("image/svg+xml"));
    EXPECT_TRUE(svg.contains("<text")) << svg.left(200).toStdString();
    const pecards::app::FigureExportOptions remembered = FigureOptionsDialog::remembered();
    const QImage image = QImage::fromData(data->data(QStringLiteral("image/png")));
    EXPECT_EQ(image.width(), qRound(remembered.sizeInches.width() * 150));
    EXPECT_TRUE(m_window.statusBar()->currentMessage().contains(QStringLiteral("clipboard")))
        << m_window.statusBar()->currentMessage().toStdString();
}
