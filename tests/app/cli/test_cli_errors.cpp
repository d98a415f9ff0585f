// pecards-cli on invalid input: exit code 2, exactly one stderr line naming the flag and what is
// allowed, and no output file. Also: --help documents every card, quantity and flag.

#include "clitestutil.h"
#include "common/npyfile.h"

#include <QFile>

namespace {

using pecards::test::CliRun;
using pecards::test::runCli;

struct BadInput {
    const char* label;
    QStringList arguments; ///< after `compute`, before --out
    const char* flag; ///< must start the message
    const char* phrase; ///< must appear in it (the allowed range or set)
};

class InvalidInput : public ::testing::TestWithParam<BadInput> {
protected:
    QTemporaryDir m_dir;
};

TEST_P(InvalidInput, ExitsWithCode2OneLineAndNoFile) {
    const BadInput& c = GetParam();
    const QString out = m_dir.filePath(QStringLiteral("out.npy"));
    const CliRun run = runCli(QStringList {"compute"} + c.arguments + QStringList {"--out", out});
    EXPECT_EQ(run.exitCode, 2) << run.err.toStdString();
    EXPECT_TRUE(run.out.isEmpty()) << run.out.toStdString();
    const QStringList lines = run.err.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    ASSERT_EQ(lines.size(), 1) << run.err.toStdString();
    EXPECT_TRUE(lines[0].startsWith(
        QStringLiteral("pecards-cli: ") + QString::fromLatin1(c.flag) + QStringLiteral(": ")))
        << lines[0].toStdString();
    EXPECT_TRUE(lines[0].contains(QString::fromLatin1(c.phrase))) << lines[0].toStdString();
    EXPECT_FALSE(QFile::exists(out));
}

INSTANTIATE_TEST_SUITE_P(Flags, InvalidInput,
    ::testing::Values(BadInput {"odd_head_dim", {"--card", "rope", "--quantity", "score", "--head-dim", "7"},
                          "--head-dim", "even, in [2, 1024]"},
        BadInput {"zero_length", {"--card", "rope", "--quantity", "score", "--length", "0"}, "--length",
            "[1, 2^24]"},
        BadInput {"huge_length", {"--card", "sinusoidal", "--quantity", "table", "--length", "16777217"},
            "--length", "[1, 2^24] = [1, 16777216]"},
        BadInput {"length_above_limit_positional",
            {"--card", "rope", "--quantity", "score", "--length", "16777217", "--view", "8x8"}, "--length",
            "[1, 2^24] = [1, 16777216]"},
        BadInput {"content_length_above_its_limit",
            {"--card", "rope", "--quantity", "content-score", "--length", "1048577", "--view", "8x8"},
            "--length",
            "[1, 2^20] = [1, 1048576] for content-score (content views; positional views reach 2^24)"},
        BadInput {"content_attention_length_above_its_limit",
            {"--card", "alibi", "--quantity", "content-attention", "--length", "16777216", "--view", "8x8"},
            "--length", "[1, 2^20] = [1, 1048576] for content-attention"},
        BadInput {"base_not_a_number", {"--card", "rope", "--quantity", "score", "--base", "ten"}, "--base",
            "is not a finite number"},
        // A value that is not a number learns the range too.
        BadInput {"length_nan", {"--card", "rope", "--quantity", "score", "--length", "nan"}, "--length",
            "\"nan\" is not an integer: allowed: in [1, 2^24] = [1, 16777216]"},
        BadInput {"base_inf", {"--card", "rope", "--quantity", "score", "--base", "inf"}, "--base",
            "\"inf\" is not a finite number: allowed: finite, > 1 and <= 1e+12"},
        BadInput {"points_not_a_number",
            {"--card", "rope", "--quantity", "partial-rope", "--original-max-pos", "64", "--points", "1e3"},
            "--points", "\"1e3\" is not an integer: allowed: in [2, 65536]"},
        BadInput {"base_too_small", {"--card", "sinusoidal", "--quantity", "table", "--base", "1"}, "--base",
            "> 1"},
        BadInput {"too_many_heads", {"--card", "alibi", "--quantity", "score", "--heads", "200"}, "--heads",
            "[1, 128]"},
        BadInput {"head_out_of_range",
            {"--card", "alibi", "--quantity", "score", "--heads", "8", "--head", "9"}, "--head", "[1, 8]"},
        BadInput {"rotary_above_head",
            {"--card", "rope", "--quantity", "score", "--head-dim", "64", "--rotary-dim", "96"},
            "--rotary-dim", "head_dim = 64"},
        BadInput {"factor_below_one",
            {"--card", "rope", "--quantity", "inv-freq", "--scaling", "linear", "--factor", "0.00001"},
            "--factor", "in [1e-04, 10000]"},
        BadInput {"unknown_scaling", {"--card", "rope", "--quantity", "inv-freq", "--scaling", "su"},
            "--scaling", "longrope"},
        BadInput {"unknown_layout", {"--card", "sinusoidal", "--quantity", "table", "--layout", "diagonal"},
            "--layout", "concatenated"},
        BadInput {"unknown_quantity", {"--card", "rope", "--quantity", "energy"}, "--quantity",
            "is not a quantity"},
        BadInput {
            "quantity_not_on_card", {"--card", "rope", "--quantity", "buckets"}, "--quantity", "relative"},
        BadInput {"window_outside",
            {"--card", "rope", "--quantity", "score", "--length", "16", "--rows", "0:99"}, "--rows", "16"},
        BadInput {
            "empty_window", {"--card", "rope", "--quantity", "score", "--cols", "5:3"}, "--cols", "A < B"},
        BadInput {"view_too_large", {"--card", "rope", "--quantity", "score", "--view", "5000x10"}, "--view",
            "[1, 4096]"},
        BadInput {"wrong_probe_size",
            {"--card", "rope", "--quantity", "score", "--head-dim", "4", "--q", "1,2,3"}, "--q",
            "4 entries (the card dimension) in [-1000, 1000]"},
        BadInput {"t5_buckets_too_few", {"--card", "relative", "--quantity", "buckets", "--buckets", "1"},
            "--buckets", "[4, 1024]"},
        BadInput {"extracted_config",
            {"--config", PECARDS_TEST_DATA_DIR "/configs/mpt-7b.extracted.json", "--quantity", "slopes"},
            "--config", "_extracted_from"},
        BadInput {"missing_npy",
            {"--card", "alibi", "--quantity", "content-score", "--q-npy", "/nonexistent/q.npy"}, "--q-npy",
            "cannot be read"},
        BadInput {"wrong_vector_size",
            {"--card", "rope", "--quantity", "rotate", "--head-dim", "8", "--vector", "1,2,3"}, "--vector",
            "head_dim = 8 entries"},
        BadInput {"fractional_offset",
            {"--card", "relative", "--quantity", "buckets-vs-offset", "--offsets", "1.5"}, "--offsets",
            "is not an integer"},
        BadInput {"missing_vector", {"--card", "rope", "--quantity", "rotate"}, "--vector", "is missing"},
        BadInput {"negative_distance", {"--card", "rope", "--quantity", "decay", "--distances", "-3,1"},
            "--distances", "r >= 0"},
        // A flag the request does not use is still checked against its range (these were ignored).
        BadInput {"unused_factor_out_of_range", {"--card", "rope", "--quantity", "score", "--factor", "-1"},
            "--factor", "in [1e-04, 10000]"},
        BadInput {"beta_fast_of_another_scaling",
            {"--card", "rope", "--quantity", "inv-freq", "--scaling", "linear", "--beta-fast", "-1"},
            "--beta-fast", "in [1e-04, 10000]"},
        BadInput {"heads_of_another_card", {"--card", "rope", "--quantity", "score", "--heads", "0"},
            "--heads", "in [1, 128]"},
        BadInput {"trick_flag_of_another_quantity",
            {"--card", "sinusoidal", "--quantity", "score", "--learning-rate", "0"}, "--learning-rate",
            "> 0 and <= 1"}),
    [](const auto& param) { return std::string(param.param.label); });

TEST(CliErrors, OutputMustBeNpyOrCsv) {
    const CliRun run = runCli({"compute", "--card", "rope", "--quantity", "score", "--out", "/tmp/x.txt"});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_TRUE(run.err.startsWith(QStringLiteral("pecards-cli: --out: "))) << run.err.toStdString();
}

TEST(CliErrors, FailedRunKeepsAnExistingFileUntouched) {
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("keep.csv"));
    {
        QFile file(out);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write("previous\n");
    }
    const CliRun run
        = runCli({"compute", "--card", "rope", "--quantity", "score", "--head-dim", "3", "--out", out});
    EXPECT_EQ(run.exitCode, 2);
    QFile file(out);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    EXPECT_EQ(file.readAll(), QByteArray("previous\n"));
}

