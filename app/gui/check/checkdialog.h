#pragma once
/// @file checkdialog.h
/// @brief File > Check an implementation… (#25): an engine's own cos/sin cache or inv_freq (.npy)
/// against the reference for the RoPE card's model, with the verdict, the error map by position
/// and pair (log colours, the first failing position marked) and the ranked diagnosis of the known
/// bugs (pecards/implcheck.h). The check runs off the UI thread (checkjob.h); the dialog only
/// shows its outcome.

#include "check/checkjob.h"

#include <QDialog>
#include <QFutureWatcher>
#include <functional>
#include <pecards/params.h>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace pecards::gui {

class HeatmapWidget;

class CheckDialog : public QDialog {
    Q_OBJECT
public:
    /// Shows a pitfall of the catalogue (the RoPE card's Pitfalls view, with the card's parameters).
    using ShowPitfall = std::function<void(pecards::Pitfall)>;

    /// @param params the model the numbers are checked against (the RoPE card's parameters)
    /// @param showPitfall what "Show this bug" does when the diagnosed bug has a pitfall view
    ///                    (pecards::pitfallOfVariant); without it the button is hidden
    explicit CheckDialog(
        const pecards::CardParams& params, QWidget* parent = nullptr, ShowPitfall showPitfall = {});

    /// @brief A new dialog on `parent`, shown, deleted when closed (File > Check an implementation…).
    static CheckDialog* open(const pecards::CardParams& params, QWidget* parent, ShowPitfall showPitfall);

    /// @brief Fills the form (cos and sin, or inv_freq alone) and starts the check.
    void check(const CheckFiles& files);

    /// @brief The verdict line shown, e.g. "Matches the reference: max error 0.12 of the tolerance".
    QString verdict() const;
    /// @brief The diagnosis table's variant names, best fit first.
    QStringList diagnosis() const;
    /// @brief The pitfall "Show this bug" opens (None: the button is disabled).
    pecards::Pitfall shownPitfall() const { return m_pitfall; }
    /// @brief Whether a check is running.
    bool isRunning() const { return m_watcher.isRunning(); }

Q_SIGNALS:
    /// @brief A check has finished (shown).
    void checked();

private:
    void browse(QLineEdit* field, const QString& title);
    void start();
    void present(const CheckOutcome& outcome);
    CheckFiles files() const;

    pecards::CardParams m_params;
    ShowPitfall m_showPitfall;
    pecards::Pitfall m_pitfall = pecards::Pitfall::None;
    QLineEdit* m_cos;
    QLineEdit* m_sin;
    QLineEdit* m_invFreq;
    QComboBox* m_format;
    QSpinBox* m_firstPosition;
    QPushButton* m_run;
    QPushButton* m_showBug;
    QLabel* m_model;
    QLabel* m_verdict;
    HeatmapWidget* m_map;
    QTableWidget* m_table;
    QFutureWatcher<CheckOutcome> m_watcher;
};

} // namespace pecards::gui
