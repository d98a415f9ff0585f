#include "views/quantitystyle.h"

#include <QCoreApplication>
#include <numbers>

QuantityStyle quantityStyle(pecards::Quantity quantity) {
    using pecards::Quantity;
    using pecards::Reduction;
    const auto tr = [](const char* text) { return QCoreApplication::translate("QuantityStyle", text); };
    QuantityStyle style {tr("i"), tr("j"), tr("query position i"), tr("key position j"), {}, Reduction::Mean};
    switch (quantity) {
    case Quantity::Table:
        style = {tr("p"), tr("dim"), tr("position p"), tr("dimension"), {}, Reduction::Mean};
        style.scaling.colorMap = ColorMapKind::Diverging;
        style.scaling.symmetric = true;
        break;
    case Quantity::Phase:
        style = {tr("p"), tr("pair"), tr("position p"), tr("frequency pair i"), {}, Reduction::Sample};
        style.scaling.colorMap = ColorMapKind::Viridis;
        style.scaling.fixedLow = 0.0;
        style.scaling.fixedHigh = 2.0 * std::numbers::pi;
        break;
    case Quantity::Score:
        style.scaling.colorMap = ColorMapKind::Diverging;
        style.scaling.symmetric = true;
        style.scaling.sequentialIfOneSigned = true; // ALiBi / T5 biases
        break;
    case Quantity::ContentScore:
        style.scaling.colorMap = ColorMapKind::Diverging;
        style.scaling.symmetric = true;
        style.reduction = Reduction::Sample;
        break;
    case Quantity::Attention:
        style.scaling.colorMap = ColorMapKind::Magma;
        style.scaling.fixedLow = 0.0;
        style.reduction = Reduction::Max;
        break;
    case Quantity::ContentAttention:
        style.scaling.colorMap = ColorMapKind::Magma;
        style.scaling.fixedLow = 0.0;
        style.reduction = Reduction::Sample;
        break;
    case Quantity::Buckets:
        style.scaling.colorMap = ColorMapKind::Cividis;
        style.reduction = Reduction::Sample;
        break;
    }
    return style;
}

QString reductionName(pecards::Reduction reduction) {
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
