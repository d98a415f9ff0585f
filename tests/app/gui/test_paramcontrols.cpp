// Every parameter control of every card is the descriptor table's (pecards/paramtable.h): for
// each table parameter a card uses, and each trick parameter the card's form shows
// (trickcontrols.cpp), the card's form has a slider + spin box whose value at the
// card's start is the table's start value, whose slider spans the table's typical range (or,
// where the valid range follows other fields, lies within the table's range), whose decimals
// are the table's, and whose tooltip states the table's allowed range.
#include "cards/cardpage.h"
#include "cards/parameterform.h"
#include "widgets/sliderspin.h"
#include "windowtest.h"

#include <QDoubleSpinBox>
#include <figure/mathtext.h>
#include <pecards/params.h>
#include <pecards/paramtable.h>
#include <set>

using namespace pecards::gui;

namespace {

using pecards::ParamId;

class ParamControls : public guitest::WindowTest<1280, 720> { };

/// Controls whose slider range follows other fields (setRangeWhen): rotary_dim <= head_dim,
/// head <= heads, num_buckets >= 4 when bidirectional, max_distance > max_exact.
const std::set<ParamId> kDependentRanges {
    ParamId::RotaryDim, ParamId::Head, ParamId::NumBuckets, ParamId::MaxDistance, ParamId::AttentionSinks};

/// Table parameters a card uses without a control of its own: seq_len is the view's length in
/// the app; the hybrid card shows RoPE without context extension (its scaling stays none).
bool hasNoControl(const pecards::ParamSpec& spec, pecards::Card card) {
    if (spec.id == ParamId::SeqLen) {
        return true;
    }
    const std::set<ParamId> scaling {ParamId::Factor, ParamId::OriginalMaxPositionEmbeddings,
        ParamId::MaxPositionEmbeddings, ParamId::BetaFast, ParamId::BetaSlow, ParamId::Mscale,
        ParamId::MscaleAllDim, ParamId::AttentionFactor, ParamId::LowFreqFactor, ParamId::HighFreqFactor};
    return card == pecards::Card::Hybrid && scaling.contains(spec.id);
}

/// Trick parameters (ParamGroup::Trick) the cards' forms show: the domain-aware and gate
/// controls on the sinusoidal card, the distillation's on the sinusoidal and RoPE cards.
/// distill_head_dim and learning_rate have no control (the app keeps their defaults); the
/// pitfall parameters (ParamGroup::Pitfall) have none either (the pitfall views use the defaults).
bool showsTrick(const pecards::ParamSpec& spec, pecards::Card card) {
    const std::set<ParamId> domainAndGate {ParamId::EdgePositions, ParamId::BiasScale, ParamId::Alpha,
        ParamId::AlphaEnd, ParamId::GateCenter, ParamId::GateWidth, ParamId::Query};
    const std::set<ParamId> distillation {
        ParamId::TrainLength, ParamId::EvalLength, ParamId::Hidden, ParamId::Epochs};
    return (card == pecards::Card::Sinusoidal && domainAndGate.contains(spec.id))
        || ((card == pecards::Card::Sinusoidal || card == pecards::Card::Rope)
            && distillation.contains(spec.id));
}

/// Whether the card's form has a table control for `spec`.
bool hasControl(const pecards::ParamSpec& spec, pecards::Card card) {
    if (spec.group == pecards::ParamGroup::Trick) {
        return showsTrick(spec, card);
    }
    return spec.usedBy(card) && !hasNoControl(spec, card);
}

TEST_F(ParamControls, EveryControlHasTheTablesRangeStartValueAndAllowedText) {
    int checked = 0;
    for (const pecards::Card which : {pecards::Card::Sinusoidal, pecards::Card::Relative,
             pecards::Card::Alibi, pecards::Card::Rope, pecards::Card::Hybrid}) {
        const QString id = QString::fromStdString(pecards::toString(which));
        CardPage* card = showCard(id);
        ASSERT_NE(card, nullptr) << id.toStdString();
        EXPECT_EQ(card->params(), pecards::startParams(which)) << id.toStdString();
        for (const pecards::ParamSpec& spec : pecards::kParamTable) {
            if (!hasControl(spec, which)) {
                continue;
            }
            const std::string where = id.toStdString() + " / " + std::string(spec.name);
            auto* control = qobject_cast<SliderSpin*>(card->form()->control(ParameterForm::controlId(spec)));
            ASSERT_NE(control, nullptr) << where << ": no control";
            EXPECT_EQ(control->value(), spec.startValue(which)) << where;
            const SliderSpin::Range& range = control->range();
            if (kDependentRanges.contains(spec.id)) {
                const double lowest
                    = spec.sentinelMeans.empty() ? spec.minimum : std::min(spec.minimum, spec.sentinel);
                EXPECT_GE(range.sliderLow, lowest) << where;
                EXPECT_LE(range.sliderHigh, spec.maximum) << where;
            } else {
                EXPECT_EQ(range.sliderLow, spec.typicalLow) << where;
                EXPECT_EQ(range.sliderHigh, spec.typicalHigh) << where;
            }
            EXPECT_EQ(control->spinBox()->decimals(), spec.decimals) << where;
            // The engine's allowed range, its powers written as mathematics ("2²⁴", not "2^24").
            EXPECT_TRUE(control->toolTip().contains(
                pecards::app::writtenPowers(QString::fromStdString(pecards::allowedText(spec)))))
                << where << ": " << control->toolTip().toStdString();
            ++checked;
        }
    }
    // sinusoidal 7, relative 8, alibi 8, rope 17, hybrid 10 controls of the 28 card parameters;
    // trick parameters: sinusoidal 7 + 4, rope 4
    EXPECT_EQ(checked, 50 + 15);
}

} // namespace
