// The compare tab's figures (A, B and A − B) and `pecards-cli render --workspace` draw a compare
// pair with one implementation (figure/comparefigures.h). The figures the tab's Save… writes
// are byte-identical PNGs to the ones made by that implementation from grids of the CPU
// reference and to the files the CLI renders for the same pair (when the CLI is built).
#include "app/filebytes.h"
#include "cards/parameterform.h"
#include "compare/compareview.h"
#include "compare/differencepanel.h"
#include "deck/deckmodel.h"
#include "deck/deckworkspace.h"
#include "figurebytes.h"
#include "guitestsupport.h"
#include "views/heatmapcontroller.h"
#include "views/heatmappanel.h"
#include "widgets/heatmapwidget.h"
#include "widgets/sliderspin.h"
#include "windowtest.h"

#include <QComboBox>
#include <QFile>
#include <QProcess>
#include <QSpinBox>
#include <QTemporaryDir>
#include <figure/comparefigures.h>
#include <figure/figureexporter.h>
#include <pecards/backend.h>
#include <workspace/workspacefile.h>

using namespace pecards::gui;

namespace {

using guitest::pngOf;
using pecards::testsupport::fileBytes;

constexpr int kLength = 512; ///< more positions than the screen's plot, fewer than the print's

class CompareExport : public guitest::WindowTest<1600, 1000> {
protected:
    void SetUp() override {
        guitest::WindowTest<1600, 1000>::SetUp();
        ASSERT_TRUE(m_folder.isValid());
        m_window.showTab(QStringLiteral("compare"));
        ASSERT_TRUE(compare()->showPreset(QStringLiteral("rope-base"))); // base 10^4 against 5·10^5
        for (const auto side : {CompareView::A, CompareView::B})
            qobject_cast<SliderSpin*>(compare()->form(side)->control(QStringLiteral("length")))
                ->spinBox()
                ->setValue(kLength);
        ASSERT_TRUE(guitest::awaitCondition(
            [this] {
                const HeatmapWidget* difference = compare()->differencePanel()->heatmap();
                return difference->frame().grid.window.rows() == kLength && m_service.isIdle()
                    && difference->message().isEmpty();
            },
            "the difference at L = 512"));
        m_a = *compare()->heatmapPanel(CompareView::A)->controller()->shown();
        m_b = *compare()->heatmapPanel(CompareView::B)->controller()->shown();
    }

    CompareView* compare() { return m_window.compareView(); }
    QString path(const QString& name) const { return m_folder.filePath(name); }

