#include "widgets/modelstrip.h"

#include <QFontMetrics>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>
#include <array>
#include <cmath>
#include <figure/mathtext.h>
#include <pecards/rope.h>

namespace pecards::gui {

namespace {

constexpr int kCellHeight = 18;
constexpr int kMargin = 6;
constexpr int kLegendLine = 18;

/// Colours of RoPE groups in order (Tableau 10, colour-blind friendly), then fixed colours.
constexpr std::array<QRgb, 4> kRopeColors {0x4C78A8, 0xF58518, 0x54A24B, 0xB279A2};

QString stripValue(double value) {
    return pecards::app::displayNumber(value, 7);
}

} // namespace

ModelStrip::ModelStrip(QWidget* parent)
    : QWidget(parent) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setMouseTracking(true);
    setCursor(Qt::PointingHandCursor);
    hide();
}

void ModelStrip::setPositions(const pecards::ModelPositions& positions, int selected) {
    m_positions = positions;
    m_selected = selected;
    m_groupOfLayer.assign(static_cast<std::size_t>(std::max(positions.num_layers, 0)), 0);
    for (std::size_t g = 0; g < positions.groups.size(); ++g) {
        for (const int layer : positions.groups[g].layers) {
            if (layer >= 0 && layer < positions.num_layers)
                m_groupOfLayer[static_cast<std::size_t>(layer)] = static_cast<int>(g);
        }
    }
    setVisible(!positions.groups.empty());
    updateGeometry();
    update();
}

QColor ModelStrip::groupColor(int group) const {
    const pecards::LayerGroup& g = m_positions.groups.at(static_cast<std::size_t>(group));
    switch (g.treatment) {
    case pecards::LayerTreatment::Rope: {
        int rank = 0;
        for (int other = 0; other < group; ++other) {
            if (m_positions.groups[static_cast<std::size_t>(other)].treatment
                == pecards::LayerTreatment::Rope)
                ++rank;
        }
        return QColor(kRopeColors[static_cast<std::size_t>(rank) % kRopeColors.size()]);
    }
    case pecards::LayerTreatment::NoPE:
        return QColor(0x9D9D9D);
    case pecards::LayerTreatment::NoAttention:
        return QColor(0xD9D9D9);
    case pecards::LayerTreatment::Alibi:
        return QColor(0xE45756);
    case pecards::LayerTreatment::T5Bias:
        return QColor(0x72B7B2);
    case pecards::LayerTreatment::TransformerXL:
        return QColor(0xEECA3B);
    }
    return QColor(0x9D9D9D);
}

void ModelStrip::fillGroup(QPainter& painter, const QRectF& rect, int group) const {
    painter.fillRect(rect, groupColor(group));
    // M-RoPE layouts drawn apart: blocked sections as horizontal bands, interleaved as a diagonal
    // weave (the pairs take t, h, w round-robin).
    const pecards::LayerGroup& g = m_positions.groups.at(static_cast<std::size_t>(group));
    if (g.treatment == pecards::LayerTreatment::Rope && !g.mrope_section.empty())
        painter.fillRect(rect,
            QBrush(QColor(255, 255, 255, 150), g.mrope_interleaved ? Qt::DiagCrossPattern : Qt::HorPattern));
}

QString ModelStrip::groupSummary(int group) const {
    const pecards::LayerGroup& g = m_positions.groups.at(static_cast<std::size_t>(group));
    QString text
        = tr("%1: %2, %n layer(s)", nullptr, static_cast<int>(g.layers.size()))
              .arg(QString::fromStdString(g.name))
              .arg(g.treatment == pecards::LayerTreatment::NoPE ? tr("attention without positional encoding")
                      : g.treatment == pecards::LayerTreatment::NoAttention
                      ? tr("no attention (linear attention, convolution or state-space layer), so no "
                           "positional encoding")
                      : QString::fromStdString(toString(g.treatment)));
    if (g.treatment == pecards::LayerTreatment::Rope) {
        if (g.rope.partial == pecards::RopePartial::Proportional)
            text += tr(", θ = %1, head_dim %2, proportional: %3 of %4 pairs rotate")
                        .arg(stripValue(g.rope.base))
                        .arg(g.rope.head_dim)
                        .arg(pecards::rotatingPairs(g.rope))
                        .arg(g.rope.head_dim / 2);
        else
            text += tr(", θ = %1, head_dim %2, r = %3")
                        .arg(stripValue(g.rope.base))
                        .arg(g.rope.head_dim)
                        .arg(pecards::rotaryDim(g.rope));
        if (g.rope.scaling.type != pecards::RopeScalingType::None)
            text += tr(", %1 ×%2")
                        .arg(QString::fromStdString(toString(g.rope.scaling.type)))
                        .arg(stripValue(g.rope.scaling.factor));
        if (!g.mrope_section.empty()) {
            QStringList parts;
            for (const int pairs : g.mrope_section)
                parts.append(QString::number(pairs));
            text += (g.mrope_interleaved ? tr(", M-RoPE sections %1, interleaved (t, h, w round-robin)")
                                         : tr(", M-RoPE sections %1, blocked"))
                        .arg(parts.join(QLatin1Char('/')));
        }
    }
    if (g.sliding_window > 0)
        text += tr(", window %1").arg(g.sliding_window);
    if (g.attention_chunk > 0)
        text += tr(", chunks of %1").arg(g.attention_chunk);
    if (g.attn_temperature.enabled)
        text += (g.attn_temperature.position_offset == 1
                ? tr(", attn_temperature_tuning: the query at position p is multiplied by "
                     "log(floor((p + 1) / %1) + 1) × %2 + 1 (longer inputs, sharper attention)")
                : tr(", llama_4_scaling_beta: the query at position p is multiplied by "
                     "1 + %2 × log(1 + floor(p / %1)) (longer inputs, sharper attention)"))
                    .arg(stripValue(g.attn_temperature.floor_scale),
                        stripValue(g.attn_temperature.attn_scale));
    return text;
}

