// The Pitfalls view's figures (the author's A-B2: the view could not be exported at all, and
// `pecards-cli render --pitfall` drew only the buggy score). Save… writes correct, buggy and
// buggy − correct computed again at print resolution; they are byte-identical PNGs to the shared
// implementation (figure/pitfallfigures.h) over the CPU reference and to the files the CLI renders
// for the same pitfall (when the CLI is built). Export card while the view is shown exports its
// correct and buggy maps and names what it leaves out.
#include "app/filebytes.h"
#include "cards/cardpage.h"
#include "figurebytes.h"
#include "guitestsupport.h"
#include "views/pitfallview.h"
#include "widgets/heatmapwidget.h"
#include "windowtest.h"

#include <QProcess>
#include <QPushButton>
#include <QTemporaryDir>
#include <figure/figureexporter.h>
#include <figure/pitfallfigures.h>
#include <pecards/backend.h>
#include <pecards/pitfall.h>

using namespace pecards::gui;

namespace {

using guitest::pngOf;
using pecards::testsupport::fileBytes;

constexpr std::int64_t kLength = 512; ///< more positions than the screen's 256 pixels

class PitfallExport : public guitest::WindowTest<1600, 1000> {
protected:
    void SetUp() override {
        guitest::WindowTest<1600, 1000>::SetUp();
        ASSERT_TRUE(m_folder.isValid());
        m_card = showCard(QStringLiteral("alibi"));
        pecards::CardParams params = m_card->params();
        params.length = kLength;
        m_card->setParams(params);
        m_card->showPitfalls(pecards::Pitfall::AlibiFlippedSlope);
        m_view = m_card->pitfallView();
        ASSERT_TRUE(guitest::awaitCondition(
            [this] { return m_view->isAnswered() && m_view->shown(0) && m_view->shown(1); },
            "the pitfall's views"));
    }

    QString path(const QString& name) const { return m_folder.filePath(name); }

    QTemporaryDir m_folder;
    CardPage* m_card = nullptr;
    PitfallView* m_view = nullptr;
};

} // namespace

