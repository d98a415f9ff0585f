// pecards-cli render: PNG pixel size read from the file's own IHDR chunk, byte identity with
// rendering the same request in-process through makeFigureSpec + FigureExporter (the two calls
// the GUI's export makes), SVG text, PDF page counts parsed from the file, numbered PNGs of a
// workspace, compare pairs, and invalid input (exit 2, one line, nothing written).
#include "app/figure/offscreenguiapp.h"
#include "app/filebytes.h"
#include "app/qstringprinter.h"
#include "clitestutil.h"
#include "figure/colormaplist.h"
#include "figure/comparefigures.h"
#include "figure/figurebuilder.h"
#include "figure/figureexporter.h"
#include "pecards/backend.h"
#include "renderfigures.h"
#include "support/requests.h"
#include "workspace/workspacefile.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QXmlStreamReader>
#include <cmath>
#include <gtest/gtest.h>

using namespace pecards;
using namespace pecards::test;

namespace {

using pecards::testsupport::fileBytes;

QString handoutPath() {
    return QStringLiteral(PECARDS_TEST_DATA_DIR "/workspaces/handout.json");
}

/// Page objects of a PDF: "/Type /Page" not followed by "s" (the /Pages tree node).
int pdfPageCount(const QByteArray& pdf) {
    EXPECT_TRUE(pdf.startsWith("%PDF-"));
    static const QRegularExpression page(QStringLiteral("/Type\\s*/Page(?![A-Za-z])"));
    return static_cast<int>(QString::fromLatin1(pdf).count(page));
}

/// The PNG the GUI's export writes for `request`: grid from the CPU reference, then the two
/// figure calls.
QByteArray inProcessPng(const ViewRequest& request, const char* colormap, QSizeF inches, int dpi,
    std::optional<app::ValueRange> range = std::nullopt) {
    const Grid grid = makeCpuBackend()->compute(request);
    const app::FigureSpec spec = app::makeFigureSpec(request, grid, app::colormapColors(colormap), range);
    app::FigureExportOptions options;
    options.sizeInches = inches;
    options.dpi = dpi;
    QString error;
    const QByteArray png = app::FigureExporter(options).pngData(spec, &error);
    EXPECT_TRUE(error.isEmpty()) << error.toStdString();
    return png;
}

/// A RoPE score view over the whole L x L grid, one pixel per entry.
ViewRequest ropeScore(int headDim, std::int64_t length) {
    CardParams params = cardParams(Card::Rope, length);
    params.rope.head_dim = headDim;
    const auto side = static_cast<int>(length);
    return viewRequest(params, Quantity::Score, squareWindow(length), side, side, Reduction::Sample);
}

/// Exit 2, exactly one stderr line naming `flag` and containing `expected`, no output file.
void expectUsageError(const CliRun& run, const char* flag, const QString& expected) {
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_TRUE(run.err.startsWith(QStringLiteral("pecards-cli: ") + QString::fromLatin1(flag) + u':'))
        << run.err.toStdString();
    EXPECT_TRUE(run.err.contains(expected)) << run.err.toStdString();
    EXPECT_EQ(run.err.count(u'\n'), 1) << run.err.toStdString();
}

class RenderTest : public CliTest {
protected:
    /// Nothing at all was written into the temporary directory.
    void expectNoFiles() const {
        EXPECT_TRUE(QDir(m_dir.path()).entryList(QDir::Files).isEmpty())
            << QDir(m_dir.path()).entryList(QDir::Files).join(u' ').toStdString();
    }
};

TEST_F(RenderTest, PngHasDpiTimesInchesPixelsAndTheBytesOfTheInProcessFigure) {
    const QString out = path(QStringLiteral("score.png"));
    const CliRun run = runRender({QStringLiteral("--card"), QStringLiteral("rope"),
        QStringLiteral("--quantity"), QStringLiteral("score"), QStringLiteral("--head-dim"),
        QStringLiteral("16"), QStringLiteral("--length"), QStringLiteral("96"), QStringLiteral("--dpi"),
        QStringLiteral("150"), QStringLiteral("--size"), QStringLiteral("5x3.2"),
        QStringLiteral("--colormap"), QStringLiteral("magma"), QStringLiteral("--out"), out});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_TRUE(run.err.isEmpty()) << run.err.toStdString();
    const QByteArray bytes = fileBytes(out);
    EXPECT_EQ(pngSize(bytes), QSize(750, 480)); // 5 in x 150 dpi, 3.2 in x 150 dpi
    EXPECT_EQ(bytes, inProcessPng(ropeScore(16, 96), "magma", {5.0, 3.2}, 150));
}

TEST_F(RenderTest, DefaultsAreSixByFourAndAHalfInchesAt300DpiInTheQuantitysMap) {
    const QString out = path(QStringLiteral("rope.png"));
    const CliRun run = runRender({QStringLiteral("--card"), QStringLiteral("rope"),
        QStringLiteral("--quantity"), QStringLiteral("score"), QStringLiteral("--head-dim"),
        QStringLiteral("8"), QStringLiteral("--length"), QStringLiteral("40"), QStringLiteral("--out"), out});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QByteArray bytes = fileBytes(out);
    EXPECT_EQ(pngSize(bytes), QSize(1800, 1350));
    // A signed score on the diverging map, as the app draws it, symmetric about 0: with
    // q = k = ones and d = 8 the largest |score| is 2 x 4 pairs = 8, at i = j.
    EXPECT_EQ(
        bytes, inProcessPng(ropeScore(8, 40), "diverging", {6.0, 4.5}, 300, app::ValueRange {-8.0, 8.0}));

    // The ALiBi bias has one sign: the sequential map (viridis), as in the app.
    ViewRequest bias = ropeScore(8, 40);
    bias.params.card = Card::Alibi;
    bias.params.alibi = pecards::startParams(Card::Alibi).alibi; // --card alibi starts as the app's card
    const QString alibi = path(QStringLiteral("alibi.png"));
    const CliRun second = runRender({QStringLiteral("--card"), QStringLiteral("alibi"),
        QStringLiteral("--quantity"), QStringLiteral("score"), QStringLiteral("--length"),
        QStringLiteral("40"), QStringLiteral("--out"), alibi});
    ASSERT_EQ(second.exitCode, 0) << second.err.toStdString();
    EXPECT_EQ(fileBytes(alibi), inProcessPng(bias, "viridis", {6.0, 4.5}, 300));
}

TEST_F(RenderTest, ExplicitRangeAndDivergingMapGiveTheInProcessFigure) {
    const QString out = path(QStringLiteral("range.png"));
    const CliRun run = runRender({QStringLiteral("--card"), QStringLiteral("rope"),
        QStringLiteral("--quantity"), QStringLiteral("score"), QStringLiteral("--head-dim"),
        QStringLiteral("8"), QStringLiteral("--length"), QStringLiteral("32"), QStringLiteral("--dpi"),
        QStringLiteral("72"), QStringLiteral("--colormap"), QStringLiteral("diverging"),
        QStringLiteral("--range"), QStringLiteral("-2:6.5"), QStringLiteral("--out"), out});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_EQ(fileBytes(out),
        inProcessPng(ropeScore(8, 32), "diverging", {6.0, 4.5}, 72, app::ValueRange {-2.0, 6.5}));
}

TEST_F(RenderTest, SvgWritesAxisLabelsAsText) {
    const QString out = path(QStringLiteral("table.svg"));
    const CliRun run = runRender({QStringLiteral("--card"), QStringLiteral("rope"),
        QStringLiteral("--quantity"), QStringLiteral("score"), QStringLiteral("--length"),
        QStringLiteral("64"), QStringLiteral("--out"), out});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    QXmlStreamReader xml(fileBytes(out));
    QStringList texts;
    while (!xml.atEnd()) {
        if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == u"text") {
            texts << xml.readElementText().trimmed();
        }
    }
    ASSERT_FALSE(xml.hasError()) << xml.errorString().toStdString();
    EXPECT_TRUE(texts.contains(QStringLiteral("query position i"))) << texts.join(u'|').toStdString();
    EXPECT_TRUE(texts.contains(QStringLiteral("key position j"))) << texts.join(u'|').toStdString();
}

