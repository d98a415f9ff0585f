#include "cards/trickcontrols.h"

#include "cards/parameterform.h"

#include <QCoreApplication>

namespace pecards::gui {

/// Translation context of the tricks' controls.
class TrickControls {
    Q_DECLARE_TR_FUNCTIONS(TrickControls)
};

namespace {
using P = pecards::CardParams;
} // namespace

void addDomainAndGateControls(ParameterForm& form) {
    form.addSection(TrickControls::tr("Trick: domain-aware PE"));
    form.addParameter(pecards::ParamId::EdgePositions, TrickControls::tr("edge positions n"),
        TrickControls::tr("Bias vectors are added to the first n and the last n positions"));
    form.addParameter(pecards::ParamId::BiasScale, TrickControls::tr("bias scale"),
        TrickControls::tr("Standard deviation of every bias entry (random stand-ins for trained vectors)"));
    form.addSection(TrickControls::tr("Trick: gated PE α(p)·PE"));
    form.addChoice(
        QStringLiteral("gate"), TrickControls::tr("gate α(p)"),
        {{TrickControls::tr("constant α"), static_cast<int>(pecards::GateCurve::Constant), {}},
            {TrickControls::tr("ramp α → α_end"), static_cast<int>(pecards::GateCurve::LinearRamp), {}},
            {TrickControls::tr("sigmoid α → α_end"), static_cast<int>(pecards::GateCurve::Sigmoid), {}}},
        [](const P& p) { return static_cast<int>(p.tricks.gate); },
        [](P& p, int v) { p.tricks.gate = static_cast<pecards::GateCurve>(v); });
    form.addParameter(pecards::ParamId::Alpha, TrickControls::tr("α"),
        TrickControls::tr("Constant gate, ramp start, or sigmoid low end"));
    form.addParameter(pecards::ParamId::AlphaEnd, TrickControls::tr("α_end"),
        TrickControls::tr("Ramp end (last position) or sigmoid high end"));
    form.setVisibleWhen(QStringLiteral("alpha_end"),
        [](const P& p) { return p.tricks.gate != pecards::GateCurve::Constant; });
    form.addParameter(pecards::ParamId::GateCenter, TrickControls::tr("sigmoid centre"),
        TrickControls::tr("Position where α(p) is halfway between α and α_end"));
    form.setVisibleWhen(QStringLiteral("gate_center"),
        [](const P& p) { return p.tricks.gate == pecards::GateCurve::Sigmoid; });
    form.addParameter(pecards::ParamId::GateWidth, TrickControls::tr("sigmoid width"),
        TrickControls::tr("Positions over which α(p) rises by a factor e of its remaining way"));
    form.setVisibleWhen(QStringLiteral("gate_width"),
        [](const P& p) { return p.tricks.gate == pecards::GateCurve::Sigmoid; });
    form.addParameter(pecards::ParamId::Query, TrickControls::tr("query row i"),
        TrickControls::tr("Query whose score and attention rows the gated charts show, at most L-1"));
}

void addDistillationControls(ParameterForm& form) {
    form.addSection(TrickControls::tr("Trick: PE distillation"));
    form.addParameter(pecards::ParamId::TrainLength, TrickControls::tr("training positions"),
        TrickControls::tr("The MLP learns (cos, sin) of every pair on positions [0, L_train)"));
    form.addParameter(pecards::ParamId::EvalLength, TrickControls::tr("evaluated positions"),
        TrickControls::tr("Positions [0, L_eval) where the error is shown, at least L_train"));
    form.addParameter(pecards::ParamId::Hidden, TrickControls::tr("hidden units"),
        TrickControls::tr("tanh units of the one hidden layer"));
    form.addParameter(pecards::ParamId::Epochs, TrickControls::tr("Adam steps"),
        TrickControls::tr("Full-batch training steps"));
}

} // namespace pecards::gui
