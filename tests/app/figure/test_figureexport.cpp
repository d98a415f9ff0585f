// PNG / SVG / PDF export: sizes and dpi read back from the files' own bytes, SVG structure,
// PDF page count, determinism, nearest-neighbour heatmaps and atomic, failure-safe writes.
#include "app/filebytes.h"
#include "app/qstringprinter.h"
#include "figure/figureexporter.h"
#include "offscreenguiapp.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <csignal>
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <unistd.h>

using namespace pecards::app;

namespace {

using pecards::testsupport::bigEndian32;

using pecards::testsupport::fileBytes;

const QList<QRgb> kQuadrants {qRgb(230, 25, 75), qRgb(60, 180, 75), qRgb(0, 130, 200), qRgb(245, 130, 48)};

/// A figure whose 2 x 2 heatmap has four colours found nowhere else in the figure.
FigureSpec sampleSpec(const QString& title = QStringLiteral("Sample — positional score")) {
    FigureSpec spec;
    spec.title = title;
    spec.xAxis = {QStringLiteral("key position j"), 0, 1};
    spec.yAxis = {QStringLiteral("query position i"), 0, 1};
    spec.colorBar = {QStringLiteral("score (logit units)"), -1.0, 1.0,
        {qRgb(0, 0, 0), qRgb(128, 128, 128), qRgb(255, 255, 255)}};
    spec.caption = QString::fromUtf8("Sample score \u00b7 head_dim=128 \u00b7 base=10000 \u00b7 L=2");
    spec.heatmap = QImage(2, 2, QImage::Format_RGB32);
    spec.heatmap.setPixel(0, 0, kQuadrants[0]);
    spec.heatmap.setPixel(1, 0, kQuadrants[1]);
    spec.heatmap.setPixel(0, 1, kQuadrants[2]);
    spec.heatmap.setPixel(1, 1, kQuadrants[3]);
    spec.equalAspect = true;
    return spec;
}

/// The data of the first PNG chunk of `type`, walking the chunk list (PNG spec §5.3).
QByteArray pngChunk(const QByteArray& png, const char* type) {
    qsizetype at = 8; // signature
    while (at + 12 <= png.size()) {
        const quint32 length = bigEndian32(png, at);
        if (png.mid(at + 4, 4) == type) {
            return png.mid(at + 8, length);
        }
        at += 12 + static_cast<qsizetype>(length);
    }
    return {};
}

void writeFile(const QString& path, const QByteArray& bytes) {
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(bytes);
}

} // namespace

TEST(PngExport, PixelSizeIsInchesTimesDpiAndTheDpiIsRecorded) {
    const QByteArray png = FigureExporter().pngData(sampleSpec());
    ASSERT_TRUE(png.startsWith("\x89PNG\r\n\x1a\n"));
    const QByteArray ihdr = pngChunk(png, "IHDR");
    ASSERT_EQ(ihdr.size(), 13);
    EXPECT_EQ(bigEndian32(ihdr, 0), 1800U); // 6 in x 300 dpi
    EXPECT_EQ(bigEndian32(ihdr, 4), 1350U); // 4.5 in x 300 dpi
    const QByteArray phys = pngChunk(png, "pHYs");
    ASSERT_EQ(phys.size(), 9);
    EXPECT_EQ(bigEndian32(phys, 0), 11811U); // round(300 / 0.0254) pixels per metre
    EXPECT_EQ(bigEndian32(phys, 4), 11811U);
    EXPECT_EQ(phys[8], 1); // unit: metre

    FigureExportOptions options;
    options.sizeInches = {4.0, 3.0};
    options.dpi = 150;
    const QByteArray small = FigureExporter(options).pngData(sampleSpec());
    EXPECT_EQ(bigEndian32(pngChunk(small, "IHDR"), 0), 600U);
    EXPECT_EQ(bigEndian32(pngChunk(small, "IHDR"), 4), 450U);
    EXPECT_EQ(bigEndian32(pngChunk(small, "pHYs"), 0), 5906U); // round(150 / 0.0254)
}

