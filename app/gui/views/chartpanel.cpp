#include "views/chartpanel.h"

#include "compute/computeservice.h"
#include "widgets/chartwidget.h"
#include "widgets/sliderspin.h"

#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSlider>
#include <QSpinBox>
#include <algorithm>
#include <pecards/rope.h>

ChartPanel::ChartPanel(const ViewSpec& spec, ComputeService* service, const QString& tag, QWidget* parent)
    : CardView(spec, parent)
    , m_service(service)
    , m_tag(tag)
    , m_chart(new ChartWidget(this)) {
    toolRow()->addStretch(1);
    if (spec.curve == CurveKind::Waves || spec.curve == CurveKind::RopePolar) {
        m_channels = new QLineEdit(this);
        m_channels->setMaximumWidth(90);
        m_channels->setToolTip(
            tr("Comma-separated %1; empty = automatic")
                .arg(spec.curve == CurveKind::RopePolar ? tr("pair indices i") : tr("dimensions / pairs")));
        toolRow()->addWidget(
            new QLabel(spec.curve == CurveKind::RopePolar ? tr("pairs:") : tr("channels:"), this));
        toolRow()->addWidget(m_channels);
        connect(m_channels, &QLineEdit::editingFinished, this, &ChartPanel::submit);
    }
    if (spec.curve == CurveKind::RopePolar) {
        m_position = new SliderSpin({0, 4095, 0, 1 << 20, false, 0, 24, false, 1.0}, this);
        m_position->setToolTip(tr("Position m: drag to rotate every pair by m·θ_i"));
        m_position->setMinimumWidth(150);
        toolRow()->addWidget(new QLabel(tr("m:"), this));
        toolRow()->addWidget(m_position, 1);
        m_position->setValue(kDefaultPolarPosition);
        connect(m_position, &SliderSpin::valueChanged, this, [this](double m) {
            m_wantedPosition = static_cast<std::int64_t>(m);
            submit();
        });
    }
    if (spec.curve == CurveKind::Waves || spec.curve == CurveKind::AlibiHeads
        || spec.curve == CurveKind::RelativeBuckets) {
        m_extent = new QSpinBox(this);
        m_extent->setRange(2, 1 << 20);
        m_extent->setKeyboardTracking(false);
        m_extent->setValue(spec.curve == CurveKind::Waves ? 100
                : spec.curve == CurveKind::AlibiHeads     ? 64
                                                          : 300);
        m_extent->setToolTip(
            spec.curve == CurveKind::Waves ? tr("Positions shown") : tr("Largest distance shown"));
        toolRow()->addWidget(
            new QLabel(spec.curve == CurveKind::Waves ? tr("positions:") : tr("reach:"), this));
        toolRow()->addWidget(m_extent);
        connect(m_extent, &QSpinBox::valueChanged, this, &ChartPanel::submit);
    }
    addExportButton();
    connect(service, &ComputeService::curvesReady, this, &ChartPanel::onCurves);
    connect(service, &ComputeService::failed, this, &ChartPanel::onFailure);
    setContent(m_chart);
}

bool ChartPanel::isSweepable() const {
    return spec().curve == CurveKind::RopePolar || spec().curve == CurveKind::AlibiHeads;
}

void ChartPanel::setSweepPosition(int m) {
    if (spec().curve == CurveKind::RopePolar) {
        m_position->setValue(m);
        submit();
    } else if (spec().curve == CurveKind::AlibiHeads) {
        m_extent->setValue(std::max(2, m)); // valueChanged submits
    }
}

void ChartPanel::setParams(const pecards::CardParams& params) {
    m_params = params;
    m_hasParams = true;
    if (m_position) {
        // m is valid in [0, L-1]: the slider spans it; the user's m comes back when L grows again.
        const std::int64_t last = std::clamp<std::int64_t>(params.length - 1, 0, pecards::kMaxLength - 1);
        m_position->setSliderRange(0, static_cast<double>(last));
        m_position->setValue(static_cast<double>(std::min(m_wantedPosition, last)));
    }
    if (m_channels)
        m_channels->setPlaceholderText(tr("auto"));
    submit();
}

std::vector<int> ChartPanel::automaticChannels() const {
    const bool rope = m_params.card == pecards::Card::Rope || m_params.card == pecards::Card::Hybrid;
    const int count = rope ? std::max(1, pecards::rotaryDim(m_params.rope) / 2)
                           : std::max(1, m_params.sinusoidal.d_model);
    std::vector<int> picks;
    if (spec().curve == CurveKind::RopePolar)
        picks = {0, count / 8, count / 4, count - 1};
    else if (rope)
        picks = {0, count / 8, count / 4};
    else
        picks = {0, (count / 8) & ~1, (count / 4) & ~1}; // sine columns of the interleaved table
    std::sort(picks.begin(), picks.end());
    picks.erase(std::unique(picks.begin(), picks.end()), picks.end());
    return picks;
}

std::vector<int> ChartPanel::channels() const {
    if (!m_channels || m_channels->text().trimmed().isEmpty())
        return automaticChannels();
    std::vector<int> values;
    for (const QString& part : m_channels->text().split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        const int value = part.trimmed().toInt(&ok);
        values.push_back(ok ? value : -1); // -1 is reported by the engine check as out of range
    }
    return values;
}

void ChartPanel::submit() {
    if (!m_hasParams)
        return;
    if (!isVisible()) {
        m_dirty = true;
        return;
    }
    m_dirty = false;
    m_request.params = m_params;
    m_request.kind = spec().curve;
    m_request.channels = (m_channels != nullptr) ? channels() : std::vector<int> {};
    m_request.position = m_position ? static_cast<std::int64_t>(m_position->value()) : 0;
    m_request.extent = m_extent ? m_extent->value() : 0;
    m_service->UI_submit(m_tag, m_request);
}

void ChartPanel::showEvent(QShowEvent* event) {
    CardView::showEvent(event);
    if (m_dirty)
        submit();
}

void ChartPanel::onCurves(const CurveResult& result) {
    if (result.tag != m_tag || result.id < m_shownId)
        return;
    m_shownId = result.id;
    m_hasResult = true;
    m_chart->setCurves(result.curves);
    emit updated();
}

void ChartPanel::onFailure(const ComputeFailure& failure) {
    if (failure.tag != m_tag || failure.id < m_shownId)
        return;
    m_shownId = failure.id;
    m_hasResult = true;
    m_chart->setMessage(failure.message);
    emit updated();
}
