#include "figure/quantitydefaults.h"

namespace pecards::app {

QString defaultColormap(Quantity quantity, Card card, const QString& sequential) {
    switch (quantity) {
    case Quantity::Table:
    case Quantity::ContentScore:
        return QStringLiteral("diverging");
    case Quantity::Score:
        // ALiBi's bias has one sign; M-RoPE scores of nearby tokens crowd below the maximum, and
        // their own range shows the rows and columns of an image
        return card == Card::Alibi || card == Card::Multimodal ? sequential : QStringLiteral("diverging");
    case Quantity::Phase:
        return sequential;
    case Quantity::Attention:
    case Quantity::ContentAttention:
    case Quantity::UnseenAngles:
        return QStringLiteral("magma");
    case Quantity::Buckets:
        return QStringLiteral("cividis");
    }
    return sequential;
}

Reduction defaultReduction(Quantity quantity) {
    switch (quantity) {
    case Quantity::Table:
    case Quantity::Score:
    case Quantity::UnseenAngles:
        return Reduction::Mean;
    case Quantity::Attention:
        return Reduction::Max;
    case Quantity::Phase:
    case Quantity::Buckets:
    case Quantity::ContentScore:
    case Quantity::ContentAttention:
        return Reduction::Sample;
    }
    return Reduction::Sample;
}

QStringList defaultFigureNames(Card card) {
    switch (card) {
    case Card::Sinusoidal:
        return {QStringLiteral("table"), QStringLiteral("score"), QStringLiteral("waves"),
            QStringLiteral("phase")};
    case Card::Relative:
        return {QStringLiteral("buckets"), QStringLiteral("score"), QStringLiteral("attention"),
            QStringLiteral("buckets-vs-offset")};
    case Card::Alibi:
        return {QStringLiteral("score"), QStringLiteral("attention"), QStringLiteral("bias-vs-distance"),
            QStringLiteral("content-attention")};
    case Card::Hybrid:
        return {QStringLiteral("score"), QStringLiteral("attention"), QStringLiteral("bias-vs-distance"),
            QStringLiteral("decay")};
    case Card::Multimodal:
        return {QStringLiteral("score"), QStringLiteral("mrope-ids"), QStringLiteral("mrope-pair-map"),
            QStringLiteral("attention")};
    case Card::Rope:
        break;
    }
    return {QStringLiteral("score"), QStringLiteral("phase"), QStringLiteral("polar"),
        QStringLiteral("spectrum")};
}

} // namespace pecards::app
