#include "window/application.h"

#include "compute/backendprovider.h"
#include "compute/computeservice.h"
#include "window/mainwindow.h"
#include "window/startupoptions.h"

#include <QApplication>
#include <QTextStream>

int runPecards(int argc, char* argv[]) {
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("PE Cards"));
    QApplication::setApplicationVersion(QStringLiteral(PECARDS_VERSION));
    QFont font = QApplication::font();
    font.setPointSizeF(std::max(font.pointSizeF(), 10.0)); // readable when projected
    QApplication::setFont(font);

    QString error;
    const std::optional<StartupOptions> options = parseStartupOptions(QApplication::arguments(), error);
    if (!options) {
        QTextStream(stderr) << error << Qt::endl;
        return 2;
    }
    ComputeService service(options->cpu ? cpuBackendFactory() : defaultBackendFactory(options->device));
    MainWindow window(&service);
    window.resize(options->size);
    window.show();
    applyStartupOptions(window, service, *options);
    return QApplication::exec();
}
