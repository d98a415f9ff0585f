#include "views/quantitystyle.h"

#include "figure/quantitydefaults.h"

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
    QuantityStyle style {QuantityText::tr("i"), QuantityText::tr("j"), QuantityText::tr("query position i"),
        QuantityText::tr("key position j"), {}, pecards::app::defaultReduction(quantity)};
    if (card == pecards::Card::Multimodal) { // rows and columns are tokens; their positions are t, h, w
        style.rowLabel = QuantityText::tr("query token i");
        style.colLabel = QuantityText::tr("key token j");
    }
    style.scaling.colorMap = pecards::app::defaultColormap(quantity, card, sequentialColormap());
    switch (quantity) {
    case Quantity::Table:
        style.square = false;
        style.rowName = QuantityText::tr("p");
        style.colName = QuantityText::tr("dim");
        style.rowLabel = QuantityText::tr("position p");
        style.colLabel = QuantityText::tr("dimension");
        style.scaling.symmetric = true;
        break;
    case Quantity::Phase:
        style.square = false;
        style.rowName = QuantityText::tr("p");
        style.colName = QuantityText::tr("pair");
        style.rowLabel = QuantityText::tr("position p");
        style.colLabel = QuantityText::tr("frequency pair i");
        style.scaling.fixedLow = 0.0;
        style.scaling.fixedHigh = 2.0 * std::numbers::pi;
        break;
    case Quantity::Score: // the ALiBi bias has one sign in every form; M-RoPE: see defaultColormap
        style.scaling.symmetric = card != pecards::Card::Alibi && card != pecards::Card::Multimodal;
        break;
    case Quantity::ContentScore:
        style.scaling.symmetric = true;
        break;
    case Quantity::Attention: // probabilities span decades: a log scale shows more than the diagonal
    case Quantity::ContentAttention:
        style.scaling.logarithmic = true;
        break;
    case Quantity::Buckets: // indices, not amounts: one distinct colour each (cividis in exported figures)
        style.scaling.qualitative = true;
        break;
    case Quantity::UnseenAngles:
        style.square = false;
        style.rowName = QuantityText::tr("p");
        style.colName = QuantityText::tr("pair");
        style.rowLabel = QuantityText::tr("position p");
        style.colLabel = QuantityText::tr("frequency pair i");
        style.scaling.fixedLow = 0.0;
        style.scaling.fixedHigh = 1.0; // the unseen fraction of each pixel's block
        break;
    }
    return style;
}

QString quantityName(pecards::Quantity quantity) {
    switch (quantity) {
    case pecards::Quantity::Table:
        return QuantityText::tr("Encoding table");
    case pecards::Quantity::Phase:
        return QuantityText::tr("Phase table");
    case pecards::Quantity::Score:
        return QuantityText::tr("Positional score");
    case pecards::Quantity::Attention:
        return QuantityText::tr("Attention (softmax)");
    case pecards::Quantity::Buckets:
        return QuantityText::tr("Bucket map");
    case pecards::Quantity::ContentScore:
        return QuantityText::tr("Content score");
    case pecards::Quantity::ContentAttention:
        return QuantityText::tr("Content attention");
    case pecards::Quantity::UnseenAngles:
        return QuantityText::tr("Angles never seen in training");
    }
    return {};
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
