#include "lessonhandout.h"

#include "common/fileerror.h"
#include "common/version.h"
#include "figure/figure.h"
#include "figure/figureexporter.h"
#include "figure/lessondocument.h"
#include "pecards/errors.h"
#include "pecards/pitfall.h"
#include "renderfigures.h"
#include "usageerror.h"

#include <QBuffer>
#include <QPageLayout>
#include <QPainter>
#include <QPdfWriter>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace pecards::cli {

namespace {

constexpr int kResolution = 300; ///< dots per inch of the page layout
constexpr double kMarginMm = 18.0;
constexpr std::int64_t kPitfallLength = 1024; ///< the Pitfalls view's longest sequence

/// Lays out rich text at the painter's position and returns its height; `pointSize` in points.
class PageWriter {
public:
    PageWriter(QPainter& painter, const QRectF& page)
        : m_painter(painter)
        , m_page(page)
        , m_y(page.top()) { }

    void text(const QString& html, double pointSize, bool bold = false) {
        app::LessonDocument document; // a lesson never reads a local file
        QFont font(u"DejaVu Sans"_s);
        font.setPointSizeF(pointSize);
        font.setBold(bold);
        document.setDefaultFont(font);
        document.setPageSize(QSizeF(m_page.width() / scale(), 1e9));
        document.setDocumentMargin(0);
        document.setHtml(html);
        m_painter.save();
        m_painter.translate(m_page.left(), m_y);
        m_painter.scale(scale(), scale());
        document.drawContents(&m_painter);
        m_painter.restore();
        m_y += document.size().height() * scale() + gap();
    }

    /// Paints `figure` at the page's width (its aspect ratio kept, at most its share of the room
    /// left: `remaining` figures, this one included, share it).
    void figure(const app::Figure& figure, const app::FigureExportOptions& options, int remaining) {
        const double aspect = options.sizeInches.height() / options.sizeInches.width();
        const double room = (m_page.bottom() - m_y - reserve()) / std::max(1, remaining);
        const double width = std::min(m_page.width(), room / aspect);
        const QRectF target(m_page.left() + (m_page.width() - width) / 2, m_y, width, width * aspect);
        // Typographic points in device units of a figure as wide as it is printed here.
        const double pixelsPerPoint = width / (options.sizeInches.width() * 72.0);
        app::paintFigure(m_painter, target, figure, options.style, pixelsPerPoint);
        m_y = target.bottom() + gap();
    }

private:
    /// Device units per point of the text document (which lays out at 72 units per inch).
    double scale() const { return kResolution / 72.0; }
    double gap() const { return 10.0 * scale(); }
    /// Room kept under a figure for the question.
    double reserve() const { return m_page.height() * 0.22; }

    QPainter& m_painter;
    QRectF m_page;
    double m_y;
};

QString answersHtml(const app::LessonQuestion& question, bool revealed) {
    QString html = u"<p>"_s + question.prompt + u"</p><ol type=\"A\">"_s;
    for (qsizetype a = 0; a < question.answers.size(); ++a) {
        const QString answer = question.answers.at(a).toHtmlEscaped();
        html += revealed && a == question.correct ? u"<li><b>"_s + answer + u" ✓</b></li>"_s
                                                  : u"<li>"_s + answer + u"</li>"_s;
    }
    return html + u"</ol>"_s;
}

} // namespace

