#include "lessonhandout.h"

#include "figure/figureexporter.h"
#include "figure/handoutpage.h"
#include "pecards/errors.h"
#include "pecards/pitfall.h"
#include "renderfigures.h"
#include "usageerror.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace pecards::cli {

namespace {

constexpr std::int64_t kPitfallLength = 1024; ///< the Pitfalls view's longest sequence

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

std::vector<HandoutFigure> lessonStepFigures(const app::LessonStep& step) {
    if (step.state.activeCard < 0)
        return {};
    const app::WorkspaceCard& card = step.state.cards.at(step.state.activeCard);
    if (step.pitfall == Pitfall::None)
        return cardFigures(card, app::shownViews(step), u"--lesson"_s);
    if (card.views.isEmpty())
        return {};
    std::vector<HandoutFigure> figures
        = cardFigures(card, {QString::fromStdString(toString(card.views.front().quantity))}, u"--lesson"_s);
    HandoutFigure& figure = figures.front();
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
    return figures;
}

const app::LessonStep* lessonPictureStep(const app::Lesson& lesson, int step, bool answerPage) {
    const app::LessonStep& shown = lesson.steps.at(step);
    if (!shown.question || answerPage)
        return &shown;
    return step > 0 ? &lesson.steps.at(step - 1) : nullptr;
}

std::vector<HandoutFigure> lessonPageFigures(const app::Lesson& lesson, int step, bool answerPage) {
    const app::LessonStep* picture = lessonPictureStep(lesson, step, answerPage);
    return picture ? lessonStepFigures(*picture) : std::vector<HandoutFigure> {};
}

const app::ComparePair* lessonComparePair(const app::LessonStep& step) {
    if (step.state.activeCard >= 0 || step.state.compare.isEmpty())
        return nullptr;
    return &step.state.compare.front();
}

QByteArray lessonHandoutPdf(Backend& backend, const app::Lesson& lesson, const RenderOptions& options) {
    const app::FigureExportOptions figureOptions = figureExportOptions(options);
    app::HandoutDocument document(lesson.title);
    const auto count = static_cast<int>(lesson.steps.size());
    for (int s = 0; s < count; ++s) {
        const app::LessonStep& step = lesson.steps.at(s);
        if (s > 0)
            document.newPage();
        app::HandoutPage out(document);
        out.text(
            lesson.title.toHtmlEscaped() + u" · "_s + QStringLiteral("%1 / %2").arg(s + 1).arg(count), 9);
        out.text(step.title.toHtmlEscaped(), 18, true);
        if (!step.question)
            out.text(step.text, 11);
        const auto drawFigures = [&](app::HandoutPage& page, bool answerPage) {
            std::vector<app::Figure> figures;
            for (const HandoutFigure& shown : lessonPageFigures(lesson, s, answerPage))
                figures.push_back(handoutFigure(backend, shown, figureOptions, options.viewSize));
            const app::LessonStep* picture = lessonPictureStep(lesson, s, answerPage);
            if (const app::ComparePair* pair = picture ? lessonComparePair(*picture) : nullptr) {
                for (const app::FigureSpec& side :
                    compareFigures(backend, *pair, compareReduction(*pair, options), options.viewSize,
                        compareColormap(*pair, options), figureOptions))
                    figures.emplace_back(side); // A, B and A − B
            }
            for (std::size_t f = 0; f < figures.size(); ++f) {
                const app::Figure& figure = figures.at(f);
                // Drawn at the page's width, the figure keeps the proportions of --size: one too
                // small for its text is refused as on its own page.
                if (const QString error = app::FigureExporter(figureOptions).pageError(figure);
                    !error.isEmpty()) {
                    throw UsageError(u"--size"_s, u"step %1: %2"_s.arg(s + 1).arg(error));
                }
                page.figure(figure, figureOptions, static_cast<int>(figures.size() - f));
            }
        };
        drawFigures(out, false);
        if (!step.question)
            continue;
        out.text(answersHtml(*step.question, false), 12);
        document.newPage(); // the answer overleaf, with the explanation
        app::HandoutPage answer(document);
        answer.text(
            lesson.title.toHtmlEscaped() + u" · "_s + QStringLiteral("%1 / %2, answer").arg(s + 1).arg(count),
            9);
        answer.text(step.title.toHtmlEscaped(), 18, true);
        answer.text(answersHtml(*step.question, true), 12);
        drawFigures(answer, true);
        answer.text(step.text, 11);
    }
    return document.finish();
}

} // namespace pecards::cli
