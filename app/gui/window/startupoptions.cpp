#include "window/startupoptions.h"

#include "cards/card.h"
#include "cards/cardregistry.h"
#include "compare/compareview.h"
#include "compute/computeservice.h"
#include "presentation/presentationcontroller.h"
#include "session/workspacecontroller.h"
#include "settings/languageswitcher.h"
#include "views/cardview.h"
#include "views/heatmapcontroller.h"
#include "views/heatmappanel.h"
#include "views/viewslot.h"
#include "window/mainwindow.h"
#include "window/presets.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QTextStream>
#include <QTimer>
#include <algorithm>

namespace {

constexpr int kPollMs = 200;
constexpr int kSettlePolls = 3; ///< idle polls in a row before the screenshot (charts repaint)

std::optional<pecards::Window> parseZoom(const QString& text) {
    const QStringList parts = text.split(QLatin1Char(':'));
    if (parts.size() != 4)
        return std::nullopt;
    std::array<qint64, 4> values {};
    for (int n = 0; n < 4; ++n) {
        bool ok = false;
        values[n] = parts[n].toLongLong(&ok);
        if (!ok)
            return std::nullopt;
    }
    return pecards::Window {values[0], values[1], values[2], values[3]};
}

bool allAnswered(MainWindow& window, ComputeService& service) {
    if (!service.isIdle())
        return false;
    if (Card* card = window.currentCard())
        return card->allViewsAnswered();
    return window.compareView()->controller()->hasResult();
}

void takeScreenshot(MainWindow& window, ComputeService& service, const QString& path, int timeoutMs) {
    auto* timer = new QTimer(&window);
    auto* clock = new QElapsedTimer;
    clock->start();
    auto settled = std::make_shared<int>(0);
    QObject::connect(
        timer, &QTimer::timeout, &window, [&window, &service, path, timeoutMs, timer, clock, settled] {
            *settled = allAnswered(window, service) ? *settled + 1 : 0;
            const bool timedOut = clock->elapsed() > timeoutMs;
            if (*settled < kSettlePolls && !timedOut)
                return;
            timer->stop();
            delete clock;
            if (timedOut)
                QTextStream(stderr) << "pecards: screenshot taken before every view answered (timeout)"
                                    << Qt::endl;
            const bool saved = window.grab().save(path);
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
    if (Card* card = window.currentCard()) {
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
        if (options.zoom && !card->viewSlots().isEmpty()) {
            if (auto* panel = qobject_cast<HeatmapPanel*>(card->viewSlots().front()->view()))
                panel->controller()->setWindow(*options.zoom);
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
    if (!options.screenshot.isEmpty())
        takeScreenshot(window, service, options.screenshot, timeoutMs);
}

} // namespace

std::optional<StartupOptions> parseStartupOptions(const QStringList& arguments, QString& error) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("PE Cards: see how transformer positional encodings work."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption card(QStringLiteral("card"),
        QStringLiteral("First card: sinusoidal, relative, alibi, rope, hybrid, compare."),
        QStringLiteral("id"));
    const QCommandLineOption preset(QStringLiteral("preset"),
        QStringLiteral("Built-in model preset, e.g. llama-3.1-8b."), QStringLiteral("id"));
    const QCommandLineOption config(QStringLiteral("config"),
        QStringLiteral("Hugging Face config.json to load."), QStringLiteral("file"));
    const QCommandLineOption compare(QStringLiteral("compare"),
        QStringLiteral("Open the compare tab: rope-base, alibi-hybrid, alibi-forms."),
        QStringLiteral("preset"));
    const QCommandLineOption length(
        QStringLiteral("length"), QStringLiteral("Max length L of the first card."), QStringLiteral("L"));
    const QCommandLineOption zoom(QStringLiteral("zoom"),
        QStringLiteral("Window of the first view: row_begin:row_end:col_begin:col_end."),
        QStringLiteral("window"));
    const QCommandLineOption back(QStringLiteral("back"), QStringLiteral("Show the back of the card."));
    const QCommandLineOption language(QStringLiteral("language"),
        QStringLiteral("UI and card text language: en, zh_CN (default: the preference)."),
        QStringLiteral("code"));
    const QCommandLineOption theme(QStringLiteral("theme"),
        QStringLiteral("Colour theme: light, dark (default: the preference)."), QStringLiteral("name"));
    const QCommandLineOption workspace(
        QStringLiteral("workspace"), QStringLiteral("Workspace file to open."), QStringLiteral("file"));
    const QCommandLineOption presentation(
        QStringLiteral("presentation"), QStringLiteral("Start in presentation mode (full screen)."));
    const QCommandLineOption position(QStringLiteral("position"),
        QStringLiteral("Presentation: pause the sweep at position m."), QStringLiteral("m"));
    const QCommandLineOption device(QStringLiteral("device"),
        QStringLiteral("OpenCL device name (substring); default PECARDS_OPENCL_DEVICE or automatic."),
        QStringLiteral("name"));
    const QCommandLineOption cpu(QStringLiteral("cpu"),
        QStringLiteral("Compute with the double-precision CPU reference instead of OpenCL."));
    const QCommandLineOption size(QStringLiteral("size"),
        QStringLiteral("Window size WxH (default 1600x1000)."), QStringLiteral("WxH"));
    const QCommandLineOption views(QStringLiteral("views"),
        QStringLiteral("View ids of the first card's slots, comma-separated (e.g. lab-ratio,unseen-angles)."),
        QStringLiteral("ids"));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
        QStringLiteral("Save the window as PNG once every view has answered, then quit."),
        QStringLiteral("file"));
    parser.addOptions({card, preset, config, compare, length, zoom, back, language, theme, workspace,
        presentation, position, device, cpu, size, views, screenshot});
    if (!parser.parse(arguments)) {
        error = parser.errorText();
        return std::nullopt;
    }
    if (parser.isSet(QStringLiteral("help")))
        parser.showHelp(0);
    if (parser.isSet(QStringLiteral("version")))
        parser.showVersion();

    StartupOptions options;
    options.card = parser.value(card);
    options.preset = parser.value(preset);
    options.config = parser.value(config);
    options.compare = parser.value(compare);
    options.language = parser.value(language);
    options.device = parser.value(device);
    options.screenshot = parser.value(screenshot);
    options.back = parser.isSet(back);
    options.cpu = parser.isSet(cpu);
    options.theme = parser.value(theme);
    options.workspace = parser.value(workspace);
    options.presentation = parser.isSet(presentation);
    options.views = parser.value(views).split(QLatin1Char(','), Qt::SkipEmptyParts);
    for (const QString& id : options.views) {
        const bool known
            = std::any_of(cardRegistry().begin(), cardRegistry().end(), [&id](const CardEntry& entry) {
                  return std::any_of(entry.views.begin(), entry.views.end(),
                      [&id](const ViewSpec& spec) { return spec.id == id; });
              });
        if (!known) {
            error = QStringLiteral("--views %1 is invalid: %2 is not a view id of any card")
                        .arg(parser.value(views), id);
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
    if (parser.isSet(position)) {
        bool ok = false;
        options.position = parser.value(position).toInt(&ok);
        if (!ok || *options.position < 0 || *options.position >= PresentationController::kMaxSweep) {
            error = QStringLiteral("--position %1 is invalid: must be an integer in [0, %2)")
                        .arg(parser.value(position))
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
    if (parser.isSet(length)) {
        bool ok = false;
        options.length = parser.value(length).toLongLong(&ok);
        if (!ok || *options.length < 1 || *options.length > pecards::kMaxLength) {
            error = QStringLiteral("--length %1 is invalid: must be an integer in [1, %2]")
                        .arg(parser.value(length))
                        .arg(pecards::kMaxLength);
            return std::nullopt;
        }
    }
    if (parser.isSet(zoom)) {
        options.zoom = parseZoom(parser.value(zoom));
        if (!options.zoom) {
            error = QStringLiteral("--zoom %1 is invalid: must be row_begin:row_end:col_begin:col_end")
                        .arg(parser.value(zoom));
            return std::nullopt;
        }
    }
    if (parser.isSet(size)) {
        const QStringList parts = parser.value(size).split(QLatin1Char('x'));
        const int w = parts.value(0).toInt();
        const int h = parts.value(1).toInt();
        if (parts.size() != 2 || w < 320 || h < 240) {
            error = QStringLiteral("--size %1 is invalid: must be WxH with W >= 320, H >= 240")
                        .arg(parser.value(size));
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
