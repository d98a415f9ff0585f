#pragma once
/// @file jsondocument.h
/// @brief Opening and saving the app's JSON documents (workspaces, lessons) the one way: read
/// through inputfile.h (a regular file, at most kMaxDocumentBytes), refuse an empty file, parse
/// strictly; serialise, refuse what could not be read back (over kMaxDocumentBytes), then write
/// atomically through outputfile.h (the previous file is kept on any failure). Every failure is a
/// message "Cannot open|save <what> <path>: <problem>".

#include "workspace/jsonreader.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <functional>
#include <optional>

namespace pecards::app {

/// @brief Largest workspace, lesson or recovery file, for the writer and the reader alike (one
/// rule: what is saved can be opened again). Learned position tables and Q/K vectors are what
/// make a document large (8 bytes a value, base64): GPT-2's 1024 x 768 table makes 8.4 MB, a
/// 4096 x 1024 table 45 MB; a document over the bound is not written.
inline constexpr qint64 kMaxDocumentBytes = qint64 {64} << 20;

/// @brief The keys every app document starts with: "format" = `format`, "version" = `version`
/// and "app_version" = this build's version (common/version.h).
QJsonObject documentEnvelope(const QString& format, int version);

/// @brief The root object of the app document of `kind` ("workspace", "lesson") in `json`.
/// @throws WorkspaceFormatError "not valid JSON (<parser's message> at byte <offset>; ...)", "not a
/// PE Cards <kind>: the document is not a JSON object" or "... format is <value|missing>, expected
/// \"<format>\"".
QJsonObject documentRoot(const QByteArray& json, const QString& kind, const QString& format);

/// @brief Reads the envelope through `reader` (over documentRoot's object): "format", "version"
/// and the optional "app_version" (files before PE Cards 0.1.0 lack it); returns the version.
/// @throws WorkspaceFormatError "version: the file has <kind> version <v>, written by PE Cards
/// <app_version> (or "a newer PE Cards"); this version (PE Cards <this>) reads version <max> and
/// older" for v > `maxVersion`, and "version: <v> is invalid: allowed: [1, <max>]" for v < 1.
int readDocumentVersion(JsonReader& reader, const QString& kind, int maxVersion);

/// @brief The bytes of the JSON document at `path`, or nullopt with `error` (when not null) set
/// to "Cannot open <what> <path>: <problem>" (unreadable, too large, not a regular file, empty).
std::optional<QByteArray> readJsonDocument(const QString& path, const QString& what, QString* error);

/// @brief "Cannot open <what> <path>: <problem>" into `error` when it is not null.
void setOpenError(QString* error, const QString& what, const QString& path, const QString& problem);

/// @brief Reads the document at `path` and parses it with `parse` (which throws
/// WorkspaceFormatError naming the key); nullopt with `error` set on any failure.
template <class T>
std::optional<T> openJsonDocument(const QString& path, const QString& what,
    const std::function<T(const QByteArray&)>& parse, QString* error) {
    const std::optional<QByteArray> json = readJsonDocument(path, what, error);
    if (!json) {
        return std::nullopt;
    }
    try {
        return parse(*json);
    } catch (const WorkspaceFormatError& e) {
        setOpenError(error, what, path, QString::fromStdString(e.what()));
        return std::nullopt;
    }
}

/// @brief Serialises with `serialize` (which throws InvalidParameter for a value that cannot be
/// written) and writes the bytes to `path` atomically; false with `error` set to "Cannot save
/// <what> <path>: <problem>" on any failure, a document over kMaxDocumentBytes included (the
/// problem gives its size and the bound; nothing is written, the previous file stays).
bool saveJsonDocument(
    const QString& path, const QString& what, const std::function<QByteArray()>& serialize, QString* error);

} // namespace pecards::app
