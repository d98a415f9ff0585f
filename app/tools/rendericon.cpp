// pecards-rendericon: renders the scalable app icon (SVG) to a square PNG at build time, so the
// 48/128/256 px icons installed for desktops are always the SVG's own pixels (Qt Svg).
//
//   pecards-rendericon ICON.svg SIZE OUT.png
//
// Exit status 0 on success, 2 on bad arguments or an unreadable SVG, 1 when the PNG cannot be
// written. Needs no display (the offscreen platform unless QT_QPA_PLATFORM is set).

#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>
#include <QTextStream>

namespace {

constexpr int kMinSize = 16;
constexpr int kMaxSize = 1024;

} // namespace

int main(int argc, char* argv[]) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    const QGuiApplication app(argc, argv);
    QTextStream err(stderr);
    const QStringList args = QCoreApplication::arguments();
    if (args.size() != 4) {
        err << "usage: pecards-rendericon ICON.svg SIZE OUT.png" << Qt::endl;
        return 2;
    }
    bool ok = false;
    const int size = args[2].toInt(&ok);
    if (!ok || size < kMinSize || size > kMaxSize) {
        err << "pecards-rendericon: SIZE " << args[2] << " is invalid: must be an integer in [" << kMinSize
            << ", " << kMaxSize << "]" << Qt::endl;
        return 2;
    }
    QSvgRenderer renderer(args[1]);
    if (!renderer.isValid()) {
        err << "pecards-rendericon: cannot read the SVG " << args[1] << Qt::endl;
        return 2;
    }
    QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    renderer.render(&painter);
    painter.end();
    if (!image.save(args[3], "PNG")) {
        err << "pecards-rendericon: cannot write " << args[3] << Qt::endl;
        return 1;
    }
    return 0;
}
