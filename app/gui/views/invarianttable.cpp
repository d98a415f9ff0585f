#include "views/invarianttable.h"

#include "views/pitfallview.h"

#include <figure/mathtext.h>
#include <pecards/invariants.h>

namespace pecards::gui {

QString invariantTableHtml(const QList<InvariantRow>& rows) {
    const auto cell = [](const std::optional<pecards::InvariantReading>& reading, const QString& error) {
        if (!reading)
            return QStringLiteral("<td style='color:#9a6700'>%1</td>").arg(error.left(60).toHtmlEscaped());
        const QString colour = reading->passed ? QStringLiteral("#1a7f37") : QStringLiteral("#cf222e");
        const QString mark = reading->passed ? QStringLiteral("✔") : QStringLiteral("✘");
        return QStringLiteral("<td style='color:%1'><b>%2</b> %3</td>")
            .arg(colour, mark, pecards::app::displayNumber(reading->value, 3));
    };
    QString html = PitfallView::tr("<b>Invariants</b> (first and last %1 positions)")
                       .arg(pecards::kInvariantPositions);
    html += QStringLiteral("<table cellspacing='4'><tr><th></th><th>%1</th><th>%2</th></tr>")
                .arg(PitfallView::tr("correct"), PitfallView::tr("buggy"));
    for (const InvariantRow& row : rows) {
        QString name;
        switch (row.invariant) {
        case pecards::Invariant::NormKept:
            name = PitfallView::tr("‖R<sub>m</sub> x‖ = ‖x‖ (norm kept)");
            break;
        case pecards::Invariant::Toeplitz:
            name = PitfallView::tr("depends on i − j only (Toeplitz)");
            break;
        case pecards::Invariant::RowsSumToOne:
            name = PitfallView::tr("attention rows sum to 1");
            break;
        case pecards::Invariant::AlibiBiasNonPositive:
            name = PitfallView::tr("bias ≤ 0 on/below the diagonal");
            break;
        case pecards::Invariant::NearestKeyFavoured:
            name = PitfallView::tr("nearest key favoured");
            break;
        }
        html += QStringLiteral("<tr><td>%1</td>%2%3</tr>")
                    .arg(name, cell(row.correct, row.correctError), cell(row.buggy, row.buggyError));
    }
    html += QStringLiteral("</table>");
    return html;
}

} // namespace pecards::gui
