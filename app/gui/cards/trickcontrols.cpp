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
    form.addNumber(
        QStringLiteral("edge_positions"), TrickControls::tr("edge positions n"),
        {0, 64, 0, 2048, false, 0, 24, false, 1.0}, [](const P& p) { return p.tricks.edge_positions; },
        [](P& p, double v) { p.tricks.edge_positions = static_cast<int>(v); },
        TrickControls::tr("Bias vectors are added to the first n and the last n positions, [0, 2048]"));
    form.addNumber(
        QStringLiteral("bias_scale"), TrickControls::tr("bias scale"),
        {0, 4, 0, 100, false, 2, 24, false, 0.05}, [](const P& p) { return p.tricks.bias_scale; },
        [](P& p, double v) { p.tricks.bias_scale = v; },
        TrickControls::tr(
            "Standard deviation of every bias entry (random stand-ins for trained vectors), [0, 100]"));
    form.addSection(TrickControls::tr("Trick: gated PE α(p)·PE"));
    form.addChoice(
        QStringLiteral("gate"), TrickControls::tr("gate α(p)"),
        {{TrickControls::tr("constant α"), static_cast<int>(pecards::GateCurve::Constant), {}},
            {TrickControls::tr("ramp α → α_end"), static_cast<int>(pecards::GateCurve::LinearRamp), {}},
            {TrickControls::tr("sigmoid α → α_end"), static_cast<int>(pecards::GateCurve::Sigmoid), {}}},
        [](const P& p) { return static_cast<int>(p.tricks.gate); },
        [](P& p, int v) { p.tricks.gate = static_cast<pecards::GateCurve>(v); });
    form.addNumber(
        QStringLiteral("alpha"), TrickControls::tr("α"), {0, 4, 0, 100, false, 2, 24, false, 0.05},
        [](const P& p) { return p.tricks.alpha; }, [](P& p, double v) { p.tricks.alpha = v; },
        TrickControls::tr("Constant gate, ramp start, or sigmoid low end, [0, 100]"));
    form.addNumber(
        QStringLiteral("alpha_end"), TrickControls::tr("α_end"), {0, 4, 0, 100, false, 2, 24, false, 0.05},
        [](const P& p) { return p.tricks.alpha_end; }, [](P& p, double v) { p.tricks.alpha_end = v; },
        TrickControls::tr("Ramp end (last position) or sigmoid high end, [0, 100]"));
    form.setVisibleWhen(QStringLiteral("alpha_end"),
        [](const P& p) { return p.tricks.gate != pecards::GateCurve::Constant; });
    form.addNumber(
        QStringLiteral("gate_center"), TrickControls::tr("sigmoid centre"),
        {0, 4096, 0, 1 << 20, false, 0, 24, false, 1.0}, [](const P& p) { return p.tricks.gate_center; },
        [](P& p, double v) { p.tricks.gate_center = v; },
        TrickControls::tr("Position where α(p) is halfway between α and α_end"));
    form.setVisibleWhen(QStringLiteral("gate_center"),
        [](const P& p) { return p.tricks.gate == pecards::GateCurve::Sigmoid; });
    form.addNumber(
        QStringLiteral("gate_width"), TrickControls::tr("sigmoid width"),
        {1, 512, 0, 1 << 20, false, 0, 24, false, 1.0}, [](const P& p) { return p.tricks.gate_width; },
        [](P& p, double v) { p.tricks.gate_width = v; },
        TrickControls::tr("Positions over which α(p) rises by a factor e of its remaining way"));
    form.setVisibleWhen(QStringLiteral("gate_width"),
        [](const P& p) { return p.tricks.gate == pecards::GateCurve::Sigmoid; });
    form.addNumber(
        QStringLiteral("query"), TrickControls::tr("query row i"),
        {-1, 4095, -1, 1 << 20, false, 0, 24, false, 1.0},
        [](const P& p) { return static_cast<double>(p.tricks.query); },
        [](P& p, double v) { p.tricks.query = static_cast<std::int64_t>(v); },
        TrickControls::tr("Query whose score and attention rows the gated charts show; -1 = L/2"));
}

void addDistillationControls(ParameterForm& form) {
    form.addSection(TrickControls::tr("Trick: PE distillation"));
    form.addNumber(
        QStringLiteral("train_length"), TrickControls::tr("training positions"),
        {2, 1024, 2, 1024, true, 0, 24, true, 1.0},
        [](const P& p) { return static_cast<double>(p.tricks.train_length); },
        [](P& p, double v) { p.tricks.train_length = static_cast<std::int64_t>(v); },
        TrickControls::tr("The MLP learns (cos, sin) of every pair on positions [0, L_train), [2, 1024]"));
    form.addNumber(
        QStringLiteral("eval_length"), TrickControls::tr("evaluated positions"),
        {2, 65536, 2, 65536, true, 0, 24, true, 1.0},
        [](const P& p) { return static_cast<double>(p.tricks.eval_length); },
        [](P& p, double v) { p.tricks.eval_length = static_cast<std::int64_t>(v); },
        TrickControls::tr("Positions [0, L_eval) where the error is shown, at least L_train"));
    form.addNumber(
        QStringLiteral("hidden"), TrickControls::tr("hidden units"), {1, 256, 1, 256, true, 0, 24, true, 1.0},
        [](const P& p) { return p.tricks.hidden; },
        [](P& p, double v) { p.tricks.hidden = static_cast<int>(v); },
        TrickControls::tr("tanh units of the one hidden layer, [1, 256]"));
    form.addNumber(
        QStringLiteral("epochs"), TrickControls::tr("Adam steps"),
        {1, 20000, 1, 20000, true, 0, 24, false, 1.0}, [](const P& p) { return p.tricks.epochs; },
        [](P& p, double v) { p.tricks.epochs = static_cast<int>(v); },
        TrickControls::tr("Full-batch training steps, [1, 20000]"));
}

} // namespace pecards::gui
