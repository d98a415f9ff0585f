#include "window/devicestatus.h"

#include "cards/cardpage.h"
#include "cards/cardregistry.h"
#include "compute/computeservice.h"
#include "settings/languagechange.h"
#include "views/viewslot.h"

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
    const auto ms = [](double value) { return QString::number(value, 'f', value < 10 ? 2 : 0); };
    if (m_card) {
        // Every visible view's time, in slot order, and whether the card shows final pictures.
        QStringList times;
        QStringList lines;
        const QString id = m_card->entry().id;
        for (int slot = 0; slot < m_card->viewSlots().size(); ++slot) {
            if (m_card->viewSlots().at(slot)->isHidden())
                continue;
            const QString key = id + QStringLiteral("/slot") + QString::number(slot);
            const auto time = m_viewTimes.constFind(key);
            times << (time == m_viewTimes.cend() ? QStringLiteral("…") : ms(*time));
            lines << tr("view %1: %2 ms").arg(slot + 1).arg(times.last());
        }
        // Final once every view answered and its time arrived (a reply can precede its job's end).
        const bool final
            = m_card->allViewsAnswered() && m_card->allViewsFinal() && !times.contains(QStringLiteral("…"));
        m_lastCompute->setText(tr("%1: %2 ms · %3")
                                   .arg(cardTitle(m_card->entry()), times.join(QStringLiteral(" · ")),
                                       final ? tr("all exact") : tr("not all exact yet")));
        m_lastCompute->setToolTip(lines.join(u'\n'));
    } else if (!m_lastTag.isEmpty()) {
        m_lastCompute->setText(tr("%1: %2 ms").arg(viewName(m_lastTag), ms(m_lastMilliseconds)));
        m_lastCompute->setToolTip(QString());
    }
}

void DeviceStatus::setCard(const CardPage* card) {
    m_card = card;
    refreshTexts();
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
    // A view's picture: "rope/slot2" or its exact reduction "rope/slot2/exact" (a hover probe
    // "…/probe" is not a picture).
    const QStringList parts = tag.split(u'/');
    if (parts.size() >= 2 && parts.at(1).startsWith(QStringLiteral("slot"))
        && !tag.endsWith(QStringLiteral("/probe")))
        m_viewTimes.insert(parts.at(0) + u'/' + parts.at(1), milliseconds);
    // The service reports a job before the view has shown its answer: read the card's state once
    // the answer has been delivered.
    QMetaObject::invokeMethod(this, &DeviceStatus::refreshTexts, Qt::QueuedConnection);
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