TEST(CliErrors, QueriesFromAFileNeedKeysFromAFile) {
    // #32, the engineer's review C15: --q-npy without --k-npy quietly used random keys.
    QTemporaryDir dir;
    const QString q = dir.filePath(QStringLiteral("q.npy"));
    pecards::app::writeNpy(q, {16, 8}, std::vector<double>(16 * 8, 0.25));
    for (const char* given : {"--q-npy", "--k-npy"}) {
        const CliRun run = runCli({"compute", "--card", "rope", "--head-dim", "8", "--length", "16",
            "--quantity", "content-score", given, q, "--out", dir.filePath(QStringLiteral("x.npy"))});
        EXPECT_EQ(run.exitCode, 2) << given;
        EXPECT_TRUE(run.err.startsWith(
            QStringLiteral("pecards-cli: ") + QLatin1String(given) + QStringLiteral(": is given without")))
            << run.err.toStdString();
        EXPECT_TRUE(run.err.contains(QStringLiteral("allowed: both"))) << run.err.toStdString();
    }
}

TEST(CliErrors, UnknownFlagAndMissingCommand) {
    CliRun run = runCli({"compute", "--colour", "red"});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_TRUE(run.err.contains(QStringLiteral("colour"))) << run.err.toStdString();
    run = runCli({});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_EQ(run.err.count(QLatin1Char('\n')), 1);
}