std::vector<StepFigure> lessonStepFigures(const app::LessonStep& step) {
    if (step.state.activeCard < 0)
        return {};
    const app::WorkspaceCard& card = step.state.cards.at(step.state.activeCard);
    const auto heatmap = [&](const app::CardView& shown) {
        StepFigure figure;
        ViewRequest view;
        view.params = card.params;
        view.quantity = shown.quantity;
        view.window = shown.window;
        view.reduction = shown.reduction;
        figure.view = view;
        figure.colormap = shown.colormap;
        if (shown.colorRange)
            figure.range = app::ValueRange {shown.colorRange->first, shown.colorRange->second};
        return figure;
    };
    if (step.pitfall != Pitfall::None) {
        if (card.views.isEmpty())
            return {};
        StepFigure figure = heatmap(card.views.front());
        figure.range.reset();
        ViewRequest& view = *figure.view;
        view.params.length = std::min(view.params.length, kPitfallLength);
        view.params.pitfall.kind = step.pitfall;
        view.params = pitfallShownParams(view.params); // as the Pitfalls view shows it
        try {
            validatePitfallQuantity(view.params, view.quantity);
        } catch (const InvalidParameter&) {
            view.quantity = Quantity::Score; // every pitfall offers the score
        }
        view.window = fullExtent(view.params, view.quantity);
        return {figure};
    }
    std::vector<StepFigure> figures;
    for (const QString& name : app::shownViews(step)) {
        for (const app::CardView& shown : card.views) {
            if (QString::fromStdString(toString(shown.quantity)) == name) {
                figures.push_back(heatmap(shown));
                break;
            }
        }
        for (const app::CardChart& chart : card.charts) {
            if (chart.chart == name) {
                StepFigure figure;
                figure.chart = chartRequest(card.params, chart, u"--lesson"_s);
                figures.push_back(figure);
                break;
            }
        }
    }
    return figures;
}

QByteArray lessonHandoutPdf(Backend& backend, const app::Lesson& lesson, const RenderOptions& options) {
    const app::FigureExportOptions figureOptions = figureExportOptions(options);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QPdfWriter writer(&buffer);
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait,
        QMarginsF(kMarginMm, kMarginMm, kMarginMm, kMarginMm), QPageLayout::Millimeter));
    writer.setResolution(kResolution);
    writer.setTitle(lesson.title);
    writer.setCreator(u"PE Cards "_s + QString::fromLatin1(app::kVersion));
    QPainter painter;
    if (!painter.begin(&writer))
        throw app::FileError("PDF generation failed");
    const QRectF page(QPointF(0, 0), QSizeF(writer.width(), writer.height()));
    const auto count = static_cast<int>(lesson.steps.size());
    for (int s = 0; s < count; ++s) {
        const app::LessonStep& step = lesson.steps.at(s);
        if (s > 0)
            writer.newPage();
        PageWriter out(painter, page);
        out.text(
            lesson.title.toHtmlEscaped() + u" · "_s + QStringLiteral("%1 / %2").arg(s + 1).arg(count), 9);
        out.text(step.title.toHtmlEscaped(), 18, true);
        if (!step.question)
            out.text(step.text, 11);
        const std::vector<StepFigure> figures = lessonStepFigures(step);
        for (std::size_t f = 0; f < figures.size(); ++f) {
            const StepFigure& shown = figures.at(f);
            const app::Figure figure = shown.view ? app::Figure(viewFigure(backend, *shown.view,
                                           shown.colormap, shown.range, figureOptions, options.viewSize))
                                                  : app::Figure(chartFigure(*shown.chart));
            // Drawn at the page's width, the figure keeps the proportions of --size: one too small
            // for its text is refused as on its own page.
            if (const QString error = app::FigureExporter(figureOptions).pageError(figure);
                !error.isEmpty()) {
                throw UsageError(u"--size"_s, u"step %1: %2"_s.arg(s + 1).arg(error));
            }
            out.figure(figure, figureOptions, static_cast<int>(figures.size() - f));
        }
        if (!step.question)
            continue;
        out.text(answersHtml(*step.question, false), 12);
        writer.newPage(); // the answer overleaf, with the explanation
        PageWriter answer(painter, page);
        answer.text(
            lesson.title.toHtmlEscaped() + u" · "_s + QStringLiteral("%1 / %2, answer").arg(s + 1).arg(count),
            9);
        answer.text(step.title.toHtmlEscaped(), 18, true);
        answer.text(answersHtml(*step.question, true), 12);
        answer.text(step.text, 11);
    }
    painter.end();
    return bytes;
}

} // namespace pecards::cli