TEST(PngExport, RenderingIsByteIdenticalEveryTime) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString first = dir.filePath(QStringLiteral("a.png"));
    const QString second = dir.filePath(QStringLiteral("b.png"));
    QString error;
    ASSERT_TRUE(FigureExporter().save(first, {sampleSpec()}, &error)) << error.toStdString();
    ASSERT_TRUE(FigureExporter().save(second, {sampleSpec()}, &error)) << error.toStdString();
    const QByteArray a = fileBytes(first);
    EXPECT_GT(a.size(), 1000);
    EXPECT_EQ(a, fileBytes(second));
    EXPECT_EQ(a, FigureExporter().pngData(sampleSpec()));
}

TEST(PngExport, CaptionTravelsInTheFile) {
    const QImage image = QImage::fromData(FigureExporter().pngData(sampleSpec()), "png");
    EXPECT_EQ(image.text(QStringLiteral("Description")), sampleSpec().caption);
    EXPECT_EQ(image.text(QStringLiteral("Title")), sampleSpec().title);
    EXPECT_EQ(image.text(QStringLiteral("Software")), QStringLiteral("PE Cards " PECARDS_PROJECT_VERSION));
}

TEST(PngExport, HeatmapIsScaledNearestNeighbour) {
    const QImage image = FigureExporter().renderImage(sampleSpec()).convertToFormat(QImage::Format_RGB32);
    // Bounding box of the four heatmap colours.
    int left = image.width(), top = image.height(), right = -1, bottom = -1;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            if (kQuadrants.contains(image.pixel(x, y) | 0xff000000u)) {
                left = std::min(left, x);
                right = std::max(right, x);
                top = std::min(top, y);
                bottom = std::max(bottom, y);
            }
        }
    }
    ASSERT_GT(right - left, 500);
    ASSERT_GT(bottom - top, 500);
    EXPECT_NEAR(right - left, bottom - top, 3); // equalAspect: square cells
    // Inside the box (minus the frame line) every pixel is exactly one of the cells' colours,
    // each quadrant holds its own: no smoothing, no blending.
    const int inset = 6;
    const int midX = (left + right) / 2, midY = (top + bottom) / 2;
    int wrong = 0;
    for (int y = top + inset; y <= bottom - inset; ++y) {
        for (int x = left + inset; x <= right - inset; ++x) {
            if (std::abs(x - midX) <= 1 || std::abs(y - midY) <= 1) {
                continue; // the cell boundary may fall on either side of a pixel
            }
            const int quadrant = (y > midY ? 2 : 0) + (x > midX ? 1 : 0);
            wrong += (image.pixel(x, y) | 0xff000000u) != kQuadrants[quadrant] ? 1 : 0;
        }
    }
    EXPECT_EQ(wrong, 0);
}

TEST(SvgExport, ParsesWithVectorTextAndFullResolutionHeatmap) {
    FigureSpec spec = sampleSpec();
    spec.heatmap = QImage(37, 23, QImage::Format_RGB32);
    for (int y = 0; y < 23; ++y) {
        for (int x = 0; x < 37; ++x) {
            spec.heatmap.setPixel(x, y, qRgb(x * 6, y * 10, 99));
        }
    }
    spec.equalAspect = false;
    const QByteArray svg = FigureExporter().svgData(spec);
    ASSERT_FALSE(svg.isEmpty());
    EXPECT_TRUE(QSvgRenderer(svg).isValid());

    QXmlStreamReader xml(svg);
    QStringList texts;
    QList<QImage> images;
    int gradientStops = 0;
    QString metadata;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement) {
            continue;
        }
        if (xml.name() == u"text") {
            texts << xml.readElementText(QXmlStreamReader::IncludeChildElements).trimmed();
        } else if (xml.name() == u"image") {
            const QString href
                = xml.attributes()
                      .value(QStringLiteral("http://www.w3.org/1999/xlink"), QStringLiteral("href"))
                      .toString();
            const QString prefix = QStringLiteral("data:image/png;base64,");
            ASSERT_TRUE(href.startsWith(prefix));
            images << QImage::fromData(QByteArray::fromBase64(href.mid(prefix.size()).toLatin1()), "png");
            EXPECT_TRUE(xml.attributes().value(QStringLiteral("style")).contains(u"pixelated"));
        } else if (xml.name() == u"stop") {
            ++gradientStops;
        } else if (xml.name() == u"metadata") {
            metadata = xml.readElementText();
        }
    }
    ASSERT_FALSE(xml.hasError()) << xml.errorString().toStdString();
    for (const QString& expected : {spec.title, spec.xAxis.label, spec.yAxis.label, spec.colorBar.label}) {
        EXPECT_TRUE(texts.contains(expected)) << expected.toStdString();
    }
    EXPECT_TRUE(texts.filter(QStringLiteral("head_dim=128")).size() == 1) << "caption";
    EXPECT_TRUE(texts.contains(QString(QChar(0x2212)) + QStringLiteral("1.0"))) << "colour-bar tick";
    EXPECT_EQ(metadata, QStringLiteral("PE Cards " PECARDS_PROJECT_VERSION));
    EXPECT_EQ(gradientStops, 3); // the colour bar is a vector gradient through every colour
    ASSERT_EQ(images.size(), 1);
    EXPECT_EQ(images.front().convertToFormat(QImage::Format_RGB32), spec.heatmap);
    EXPECT_EQ(svg, FigureExporter().svgData(spec));
}

