#include "views/viewslot.h"

#include "views/chartpanel.h"
#include "views/heatmappanel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QVBoxLayout>
#include <pecards/errors.h>

ViewSlot::ViewSlot(ComputeService* service, const QString& tagPrefix, const QList<ViewSpec>& specs,
    TitleFunction title, QWidget* parent)
    : QFrame(parent)
    , m_service(service)
    , m_tagPrefix(tagPrefix)
    , m_specs(specs)
    , m_title(std::move(title))
    , m_choice(new QComboBox(this))
    , m_layout(new QVBoxLayout(this)) {
    m_layout->setContentsMargins(2, 2, 2, 2);
    setFrameShape(QFrame::StyledPanel);
    for (const ViewSpec& spec : specs)
        m_choice->addItem(viewDisplayName(spec), spec.id);
    m_choice->setToolTip(tr("What this view shows"));
    connect(m_choice, &QComboBox::currentIndexChanged, this,
        [this] { showView(m_choice->currentData().toString()); });
}

void ViewSlot::showView(const QString& id) {
    const auto spec
        = std::find_if(m_specs.begin(), m_specs.end(), [&id](const ViewSpec& s) { return s.id == id; });
    if (spec == m_specs.end() || (m_view && m_view->spec().id == id))
        return;
    m_choice->blockSignals(true);
    m_choice->setCurrentIndex(m_choice->findData(id));
    m_choice->blockSignals(false);
    if (m_view) {
        m_view->toolRow()->removeWidget(m_choice);
        m_view->deleteLater();
        m_view = nullptr;
    }
    const QString tag = m_tagPrefix + QLatin1Char('/') + spec->id;
    if (spec->kind == ViewKind::Heatmap)
        m_view = new HeatmapPanel(*spec, m_service, tag, this);
    else
        m_view = new ChartPanel(*spec, m_service, tag, this);
    m_view->toolRow()->insertWidget(0, m_choice);
    m_layout->addWidget(m_view);
    if (m_hasParams)
        setParams(m_params);
}

void ViewSlot::setParams(const pecards::CardParams& params) {
    // The title describes the picture shown: invalid parameters keep the last good picture
    // (with the engine's message over it), so they keep its title too.
    if (isValid(params) || !m_hasParams)
        m_titleParams = params;
    m_params = params;
    m_hasParams = true;
    if (!m_view)
        return;
    m_view->setTitle(m_title(m_view->spec(), m_titleParams));
    m_view->setParams(params);
}

bool ViewSlot::isValid(const pecards::CardParams& params) {
    try {
        pecards::validate(params);
        return true;
    } catch (const pecards::InvalidParameter&) {
        return false;
    }
}

void ViewSlot::refreshTitle() {
    for (int n = 0; n < m_specs.size(); ++n)
        m_choice->setItemText(n, viewDisplayName(m_specs.at(n)));
    m_choice->setToolTip(tr("What this view shows"));
    if (m_view && m_hasParams)
        m_view->setTitle(m_title(m_view->spec(), m_titleParams));
}
