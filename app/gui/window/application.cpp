#include "window/application.h"

#include "common/version.h"
#include "compute/backendprovider.h"
#include "compute/computeservice.h"
#include "deck/deckmodel.h"
#include "session/autosave.h"
#include "settings/theme.h"
#include "views/quantitystyle.h"
#include "window/mainwindow.h"
#include "window/stagescreen.h"
#include "window/startupactions.h"

#include <QApplication>
#include <QIcon>
#include <QScreen>
#include <QSettings>
#include <QTextStream>

namespace pecards::gui {

int runPecards(int argc, char* argv[]) {
    QApplication::setOrganizationName(QStringLiteral("pecards"));
    QApplication::setApplicationName(QStringLiteral("PE Cards"));
    QApplication::setApplicationVersion(QLatin1String(pecards::app::kVersion));
    // --help and --version are answered before the QApplication exists: they need no display.
    {
        const QCoreApplication probe(argc, argv);
        if (const std::optional<QString> info = startupInfoText(QCoreApplication::arguments())) {
            QTextStream(stdout) << *info;
            return 0;
        }
    }
    QApplication app(argc, argv);
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/pecards.svg")));
    QFont font = QApplication::font();
    font.setPointSizeF(std::max(font.pointSizeF(), 10.0)); // readable when projected
    QApplication::setFont(font);

    QString error;
    const std::optional<StartupOptions> options = parseStartupOptions(QApplication::arguments(), error);
    if (!options) {
        QTextStream(stderr) << error << Qt::endl;
        return 2;
    }
    const pecards::app::Preferences preferences = pecards::app::Preferences::load(QSettings());
    applyTheme(options->theme.isEmpty()                ? preferences.theme
            : options->theme == QStringLiteral("dark") ? pecards::app::Theme::Dark
                                                       : pecards::app::Theme::Light);
    setSequentialColormap(preferences.colormap);
    // One grammar with pecards-cli --device: auto, cpu, or a part of an OpenCL device name.
    const QString device = options->device.isEmpty() ? preferences.device : options->device;
    const auto is = [&device](const char* name) {
        return device.compare(QLatin1String(name), Qt::CaseInsensitive) == 0;
    };
    ComputeService service(is("cpu") ? cpuBackendFactory(QApplication::translate(
                               "DeviceStatus", "device cpu chosen: every view in double precision"))
                                     : defaultBackendFactory(is("auto") ? QString() : device));
    MainWindow window(&service);
    // Before the first show, so the cards are built in the chosen language.
    window.setLanguage(options->language.isEmpty() ? preferences.language : options->language);
    window.resize(
        startupWindowSize(options->size, QGuiApplication::primaryScreen()->availableGeometry().size()));
    if (options->size)
        keepAskedSize(&window); // lessons and presentation keep it instead of going full screen
    // Crash safety: the workspace is saved to a recovery file 30 s after a change (every view
    // change ends in a compute job) and on quit; after a crash the next start offers it.
    Autosave autosave(*window.deckModel(), &window, window.settings(), Autosave::defaultRecoveryPath());
    QObject::connect(&autosave, &Autosave::restored, &window, &MainWindow::reopenCheck);
    const bool crashed = autosave.crashedWithRecovery();
    autosave.beginSession();
    QObject::connect(&service, &ComputeService::jobFinished, &autosave, &Autosave::markChanged);
    QObject::connect(&app, &QApplication::aboutToQuit, &autosave, &Autosave::endSession);
    window.show();
    applyStartupOptions(window.startupParts(), *options);
    if (crashed && options->screenshot.isEmpty() && options->workspace.isEmpty())
        autosave.offerRestore();
    return QApplication::exec();
}

} // namespace pecards::gui
