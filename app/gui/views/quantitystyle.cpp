#include "views/quantitystyle.h"

#include <QCoreApplication>
#include <numbers>

namespace pecards::gui {

/// Translation context of this file's texts.
class QuantityText {
    Q_DECLARE_TR_FUNCTIONS(QuantityText)
};

namespace {

QString& sequentialSetting() {
    static QString name = QStringLiteral("viridis");
    return name;
}

} // namespace

QString sequentialColormap() {
    return sequentialSetting();
}

void setSequentialColormap(const QString& name) {
    if (isHeatmapColormap(name))
        sequentialSetting() = name;
}

QuantityStyle quantityStyle(pecards::Quantity quantity, pecards::Card card) {
    using pecards::Quantity;
    using pecards::Reduction;
    QuantityStyle style {QuantityText::tr("i"), QuantityText::tr("j"), QuantityText::tr("query position i"),
        QuantityText::tr("key position j"), {}, Reduction::Mean};
    switch (quantity) {
    case Quantity::Table:
        style = {QuantityText::tr("p"), QuantityText::tr("dim"), QuantityText::tr("position p"),
            QuantityText::tr("dimension"), {}, Reduction::Mean};
        style.scaling.colorMap = QStringLiteral("diverging");
        style.scaling.symmetric = true;
        break;
    case Quantity::Phase:
        style = {QuantityText::tr("p"), QuantityText::tr("pair"), QuantityText::tr("position p"),
            QuantityText::tr("frequency pair i"), {}, Reduction::Sample};
        style.scaling.colorMap = sequentialColormap();
        style.scaling.fixedLow = 0.0;
        style.scaling.fixedHigh = 2.0 * std::numbers::pi;
        break;
    case Quantity::Score:
        if (card == pecards::Card::Alibi) { // a bias of one sign in every form: its own range
            style.scaling.colorMap = sequentialColormap();
        } else {
            style.scaling.colorMap = QStringLiteral("diverging");
            style.scaling.symmetric = true;
        }
        break;
    case Quantity::ContentScore:
        style.scaling.colorMap = QStringLiteral("diverging");
        style.scaling.symmetric = true;
        style.reduction = Reduction::Sample;
        break;
    case Quantity::Attention: // probabilities span decades: a log scale shows more than the diagonal
        style.scaling.colorMap = QStringLiteral("magma");
        style.scaling.logarithmic = true;
        style.reduction = Reduction::Max;
        break;
    case Quantity::ContentAttention:
        style.scaling.colorMap = QStringLiteral("magma");
        style.scaling.logarithmic = true;
        style.reduction = Reduction::Sample;
        break;
    case Quantity::Buckets: // indices, not amounts: one distinct colour each
        style.scaling.colorMap = QStringLiteral("cividis"); // exported figures (no qualitative table there)
        style.scaling.qualitative = true;
        style.reduction = Reduction::Sample;
        break;
    case Quantity::UnseenAngles:
        style = {QuantityText::tr("p"), QuantityText::tr("pair"), QuantityText::tr("position p"),
            QuantityText::tr("frequency pair i"), {}, Reduction::Mean};
        style.scaling.colorMap = QStringLiteral("magma");
        style.scaling.fixedLow = 0.0;
        style.scaling.fixedHigh = 1.0; // the unseen fraction of each pixel's block
        break;
    }
    return style;
}

QString reductionName(pecards::Reduction reduction) {
    switch (reduction) {
    case pecards::Reduction::Sample:
        return QCoreApplication::translate("QuantityStyle", "sample");
    case pecards::Reduction::Mean:
        return QCoreApplication::translate("QuantityStyle", "mean");
    case pecards::Reduction::Max:
        return QCoreApplication::translate("QuantityStyle", "max");
    case pecards::Reduction::Min:
        return QCoreApplication::translate("QuantityStyle", "min");
    }
    return QString::fromStdString(pecards::toString(reduction));
}

QString reductionExplanation(pecards::Reduction reduction) {
    switch (reduction) {
    case pecards::Reduction::Sample:
        return QCoreApplication::translate("QuantityStyle", "each pixel shows the first entry of its block");
    case pecards::Reduction::Mean:
        return QCoreApplication::translate("QuantityStyle", "each pixel shows the exact mean of its block");
    case pecards::Reduction::Max:
        return QCoreApplication::translate(
            "QuantityStyle", "each pixel shows the exact maximum of its block");
    case pecards::Reduction::Min:
        return QCoreApplication::translate(
            "QuantityStyle", "each pixel shows the exact minimum of its block");
    }
    return {};
}

} // namespace pecards::gui
