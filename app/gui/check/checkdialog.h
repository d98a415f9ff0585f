#pragma once
/// @file checkdialog.h
/// @brief File > Check an implementation… (#25): an engine's own cos/sin cache, rotated q or k,
/// inv_freq (.npy or FILE.safetensors:TENSOR) or GGUF file against the reference for the RoPE
/// card's model, with the verdict, the error map by position and pair (log colours, the first
/// failing position marked) and the ranked diagnosis of the known bugs (pecards/implcheck.h). The
/// check runs off the UI thread (checkjob.h); the dialog only shows its outcome. What it checks is
/// a pecards::app::CheckSetup, which the window keeps for its workspace.

#include "check/checkjob.h"

#include <QDialog>
#include <QFutureWatcher>
#include <functional>
#include <pecards/params.h>

class QComboBox;
class QFormLayout;
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

    /// @param params the model the numbers are checked against (the RoPE card's parameters, or a
    ///               saved check's)
    /// @param showPitfall what "Show this bug" does when the diagnosed bug has a pitfall view
    ///                    (pecards::pitfallOfVariant); without it the button is hidden
    explicit CheckDialog(
        const pecards::CardParams& params, QWidget* parent = nullptr, ShowPitfall showPitfall = {});

    /// @brief A new dialog on `parent`, shown, deleted when closed (File > Check an implementation…).
    static CheckDialog* open(const pecards::CardParams& params, QWidget* parent, ShowPitfall showPitfall);

    /// @brief Fills the form with `setup`'s table, files, format and first position (its params
    /// are not the dialog's: those are fixed at construction).
    void fill(const pecards::app::CheckSetup& setup);
    /// @brief fill(setup), then starts the check.
    void check(const pecards::app::CheckSetup& setup);

    /// @brief The verdict line shown, e.g. "Matches the reference: max error 0.12 of the tolerance".
    QString verdict() const;
    /// @brief The diagnosis table's variant names, best fit first.
    QStringList diagnosis() const;
    /// @brief The pitfall "Show this bug" opens (None: the button is disabled).
    pecards::Pitfall shownPitfall() const { return m_pitfall; }
    /// @brief Whether a check is running.
    bool isRunning() const { return m_watcher.isRunning(); }

Q_SIGNALS:
    /// @brief A check has started on `setup` (the form's files and the dialog's model).
    void started(const pecards::app::CheckSetup& setup);
    /// @brief A check has finished (shown).
    void checked();

private:
    void browse(QLineEdit* field, const QString& title);
    void start();
    void present(const CheckOutcome& outcome);
    pecards::app::CheckSetup setup() const;
    void showTableRows();

    pecards::CardParams m_params;
    ShowPitfall m_showPitfall;
    pecards::Pitfall m_pitfall = pecards::Pitfall::None;
    QComboBox* m_table;
    QLineEdit* m_first;
    QLineEdit* m_second;
    QLabel* m_firstLabel;
    QLabel* m_secondLabel;
    QFormLayout* m_form;
    QComboBox* m_format;
    QSpinBox* m_firstPosition;
    QPushButton* m_run;
    QPushButton* m_showBug;
    QLabel* m_model;
    QLabel* m_verdict;
    HeatmapWidget* m_map;
    QTableWidget* m_variants;
    QFutureWatcher<CheckOutcome> m_watcher;
};

} // namespace pecards::gui
