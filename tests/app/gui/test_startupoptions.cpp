// The flags of `pecards` in the grammar of pecards-cli: --rows A:B and --cols A:B (half-open
// windows in entries), --device auto|cpu|NAME; the window size is --window-size WxH in pixels.
// The older spellings (--zoom A:B:C:D, --cpu, --size WxH) still work and are documented in --help
// with the deliberate differences from pecards-cli.
#include "window/startupoptions.h"

#include <QStringList>
#include <gtest/gtest.h>

using namespace pecards::gui;

namespace {

std::optional<StartupOptions> parse(const QStringList& flags, QString& error) {
    return parseStartupOptions(QStringList {QStringLiteral("pecards")} + flags, error);
}

using Range = std::pair<std::int64_t, std::int64_t>;

} // namespace

TEST(StartupOptions, RowsAndColsAreHalfOpenWindowsAsInTheCli) {
    QString error;
    auto options = parse({QStringLiteral("--rows"), QStringLiteral("100:612"), QStringLiteral("--cols"),
                             QStringLiteral("0:512")},
        error);
    ASSERT_TRUE(options) << error.toStdString();
    EXPECT_EQ(options->rows, Range(100, 612));
    EXPECT_EQ(options->cols, Range(0, 512));

    options = parse({QStringLiteral("--cols"), QStringLiteral("7:9")}, error); // one axis alone
    ASSERT_TRUE(options) << error.toStdString();
    EXPECT_FALSE(options->rows);
    EXPECT_EQ(options->cols, Range(7, 9));

    // The older spelling gives the same window.
    options = parse({QStringLiteral("--zoom"), QStringLiteral("100:612:0:512")}, error);
    ASSERT_TRUE(options) << error.toStdString();
    EXPECT_EQ(options->rows, Range(100, 612));
    EXPECT_EQ(options->cols, Range(0, 512));
}

TEST(StartupOptions, ABadWindowNamesTheFlagAndTheRule) {
    QString error;
    for (const char* bad : {"5:2", "3:3", "-1:4", "a:4", "1:2:3"}) {
        EXPECT_FALSE(parse({QStringLiteral("--rows"), QLatin1String(bad)}, error)) << bad;
        EXPECT_TRUE(error.startsWith(QStringLiteral("--rows %1 is invalid").arg(QLatin1String(bad))))
            << error.toStdString();
        EXPECT_TRUE(error.contains(QStringLiteral("0 <= A < B"))) << error.toStdString();
    }
    EXPECT_FALSE(parse({QStringLiteral("--zoom"), QStringLiteral("0:4:0:4"), QStringLiteral("--rows"),
                           QStringLiteral("0:2")},
        error));
    EXPECT_TRUE(error.contains(QStringLiteral("twice"))) << error.toStdString();
}

TEST(StartupOptions, DeviceTakesTheCliValuesAndCpuIsItsShortHand) {
    QString error;
    auto options = parse({QStringLiteral("--device"), QStringLiteral("cpu")}, error);
    ASSERT_TRUE(options) << error.toStdString();
    EXPECT_EQ(options->device, QStringLiteral("cpu"));
    options = parse({QStringLiteral("--cpu")}, error);
    ASSERT_TRUE(options) << error.toStdString();
    EXPECT_EQ(options->device, QStringLiteral("cpu"));
    options = parse({QStringLiteral("--device"), QStringLiteral("auto")}, error);
    ASSERT_TRUE(options) << error.toStdString();
    EXPECT_EQ(options->device, QStringLiteral("auto"));
    options = parse({}, error);
    ASSERT_TRUE(options) << error.toStdString();
    EXPECT_TRUE(options->device.isEmpty()); // the preference, else automatic
    EXPECT_FALSE(
        parse({QStringLiteral("--cpu"), QStringLiteral("--device"), QStringLiteral("pthread")}, error));
    EXPECT_TRUE(error.contains(QStringLiteral("contradict"))) << error.toStdString();
}

TEST(StartupOptions, CheckTakesACachePairOrOneFrequencyFile) {
    QString error;
    auto options = parse({QStringLiteral("--check"), QStringLiteral("cos.npy,sin.npy")}, error);
    ASSERT_TRUE(options) << error.toStdString();
    EXPECT_EQ(options->check, (QStringList {QStringLiteral("cos.npy"), QStringLiteral("sin.npy")}));
    options = parse({QStringLiteral("--check"), QStringLiteral("inv_freq.npy")}, error);
    ASSERT_TRUE(options) << error.toStdString();
    EXPECT_EQ(options->check, QStringList {QStringLiteral("inv_freq.npy")});
    options = parse({QStringLiteral("--check"), QStringLiteral("model.gguf")}, error);
    ASSERT_TRUE(options) << error.toStdString();
    for (const char* bad : {"a.npy,b.npy,c.npy", "cos.npy,"}) {
        EXPECT_FALSE(parse({QStringLiteral("--check"), QString::fromLatin1(bad)}, error)) << bad;
        EXPECT_EQ(error,
            QStringLiteral("--check %1 is invalid: allowed: cos.npy,sin.npy, inv_freq.npy or model.gguf")
                .arg(QString::fromLatin1(bad)));
    }
}

TEST(StartupOptions, WindowSizeIsInPixelsAndSizeIsItsOlderSpelling) {
    QString error;
    auto options = parse({QStringLiteral("--window-size"), QStringLiteral("1280x720")}, error);
    ASSERT_TRUE(options) << error.toStdString();
    EXPECT_EQ(options->size, QSize(1280, 720));
    options = parse({QStringLiteral("--size"), QStringLiteral("1600x1000")}, error);
    ASSERT_TRUE(options) << error.toStdString();
    EXPECT_EQ(options->size, QSize(1600, 1000));
    // A figure size in inches (pecards-cli --size 6x4.5) is refused with the unit named.
    EXPECT_FALSE(parse({QStringLiteral("--window-size"), QStringLiteral("6x4.5")}, error));
    EXPECT_TRUE(error.startsWith(QStringLiteral("--window-size 6x4.5 is invalid"))
        && error.contains(QStringLiteral("pixels")))
        << error.toStdString();
    // Not given: 1600x1000 bounded by the screen (a 1280x720 projector gets 1280x720).
    EXPECT_EQ(startupWindowSize(std::nullopt, QSize(1280, 720)), QSize(1280, 720));
    EXPECT_EQ(startupWindowSize(std::nullopt, QSize(2560, 1440)), QSize(1600, 1000));
    EXPECT_EQ(startupWindowSize(QSize(1280, 720), QSize(1024, 600)), QSize(1280, 720)); // asked
    EXPECT_FALSE(parse({QStringLiteral("--size"), QStringLiteral("800x200")}, error));
    EXPECT_TRUE(error.startsWith(QStringLiteral("--size 800x200 is invalid"))) << error.toStdString();
}

TEST(StartupOptions, HelpStatesTheDeliberateDifferencesFromTheCli) {
    const std::optional<QString> help
        = startupInfoText({QStringLiteral("pecards"), QStringLiteral("--help")});
    ASSERT_TRUE(help);
    const QString text = help->simplified();
    for (const char* flag : {"--rows <A:B>", "--cols <A:B>", "--window-size <WxH>", "--device <name>"})
        EXPECT_TRUE(text.contains(QLatin1String(flag))) << flag;
    EXPECT_TRUE(text.contains(QStringLiteral("pecards-cli --size is a figure size in inches")))
        << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("pecards-cli defaults to cpu"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("Older spelling of --rows A:B --cols C:D")))
        << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("Same as --device cpu"))) << text.toStdString();
}
