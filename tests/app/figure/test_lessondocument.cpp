// The handout's lesson document reads no file (lessondocument.h): a picture named by a FIFO,
// /dev/zero or a readable local picture is laid out without opening it (the FIFO would block
// the layout forever), while a picture carried in the text (data: URL) still loads.
#include "figure/lessondocument.h"
#include "offscreenguiapp.h"

#include <QFile>
#include <QImage>
#include <QPixmap>
#include <QTemporaryDir>
#include <QUrl>
#include <gtest/gtest.h>
#include <sys/stat.h>

using pecards::app::LessonDocument;

namespace {

/// A resource as the image handler reads it: a QImage, a QPixmap (Qt caches loaded pictures so)
/// or encoded bytes.
QImage imageOf(const QVariant& resource) {
    if (resource.userType() == QMetaType::QImage) {
        return resource.value<QImage>();
    }
    if (resource.userType() == QMetaType::QPixmap) {
        return resource.value<QPixmap>().toImage();
    }
    return QImage::fromData(resource.toByteArray());
}

} // namespace

TEST(LessonDocument, NoFileIsOpenedWhateverThePictureNames) {
    QTemporaryDir dir;
    const QString fifo = dir.filePath(QStringLiteral("img.fifo"));
    ASSERT_EQ(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    const QString picture = dir.filePath(QStringLiteral("private.png"));
    QImage red(64, 64, QImage::Format_RGB32);
    red.fill(Qt::red);
    ASSERT_TRUE(red.save(picture));
    {
        QTextDocument plain;
        EXPECT_EQ(imageOf(plain.resource(QTextDocument::ImageResource, QUrl::fromLocalFile(picture))).size(),
            QSize(64, 64))
            << "Qt's own document reads the file (what LessonDocument exists to stop)";
    }
    LessonDocument document;
    document.setHtml(
        QStringLiteral("<img src=\"%1\"><img src=\"/dev/zero\"><img src=\"%2\"><img src=\"r.png\">")
            .arg(fifo, picture));
    EXPECT_LT(document.size().width(), 64.0) << "the 64-pixel picture is not drawn";
    for (const QUrl& url : {QUrl::fromLocalFile(fifo), QUrl::fromLocalFile(QStringLiteral("/dev/zero")),
             QUrl::fromLocalFile(picture), QUrl(QStringLiteral("r.png"))}) {
        const QImage resource = imageOf(document.resource(QTextDocument::ImageResource, url));
        EXPECT_EQ(resource.size(), QSize(1, 1)) << url.toString().toStdString();
        EXPECT_EQ(resource.pixelColor(0, 0).alpha(), 0) << "an empty, transparent picture";
    }
    // A 1x1 red PNG carried in the text itself loads.
    const QUrl carried(
        QStringLiteral("data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4"
                       "z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC"));
    const QImage image = imageOf(document.resource(QTextDocument::ImageResource, carried));
    ASSERT_EQ(image.size(), QSize(1, 1));
    EXPECT_EQ(image.pixelColor(0, 0), QColor(Qt::red));
}
