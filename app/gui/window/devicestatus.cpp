#include "window/devicestatus.h"

#include "cards/cardregistry.h"
#include "compute/computeservice.h"
#include "settings/languagechange.h"

#include <QLabel>
#include <QStatusBar>
#include <algorithm>

namespace pecards::gui {

DeviceStatus::DeviceStatus(ComputeService* service, QStatusBar* bar, QObject* parent)
    : QObject(parent)
    , m_bar(bar)
    , m_device(new QLabel(bar))
    , m_lastCompute(new QLabel(bar)) {
    m_device->setObjectName(QStringLiteral("device"));
    m_lastCompute->setObjectName(QStringLiteral("lastCompute"));
    // Long texts are cut rather than widening the window (the tooltips hold them in full).
    m_lastCompute->setMinimumWidth(120);
    m_device->setMinimumWidth(160);
    bar->addPermanentWidget(m_lastCompute);
    bar->addPermanentWidget(m_device);
    // A message (a config's warning naming the key and the allowed range) is what the user must
    // read: while it shows, the compute time steps aside and the device line keeps its minimum,
    // or steps aside too when the message needs its room.
    connect(bar, &QStatusBar::messageChanged, this, [this](const QString& message) {
        const int needed = m_bar->fontMetrics().horizontalAdvance(message) + kMessageMargin;
        m_lastCompute->setVisible(message.isEmpty());
        m_device->setVisible(message.isEmpty() || needed <= m_bar->width() - m_device->minimumWidth());
        m_device->setMaximumWidth(message.isEmpty() ? QWIDGETSIZE_MAX : m_device->minimumWidth());
        m_bar->setToolTip(message); // the whole text, should it still be longer than the bar
    });
    connect(service, &ComputeService::backendReady, this, &DeviceStatus::onBackend);
    connect(service, &ComputeService::jobFinished, this, &DeviceStatus::onFinished);
    if (!service->backendInfo().name.isEmpty())
        onBackend(service->backendInfo());
    // The texts are made from the last state in the language of the moment; a temporary message
    // of the old language is cleared.
    retranslateOnLanguageChange(m_device, [this] {
        refreshTexts();
        m_bar->clearMessage();
    });
}

void DeviceStatus::refreshTexts() {
    if (m_backend.name.isEmpty()) {
        m_device->setText(tr("device: starting…"));
    } else {
        // On the CPU, say why: --cpu, or why OpenCL is not available (the notice).
        m_device->setText(m_backend.isOpenCl || m_backend.notice.isEmpty()
                ? tr("device: %1").arg(m_backend.name)
                : tr("device: %1 — %2").arg(m_backend.name, m_backend.notice));
    }
    if (!m_lastTag.isEmpty()) {
        m_lastCompute->setText(tr("%1: %2 ms")
                                   .arg(viewName(m_lastTag))
                                   .arg(m_lastMilliseconds, 0, 'f', m_lastMilliseconds < 10 ? 2 : 0));
    }
}

void DeviceStatus::onBackend(const BackendInfo& info) {
    m_backend = info;
    refreshTexts();
    m_device->setToolTip(info.notice.isEmpty() ? info.name : info.notice);
    if (!info.notice.isEmpty() && info.notice != m_shownNotice) {
        m_shownNotice = info.notice; // each notice (fallback, cache, runtime failure) is shown once
        m_bar->showMessage(info.notice, kNoticeMilliseconds);
    }
}

void DeviceStatus::onFinished(const QString& tag, quint64, double milliseconds) {
    m_lastTag = tag;
    m_lastMilliseconds = milliseconds;
    refreshTexts();
}

QString DeviceStatus::viewName(const QString& tag) {
    const QStringList parts = tag.split(QLatin1Char('/'));
    if (parts.front() == QStringLiteral("compare"))
        return tr("Compare A | B");
    const CardEntry* entry = findCardEntry(parts.front());
    if (!entry)
        return tag;
    QString text = cardTitle(*entry);
    if (parts.size() >= 3) {
        const int slot = parts.at(1).mid(4).toInt(); // "slot3"
        const ViewSpec* spec = findViewSpec(entry->views, parts.at(2));
        const QString view = spec ? viewDisplayName(*spec) : parts.at(2);
        text = tr("%1, view %2: %3").arg(text).arg(slot + 1).arg(view);
    }
    if (parts.size() >= 4 && parts.at(3) == QStringLiteral("probe"))
        text = tr("%1, one entry").arg(text);
    return text;
}

} // namespace pecards::gui