TEST(PdfExport, OnePagePerFigureAtTheChosenSize) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("handout.pdf"));
    QString error;
    ASSERT_TRUE(FigureExporter().save(path,
        {sampleSpec(QStringLiteral("one")), sampleSpec(QStringLiteral("two")),
            sampleSpec(QStringLiteral("three"))},
        &error))
        << error.toStdString();
    const QByteArray pdf = fileBytes(path);
    ASSERT_TRUE(pdf.startsWith("%PDF-"));
    const QString text = QString::fromLatin1(pdf);
    EXPECT_EQ(text.count(QRegularExpression(QStringLiteral("/Type\\s*/Page(?![a-zA-Z])"))), 3);
    EXPECT_EQ(
        text.count(QRegularExpression(QStringLiteral("/MediaBox\\s*\\[0 0 432(\\.0*)? 324(\\.0*)?\\]"))), 3);
    EXPECT_FALSE(pdf.contains("/DCTDecode")) << "the heatmap must not be JPEG-compressed";
    // The creator names the version; Qt writes PDF text strings as UTF-16BE.
    const QString creator = QStringLiteral("PE Cards " PECARDS_PROJECT_VERSION);
    QByteArray utf16be;
    for (const QChar c : creator)
        utf16be.append(char(0)).append(static_cast<char>(c.unicode()));
    EXPECT_TRUE(pdf.contains("/Creator") && (pdf.contains(utf16be) || pdf.contains(creator.toLatin1())));
}

TEST(FigureExport, InvalidRequestsFailWithAMessageAndWriteNothing) {
    QTemporaryDir dir;
    QString error;
    const QString unknown = dir.filePath(QStringLiteral("figure.bmp"));
    EXPECT_FALSE(FigureExporter().save(unknown, {sampleSpec()}, &error));
    EXPECT_TRUE(error.contains(unknown) && error.contains(QStringLiteral(".png, .svg or .pdf")))
        << error.toStdString();
    EXPECT_FALSE(
        FigureExporter().save(dir.filePath(QStringLiteral("two.png")), {sampleSpec(), sampleSpec()}, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("exactly one figure"))) << error.toStdString();

    const QString existing = dir.filePath(QStringLiteral("old.png"));
    writeFile(existing, "previous figure");
    FigureExportOptions options;
    options.dpi = 20;
    EXPECT_FALSE(FigureExporter(options).save(existing, {sampleSpec()}, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("dpi = 20 is invalid: allowed: [72, 2400]")))
        << error.toStdString();
    EXPECT_EQ(fileBytes(existing), QByteArray("previous figure"));

    FigureSpec broken = sampleSpec();
    broken.colorBar.max = broken.colorBar.min;
    EXPECT_FALSE(FigureExporter().save(existing, {broken}, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("colour bar range"))) << error.toStdString();
    EXPECT_EQ(fileBytes(existing), QByteArray("previous figure"));
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files), QStringList {QStringLiteral("old.png")});
}

