#pragma once
/// @file devicestatus.h
/// @brief Status bar read-out: the compute device in use (with the CPU-fallback notice, shown
/// once) and the compute time of every visible view of the card on screen with whether all its
/// pictures are final (else the last compute time), following language changes (the status bar's
/// labels "device" and "lastCompute").

#include "compute/computejobs.h"

#include <QHash>
#include <QObject>
#include <QPointer>

class QLabel;
class QStatusBar;

namespace pecards::gui {

class CardPage;
class ComputeService;

class DeviceStatus : public QObject {
    Q_OBJECT
public:
    DeviceStatus(ComputeService* service, QStatusBar* bar, QObject* parent = nullptr);

    /// @brief The backend in use (empty name until the service reports it).
    const BackendInfo& backend() const { return m_backend; }

    /// @brief A request tag in the user's words: "rope/slot3/spectrum" -> "RoPE, view 4:
    /// Spectrum (chart)"; a hover probe adds "one entry"; "compare" -> the compare tab.
    static QString viewName(const QString& tag);
    /// @brief The card whose views the read-out lists (nullptr: the compare tab; the last compute).
    void setCard(const CardPage* card);

    static constexpr int kNoticeMilliseconds = 15000; ///< how long the fallback notice stays
    static constexpr int kMessageMargin = 24; ///< the status bar's margins around a message, in px

private:
    void onBackend(const BackendInfo& info);
    void onFinished(const QString& tag, quint64 id, double milliseconds);
    /// Both labels from the last backend and job, in the current language.
    void refreshTexts();

    QStatusBar* m_bar;
    QLabel* m_device = nullptr;
    QLabel* m_lastCompute = nullptr;
    QString m_shownNotice;
    BackendInfo m_backend;
    QString m_lastTag; ///< the last finished job's tag and time
    double m_lastMilliseconds = 0.0;
    QHash<QString, double> m_viewTimes; ///< "rope/slot2" -> its last picture's time, ms
    QPointer<const CardPage> m_card;
};

} // namespace pecards::gui
