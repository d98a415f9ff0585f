#pragma once
/// @file lessondocument.h
/// @brief A text document for lesson text that reads no file: pictures and style sheets load
/// only from PE Cards' own resources (qrc:) and data: URLs. Lesson text comes from shared files;
/// lessontext.h refuses other URLs when a lesson opens, and this is the renderer's side of the
/// same rule (a FIFO, /dev/zero or a private picture is never opened whatever the text names).
///
/// Why a subclass: QTextDocument::resource asks loadResource first, which opens any local file
/// by name, and consults a ResourceProvider only when that failed (Qt 6.4,
/// qtextdocument.cpp), so a provider cannot stop a read.

#include <QTextDocument>

namespace pecards::app {

class LessonDocument : public QTextDocument {
public:
    using QTextDocument::QTextDocument;

protected:
    /// @brief A qrc: or data: URL as QTextDocument loads it; any other URL, relative ones
    /// included, gives a 1x1 transparent picture (non-null, so Qt's image handler does not go
    /// on to QImage::load the name) and opens nothing.
    QVariant loadResource(int type, const QUrl& name) override;
};

} // namespace pecards::app
