#include "views/chartpanel.h"

#include "compute/computeservice.h"
#include "settings/languagechange.h"
#include "views/figuresavedialog.h"
#include "widgets/chartwidget.h"
#include "widgets/sliderspin.h"

#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QScopedValueRollback>
#include <QSlider>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>
#include <figure/overlay.h>
#include <pecards/errors.h>
#include <pecards/rope.h>

namespace pecards::gui {

ChartPanel::ChartPanel(const ViewSpec& spec, ComputeService* service, const QString& tag, QWidget* parent)
    : ViewPanel(spec, parent)
    , m_service(service)
    , m_tag(tag)
    , m_chart(new ChartWidget(this))
    , m_legend(new QLabel(this))
    , m_overlayTag(tag + QStringLiteral("/B")) {
    m_legend->setObjectName(QStringLiteral("legend"));
    toolRow()->addStretch(1);
    if (spec.curve == pecards::app::CurveKind::Waves || spec.curve == pecards::app::CurveKind::RopePolar) {
        m_channels = new QLineEdit(this);
        m_channels->setMaximumWidth(90);
        auto* label = new QLabel(this);
        const bool pairs = spec.curve == pecards::app::CurveKind::RopePolar;
        retranslateOnLanguageChange(label, [this, label, pairs] {
            m_channels->setToolTip(tr("Comma-separated %1; empty = automatic")
                                       .arg(pairs ? tr("pair indices i") : tr("dimensions / pairs")));
            label->setText(pairs ? tr("pairs:") : tr("channels:"));
        });
        toolRow()->addWidget(label);
        toolRow()->addWidget(m_channels);
        connect(m_channels, &QLineEdit::editingFinished, this, [this] {
            submit();
            emit stateEdited();
        });
    }
    if (spec.curve == pecards::app::CurveKind::RopePolar
        || spec.curve == pecards::app::CurveKind::DynamicBase) {
        const bool polar = spec.curve == pecards::app::CurveKind::RopePolar;
        m_position = new SliderSpin(
            {0, 4095, 0, static_cast<double>(pecards::kMaxLength), false, 0, 24, false, 1.0}, this);
        m_position->setObjectName(QStringLiteral("position"));
        auto* label = new QLabel(this);
        retranslateOnLanguageChange(label, [this, label, polar] {
            m_position->setToolTip(polar
                    ? tr("Position m: drag to rotate every pair by m·θᵢ")
                    : tr("Sequence length n: dynamic NTK recomputes the base b' for it"));
            label->setText(polar ? tr("position m:") : tr("sequence length n:"));
        });
        // On a row of its own: the slider gets the panel's width and the tool row stays narrow.
        auto* positionRow = new QHBoxLayout;
        positionRow->addWidget(label);
        positionRow->addWidget(m_position, 1);
        static_cast<QVBoxLayout*>(layout())->insertLayout(1, positionRow);
        m_position->setValue(static_cast<double>(m_wantedPosition));
        connect(m_position, &SliderSpin::valueChanged, this, [this](double m) {
            m_wantedPosition = static_cast<std::int64_t>(m);
            submit();
            emit stateEdited(); // SliderSpin announces the user's values only
        });
    }
    if (spec.curve == pecards::app::CurveKind::Waves || spec.curve == pecards::app::CurveKind::AlibiHeads
        || spec.curve == pecards::app::CurveKind::RelativeBuckets) {
        m_extent = new QSpinBox(this);
        m_extent->setRange(2, static_cast<int>(pecards::kMaxLength));
        m_extent->setKeyboardTracking(false);
        m_extent->setValue(static_cast<int>(pecards::app::defaultExtent(spec.curve)));
        auto* label = new QLabel(this);
        const bool waves = spec.curve == pecards::app::CurveKind::Waves;
        retranslateOnLanguageChange(label, [this, label, waves] {
            m_extent->setToolTip(waves ? tr("Positions shown") : tr("Largest distance shown"));
            label->setText(waves ? tr("positions:") : tr("reach:"));
        });
        toolRow()->addWidget(label);
        toolRow()->addWidget(m_extent);
        connect(m_extent, &QSpinBox::valueChanged, this, [this] {
            submit();
            if (!m_reading)
                emit stateEdited();
        });
    }
    addExportButton();
    setContent(m_chart);
    // Axis titles and curve names are made with the curves: computed again in the new language.
    retranslateOnLanguageChange(m_chart, [this] {
        if (m_hasParams)
            submit();
    });
    m_legend->setWordWrap(true);
    m_legend->setTextFormat(Qt::RichText);
    layout()->addWidget(m_legend);
}

bool ChartPanel::isSweepable() const {
    return spec().curve == pecards::app::CurveKind::RopePolar
        || spec().curve == pecards::app::CurveKind::AlibiHeads;
}

void ChartPanel::setSweepPosition(int m) {
    if (m < 0)
        return; // a chart keeps its own position control
    if (spec().curve == pecards::app::CurveKind::RopePolar) {
        m_position->setValue(m);
        submit();
    } else if (spec().curve == pecards::app::CurveKind::AlibiHeads) {
        const QScopedValueRollback reading(m_reading, true); // an animation, not the user's reach
        m_extent->setValue(std::max(2, m)); // valueChanged submits
    }
}

void ChartPanel::writeState(SlotState& state) const {
    pecards::app::CardChart chart;
    chart.chart = QString::fromLatin1(pecards::app::chartName(spec().curve));
    if (m_channels && channelTextError().isEmpty() && !m_channels->text().trimmed().isEmpty())
        chart.channels = channels();
    chart.position = m_position ? m_wantedPosition : 0;
    chart.reach = m_extent ? m_extent->value() : 0;
    state.chart = chart;
    state.heatmap.reset();
}

void ChartPanel::readState(const SlotState& state) {
    if (!state.chart || state.chart->chart != QLatin1String(pecards::app::chartName(spec().curve)))
        return;
    const QScopedValueRollback reading(m_reading, true);
    const pecards::app::CardChart& chart = *state.chart;
    if (m_channels) {
        QStringList numbers;
        for (const int channel : chart.channels)
            numbers << QString::number(channel);
        m_channels->setText(numbers.join(QStringLiteral(", ")));
    }
    if (m_position) {
        m_wantedPosition = chart.position;
        const SliderSpin::Range& range = m_position->range(); // [0 or 1, the card's last position]
        m_position->setValue(
            std::clamp(static_cast<double>(m_wantedPosition), range.sliderLow, range.sliderHigh));
    }
    if (m_extent && chart.reach > 0)
        m_extent->setValue(static_cast<int>(std::min<qint64>(chart.reach, m_extent->maximum())));
    submit();
}

int ChartPanel::sweepPosition() const {
    if (spec().curve == pecards::app::CurveKind::RopePolar)
        return static_cast<int>(m_position->value());
    return m_extent ? m_extent->value() : 0;
}

void ChartPanel::setParams(const pecards::CardParams& params) {
    const bool first = !m_hasParams;
    m_request.params = params; // the parameters the next request sends: the panel's only copy
    m_hasParams = true;
    if (m_position) {
        // Polar: m in [0, L-1]; dynamic NTK: n in [1, L], the extended length L at first sight.
        // The slider spans the valid range; the user's value comes back when L grows again.
        const bool dynamic = spec().curve == pecards::app::CurveKind::DynamicBase;
        const std::int64_t low = dynamic ? 1 : 0;
        const std::int64_t last = std::clamp<std::int64_t>(dynamic ? params.length : params.length - 1, low,
            dynamic ? pecards::kMaxLength : pecards::kMaxLength - 1);
        if (first && dynamic)
            m_wantedPosition = params.length;
        m_position->setSliderRange(static_cast<double>(low), static_cast<double>(last));
        m_position->setValue(static_cast<double>(std::clamp(m_wantedPosition, low, last)));
    }
    if (m_channels)
        m_channels->setPlaceholderText(tr("auto"));
    submit();
}

std::vector<int> ChartPanel::channels() const {
    if (!m_channels || m_channels->text().trimmed().isEmpty())
        return pecards::app::defaultChannels(m_request.params, spec().curve);
    std::vector<int> values;
    for (const QString& part : m_channels->text().split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        const int value = part.trimmed().toInt(&ok);
        values.push_back(ok ? value : -1); // -1 is reported by the engine check as out of range
    }
    return values;
}

QString ChartPanel::channelTextError() const {
    if (!m_channels)
        return {};
    for (const QString& part : m_channels->text().split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        part.trimmed().toInt(&ok);
        if (ok)
            continue;
        // The engine names a number out of range; text that is not one is named here.
        const bool rope
            = m_request.params.card == pecards::Card::Rope || m_request.params.card == pecards::Card::Hybrid;
        const int count = rope ? std::max(1, pecards::rotaryDim(m_request.params.rope) / 2)
                               : std::max(1, m_request.params.sinusoidal.d_model);
        return tr("%1 \"%2\" is not a whole number: enter %3 from 0 to %4, separated by commas (empty: "
                  "automatic)")
            .arg(spec().curve == pecards::app::CurveKind::RopePolar ? tr("pairs:") : tr("channels:"),
                part.trimmed(), rope ? tr("pair indices i") : tr("dimensions / pairs"))
            .arg(count - 1);
    }
    return {};
}

void ChartPanel::submit() {
    if (!m_hasParams)
        return;
    if (!isVisible()) {
        m_dirty = true;
        return;
    }
    m_dirty = false;
    if (const QString message = channelTextError(); !message.isEmpty()) {
        m_chart->setMessage(message); // over the last curves; nothing is computed
        return;
    }
    m_request.kind = spec().curve;
    m_request.channels = (m_channels != nullptr) ? channels() : std::vector<int> {};
    m_request.position = m_position ? static_cast<std::int64_t>(m_position->value()) : 0;
    m_request.extent = m_extent ? m_extent->value() : 0;
    m_service->UI_submit(this, m_tag, m_request, replies(Side::A));
    if (m_overlay) {
        pecards::app::CurveRequest b = m_request;
        b.params = *m_overlay;
        m_service->UI_submit(this, m_overlayTag, b, replies(Side::B));
    }
}

void ChartPanel::setOverlay(std::optional<pecards::CardParams> paramsB) {
    m_overlay = std::move(paramsB);
    m_resultB.reset();
    submit();
}

void ChartPanel::showEvent(QShowEvent* event) {
    ViewPanel::showEvent(event);
    if (m_dirty)
        submit();
}

JobReplies ChartPanel::replies(Side side) {
    JobReplies replies;
    replies.curves = [this, side](const CurveResult& result) { onCurves(side, result); };
    replies.failed = [this, side](const ComputeFailure& failure) { onFailure(side, failure); };
    return replies;
}

void ChartPanel::onCurves(Side side, const CurveResult& result) {
    // Any newer answer is shown (a sweep shows the frames the worker keeps up with).
    if (side == Side::A && (!m_resultA || result.id > m_resultA->id))
        m_resultA = result;
    else if (m_overlay && side == Side::B && (!m_resultB || result.id > m_resultB->id))
        m_resultB = result;
    else
        return;
    showCurves();
}

void ChartPanel::showCurves() {
    if (!m_resultA || (m_overlay && !m_resultB))
        return; // the other side is still computing
    if (m_overlay) {
        pecards::app::CurveRequest sameSides = m_resultB->request;
        sameSides.params = m_resultA->request.params;
        if (!(sameSides == m_resultA->request))
            return; // A and B answer different positions or channels: wait for the pair
    }
    const quint64 id = std::max(m_resultA->id, m_overlay ? m_resultB->id : 0);
    if (id < m_shownId)
        return;
    m_shownId = id;
    m_hasResult = true;
    if (!m_overlay) {
        m_shown = ShownChart {m_resultA->request, m_resultA->curves};
    } else {
        try {
            m_shown = ShownChart {m_resultA->request,
                pecards::app::overlayCurves(m_resultA->curves, m_resultB->curves), m_resultB->request};
        } catch (const pecards::InvalidParameter& error) {
            m_shown.reset();
            m_chart->setMessage(QString::fromStdString(error.what()));
            emit updated();
            return;
        }
    }
    m_chart->setCurves(m_shown->curves);
    m_legend->setText(m_chart->legendHtml());
    emit updated();
}

void ChartPanel::onFailure(Side side, const ComputeFailure& failure) {
    const bool sideB = side == Side::B;
    if ((sideB && !m_overlay) || failure.id < m_shownId)
        return;
    m_shownId = failure.id;
    m_hasResult = true;
    m_shown.reset();
    m_chart->setMessage(sideB ? tr("B: %1").arg(failure.message) : failure.message);
    emit updated();
}

std::optional<ShownView> ChartPanel::shownView() const {
    if (m_shown)
        return ShownView(*m_shown);
    return std::nullopt;
}

void ChartPanel::saveView() {
    if (m_shown)
        askAndSaveChart(*m_shown, m_service, this);
}

} // namespace pecards::gui