    QTemporaryDir m_folder;
    ShownHeatmap m_a;
    ShownHeatmap m_b;
};

// On screen: the A − B figure is the shared implementation's, from the grids the CPU reference
// computes for the two requests shown.
TEST_F(CompareExport, OnScreenDifferenceIsTheSharedFigureOfTheCpuReference) {
    ASSERT_EQ(m_a.colormap, QStringLiteral("diverging")); // RoPE scores are signed
    ASSERT_TRUE(m_a.request.window == m_b.request.window);
    ASSERT_EQ(m_a.grid.rows, m_b.grid.rows);
    const std::unique_ptr<pecards::Backend> cpu = pecards::makeCpuBackend();
    const pecards::app::ComputedView a {m_a.request, cpu->compute(m_a.request), m_a.colormap};
    const pecards::app::ComputedView b {m_b.request, cpu->compute(m_b.request), m_b.colormap};
    const pecards::app::CompareFigureSet library = pecards::app::compareFigureSpecs(a, b);
    const std::optional<pecards::app::FigureSpec> gui = compare()->differencePanel()->figure();
    ASSERT_TRUE(gui.has_value());
    const pecards::app::FigureExportOptions options;
    EXPECT_EQ(pngOf(*gui, options), pngOf(library.difference, options));
}

// Save…: A, B and A − B computed again at print resolution (B at A's pixels) are the bytes of
// the shared implementation over the CPU reference and of `pecards-cli render --workspace`.
TEST_F(CompareExport, SavedFiguresAreByteIdenticalToTheLibraryAndTheCliRender) {
    const pecards::app::FigureExportOptions options; // 6 x 4.5 in at 300 dpi, as the CLI's default
    std::optional<pecards::app::CompareFigureSet> saved;
    ASSERT_TRUE(compare()->exportFigures(
        options, &m_window, [&saved](const pecards::app::CompareFigureSet& figures) { saved = figures; },
        [](const QString& message) { ADD_FAILURE() << message.toStdString(); }));
    ASSERT_TRUE(guitest::awaitCondition([&saved] { return saved.has_value(); }, "the compare figures"));
    // What the save dialog's last step writes: each figure alone with the options chosen.
    const QStringList names {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("difference")};
    const QList<pecards::app::FigureSpec> gui {saved->a, saved->b, saved->difference};
    for (qsizetype n = 0; n < names.size(); ++n) {
        QString error;
        ASSERT_TRUE(saveFigures({gui[n]}, path(names[n] + QStringLiteral(".png")), options, &error))
            << error.toStdString();
    }

    // Computed at print resolution: each pixel one position (the plot is wider than 512 px).
    EXPECT_EQ(saved->a.heatmap.size(), QSize(kLength, kLength));
    EXPECT_EQ(saved->difference.heatmap.size(), QSize(kLength, kLength));
    EXPECT_GT(kLength, m_a.grid.cols); // not the screen's grid
    // One range for A and B: with q = k = ones the score peaks at i = j with head_dim = 128 on
    // both sides, and the diverging map is symmetric about 0.
    EXPECT_DOUBLE_EQ(saved->a.colorBar.max, 128.0);
    EXPECT_DOUBLE_EQ(saved->b.colorBar.max, 128.0);
    EXPECT_DOUBLE_EQ(saved->a.colorBar.min, -128.0);
    EXPECT_TRUE(saved->a.title.startsWith(QStringLiteral("A: "))) << saved->a.title.toStdString();
    EXPECT_TRUE(saved->b.title.startsWith(QStringLiteral("B: "))) << saved->b.title.toStdString();
    EXPECT_TRUE(saved->difference.title.startsWith(QStringLiteral("A − B: ")))
        << saved->difference.title.toStdString();
    EXPECT_TRUE(saved->difference.caption.contains(QStringLiteral("base=500000")))
        << saved->difference.caption.toStdString();

    // (a) The shared implementation over the CPU reference.
    const std::unique_ptr<pecards::Backend> cpu = pecards::makeCpuBackend();
    const auto [printA, printB]
        = pecards::app::printResolutionPair({m_a.request, {}, m_a.colormap}, {m_b.request, {}, m_b.colormap},
            options, [&cpu](const pecards::ViewRequest& request) { return cpu->compute(request); });
    const pecards::app::CompareFigureSet library = pecards::app::compareFigureSpecs(printA, printB);
    const QList<pecards::app::FigureSpec> expected {library.a, library.b, library.difference};
    for (qsizetype n = 0; n < names.size(); ++n) {
        const QByteArray bytes = fileBytes(path(names[n] + QStringLiteral(".png")));
        ASSERT_TRUE(bytes.startsWith("\x89PNG\r\n\x1a\n")) << names[n].toStdString();
        EXPECT_EQ(bytes, pngOf(expected[n], options)) << names[n].toStdString();
    }

#ifdef PECARDS_CLI_PATH
    // (b) The CLI: the workspace the app saves (the pair with the colour map and reduction the
    // tab shows), rendered into a folder with no flag of its own.
    const pecards::app::Workspace workspace = workspaceOf(*m_window.deckModel());
    ASSERT_EQ(workspace.compare.size(), 1);
    EXPECT_EQ(workspace.compare.front().reduction, m_a.request.reduction);
    EXPECT_EQ(workspace.compare.front().colormap, m_a.colormap);
    QString error;
    ASSERT_TRUE(pecards::app::saveWorkspace(path(QStringLiteral("pair.json")), workspace, &error))
        << error.toStdString();
    QProcess cli;
    cli.start(QStringLiteral(PECARDS_CLI_PATH),
        {QStringLiteral("render"), QStringLiteral("--workspace"), path(QStringLiteral("pair.json")),
            QStringLiteral("--out"), path(QStringLiteral("cli/"))});
    ASSERT_TRUE(cli.waitForFinished(120000));
    ASSERT_EQ(cli.exitCode(), 0) << cli.readAllStandardError().toStdString();
    for (const QString& name : names) {
        const QByteArray bytes
            = fileBytes(path(QStringLiteral("cli/compare1-score-") + name + QStringLiteral(".png")));
        EXPECT_FALSE(bytes.isEmpty()) << name.toStdString();
        EXPECT_EQ(bytes, fileBytes(path(name + QStringLiteral(".png")))) << name.toStdString();
    }
#endif
}

// The pair's reduction and colour map as the user set them in the tab are saved with the
// workspace and shown again when it is opened; the CLI draws the pair in them.
TEST_F(CompareExport, WorkspaceKeepsThePairsReductionAndColourMap) {
    HeatmapPanel* a = compare()->heatmapPanel(CompareView::A);
    HeatmapPanel* b = compare()->heatmapPanel(CompareView::B);
    a->reductionBox()->setCurrentIndex(
        a->reductionBox()->findData(static_cast<int>(pecards::Reduction::Max)));
    a->controller()->setColorMap(QStringLiteral("magma"));
    ASSERT_EQ(b->controller()->reduction(), pecards::Reduction::Max); // one pixel summary on both sides
    const pecards::app::Workspace saved = workspaceOf(*m_window.deckModel());
    ASSERT_EQ(saved.compare.size(), 1);
    EXPECT_EQ(saved.compare.front().reduction, pecards::Reduction::Max);
    EXPECT_EQ(saved.compare.front().colormap, QStringLiteral("magma"));
    QString error;
    ASSERT_TRUE(pecards::app::saveWorkspace(path(QStringLiteral("styled.json")), saved, &error))
        << error.toStdString();
    const std::optional<pecards::app::Workspace> opened
        = pecards::app::openWorkspace(path(QStringLiteral("styled.json")), &error);
    ASSERT_TRUE(opened.has_value()) << error.toStdString();
    EXPECT_EQ(*opened, saved);

    pecards::app::CardView mean = a->view();
    mean.reduction = pecards::Reduction::Mean;
    mean.colormap = a->controller()->defaultColorMap(); // automatic
    a->applyView(mean);
    ASSERT_EQ(a->controller()->colorMap(), QStringLiteral("diverging"));
    showWorkspace(*m_window.deckModel(), *opened);
    for (HeatmapPanel* side :
        {compare()->heatmapPanel(CompareView::A), compare()->heatmapPanel(CompareView::B)}) {
        EXPECT_EQ(side->controller()->reduction(), pecards::Reduction::Max);
        EXPECT_EQ(side->controller()->colorMap(), QStringLiteral("magma"));
        EXPECT_EQ(side->reductionBox()->currentData().toInt(), static_cast<int>(pecards::Reduction::Max));
    }
}

// Sides of two lengths: the tab shows (and subtracts) the positions both have, the window the
// CLI draws the pair in (app::compareViews), instead of refusing A − B for two extents.
TEST_F(CompareExport, SidesOfTwoLengthsShowTheWindowBothHaveAsTheCliDraws) {
    constexpr int kShorter = 384;
    qobject_cast<SliderSpin*>(compare()->form(CompareView::B)->control(QStringLiteral("length")))
        ->spinBox()
        ->setValue(kShorter);
    const HeatmapWidget* difference = compare()->differencePanel()->heatmap();
    ASSERT_TRUE(guitest::awaitCondition(
        [&] {
            return m_service.isIdle() && !difference->frame().isNull()
                && difference->frame().grid.window.rows() == kShorter;
        },
        "the difference at L = 384"))
        << difference->message().toStdString();
    EXPECT_TRUE(difference->message().isEmpty()) << difference->message().toStdString();
    const pecards::ViewRequest& a = compare()->heatmapPanel(CompareView::A)->controller()->lastRequest();
    const pecards::ViewRequest& b = compare()->heatmapPanel(CompareView::B)->controller()->lastRequest();
    EXPECT_EQ(a.params.length, kLength);
    EXPECT_EQ(b.params.length, kShorter);
    const pecards::Window expected {0, kShorter, 0, kShorter};
    EXPECT_TRUE(a.window == expected);
    EXPECT_TRUE(b.window == expected);
    EXPECT_TRUE(
        pecards::app::compareViews(a.params, b.params, a.quantity, a.reduction).first.window == expected);

    // Full (in A − B) returns to the window both have, not to A's 512 positions.
    emit compare()->differencePanel()->resetRequested();
    EXPECT_TRUE(compare()->heatmapPanel(CompareView::A)->controller()->window() == expected);
    EXPECT_TRUE(compare()->heatmapPanel(CompareView::B)->controller()->window() == expected);
}

} // namespace
