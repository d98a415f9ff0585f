#include "figure/lessondocument.h"

#include <QImage>
#include <QUrl>
#include <QVariant>

namespace pecards::app {

QVariant LessonDocument::loadResource(int type, const QUrl& name) {
    const QString scheme = name.scheme().toLower();
    if (scheme == QLatin1String("qrc") || scheme == QLatin1String("data")) {
        return QTextDocument::loadResource(type, name);
    }
    static const QImage nothing = [] {
        QImage image(1, 1, QImage::Format_ARGB32);
        image.fill(Qt::transparent);
        return image;
    }();
    return nothing;
}

} // namespace pecards::app