TEST_F(PitfallExport, SavedFiguresAreByteIdenticalToTheLibraryAndTheCliRender) {
    for (const char* name : {"save-correct", "save-buggy", "save-difference"})
        EXPECT_TRUE(guitest::named<QPushButton>(m_view, QLatin1String(name))->isEnabled()) << name;
    const pecards::app::FigureExportOptions options; // 6 x 4.5 in at 300 dpi, as the CLI's default
    std::optional<pecards::app::PitfallFigureSet> saved;
    ASSERT_TRUE(m_view->exportFigures(
        options, &m_window, [&saved](const pecards::app::PitfallFigureSet& figures) { saved = figures; },
        [](const QString& message) { ADD_FAILURE() << message.toStdString(); }));
    ASSERT_TRUE(guitest::awaitCondition([&saved] { return saved.has_value(); }, "the pitfall figures"));
    const QStringList names {
        QStringLiteral("correct"), QStringLiteral("buggy"), QStringLiteral("difference")};
    const QList<pecards::app::FigureSpec> gui {saved->correct, saved->buggy, saved->difference};
    for (qsizetype n = 0; n < names.size(); ++n) {
        QString error;
        ASSERT_TRUE(saveFigures({gui[n]}, path(names[n] + QStringLiteral(".png")), options, &error))
            << error.toStdString();
    }
    // At print resolution, one pixel per position; not the screen's 256 x 256.
    EXPECT_EQ(saved->buggy.heatmap.size(), QSize(kLength, kLength));
    EXPECT_EQ(m_view->shown(1)->grid.cols, PitfallView::kPixels);
    // The flipped slope: buggy +m(i - j) and correct -m(i - j) over one range; their difference
    // 2m(i - j) peaks at 2 m (L - 1) with head 1's slope m = 1/2 (8 heads).
    EXPECT_DOUBLE_EQ(saved->correct.colorBar.min, saved->buggy.colorBar.min);
    EXPECT_DOUBLE_EQ(saved->correct.colorBar.max, saved->buggy.colorBar.max);
    const double slope = std::pow(2.0, -8.0 * (m_view->shown(1)->request.params.alibi.head + 1) / 8.0);
    EXPECT_DOUBLE_EQ(saved->difference.colorBar.max, 2.0 * slope * static_cast<double>(kLength - 1));
    EXPECT_TRUE(saved->difference.caption.contains(
        QString::fromStdString(pecards::pitfallSummary(pecards::Pitfall::AlibiFlippedSlope))));

    // (a) The shared implementation over the CPU reference.
    const std::unique_ptr<pecards::Backend> cpu = pecards::makeCpuBackend();
    const pecards::app::ComputedView correct = *m_view->shown(0);
    const pecards::app::ComputedView buggy = *m_view->shown(1);
    const auto [printCorrect, printBuggy] = pecards::app::printResolutionPair(
        {correct.request, {}, correct.colormap}, {buggy.request, {}, buggy.colormap}, options,
        [&cpu](const pecards::ViewRequest& request) { return cpu->compute(request); });
    const pecards::app::PitfallFigureSet library = pecards::app::pitfallFigureSpecs(printCorrect, printBuggy);
    const QList<pecards::app::FigureSpec> expected {library.correct, library.buggy, library.difference};
    for (qsizetype n = 0; n < names.size(); ++n)
        EXPECT_EQ(fileBytes(path(names[n] + QStringLiteral(".png"))), pngOf(expected[n], options))
            << names[n].toStdString();

#ifdef PECARDS_CLI_PATH
    // (b) The CLI, given what the view shows: the card's length, its head, mean pixels.
    const pecards::CardParams& params = buggy.request.params;
    QProcess cli;
    cli.start(QStringLiteral(PECARDS_CLI_PATH),
        {QStringLiteral("render"), QStringLiteral("--card"), QStringLiteral("alibi"),
            QStringLiteral("--length"), QString::number(kLength), QStringLiteral("--heads"),
            QString::number(params.alibi.heads), QStringLiteral("--head"),
            QString::number(params.alibi.head + 1), QStringLiteral("--quantity"), QStringLiteral("score"),
            QStringLiteral("--reduction"), QStringLiteral("mean"), QStringLiteral("--pitfall"),
            QStringLiteral("alibi-flipped-slope"), QStringLiteral("--probe"), QStringLiteral("random"),
            QStringLiteral("--out"), path(QStringLiteral("cli/"))});
    ASSERT_TRUE(cli.waitForFinished(120000));
    ASSERT_EQ(cli.exitCode(), 0) << cli.readAllStandardError().toStdString();
    for (const QString& name : names) {
        const QByteArray bytes = fileBytes(path(QStringLiteral("cli/") + name + QStringLiteral(".png")));
        EXPECT_FALSE(bytes.isEmpty()) << name.toStdString();
        EXPECT_EQ(bytes, fileBytes(path(name + QStringLiteral(".png")))) << name.toStdString();
    }
#endif
}

TEST_F(PitfallExport, ExportCardTakesTheCorrectAndBuggyMapsAndSaysWhatItLeavesOut) {
    QStringList leftOut;
    const QList<ShownView> views = m_card->visibleViews(&leftOut);
    ASSERT_EQ(views.size(), 2);
    const auto* correct = std::get_if<ShownHeatmap>(&views[0]);
    const auto* buggy = std::get_if<ShownHeatmap>(&views[1]);
    ASSERT_TRUE(correct && buggy);
    EXPECT_TRUE(correct->request.params.pitfall.fixed);
    EXPECT_FALSE(buggy->request.params.pitfall.fixed);
    ASSERT_EQ(leftOut.size(), 1);
    EXPECT_TRUE(leftOut.front().contains(QStringLiteral("Buggy − correct"))) << leftOut.front().toStdString();
}
