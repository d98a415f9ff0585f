#include "quietmessages.h"

#include <QString>
#include <qlogging.h>

namespace pecards::cli {

namespace {

QtMessageHandler g_defaultHandler = nullptr;

void messageHandler(QtMsgType type, const QMessageLogContext& context, const QString& message) {
    if (type == QtWarningMsg
        && message.startsWith(QLatin1String("QStandardPaths: XDG_RUNTIME_DIR not set"))) {
        return;
    }
    g_defaultHandler(type, context, message);
}

} // namespace

void installQuietMessageHandler() {
    g_defaultHandler = qInstallMessageHandler(messageHandler);
}

} // namespace pecards::cli
