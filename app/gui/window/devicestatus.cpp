#include "window/devicestatus.h"

#include "compute/computeservice.h"

#include <QLabel>
#include <QStatusBar>

DeviceStatus::DeviceStatus(ComputeService* service, QStatusBar* bar, QObject* parent)
    : QObject(parent)
    , m_bar(bar)
    , m_device(new QLabel(tr("device: starting…"), bar))
    , m_lastCompute(new QLabel(bar)) {
    m_lastCompute->setMinimumWidth(260);
    bar->addPermanentWidget(m_lastCompute);
    bar->addPermanentWidget(m_device);
    connect(service, &ComputeService::backendReady, this, &DeviceStatus::onBackend);
    connect(service, &ComputeService::jobFinished, this, &DeviceStatus::onFinished);
    if (!service->backendInfo().name.isEmpty())
        onBackend(service->backendInfo());
}

QString DeviceStatus::deviceText() const {
    return m_device->text();
}

QString DeviceStatus::lastComputeText() const {
    return m_lastCompute->text();
}

void DeviceStatus::onBackend(const BackendInfo& info) {
    m_backend = info;
    // On the CPU, say why: --cpu, or why OpenCL is not available (the notice).
    m_device->setText(info.isOpenCl || info.notice.isEmpty()
            ? tr("device: %1").arg(info.name)
            : tr("device: %1 — %2").arg(info.name, info.notice));
    m_device->setToolTip(info.notice.isEmpty() ? info.name : info.notice);
    if (!info.notice.isEmpty() && !m_noticeShown) {
        m_noticeShown = true; // the fallback notice is shown once
        m_bar->showMessage(info.notice, kNoticeMilliseconds);
    }
}

void DeviceStatus::onFinished(const QString& tag, quint64, double milliseconds) {
    m_lastCompute->setText(
        tr("last compute: %1 ms (%2)").arg(milliseconds, 0, 'f', milliseconds < 10 ? 2 : 0).arg(tag));
}