TEST(CliHelp, ListsEveryCardQuantityAndFlag) {
    const CliRun run = runCli({"--help"});
    ASSERT_EQ(run.exitCode, 0);
    for (const char* card : {"sinusoidal", "relative", "alibi", "rope", "hybrid"}) {
        EXPECT_TRUE(run.out.contains(QString::fromLatin1(card))) << card;
    }
    for (const char* quantity :
        {"table", "phase", "score", "attention", "buckets", "content-score", "content-attention", "inv-freq",
            "slopes", "decay", "rotate", "score-vs-offset", "buckets-vs-offset", "bias-vs-distance",
            "txl-pos-emb", "txl-rel-shift", "spectrum", "waves", "polar"}) {
        EXPECT_TRUE(
            run.out.contains(QStringLiteral("\n  ") + QString::fromLatin1(quantity) + QLatin1Char(' ')))
            << quantity;
    }
    for (const char* flag : {"--card", "--quantity", "--config", "--out", "--device", "--length", "--rows",
             "--cols", "--view", "--reduction", "--causal", "--d-model", "--head-dim", "--base",
             "--rotary-dim", "--layout", "--frequencies", "--padding-idx", "--scaling", "--factor",
             "--original-max-pos", "--max-pos", "--beta-fast", "--beta-slow", "--no-truncate", "--mscale",
             "--mscale-all-dim", "--low-freq-factor", "--high-freq-factor", "--short-factor", "--long-factor",
             "--attention-factor", "--heads", "--head", "--alibi-bias-max", "--form", "--variant", "--clip-k",
             "--buckets", "--max-distance", "--unidirectional", "--term", "--probe", "--seed", "--q", "--k",
             "--q-npy", "--k-npy", "--seq-len", "--distances", "--offsets", "--positions", "--vector", "--in",
             "--zero-triu", "--clamp-len", "--preset", "--font-size", "--transparent", "--channels",
             "--position", "--reach"}) {
        EXPECT_TRUE(run.out.contains(QStringLiteral("    ") + QString::fromLatin1(flag) + QLatin1Char(' '))
            || run.out.contains(QStringLiteral("    ") + QString::fromLatin1(flag) + QLatin1Char('\n')))
            << flag;
    }
    EXPECT_TRUE(run.out.contains(QStringLiteral("EXIT STATUS")));
}

TEST(CliDevices, ListsDevicesOrSaysThereAreNone) {
    const CliRun run = runCli({"devices"});
    EXPECT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_TRUE(!run.out.trimmed().isEmpty() || run.err.contains(QStringLiteral("no OpenCL device")));
}

} // namespace

TEST(CliHelp, StatesWhereTheAppsGrammarDiffers) {
    // One grammar with `pecards`: --rows/--cols and --device take the same values in both; the
    // deliberate differences (figure size in inches vs window size in pixels, the default device)
    // are said in both helps (the app's side: test_startupoptions).
    const CliRun run = runCli({"--help"});
    ASSERT_EQ(run.exitCode, 0);
    const QString help = run.out.simplified();
    EXPECT_TRUE(help.contains(QStringLiteral("size in inches"))) << run.out.toStdString();
    EXPECT_TRUE(help.contains(QStringLiteral("pecards --window-size"))) << run.out.toStdString();
    EXPECT_TRUE(help.contains(QStringLiteral("defaults to auto"))) << run.out.toStdString();
}
