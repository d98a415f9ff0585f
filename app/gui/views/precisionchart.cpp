#include "views/precisionchart.h"

#include "views/figuresavedialog.h"
#include "widgets/chartwidget.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace pecards::gui {

PrecisionChart::PrecisionChart(ComputeService* service, QWidget* parent)
    : QWidget(parent)
    , m_service(service)
    , m_save(new QPushButton(this))
    , m_chart(new ChartWidget(this))
    , m_legend(new QLabel(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    // The log axis's title and four decades stay readable; the rest of the height is the maps'.
    m_chart->setMinimumHeight(180);
    m_chart->setMaximumHeight(220);
    layout->addWidget(m_chart, 1);
    auto* footer = new QHBoxLayout; // the legend says what each curve is; Save… beside it
    m_legend->setObjectName(QStringLiteral("legend"));
    m_legend->setWordWrap(true);
    m_legend->setTextFormat(Qt::RichText);
    footer->addWidget(m_legend, 1);
    footer->addWidget(m_save, 0, Qt::AlignBottom);
    layout->addLayout(footer);
    m_save->setEnabled(false);
    connect(m_save, &QPushButton::clicked, this, [this] {
        if (m_shown)
            askAndSaveChart(*m_shown, m_service, this);
    });
    retranslate();
}

void PrecisionChart::setCurves(
    const pecards::app::CurveRequest& request, const pecards::app::CurveSet& curves) {
    m_shown = ShownChart {request, curves};
    m_chart->setCurves(curves);
    m_legend->setText(m_chart->legendHtml());
    m_save->setEnabled(true);
}

void PrecisionChart::setMessage(const QString& message) {
    m_shown.reset();
    m_chart->setMessage(message);
    m_legend->clear();
    m_save->setEnabled(false);
}

void PrecisionChart::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void PrecisionChart::retranslate() {
    m_save->setText(tr("Save…"));
    m_save->setToolTip(tr("Save this chart as a figure (PNG, SVG, PDF) or its curves as CSV, as "
                          "pecards-cli render --quantity phase-error draws it"));
}

} // namespace pecards::gui
