// pecards-cli: computes PE Cards quantities and renders their figures headlessly (see
// `pecards-cli --help`).

#include "clirunner.h"

#include <QGuiApplication>
#include <QTextStream>
#include <cstdio>

namespace {

QtMessageHandler g_defaultHandler = nullptr;

/// Drops Qt's notice that XDG_RUNTIME_DIR is unset (usual in containers, CI and cron; the
/// platform integration only probes the runtime folder, and pecards-cli never uses it), so
/// an error stays the one line on stderr that pecards-cli promises. Everything else passes on.
void messageHandler(QtMsgType type, const QMessageLogContext& context, const QString& message) {
    if (type == QtWarningMsg
        && message.startsWith(QLatin1String("QStandardPaths: XDG_RUNTIME_DIR not set"))) {
        return;
    }
    g_defaultHandler(type, context, message);
}

} // namespace

int main(int argc, char* argv[]) {
    g_defaultHandler = qInstallMessageHandler(messageHandler);
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
