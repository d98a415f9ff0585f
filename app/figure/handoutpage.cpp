#include "figure/handoutpage.h"

#include "common/fileerror.h"
#include "common/version.h"
#include "figure/lessondocument.h"

#include <QAbstractTextDocumentLayout>
#include <QPageLayout>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextLayout>
#include <QTextTable>
#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace pecards::app {

namespace {

constexpr int kResolution = 300; ///< dots per inch of the page layout
constexpr double kMarginMm = 18.0;

/// The tops of the lines a page may break before, in document units, ascending. A table offers
/// its top only: it moves to the next page whole (unless it is taller than a page).
std::vector<double> lineTops(const QTextDocument& document) {
    std::vector<double> tops;
    const QAbstractTextDocumentLayout* layout = document.documentLayout();
    double lastBottom = 0; // the bottom of the last line outside a table
    for (QTextBlock block = document.begin(); block.isValid(); block = block.next()) {
        if (QTextCursor(block).currentTable() != nullptr) {
            tops.push_back(lastBottom); // before the table, its top border included
            continue;
        }
        const QRectF box = layout->blockBoundingRect(block);
        const QTextLayout* lines = block.layout();
        for (int l = 0; l < lines->lineCount(); ++l) {
            tops.push_back(box.top() + lines->lineAt(l).y());
            lastBottom = box.top() + lines->lineAt(l).y() + lines->lineAt(l).height();
        }
    }
    std::sort(tops.begin(), tops.end());
    tops.erase(std::unique(tops.begin(), tops.end()), tops.end());
    return tops;
}

} // namespace

std::vector<TextSlice> textSlices(
    const std::vector<double>& lineTops, double height, double firstRoom, double pageRoom) {
    std::vector<TextSlice> slices;
    double from = 0;
    double room = firstRoom;
    bool atTop = firstRoom >= pageRoom; // the part starts at the top of a page
    bool startNew = false;
    while (true) {
        if (height - from <= room) {
            slices.push_back({from, height, startNew});
            return slices;
        }
        // The last line start that fits; a part on an empty page that has none is cut.
        const auto fits = std::upper_bound(lineTops.begin(), lineTops.end(), from + room);
        double to = fits != lineTops.begin() ? *std::prev(fits) : from;
        if (to <= from) {
            if (!atTop) { // nothing fits here: the text starts on the next page
                atTop = startNew = true;
                room = pageRoom;
                continue;
            }
            to = from + room;
        }
        slices.push_back({from, to, startNew});
        from = to;
        room = pageRoom;
        atTop = startNew = true;
    }
}

HandoutDocument::HandoutDocument(const QString& title)
    : m_buffer(&m_bytes) {
    m_buffer.open(QIODevice::WriteOnly);
    m_writer = std::make_unique<QPdfWriter>(&m_buffer);
    m_writer->setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait,
        QMarginsF(kMarginMm, kMarginMm, kMarginMm, kMarginMm), QPageLayout::Millimeter));
    m_writer->setResolution(kResolution);
    m_writer->setTitle(title);
    m_writer->setCreator(u"PE Cards "_s + QString::fromLatin1(kVersion));
    if (!m_painter.begin(m_writer.get()))
        throw FileError("PDF generation failed");
}

HandoutDocument::~HandoutDocument() {
    if (m_painter.isActive())
        m_painter.end();
}

QPaintDevice* HandoutDocument::device() {
    return m_writer.get();
}

QRectF HandoutDocument::page() const {
    return {QPointF(0, 0), QSizeF(m_writer->width(), m_writer->height())};
}

void HandoutDocument::newPage() {
    m_writer->newPage();
}

QByteArray HandoutDocument::finish() {
    m_painter.end();
    m_buffer.close();
    return m_bytes;
}

HandoutPage::HandoutPage(HandoutDocument& document)
    : m_document(document)
    , m_page(document.page())
    , m_y(m_page.top()) {
}

double HandoutPage::gap() const {
    return 10.0 * kResolution / 72.0; // 10 points
}

void HandoutPage::newPage() {
    m_document.newPage();
    m_y = m_page.top();
}

void HandoutPage::text(const QString& html, double pointSize, bool bold) {
    LessonDocument document; // a handout never reads a local file
    QFont font(u"DejaVu Sans"_s);
    font.setPointSizeF(pointSize);
    font.setBold(bold);
    document.setDefaultFont(font);
    // Laid out in the PDF's device units (300 per inch), so a point is a printed point.
    document.documentLayout()->setPaintDevice(m_document.device());
    document.setPageSize(QSizeF(m_page.width(), 1e9));
    document.setDocumentMargin(0);
    document.setHtml(html);
    const double height = document.size().height();
    const std::vector<double> tops = lineTops(document);
    QPainter& painter = m_document.painter();
    for (const TextSlice& slice : textSlices(tops, height, roomLeft(), m_page.height())) {
        if (slice.newPage)
            newPage();
        painter.save();
        painter.translate(m_page.left(), m_y - slice.from);
        // A part that ends at a break stops two device units short of it: a table's top border
        // centred on the break is drawn on the next page only.
        const double end = slice.to < height ? slice.to - 2.0 : slice.to;
        document.drawContents(&painter, QRectF(0, slice.from, m_page.width(), end - slice.from));
        painter.restore();
        m_y += slice.to - slice.from;
    }
    m_y += gap();
}

void HandoutPage::paint(const Figure& figure, const FigureExportOptions& options, const QRectF& target) {
    // Typographic points in device units of a figure as wide as it is printed here.
    const double pixelsPerPoint = target.width() / (options.sizeInches.width() * 72.0);
    paintFigure(m_document.painter(), target, figure, options.style, pixelsPerPoint);
}

void HandoutPage::figure(const Figure& figure, const FigureExportOptions& options, int remaining) {
    const double aspect = options.sizeInches.height() / options.sizeInches.width();
    const double reserve = m_page.height() * 0.22; // room kept under a figure for a question
    const double room = (roomLeft() - reserve) / std::max(1, remaining);
    const double width = std::min(m_page.width(), room / aspect);
    const QRectF target(m_page.left() + (m_page.width() - width) / 2, m_y, width, width * aspect);
    paint(figure, options, target);
    m_y = target.bottom() + gap();
}

void HandoutPage::figureGrid(
    const std::vector<Figure>& figures, const FigureExportOptions& options, int columns) {
    const double aspect = options.sizeInches.height() / options.sizeInches.width();
    const double natural = options.sizeInches.width() * kResolution;
    const double width = std::min(natural, (m_page.width() - gap() * (columns - 1)) / columns);
    const double height = std::min(width * aspect, m_page.height());
    const double left = m_page.left() + (m_page.width() - (width * columns + gap() * (columns - 1))) / 2;
    for (std::size_t f = 0; f < figures.size(); ++f) {
        const auto column = static_cast<int>(f % static_cast<std::size_t>(columns));
        if (column == 0 && roomLeft() < height)
            newPage();
        paint(figures[f], options, QRectF(left + column * (width + gap()), m_y, width, height));
        if (column == columns - 1 || f + 1 == figures.size())
            m_y += height + gap();
    }
}

} // namespace pecards::app
