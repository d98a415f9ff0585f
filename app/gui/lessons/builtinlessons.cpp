#include "lessons/builtinlessons.h"

#include <QDir>

namespace pecards::gui {

QStringList builtInLessons(const QString& language) {
    const QDir folder(QStringLiteral(":/lessons"));
    QStringList names
        = folder.entryList({QStringLiteral("*.%1.json").arg(language)}, QDir::Files, QDir::Name);
    if (names.isEmpty() && language != QStringLiteral("en"))
        return builtInLessons(QStringLiteral("en"));
    for (QString& name : names)
        name = folder.filePath(name);
    return names;
}

} // namespace pecards::gui
