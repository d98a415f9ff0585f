#pragma once
/// @file devicestatus.h
/// @brief Status bar read-out: the compute device in use (with the CPU-fallback notice, shown
/// once) and the last compute time.

#include "compute/computejobs.h"

#include <QObject>

class ComputeService;
class QLabel;
class QStatusBar;

class DeviceStatus : public QObject {
    Q_OBJECT
public:
    DeviceStatus(ComputeService* service, QStatusBar* bar, QObject* parent = nullptr);

    QString deviceText() const;
    /// @brief The backend in use (empty name until the service reports it).
    const BackendInfo& backend() const { return m_backend; }
    QString lastComputeText() const;

    static constexpr int kNoticeMilliseconds = 15000; ///< how long the fallback notice stays

private:
    void onBackend(const BackendInfo& info);
    void onFinished(const QString& tag, quint64 id, double milliseconds);

    QStatusBar* m_bar;
    QLabel* m_device = nullptr;
    QLabel* m_lastCompute = nullptr;
    bool m_noticeShown = false;
    BackendInfo m_backend;
};