TEST_F(RenderTest, WorkspaceHandoutIsOnePdfPagePerView) {
    const QString out = path(QStringLiteral("handout.pdf"));
    const CliRun run
        = runRender({QStringLiteral("--workspace"), handoutPath(), QStringLiteral("--out"), out});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_EQ(pdfPageCount(fileBytes(out)), 3); // RoPE score, ALiBi bias, T5 buckets
}

TEST_F(RenderTest, WorkspaceAsPngIsNumberedFiles) {
    const CliRun run = runRender({QStringLiteral("--workspace"), handoutPath(), QStringLiteral("--dpi"),
        QStringLiteral("72"), QStringLiteral("--size"), QStringLiteral("4x3"), QStringLiteral("--out"),
        path(QStringLiteral("card.png"))});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_EQ(QDir(m_dir.path()).entryList(QDir::Files, QDir::Name),
        QStringList(
            {QStringLiteral("card-01.png"), QStringLiteral("card-02.png"), QStringLiteral("card-03.png")}));
    for (const char* name : {"card-01.png", "card-02.png", "card-03.png"}) {
        EXPECT_EQ(pngSize(fileBytes(path(QString::fromLatin1(name)))), QSize(288, 216)) << name;
    }
}

TEST_F(RenderTest, ComparePairAddsAandBandTheDifference) {
    app::Workspace workspace;
    app::WorkspaceCard card;
    card.params.card = Card::Rope;
    card.params.length = 64;
    card.views = {app::CardView {
        Quantity::Score, {0, 64, 0, 64}, Reduction::Sample, QStringLiteral("magma"), {}, {}, {}}};
    workspace.cards.append(card);
    app::ComparePair pair;
    pair.left = card.params;
    pair.right = card.params;
    pair.right.rope.scaling.type = RopeScalingType::Linear;
    pair.right.rope.scaling.factor = 4.0;
    pair.quantity = Quantity::Attention;
    workspace.compare.append(pair);
    workspace.activeCard = 0;
    const QString file = path(QStringLiteral("compare.json"));
    QString error;
    ASSERT_TRUE(app::saveWorkspace(file, workspace, &error)) << error.toStdString();

    const QString out = path(QStringLiteral("compare.pdf"));
    const CliRun run = runRender({QStringLiteral("--workspace"), file, QStringLiteral("--out"), out});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_EQ(pdfPageCount(fileBytes(out)), 4); // the card's view, then A, B, A - B

    // still_open_from_november #4: a pair whose quantity its cards lack blamed --quantity, a flag
    // not given; the file's key is named, before anything is computed.
    QByteArray json = fileBytes(file);
    const QByteArray attention = "\"quantity\": \"attention\"";
    ASSERT_EQ(json.count(attention), 1);
    json.replace(attention, "\"quantity\": \"buckets\"");
    const QString wrong = path(QStringLiteral("wrong-pair.json"));
    QFile wrongFile(wrong);
    ASSERT_TRUE(wrongFile.open(QIODevice::WriteOnly));
    wrongFile.write(json);
    wrongFile.close();
    const CliRun refused = runRender({QStringLiteral("--workspace"), wrong, QStringLiteral("--out"), out});
    EXPECT_EQ(refused.exitCode, 2);
    EXPECT_TRUE(refused.err.startsWith(QStringLiteral("pecards-cli: --workspace: ") + wrong
        + QStringLiteral(": compare[0].quantity = buckets is invalid")))
        << refused.err.toStdString();
}

