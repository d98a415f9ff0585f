#include "figure/difference.h"

#include "figure/caption.h"
#include "figure/colormaplist.h"
#include "figure/figurebuilder.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>
#include <limits>
#include <pecards/errors.h>
#include <string>

namespace pecards::app {

QString valueUnit(const CardParams& params, Quantity quantity) {
    switch (quantity) {
    case Quantity::Table:
        return params.card == Card::Sinusoidal
            ? QCoreApplication::translate("pecards::app::Difference", "encoding value PE[p, c]")
            : QCoreApplication::translate("pecards::app::Difference", "rotated probe component (Rₚ q)[c]");
    case Quantity::Phase:
        return QCoreApplication::translate("pecards::app::Difference", "radians");
    case Quantity::Score:
        // The sinusoidal score is the similarity of two encodings, not a logit (quantities.md).
        return params.card == Card::Sinusoidal
            ? QCoreApplication::translate("pecards::app::Difference", "similarity PEᵢ·PEⱼ")
            : QCoreApplication::translate("pecards::app::Difference", "logit units");
    case Quantity::ContentScore:
        return QCoreApplication::translate("pecards::app::Difference", "logit units");
    case Quantity::Attention:
    case Quantity::ContentAttention:
        return QCoreApplication::translate("pecards::app::Difference", "attention weight");
    case Quantity::Buckets:
        return params.relative.variant == RelativeVariant::Shaw
            ? QCoreApplication::translate("pecards::app::Difference", "clipped relative index")
            : QCoreApplication::translate("pecards::app::Difference", "bucket index");
    case Quantity::UnseenAngles:
        return QCoreApplication::translate("pecards::app::Difference", "unseen (1) / seen (0)");
    }
    return {};
}

void checkComparable(const ViewRequest& a, const ViewRequest& b) {
    if (a.quantity != b.quantity) {
        throw pecards::InvalidParameter(
            "B quantity", toString(b.quantity), "the quantity of A (" + toString(a.quantity) + ")");
    }
    const QString unitA = valueUnit(a.params, a.quantity);
    const QString unitB = valueUnit(b.params, b.quantity);
    if (unitA != unitB) {
        throw pecards::InvalidParameter("B unit", unitB.toStdString(),
            "the unit of A (" + unitA.toStdString() + "): A - B subtracts values of one unit only");
    }
}

pecards::Grid differenceGrid(const pecards::Grid& a, const pecards::Grid& b) {
    if (a.rows != b.rows || a.cols != b.cols || !(a.window == b.window)
        || a.values.size() != b.values.size()) {
        throw pecards::InvalidParameter("B extent",
            std::to_string(b.window.rows()) + " x " + std::to_string(b.window.cols()),
            "the same as A (" + std::to_string(a.window.rows()) + " x " + std::to_string(a.window.cols())
                + "): A - B needs the same length L and dimension on both sides");
    }
    constexpr double kMasked = -std::numeric_limits<double>::infinity();
    pecards::Grid difference = a;
    for (std::size_t n = 0; n < difference.values.size(); ++n) {
        const double left = a.values[n];
        const double right = b.values[n];
        const double d = left - right;
        difference.values[n] = left == kMasked || right == kMasked || !std::isfinite(d) ? kMasked : d;
    }
    return difference;
}

pecards::Grid viewDifference(
    const ViewRequest& a, const pecards::Grid& gridA, const ViewRequest& b, const pecards::Grid& gridB) {
    checkComparable(a, b);
    return differenceGrid(gridA, gridB);
}

FigureSpec differenceFigureSpec(const ViewRequest& a, const pecards::Grid& difference,
    const FigureSpec& figureA, const FigureSpec& figureB, const SideNames& names) {
    double m = 0.0;
    for (const double v : difference.values) {
        if (std::isfinite(v))
            m = std::max(m, std::abs(v));
    }
    const ValueRange range = m > 0.0 ? ValueRange {-m, m} : ValueRange {-0.5, 0.5};
    FigureSpec figure = makeFigureSpec(a, difference, colormapColors("diverging"), range);
    const QString minus = names.a + QStringLiteral(" − ") + names.b;
    figure.title = minus + QStringLiteral(": ") + figureA.title;
    if (figureB.title != figureA.title)
        figure.title += QStringLiteral(" minus ") + figureB.title;
    figure.colorBar.label = minus + QStringLiteral(", ") + figureA.colorBar.label;
    figure.caption = names.a + QStringLiteral(": ") + figureA.caption + captionSeparator() + names.b
        + QStringLiteral(": ") + figureB.caption;
    return figure;
}

} // namespace pecards::app
