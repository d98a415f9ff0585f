#include "window/startupoptions.h"

#include "cards/cardpage.h"
#include "cards/cardregistry.h"
#include "check/checkdialog.h"
#include "common/version.h"
#include "compare/compareview.h"
#include "compute/computeservice.h"
#include "deck/deckmodel.h"
#include "lessons/lessoncontroller.h"
#include "lessons/lessonplayer.h"
#include "presentation/presentationcontroller.h"
#include "session/workspacecontroller.h"
#include "settings/languageswitcher.h"
#include "views/heatmapcontroller.h"
#include "views/heatmappanel.h"
#include "views/viewpanel.h"
#include "views/viewslot.h"
#include "window/mainwindow.h"
#include "window/presets.h"
#include "window/startupflags.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QTextStream>
#include <QTimer>
#include <QUndoStack>
#include <algorithm>
#include <functional>
#include <pecards/errors.h>
#include <pecards/pitfall.h>
#include <tuple>

namespace pecards::gui {

namespace {

constexpr int kPollMs = 200;
constexpr int kSettlePolls = 3; ///< idle polls in a row before the screenshot (charts repaint)

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

bool allAnswered(MainWindow& window, ComputeService& service) {
    if (!service.isIdle())
        return false;
    if (CardPage* card = window.currentCard())
        return card->allViewsAnswered();
    return window.compareView()->hasResult();
}

/// Saves `target`'s image (the window, or a dialog on it) once every view has answered and
/// `ready` says so, then quits.
void takeScreenshot(MainWindow& window, ComputeService& service, const QString& path, int timeoutMs,
    QWidget* target = nullptr, std::function<bool()> ready = {}) {
    auto* timer = new QTimer(&window);
    auto* clock = new QElapsedTimer;
    clock->start();
    auto settled = std::make_shared<int>(0);
    QObject::connect(timer, &QTimer::timeout, &window,
        [&window, &service, path, timeoutMs, timer, clock, settled, target, ready] {
            *settled = allAnswered(window, service) && (!ready || ready()) ? *settled + 1 : 0;
            const bool timedOut = clock->elapsed() > timeoutMs;
            if (*settled < kSettlePolls && !timedOut)
                return;
            timer->stop();
            delete clock;
            if (timedOut)
                QTextStream(stderr) << "pecards: screenshot taken before every view answered (timeout)"
                                    << Qt::endl;
            const bool saved = (target != nullptr ? target->grab() : window.grab()).save(path);
            if (!saved)
                QTextStream(stderr) << "pecards: cannot write " << path << Qt::endl;
            QApplication::exit(saved ? 0 : 1);
        });
    timer->start(kPollMs);
}

void applyViewOptions(
    MainWindow& window, ComputeService& service, const StartupOptions& options, int timeoutMs) {
    if (!options.language.isEmpty())
        window.setLanguage(options.language);
    if (!options.workspace.isEmpty())
        window.session()->open(options.workspace);
    if (!options.compare.isEmpty()) {
        window.compareView()->showPreset(options.compare);
        window.showTab(QStringLiteral("compare"));
    } else if (!options.card.isEmpty()) {
        window.showTab(options.card);
    }
    if (CardPage* card = window.currentCard()) {
        card->load();
        if (options.length) {
            pecards::CardParams params = card->params();
            params.length = *options.length;
            card->setParams(params);
        }
        for (qsizetype slot = 0; slot < options.views.size() && slot < card->viewSlots().size(); ++slot)
            card->viewSlots().at(slot)->showView(options.views.at(slot));
        if (options.back)
            card->flip();
        if (!options.pitfall.isEmpty())
            card->showPitfalls(pecards::fromString<pecards::Pitfall>(options.pitfall.toStdString()));
        if ((options.rows || options.cols) && !card->viewSlots().isEmpty()) {
            if (auto* panel = qobject_cast<HeatmapPanel*>(card->viewSlots().front()->view())) {
                pecards::Window zoom = panel->controller()->window(); // the full extent
                if (options.rows)
                    std::tie(zoom.row_begin, zoom.row_end) = *options.rows;
                if (options.cols)
                    std::tie(zoom.col_begin, zoom.col_end) = *options.cols;
                panel->controller()->setWindow(zoom);
            }
        }
    }
    if (options.presentation) {
        PresentationController* presentation = window.presentation();
        presentation->setActive(true);
        if (options.position) {
            presentation->setPaused(true);
            presentation->setPosition(*options.position);
        }
    }
    if (!options.lesson.isEmpty() && window.lessons()->open(options.lesson)) {
        const auto steps = static_cast<int>(window.lessons()->lesson().steps.size());
        if (options.lessonStep > steps)
            QTextStream(stderr) << "pecards: --step " << options.lessonStep << " is invalid: the lesson has "
                                << steps << " steps; it starts at step 1" << Qt::endl;
        window.lessons()->play(options.lessonStep > steps ? 0 : options.lessonStep - 1);
        if (options.reveal && !window.lessons()->player()->isRevealed())
            window.lessons()->player()->next();
    } else if (!options.lesson.isEmpty()) {
        QTextStream(stderr) << "pecards: " << window.lessons()->lastError() << Qt::endl;
    }
    // The start-up state (flags, a workspace, a lesson step) is where the session starts, not
    // edits to undo.
    window.deckModel()->undoStack()->clear();
    CheckDialog* check = nullptr;
    if (!options.check.isEmpty()) {
        pecards::app::CheckSetup setup;
        setup.params = window.card(QStringLiteral("rope"))->params();
        setup.first = options.check.front();
        setup.second = options.check.size() == 2 ? options.check.back() : QString();
        using Table = pecards::app::CheckSetup::Table;
        setup.table = options.check.size() == 2             ? Table::CosSin
            : setup.first.endsWith(QStringLiteral(".gguf")) ? Table::Gguf
                                                            : Table::InvFreq;
        check = window.openCheck(setup);
    }
    if (!options.screenshot.isEmpty() && check != nullptr) {
        auto shown = std::make_shared<bool>(false);
        QObject::connect(check, &CheckDialog::checked, check, [shown] { *shown = true; });
        takeScreenshot(window, service, options.screenshot, timeoutMs, check, [shown] { return *shown; });
    } else if (!options.screenshot.isEmpty()) {
        takeScreenshot(window, service, options.screenshot, timeoutMs);
    }
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

void applyStartupOptions(
    MainWindow& window, ComputeService& service, const StartupOptions& options, int timeoutMs) {
    const QString model = !options.config.isEmpty() ? options.config
        : !options.preset.isEmpty()                 ? findPreset(options.preset)->resource
                                                    : QString();
    if (model.isEmpty()) {
        applyViewOptions(window, service, options, timeoutMs);
        return;
    }
    // The model first (read off the UI thread), then the view options on top of it.
    auto connection = std::make_shared<QMetaObject::Connection>();
    auto failure = std::make_shared<QMetaObject::Connection>();
    const auto proceed = [&window, &service, options, timeoutMs, connection, failure] {
        QObject::disconnect(*connection);
        QObject::disconnect(*failure);
        applyViewOptions(window, service, options, timeoutMs);
    };
    *connection = QObject::connect(&window, &MainWindow::modelApplied, &window, proceed);
    *failure
        = QObject::connect(&window, &MainWindow::modelFailed, &window, [proceed](const QString& message) {
              QTextStream(stderr) << "pecards: " << message << Qt::endl;
              proceed();
          });
    window.openConfig(model);
}

} // namespace pecards::gui