TEST_F(RenderTest, AColourRangeTheAppLockedIsTheFiguresColourBar) {
    app::Workspace workspace;
    app::WorkspaceCard card;
    card.params.card = Card::Rope;
    card.params.length = 64;
    card.params.rope.head_dim = 8;
    card.params.probe.kind = ProbeKind::Ones; // score (R_i q).(R_j k) <= |q||k| = 8, reached at i = j
    card.views = {app::CardView {Quantity::Score, {0, 64, 0, 64}, Reduction::Sample,
                      QStringLiteral("viridis"), std::make_pair(-3.5, 7.25), true, 0},
        app::CardView {
            Quantity::Score, {0, 64, 0, 64}, Reduction::Sample, QStringLiteral("viridis"), {}, {}, {}}};
    workspace.cards.append(card);
    workspace.activeCard = 0;
    const std::unique_ptr<Backend> cpu = makeCpuBackend();
    const QList<cli::NamedFigure> figures = cli::workspaceFigures(*cpu, workspace, cli::RenderOptions {});
    ASSERT_EQ(figures.size(), 2);
    const auto& locked = std::get<app::FigureSpec>(figures.at(0).figure);
    EXPECT_EQ(locked.colorBar.min, -3.5);
    EXPECT_EQ(locked.colorBar.max, 7.25);
    // Without a locked range: the grid's own range, up to the score at distance 0.
    const auto& automatic = std::get<app::FigureSpec>(figures.at(1).figure);
    EXPECT_NEAR(automatic.colorBar.max, 8.0, 1e-12);
}