TEST(FigureExport, APageTooSmallForItsTextIsRefusedWithoutThrowing) {
    // 1 in wide at 9 pt: the labels and the colour bar take more than the page (the plot's width
    // came out negative and the nearest-neighbour resize threw std::length_error).
    for (const QSizeF inches : {QSizeF(1.0, 1.0), QSizeF(1.0, 4.5), QSizeF(1.5, 1.0)}) {
        FigureExportOptions options;
        options.sizeInches = inches;
        options.dpi = 72;
        const FigureExporter exporter(options);
        const QString error = exporter.pageError(sampleSpec());
        EXPECT_TRUE(error.contains(QStringLiteral("allowed: at least 36 pt per side")))
            << error.toStdString();
        QString saveError;
        EXPECT_TRUE(exporter.pngData(sampleSpec(), &saveError).isEmpty());
        EXPECT_EQ(saveError, error);
        EXPECT_NO_THROW(static_cast<void>(exporter.renderImage(sampleSpec()))); // the GUI's preview paints it
    }
    FigureExportOptions column; // the smallest preset fits
    column.sizeInches = QSizeF(3.5, 2.625);
    EXPECT_EQ(FigureExporter(column).pageError(sampleSpec()), QString());
}

TEST(FigureExport, AThinWindowKeepsAReadablePlot) {
    // One query row of 4096 keys: equal aspect would make the plot 1/4096 of its width tall.
    FigureSpec row = sampleSpec();
    row.xAxis = {QStringLiteral("key position j"), 0, 4095};
    row.yAxis = {QStringLiteral("query position i"), 0, 0};
    const FigureExporter exporter;
    const QSize plot = exporter.heatmapPixels(row);
    EXPECT_GE(plot.height(), 300 - 1) << plot.height(); // 72 pt = 1 in at 300 dpi
    EXPECT_EQ(exporter.pageError(row), QString());
    FigureSpec column = sampleSpec();
    column.xAxis = {QStringLiteral("key position j"), 0, 0};
    column.yAxis = {QStringLiteral("query position i"), 0, 4095};
    EXPECT_GE(exporter.heatmapPixels(column).width(), 300 - 1);
}

TEST(FigureExport, MissingDirectoryNamesThePath) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("no/such/dir/figure.png"));
    QString error;
    EXPECT_FALSE(FigureExporter().save(path, {sampleSpec()}, &error));
    EXPECT_TRUE(error.startsWith(QStringLiteral("Cannot export figure to ") + path)) << error.toStdString();
}

TEST(FigureExport, AFailedWriteLeavesThePreviousFileIntact) {
    // A file-size limit makes every write past 4 KiB fail with EFBIG, even for root: the
    // same path a full disk takes through QSaveFile.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("figure.png"));
    writeFile(path, "previous figure");
    rlimit saved {};
    ASSERT_EQ(getrlimit(RLIMIT_FSIZE, &saved), 0);
    const auto previousHandler = std::signal(SIGXFSZ, SIG_IGN);
    rlimit limited = saved;
    limited.rlim_cur = 4096;
    ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &limited), 0);
    QString error;
    const bool saved_ok = FigureExporter().save(path, {sampleSpec()}, &error);
    setrlimit(RLIMIT_FSIZE, &saved);
    std::signal(SIGXFSZ, previousHandler);
    EXPECT_FALSE(saved_ok);
    EXPECT_TRUE(error.startsWith(QStringLiteral("Cannot export figure to ") + path)) << error.toStdString();
    EXPECT_EQ(fileBytes(path), QByteArray("previous figure"));
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files), QStringList {QStringLiteral("figure.png")});
}

TEST(FigureExport, ReadOnlyDirectoryIsReported) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("figure.svg"));
    writeFile(path, "previous figure");
    QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::ExeOwner);
    if (access(dir.path().toLocal8Bit().constData(), W_OK) == 0) {
        QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        GTEST_SKIP() << "running with privileges that ignore directory permissions (root)";
    }
    QString error;
    EXPECT_FALSE(FigureExporter().save(path, {sampleSpec()}, &error));
    QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    EXPECT_TRUE(error.startsWith(QStringLiteral("Cannot export figure to ") + path)) << error.toStdString();
    EXPECT_EQ(fileBytes(path), QByteArray("previous figure"));
}
