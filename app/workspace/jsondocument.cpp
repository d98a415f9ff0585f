#include "workspace/jsondocument.h"

#include "common/fileerror.h"
#include "common/inputfile.h"
#include "common/outputfile.h"
#include "pecards/errors.h"

namespace pecards::app {

void setOpenError(QString* error, const QString& what, const QString& path, const QString& problem) {
    if (error != nullptr) {
        *error = QStringLiteral("Cannot open %1 %2: %3").arg(what, path, problem);
    }
}

std::optional<QByteArray> readJsonDocument(const QString& path, const QString& what, QString* error) {
    QByteArray json;
    try {
        json = readInputFile(path, kMaxJsonFileBytes);
    } catch (const FileError& e) {
        setOpenError(error, what, path, QString::fromStdString(e.what()));
        return std::nullopt;
    }
    if (json.trimmed().isEmpty()) {
        setOpenError(error, what, path,
            QStringLiteral("the file is empty (0 bytes of JSON), so it holds no %1").arg(what));
        return std::nullopt;
    }
    return json;
}

bool saveJsonDocument(
    const QString& path, const QString& what, const std::function<QByteArray()>& serialize, QString* error) {
    const auto failed = [&](const QString& problem) {
        if (error != nullptr) {
            *error = QStringLiteral("Cannot save %1 %2: %3").arg(what, path, problem);
        }
        return false;
    };
    QByteArray json;
    try {
        json = serialize();
    } catch (const InvalidParameter& e) {
        return failed(QString::fromStdString(e.what()));
    }
    try {
        writeOutputFile(path, json); // the previous file is kept on any failure
    } catch (const FileError& e) {
        return failed(QString::fromStdString(e.what()));
    }
    return true;
}

} // namespace pecards::app