/// The PNGs of A and A − B of `pair` drawn in `reduction` and `colormap` at 64 x 64 pixels, made
/// in-process from the CPU reference's grids (app::compareFigureSpecs, the GUI's compare tab's call).
QList<QByteArray> inProcessComparePngs(
    const app::ComparePair& pair, Reduction reduction, const char* colormap) {
    auto [a, b] = app::compareViews(pair.left, pair.right, pair.quantity, reduction);
    for (ViewRequest* side : {&a, &b}) {
        side->out_rows = 64;
        side->out_cols = 64;
    }
    const std::unique_ptr<Backend> cpu = makeCpuBackend();
    const QString map = QString::fromLatin1(colormap);
    const app::CompareFigureSet three
        = app::compareFigureSpecs({a, cpu->compute(a), map}, {b, cpu->compute(b), map});
    QList<QByteArray> pngs;
    for (const app::FigureSpec* figure : {&three.a, &three.difference}) {
        QString error;
        pngs.append(app::FigureExporter(app::FigureExportOptions {}).pngData(*figure, &error));
        EXPECT_TRUE(error.isEmpty()) << error.toStdString();
    }
    return pngs;
}

TEST_F(RenderTest, ComparePairIsDrawnInItsOwnReductionAndColourMapElseTheQuantitysDefaults) {
    app::ComparePair pair;
    pair.left.card = Card::Rope;
    pair.left.length = 256;
    pair.right = pair.left;
    pair.right.rope.base = 500.0;
    pair.quantity = Quantity::Attention;
    struct Case {
        std::optional<Reduction> saved;
        std::optional<QString> savedMap;
        QStringList flags;
        Reduction reduction;
        const char* colormap;
    };
    const std::vector<Case> cases {
        {std::nullopt, std::nullopt, {}, Reduction::Max, "magma"}, // attention's defaults, as the app's
        {Reduction::Mean, QStringLiteral("cividis"), {}, Reduction::Mean, "cividis"}, // as the app saved it
        {Reduction::Mean, QStringLiteral("cividis"),
            {QStringLiteral("--reduction"), QStringLiteral("sample"), QStringLiteral("--colormap"),
                QStringLiteral("viridis")},
            Reduction::Sample, "viridis"}, // the flags replace it
    };
    for (std::size_t n = 0; n < cases.size(); ++n) {
        const Case& c = cases[n];
        app::Workspace workspace;
        pair.reduction = c.saved;
        pair.colormap = c.savedMap;
        workspace.compare.append(pair);
        const QString file = path(QStringLiteral("pair%1.json").arg(n));
        QString error;
        ASSERT_TRUE(app::saveWorkspace(file, workspace, &error)) << error.toStdString();
        const QString folder = path(QStringLiteral("pair%1/").arg(n));
        const CliRun run
            = runRender(QStringList {QStringLiteral("--workspace"), file, QStringLiteral("--view"),
                            QStringLiteral("64x64"), QStringLiteral("--out"), folder}
                + c.flags);
        ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
        const QList<QByteArray> expected = inProcessComparePngs(pair, c.reduction, c.colormap);
        EXPECT_EQ(fileBytes(folder + QStringLiteral("compare1-attention-a.png")), expected[0]) << n;
        EXPECT_EQ(fileBytes(folder + QStringLiteral("compare1-attention-difference.png")), expected[1]) << n;
    }
}

TEST_F(RenderTest, InvalidDpiExitsTwoWithOneLineAndWritesNothing) {
    for (const char* dpi : {"20", "71", "2401", "abc"}) {
        const CliRun run = runRender({QStringLiteral("--card"), QStringLiteral("rope"),
            QStringLiteral("--quantity"), QStringLiteral("score"), QStringLiteral("--dpi"),
            QString::fromLatin1(dpi), QStringLiteral("--out"), path(QStringLiteral("x.png"))});
        expectUsageError(run, "--dpi", QString::fromLatin1(dpi));
        if (QString::fromLatin1(dpi) != u"abc") {
            EXPECT_TRUE(run.err.contains(QStringLiteral("[72, 2400]"))) << run.err.toStdString();
        }
    }
    expectNoFiles();
}