QRectF ModelStrip::cellsRect() const {
    return QRectF(kMargin, kMargin, std::max(1, width() - 2 * kMargin), kCellHeight);
}

int ModelStrip::layerAt(QPointF point) const {
    const QRectF cells = cellsRect();
    if (!cells.contains(point) || m_positions.num_layers < 1)
        return -1;
    const double cell = cells.width() / m_positions.num_layers;
    return std::clamp(static_cast<int>((point.x() - cells.left()) / cell), 0, m_positions.num_layers - 1);
}

int ModelStrip::legendLineAt(QPointF point) const {
    const double legendTop = cellsRect().bottom() + 4;
    const int line = static_cast<int>(std::floor((point.y() - legendTop) / kLegendLine));
    if (point.y() < legendTop || line < 0 || line >= static_cast<int>(m_positions.groups.size()))
        return -1;
    return line;
}

QSize ModelStrip::sizeHint() const {
    const int lines = static_cast<int>(m_positions.groups.size());
    return {400, 2 * kMargin + kCellHeight + 4 + lines * kLegendLine};
}

QSize ModelStrip::minimumSizeHint() const {
    return {120, sizeHint().height()};
}

void ModelStrip::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing, false);
    const QRectF cells = cellsRect();
    const int n = m_positions.num_layers;
    if (n < 1)
        return;
    const double cell = cells.width() / n;
    for (int layer = 0; layer < n; ++layer) {
        const int group = m_groupOfLayer[static_cast<std::size_t>(layer)];
        const QRectF rect(cells.left() + layer * cell, cells.top(), cell, cells.height());
        fillGroup(painter, rect.adjusted(0.5, 0, -0.5, 0), group);
        if (group == m_selected) {
            painter.setPen(QPen(palette().color(QPalette::WindowText), 2));
            painter.drawLine(rect.bottomLeft() + QPointF(0, 2), rect.bottomRight() + QPointF(0, 2));
        }
    }
    QFont legendFont = font();
    painter.setFont(legendFont);
    double y = cells.bottom() + 4;
    for (int g = 0; g < static_cast<int>(m_positions.groups.size()); ++g) {
        fillGroup(painter, QRectF(kMargin, y + 4, 10, 10), g);
        legendFont.setBold(g == m_selected);
        painter.setFont(legendFont);
        painter.setPen(palette().color(QPalette::WindowText));
        // A summary longer than the strip ends in "…"; its tooltip shows it whole.
        const double room = width() - 2 * kMargin - 16;
        painter.drawText(QRectF(kMargin + 16, y, room, kLegendLine), Qt::AlignVCenter | Qt::AlignLeft,
            QFontMetrics(legendFont).elidedText(groupSummary(g), Qt::ElideRight, static_cast<int>(room)));
        y += kLegendLine;
    }
}

void ModelStrip::mousePressEvent(QMouseEvent* event) {
    int group = -1;
    const int layer = layerAt(event->position());
    if (layer >= 0) {
        group = m_groupOfLayer[static_cast<std::size_t>(layer)];
    } else {
        group = legendLineAt(event->position());
    }
    if (group < 0)
        return;
    m_selected = group;
    update();
    emit groupClicked(group);
}

bool ModelStrip::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const int layer = layerAt(help->pos());
        const int line = legendLineAt(help->pos());
        if (layer >= 0)
            QToolTip::showText(help->globalPos(),
                tr("Layer %1 — %2")
                    .arg(layer)
                    .arg(groupSummary(m_groupOfLayer[static_cast<std::size_t>(layer)])),
                this);
        else if (line >= 0)
            QToolTip::showText(help->globalPos(), groupSummary(line), this);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

} // namespace pecards::gui
