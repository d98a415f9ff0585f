#include "window/startupoptions.h"

#include "cards/cardregistry.h"
#include "common/version.h"
#include "presentation/presentationcontroller.h"
#include "settings/languageswitcher.h"
#include "window/presets.h"
#include "window/startupflags.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QTextStream>
#include <algorithm>
#include <pecards/errors.h>
#include <pecards/pitfall.h>

namespace pecards::gui {

namespace {

/// Half-open ranges "A:B" (count 1) or "A:B:C:D" (count 2) with 0 <= A < B (and C < D).
std::optional<std::vector<std::pair<std::int64_t, std::int64_t>>> parseRanges(
    const QString& text, int count) {
    const QStringList parts = text.split(QLatin1Char(':'));
    if (parts.size() != 2 * count)
        return std::nullopt;
    std::vector<std::pair<std::int64_t, std::int64_t>> ranges;
    for (int n = 0; n < count; ++n) {
        bool okBegin = false;
        bool okEnd = false;
        const std::int64_t begin = parts[2 * n].toLongLong(&okBegin);
        const std::int64_t end = parts[2 * n + 1].toLongLong(&okEnd);
        if (!okBegin || !okEnd || begin < 0 || begin >= end)
            return std::nullopt;
        ranges.emplace_back(begin, end);
    }
    return ranges;
}

/// The parser's options from the flag table (startupflags.h).
void addStartupFlags(QCommandLineParser& parser) {
    parser.setApplicationDescription(QLatin1String(startupDescription()));
    for (const StartupFlag& flag : startupFlags()) {
        QStringList names {QLatin1String(flag.name)};
        if (flag.shortName != nullptr)
            names.prepend(QLatin1String(flag.shortName));
        parser.addOption(flag.valueName != nullptr
                ? QCommandLineOption(names, QLatin1String(flag.help), QLatin1String(flag.valueName))
                : QCommandLineOption(names, QLatin1String(flag.help)));
    }
    const StartupFlag& file = startupFileArgument();
    parser.addPositionalArgument(
        QLatin1String(file.name), QLatin1String(file.help), QLatin1String(file.valueName));
}

} // namespace

QSize startupWindowSize(const std::optional<QSize>& asked, const QSize& available) {
    return asked.value_or(QSize(1600, 1000).boundedTo(available));
}

std::optional<QString> startupInfoText(const QStringList& arguments) {
    QCommandLineParser parser;
    addStartupFlags(parser);
    static_cast<void>(parser.parse(arguments)); // other errors are for parseStartupOptions
    if (parser.isSet(QStringLiteral("help")))
        return parser.helpText();
    if (parser.isSet(QStringLiteral("version")))
        return QStringLiteral("pecards %1\n").arg(QLatin1String(pecards::app::kVersion));
    return std::nullopt;
}

std::optional<StartupOptions> parseStartupOptions(const QStringList& arguments, QString& error) {
    QCommandLineParser parser;
    addStartupFlags(parser);
    if (!parser.parse(arguments)) {
        error = parser.errorText();
        return std::nullopt;
    }
    const auto value = [&parser](const char* name) { return parser.value(QLatin1String(name)); };
    const auto isSet = [&parser](const char* name) { return parser.isSet(QLatin1String(name)); };

    StartupOptions options;
    options.card = value("card");
    options.preset = value("preset");
    options.config = value("config");
    options.compare = value("compare");
    options.language = value("language");
    options.device = isSet("cpu") ? QStringLiteral("cpu") : value("device");
    if (isSet("cpu") && isSet("device")
        && value("device").compare(QStringLiteral("cpu"), Qt::CaseInsensitive) != 0) {
        error = QStringLiteral("--cpu and --device %1 contradict each other: --cpu is --device cpu")
                    .arg(value("device"));
        return std::nullopt;
    }
    options.screenshot = value("screenshot");
    options.pitfall = value("pitfall");
    if (!options.pitfall.isEmpty()) {
        try {
            const pecards::Pitfall kind
                = pecards::fromString<pecards::Pitfall>(options.pitfall.toStdString());
            if (kind == pecards::Pitfall::None)
                throw pecards::InvalidParameter("pitfall", "none", "a pitfall");
            options.card = QString::fromStdString(pecards::toString(pecards::pitfallCard(kind)));
        } catch (const pecards::InvalidParameter& invalid) {
            error = QStringLiteral("--pitfall %1 is invalid: %2")
                        .arg(options.pitfall, QString::fromUtf8(invalid.what()));
            return std::nullopt;
        }
    }
    if (isSet("check")) {
        options.check = value("check").split(QLatin1Char(','));
        if (options.check.size() > 2 || options.check.contains(QString())) {
            error = QStringLiteral(
                "--check %1 is invalid: allowed: cos.npy,sin.npy, inv_freq.npy or model.gguf")
                        .arg(value("check"));
            return std::nullopt;
        }
    }
    if (isSet("pair-usage")) {
        options.pairUsage = value("pair-usage");
        if (options.config.isEmpty()) {
            error = QStringLiteral("--pair-usage %1 is invalid: it needs the model's --config")
                        .arg(options.pairUsage);
            return std::nullopt;
        }
    }
    options.back = isSet("back");
    options.theme = value("theme");
    options.workspace = value("workspace");
    options.presentation = isSet("presentation");
    options.lesson = value("lesson");
    options.reveal = isSet("reveal");
    if (isSet("step")) {
        bool ok = false;
        options.lessonStep = value("step").toInt(&ok);
        if (!ok || options.lessonStep < 1 || options.lesson.isEmpty()) {
            error = QStringLiteral("--step %1 is invalid: must be a step number >= 1 of a --lesson")
                        .arg(value("step"));
            return std::nullopt;
        }
    }
    // A file given alone (a file manager's double-click, Exec=pecards %f): a *.pelesson file is
    // a lesson (the MIME type application/x-pecards-lesson), anything else a workspace.
    const QStringList files = parser.positionalArguments();
    const bool lessonFile
        = files.size() == 1 && files.front().endsWith(QStringLiteral(".pelesson"), Qt::CaseInsensitive);
    if (files.size() > 1 || (lessonFile && !options.lesson.isEmpty())
        || (!files.isEmpty() && !lessonFile && !options.workspace.isEmpty())) {
        error = QStringLiteral("%1 is invalid: give at most one workspace file (or --workspace) or "
                               "lesson file (or --lesson)")
                    .arg(files.join(QLatin1Char(' ')));
        return std::nullopt;
    }
    if (lessonFile)
        options.lesson = files.front();
    else if (!files.isEmpty())
        options.workspace = files.front();
    options.views = value("views").split(QLatin1Char(','), Qt::SkipEmptyParts);
    for (const QString& id : options.views) {
        const bool known
            = std::any_of(cardRegistry().begin(), cardRegistry().end(), [&id](const CardEntry& entry) {
                  return std::any_of(entry.views.begin(), entry.views.end(),
                      [&id](const ViewSpec& spec) { return spec.id == id; });
              });
        if (!known) {
            error = QStringLiteral("--views %1 is invalid: %2 is not a view id of any card")
                        .arg(value("views"), id);
            return std::nullopt;
        }
    }
    if (!options.language.isEmpty() && !LanguageSwitcher::languages().contains(options.language)) {
        error = QStringLiteral("--language %1 is invalid: must be one of %2")
                    .arg(options.language, LanguageSwitcher::languages().join(QStringLiteral(", ")));
        return std::nullopt;
    }
    if (!options.theme.isEmpty() && options.theme != QStringLiteral("light")
        && options.theme != QStringLiteral("dark")) {
        error = QStringLiteral("--theme %1 is invalid: must be light or dark").arg(options.theme);
        return std::nullopt;
    }
    if (isSet("position")) {
        bool ok = false;
        options.position = value("position").toInt(&ok);
        if (!ok || *options.position < 0 || *options.position >= PresentationController::kMaxSweep) {
            error = QStringLiteral("--position %1 is invalid: must be an integer in [0, %2)")
                        .arg(value("position"))
                        .arg(PresentationController::kMaxSweep);
            return std::nullopt;
        }
    }
    if (!options.preset.isEmpty() && !findPreset(options.preset)) {
        QStringList ids;
        for (const ModelPreset& p : modelPresets())
            ids << p.id;
        error = QStringLiteral("--preset %1 is invalid: must be one of %2")
                    .arg(options.preset, ids.join(QStringLiteral(", ")));
        return std::nullopt;
    }
    if (!options.card.isEmpty() && options.card != QStringLiteral("compare")
        && !findCardEntry(options.card)) {
        QStringList ids;
        for (const CardEntry& entry : cardRegistry())
            ids << entry.id;
        ids << QStringLiteral("compare");
        error = QStringLiteral("--card %1 is invalid: must be one of %2")
                    .arg(options.card, ids.join(QStringLiteral(", ")));
        return std::nullopt;
    }
    if (isSet("length")) {
        bool ok = false;
        options.length = value("length").toLongLong(&ok);
        if (!ok || *options.length < 1 || *options.length > pecards::kMaxLength) {
            error = QStringLiteral("--length %1 is invalid: must be an integer in [1, %2]")
                        .arg(value("length"))
                        .arg(pecards::kMaxLength);
            return std::nullopt;
        }
    }
    if (isSet("zoom") && (isSet("rows") || isSet("cols"))) {
        error = QStringLiteral("--zoom %1 and --rows/--cols give the window twice: use --rows A:B --cols C:D")
                    .arg(value("zoom"));
        return std::nullopt;
    }
    if (isSet("zoom")) {
        const auto ranges = parseRanges(value("zoom"), 2);
        if (!ranges) {
            error = QStringLiteral("--zoom %1 is invalid: must be A:B:C:D, rows [A, B) and columns [C, D) "
                                   "with 0 <= A < B and 0 <= C < D")
                        .arg(value("zoom"));
            return std::nullopt;
        }
        options.rows = ranges->at(0);
        options.cols = ranges->at(1);
    }
    for (const char* axis : {"rows", "cols"}) {
        if (!isSet(axis))
            continue;
        const auto range = parseRanges(value(axis), 1);
        if (!range) {
            error = QStringLiteral("--%1 %2 is invalid: must be A:B, the half-open window [A, B) with "
                                   "integers 0 <= A < B")
                        .arg(QLatin1String(axis), value(axis));
            return std::nullopt;
        }
        (qstrcmp(axis, "rows") == 0 ? options.rows : options.cols) = range->front();
    }
    if (isSet("window-size") && isSet("size")) {
        error
            = QStringLiteral("--size %1 is the older spelling of --window-size: give one").arg(value("size"));
        return std::nullopt;
    }
    if (const char* flag = isSet("size") ? "size" : "window-size"; isSet(flag)) {
        const QStringList parts = value(flag).split(QLatin1Char('x'));
        bool okWidth = false;
        bool okHeight = false;
        const int w = parts.value(0).toInt(&okWidth);
        const int h = parts.value(1).toInt(&okHeight);
        if (parts.size() != 2 || !okWidth || !okHeight || w < 320 || h < 240) {
            error = QStringLiteral("--%1 %2 is invalid: must be WxH in pixels with W >= 320, H >= 240")
                        .arg(QLatin1String(flag), value(flag));
            return std::nullopt;
        }
        options.size = QSize(w, h);
    }
    return options;
}

} // namespace pecards::gui