TEST_F(RenderTest, InvalidFigureOptionsNameTheirFlag) {
    const QStringList base {QStringLiteral("--card"), QStringLiteral("rope"), QStringLiteral("--quantity"),
        QStringLiteral("score"), QStringLiteral("--out"), path(QStringLiteral("x.pdf"))};
    expectUsageError(runRender(base + QStringList {QStringLiteral("--size"), QStringLiteral("0.5x3")}),
        "--size", QStringLiteral("[1, 40]"));
    expectUsageError(runRender(base
                         + QStringList {QStringLiteral("--size"), QStringLiteral("30x30"),
                             QStringLiteral("--dpi"), QStringLiteral("600")}),
        "--size", QStringLiteral("16384"));
    expectUsageError(runRender(base + QStringList {QStringLiteral("--colormap"), QStringLiteral("jet")}),
        "--colormap", QStringLiteral("viridis, cividis, magma, diverging"));
    expectUsageError(runRender(base + QStringList {QStringLiteral("--range"), QStringLiteral("2:1")}),
        "--range", QStringLiteral("lo < hi"));
    expectUsageError(
        runRender({QStringLiteral("--card"), QStringLiteral("rope"), QStringLiteral("--quantity"),
            QStringLiteral("inv-freq"), QStringLiteral("--out"), path(QStringLiteral("x.png"))}),
        "--quantity", QStringLiteral("inv-freq is a table of numbers: render draws the grids and charts"));
    expectUsageError(
        runRender({QStringLiteral("--card"), QStringLiteral("rope"), QStringLiteral("--quantity"),
            QStringLiteral("score"), QStringLiteral("--out"), path(QStringLiteral("x.jpg"))}),
        "--out", QStringLiteral(".png, .svg or .pdf"));
    expectNoFiles();
}

TEST_F(RenderTest, CorruptWorkspaceExitsTwoNamingTheProblemAndWritesNothing) {
    const QByteArray handout = fileBytes(handoutPath());
    const QString truncated = path(QStringLiteral("truncated.json"));
    QFile file(truncated);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(handout.left(handout.size() / 2));
    file.close();
    for (const char* name : {"out.pdf", "out.png"}) {
        const CliRun run = runRender({QStringLiteral("--workspace"), truncated, QStringLiteral("--out"),
            path(QString::fromLatin1(name))});
        expectUsageError(run, "--workspace", QStringLiteral("Cannot open workspace ") + truncated);
    }
    ASSERT_TRUE(QFile::remove(truncated));

    const QString unknownMap = path(QStringLiteral("twilight.json"));
    QFile mapFile(unknownMap);
    ASSERT_TRUE(mapFile.open(QIODevice::WriteOnly));
    mapFile.write(QByteArray(handout).replace("\"cividis\"", "\"twilight\""));
    mapFile.close();
    const CliRun run = runRender(
        {QStringLiteral("--workspace"), unknownMap, QStringLiteral("--out"), path(QStringLiteral("o.pdf"))});
    expectUsageError(run, "--workspace", QStringLiteral("cards[2].views[0].colormap \"twilight\""));
    ASSERT_TRUE(QFile::remove(unknownMap));
    expectNoFiles();
}

TEST_F(RenderTest, UnwritableOutputExitsOne) {
    const CliRun run = runRender({QStringLiteral("--workspace"), handoutPath(), QStringLiteral("--out"),
        path(QStringLiteral("missing-folder/handout.pdf"))});
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_TRUE(run.err.startsWith(QStringLiteral("pecards-cli: --out: Cannot export figure to ")))
        << run.err.toStdString();
    EXPECT_EQ(run.err.count(u'\n'), 1);
    expectNoFiles();
}

