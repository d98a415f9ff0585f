#include "workspace/jsondocument.h"

#include "common/fileerror.h"
#include "common/inputfile.h"
#include "common/outputfile.h"
#include "common/version.h"
#include "pecards/errors.h"

#include <QJsonDocument>
#include <QJsonParseError>

namespace pecards::app {

void setOpenError(QString* error, const QString& what, const QString& path, const QString& problem) {
    if (error != nullptr) {
        *error = QStringLiteral("Cannot open %1 %2: %3").arg(what, path, problem);
    }
}

std::optional<QByteArray> readJsonDocument(const QString& path, const QString& what, QString* error) {
    QByteArray json;
    try {
        json = readInputFile(path, kMaxDocumentBytes);
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
    if (json.size() > kMaxDocumentBytes) {
        return failed(
            QStringLiteral("the %1 is %2 bytes, more than the %3 bytes (%4 MiB) a %1 may hold, so it "
                           "could not be opened again; learned position tables and Q/K vectors "
                           "make it large (stored for every card, compare side and lesson step "
                           "that uses them): use smaller ones or fewer copies")
                .arg(what)
                .arg(json.size())
                .arg(kMaxDocumentBytes)
                .arg(kMaxDocumentBytes >> 20));
    }
    try {
        writeOutputFile(path, json); // the previous file is kept on any failure
    } catch (const FileError& e) {
        return failed(QString::fromStdString(e.what()));
    }
    return true;
}

QJsonObject documentEnvelope(const QString& format, int version) {
    return {{QStringLiteral("format"), format}, {QStringLiteral("version"), version},
        {QStringLiteral("app_version"), QString::fromLatin1(kVersion)}};
}

QJsonObject documentRoot(const QByteArray& json, const QString& kind, const QString& format) {
    QJsonParseError parseError {};
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        throw WorkspaceFormatError(
            QStringLiteral("not valid JSON (%1 at byte %2; the file may be truncated or corrupt)")
                .arg(parseError.errorString())
                .arg(parseError.offset)
                .toStdString());
    }
    if (!document.isObject()) {
        throw WorkspaceFormatError(
            QStringLiteral("not a PE Cards %1: the document is not a JSON object").arg(kind).toStdString());
    }
    QJsonObject root = document.object();
    if (root.value(QStringLiteral("format")).toString() != format) {
        throw WorkspaceFormatError(QStringLiteral("not a PE Cards %1: format is %2, expected \"%3\"")
                                       .arg(kind,
                                           root.contains(QStringLiteral("format"))
                                               ? describeJson(root.value(QStringLiteral("format")))
                                               : QStringLiteral("missing"),
                                           format)
                                       .toStdString());
    }
    return root;
}

int readDocumentVersion(JsonReader& reader, const QString& kind, int maxVersion) {
    static_cast<void>(reader.string("format"));
    const int version = reader.integer("version");
    const QString writer = reader.has("app_version")
        ? QStringLiteral("PE Cards ") + reader.string("app_version")
        : QStringLiteral("a newer PE Cards");
    if (version > maxVersion) {
        throw WorkspaceFormatError(QStringLiteral("version: the file has %1 version %2, written by %3; this "
                                                  "version (PE Cards %4) reads version %5 and older")
                                       .arg(kind)
                                       .arg(version)
                                       .arg(writer, QString::fromLatin1(kVersion))
                                       .arg(maxVersion)
                                       .toStdString());
    }
    if (version < 1) {
        reader.fail(
            "version", QStringLiteral("%1 is invalid: allowed: [1, %2]").arg(version).arg(maxVersion));
    }
    return version;
}

} // namespace pecards::app
