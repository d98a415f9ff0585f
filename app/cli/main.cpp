// pecards-cli: computes PE Cards quantities and renders their figures headlessly (see
// `pecards-cli --help`).

#include "clirunner.h"
#include "quietmessages.h"

#include <QGuiApplication>
#include <QTextStream>
#include <cstdio>

int main(int argc, char* argv[]) {
    pecards::cli::installQuietMessageHandler();
    // Figures need a QGuiApplication (fonts), never a display: unless the user chose a platform,
    // use "offscreen", so rendering works without X / Wayland and gives the same pixels everywhere.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    QGuiApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("pecards-cli"));
    QTextStream out(stdout);
    QTextStream err(stderr);
    return pecards::cli::runCli(QCoreApplication::arguments(), out, err);
}
