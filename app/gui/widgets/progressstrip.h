#pragma once
/// @file progressstrip.h
/// @brief A thin strip over the top of a view while a background computation runs: what is
/// computed, a progress bar and a Cancel button ("cancel"). Holds no state of the computation: the owner
/// sets the fraction and hears `cancelRequested`.

#include <QFrame>

class QLabel;
class QProgressBar;
class QToolButton;

namespace pecards::gui {

class ProgressStrip : public QFrame {
    Q_OBJECT
public:
    explicit ProgressStrip(QWidget* parent = nullptr);

    /// @brief Shows `text` (e.g. "exact max") and the bar at `fraction` in [0, 1].
    void setProgress(double fraction, const QString& text);
    /// @brief The fraction shown, in [0, 1].
    double fraction() const;
    /// @brief The text shown next to the bar.
    QString text() const;

signals:
    /// @brief The user pressed Cancel.
    void cancelRequested();

private:
    QLabel* m_label;
    QProgressBar* m_bar;
    QToolButton* m_cancel;
};

} // namespace pecards::gui
