#pragma once
/// @file startupoptions.h
/// @brief Command-line options of `pecards` (parsed here, applied by startupactions.h): a first card,
/// a model, a length, a row and column window (`--rows A:B --cols C:D`, the grammar of
/// pecards-cli), the back side, the compare view, and `--screenshot FILE`
/// (saves the window once every view has answered, then quits; used for documentation),
/// `--theme`, `--workspace FILE`, `--presentation`, `--position M` (sweep paused at m) and
/// `--lesson FILE` (played from `--step N`, its question revealed with `--reveal`).

#include <QSize>
#include <QString>
#include <QStringList>
#include <optional>
#include <pecards/view.h>
#include <utility>

namespace pecards::gui {

struct StartupOptions {
    QString card; ///< registry id or "compare"
    QString preset; ///< ModelPreset id
    QString config; ///< config.json path
    QString compare; ///< compare preset ("rope-base", ...)
    QString language; ///< "en", "zh_CN"
    QString device; ///< "auto", "cpu" or an OpenCL device name filter; empty: the preference
    QString screenshot; ///< output PNG
    QString theme; ///< "light", "dark"; empty = the preference
    QString workspace; ///< workspace file to open
    QString lesson; ///< lesson file to open and play
    int lessonStep = 1; ///< lesson: first step shown, from 1
    bool reveal = false; ///< lesson: the first step's question revealed at once
    QString pitfall; ///< pitfall name (pecards-cli pitfalls): opens its card's Pitfalls view
    /// --check: cos.npy and sin.npy, or inv_freq.npy alone, checked in the check dialog (float32)
    QStringList check;
    /// --pair-usage: a checkpoint read in File > Pair usage of a checkpoint… with the --config model
    QString pairUsage;
    bool presentation = false; ///< start in presentation mode
    std::optional<int> position; ///< presentation: sweep position m (paused there)
    std::optional<std::int64_t> length;
    /// Half-open row and column windows [A, B) of the card's first view; nullopt: the full extent.
    std::optional<std::pair<std::int64_t, std::int64_t>> rows;
    std::optional<std::pair<std::int64_t, std::int64_t>> cols;
    QStringList views; ///< view ids of the first card's slots, in order (e.g. lab-ratio, unseen-angles)
    bool back = false;
    std::optional<QSize> size; ///< --window-size; nullopt: startupWindowSize's default
};

/// @brief The window's first size: `asked` (--window-size) as given, else 1600x1000 bounded by
/// `available` (the screen's available size), so that on a 1280x720 projector the window, and the
/// full-screen lesson player and presentation started from it, fit the screen.
QSize startupWindowSize(const std::optional<QSize>& asked, const QSize& available);

/// @brief The text `--help` or `--version` asks for (the flags of startupflags.h), or nullopt
/// when neither is given. Needs a QCoreApplication only (no display), so `pecards --help`
/// works on a headless machine; other argument errors are left to parseStartupOptions.
std::optional<QString> startupInfoText(const QStringList& arguments);

/// @brief Parses the arguments (QCommandLineParser, the flags of startupflags.h; --help and
/// --version are answered earlier by startupInfoText). On a bad option returns nullopt and sets
/// `error` to a message naming the option, the value and what is allowed.
std::optional<StartupOptions> parseStartupOptions(const QStringList& arguments, QString& error);

} // namespace pecards::gui