TEST_F(RenderTest, APageTooSmallForTheHeatmapIsInvalidSize) {
    // --size 1x1 is in [1, 40] but the labels and the colour bar take the whole inch: exit 2
    // naming --size and the smallest plot (it exited 1 with "cannot create std::vector larger
    // than max_size()").
    const CliRun run = runRender({QStringLiteral("--card"), QStringLiteral("rope"),
        QStringLiteral("--quantity"), QStringLiteral("score"), QStringLiteral("--length"),
        QStringLiteral("64"), QStringLiteral("--size"), QStringLiteral("1x1"), QStringLiteral("--dpi"),
        QStringLiteral("72"), QStringLiteral("--out"), path(QStringLiteral("tiny.png"))});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_TRUE(run.err.startsWith(QStringLiteral("pecards-cli: --size: 1×1 in at 9 pt leaves a ")))
        << run.err.toStdString();
    EXPECT_TRUE(run.err.contains(QStringLiteral("allowed: at least 36 pt per side")))
        << run.err.toStdString();
    EXPECT_EQ(run.err.count(u'\n'), 1) << run.err.toStdString();
    expectNoFiles();
}

// minor_messages #5: a workspace's figures were all computed (16 s for 16) before the first was
// found too small for --size: now the first figure that does not fit stops the run, named.
TEST_F(RenderTest, AWorkspaceStopsAtTheFirstFigureTooSmallForItsPage) {
    const CliRun run = runRender({QStringLiteral("--workspace"), handoutPath(), QStringLiteral("--size"),
        QStringLiteral("1x1"), QStringLiteral("--dpi"), QStringLiteral("72"), QStringLiteral("--out"),
        path(QStringLiteral("tiny.pdf"))});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_TRUE(run.err.startsWith(QStringLiteral("pecards-cli: --size: figure 1 (")))
        << run.err.toStdString();
    EXPECT_TRUE(run.err.contains(QStringLiteral("allowed: at least 36 pt per side")))
        << run.err.toStdString();
    expectNoFiles();
}

TEST_F(RenderTest, WorkspaceRefusesParameterFlagsItWouldIgnore) {
    // The workspace gives every view's parameters: --heads 0 or --length was dropped without a word.
    for (const QStringList& flag : {QStringList {"--heads", "0"}, QStringList {"--length", "64"},
             QStringList {"--query", "5"}, QStringList {"--sliding-window", "4"}}) {
        const CliRun run
            = runRender(QStringList {"--workspace", handoutPath(), "--out", path("h.pdf")} + flag);
        EXPECT_EQ(run.exitCode, 2) << flag.front().toStdString();
        EXPECT_TRUE(run.err.startsWith(QStringLiteral("pecards-cli: ") + flag.front()
            + QStringLiteral(": is not used with --workspace")))
            << run.err.toStdString();
    }
    expectNoFiles();
}

TEST(RenderHelp, DocumentsRenderWithExamples) {
    const CliRun run = runCli({QStringLiteral("--help")});
    ASSERT_EQ(run.exitCode, 0);
    for (const char* text : {"pecards-cli render --card", "pecards-cli render --workspace", "--dpi N",
             "--size WxH", "--colormap NAME", "--range LO:HI", "--workspace FILE"}) {
        EXPECT_TRUE(run.out.contains(QString::fromLatin1(text))) << text;
    }
}

} // namespace

// The author's A-C4: --no-title and --no-caption leave them out, as the app's figure options do;
// the figure is then the in-process figure with those style switches (the app's Save… bytes).
TEST_F(RenderTest, TitleAndCaptionCanBeLeftOut) {
    const QStringList view {QStringLiteral("--card"), QStringLiteral("rope"), QStringLiteral("--quantity"),
        QStringLiteral("phase"), QStringLiteral("--head-dim"), QStringLiteral("16"),
        QStringLiteral("--length"), QStringLiteral("96"), QStringLiteral("--dpi"), QStringLiteral("100")};
    const QString with = path(QStringLiteral("with.png"));
    const QString without = path(QStringLiteral("without.png"));
    ASSERT_EQ(runRender(view + QStringList {QStringLiteral("--out"), with}).exitCode, 0);
    const CliRun bare = runRender(view
        + QStringList {
            QStringLiteral("--no-title"), QStringLiteral("--no-caption"), QStringLiteral("--out"), without});
    ASSERT_EQ(bare.exitCode, 0) << bare.err.toStdString();
    EXPECT_NE(fileBytes(with), fileBytes(without));
    EXPECT_EQ(pngSize(fileBytes(without)), pngSize(fileBytes(with))); // the same page, the plot larger
}
