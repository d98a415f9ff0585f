#pragma once
/// @file handoutpage.h
/// @brief Printed handouts (the lesson handout, the card handout): an A4 portrait PDF laid out at
/// 300 dots per inch with 18 mm margins, and a cursor that sets rich text and figures down its
/// pages. Text is laid out by QTextDocument (LessonDocument: it reads no local file) at the
/// page's width with the PDF's metrics (a point is a printed point); long text flows onto
/// further pages, broken between lines (a table moves whole).

#include "figure/figure.h"
#include "figure/figureexporter.h"

#include <QBuffer>
#include <QByteArray>
#include <QPainter>
#include <QPdfWriter>
#include <QString>
#include <memory>
#include <vector>

namespace pecards::app {

/// @brief One page's part of a text: document coordinates [from, to); `newPage` when it starts at
/// the top of a new page.
struct TextSlice {
    double from = 0;
    double to = 0;
    bool newPage = false;
    bool operator==(const TextSlice&) const = default;
};

/// @brief Where a text of `height` breaks across pages: the first part gets `firstRoom` (the room
/// left on the current page), the others `pageRoom` each (> 0). A part ends at the last break
/// (`lineTops`, ascending: the tops of lines and of tables) that leaves the part inside its room; a text that
/// does not fit the first room and has no break in it starts on a new page; a line taller than a whole page
/// is cut. Consecutive parts meet (each `from` is the previous `to`), the first starts at 0 and the last ends
/// at `height`.
std::vector<TextSlice> textSlices(
    const std::vector<double>& lineTops, double height, double firstRoom, double pageRoom);

/// @brief The PDF a handout is painted into, in memory.
class HandoutDocument {
public:
    /// @brief A document titled `title` (its PDF metadata), creator "PE Cards <version>".
    /// @throws FileError ("PDF generation failed") when the painter cannot start.
    explicit HandoutDocument(const QString& title);
    HandoutDocument(const HandoutDocument&) = delete;
    HandoutDocument& operator=(const HandoutDocument&) = delete;
    ~HandoutDocument();

    QPainter& painter() { return m_painter; }
    /// @brief The PDF writer: text is laid out with its metrics, so sizes in points are printed
    /// points.
    QPaintDevice* device();
    /// @brief The printable area of a page in device units (300 per inch), origin at its top left.
    QRectF page() const;
    /// @brief Starts a new page.
    void newPage();
    /// @brief Ends painting and returns the PDF's bytes.
    QByteArray finish();

private:
    QByteArray m_bytes;
    QBuffer m_buffer;
    std::unique_ptr<QPdfWriter> m_writer;
    QPainter m_painter;
};

/// @brief A cursor going down the pages of a HandoutDocument from the top of its current page.
class HandoutPage {
public:
    explicit HandoutPage(HandoutDocument& document);

    /// @brief Sets `html` at `pointSize` points (bold when asked) below what is there; text
    /// longer than the room left continues at the top of new pages, broken between lines.
    void text(const QString& html, double pointSize, bool bold = false);

    /// @brief Paints `figure` at the page's width (its aspect ratio kept from `options`' size), at
    /// most its share of the room left: `remaining` figures, this one included, share it.
    void figure(const Figure& figure, const FigureExportOptions& options, int remaining);

    /// @brief Paints `figures` in rows of `columns` (>= 1), each at `options`' size or smaller
    /// when a row is wider than the page (aspect ratio kept); a row that does not fit the room
    /// left starts a new page.
    void figureGrid(const std::vector<Figure>& figures, const FigureExportOptions& options, int columns);

    /// @brief Continues at the top of a new page.
    void newPage();

    /// @brief The room left below the cursor on this page, in device units.
    double roomLeft() const { return m_page.bottom() - m_y; }

private:
    /// The space after a text or a row of figures, in device units.
    double gap() const;
    /// Paints `figure` in `target` at its printed size.
    void paint(const Figure& figure, const FigureExportOptions& options, const QRectF& target);

    HandoutDocument& m_document;
    QRectF m_page;
    double m_y;
};

} // namespace pecards::app
