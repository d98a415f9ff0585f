#include "cards/alibicard.h"

#include "cards/controlgroups.h"
#include "cards/parameterform.h"
#include "cardtext/describe.h"

#include <QCoreApplication>

namespace pecards::gui {

namespace {

QString alibiViewTitle(const ViewSpec& spec, const pecards::CardParams& p) {
    if (spec.kind == ViewKind::Chart)
        return AlibiCard::tr("Bias against distance for all %1 heads (%2); thick: head %3")
            .arg(p.alibi.heads)
            .arg(pecards::app::describeSlopeRule(p.alibi))
            .arg(p.alibi.head + 1);
    switch (spec.quantity) {
    case pecards::Quantity::Score:
        return AlibiCard::tr("ALiBi bias, %1, %2")
            .arg(pecards::app::describeAlibiHead(p), pecards::app::describeAlibiForm(p.alibi.form));
    case pecards::Quantity::Attention:
        return AlibiCard::tr("Attention softmax(bias), %1, %2")
            .arg(pecards::app::describeAlibiHead(p), pecards::app::describeAlibiForm(p.alibi.form));
    case pecards::Quantity::ContentScore:
        return AlibiCard::tr("Content score qᵢ·kⱼ/√d + bias, %1, %2")
            .arg(pecards::app::describeAlibiHead(p))
            .arg(pecards::app::describeContent(p));
    default:
        return AlibiCard::tr("Content attention, %1, %2")
            .arg(pecards::app::describeAlibiHead(p))
            .arg(pecards::app::describeContent(p));
    }
}

void addAlibiCardControls(ParameterForm& form) {
    addSequenceControls(form, true);
    addAlibiControls(form, true);
    addProbeControls(form);
}

} // namespace

CardEntry AlibiCard::entry() {
    using pecards::Quantity;
    CardEntry e;
    e.id = QStringLiteral("alibi");
    e.trContext = AlibiCard::staticMetaObject.className();
    e.titleSource = QT_TR_NOOP("ALiBi");
    e.title = AlibiCard::tr(e.titleSource);
    e.card = pecards::Card::Alibi;
    e.create
        = [](const CardEntry& entry, ComputeService* service, DeckModel* deck, int card,
              QWidget* parent) -> CardPage* { return new AlibiCard(entry, service, deck, card, parent); };
    e.defaults = [] { return pecards::startParams(pecards::Card::Alibi); }; // paramtable.h
    e.addControls = addAlibiCardControls;
    e.reference = [](const pecards::CardParams&) {
        return AlibiCard::tr(
            "Press et al. 2022 §3; slopes as ofirpress get_slopes / HF BLOOM build_alibi_tensor");
    };
    e.viewTitle = alibiViewTitle;
    e.views = {heatmapView(QStringLiteral("score"), Quantity::Score),
        heatmapView(QStringLiteral("attention"), Quantity::Attention),
        chartView(QStringLiteral("heads"), "AlibiCard",
            QT_TRANSLATE_NOOP("AlibiCard", "Bias per head (chart)"), pecards::app::CurveKind::AlibiHeads),
        heatmapView(QStringLiteral("content-attention"), Quantity::ContentAttention),
        heatmapView(QStringLiteral("content-score"), Quantity::ContentScore)};
    e.defaultViews = {QStringLiteral("score"), QStringLiteral("attention"), QStringLiteral("heads"),
        QStringLiteral("content-attention")};
    return e;
}

} // namespace pecards::gui
