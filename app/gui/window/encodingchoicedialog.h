#pragma once
/// @file encodingchoicedialog.h
/// @brief Help > Choosing an encoding: every encoding family compared on one target model
/// (pecards/encodingchoice.h), filled from the current card's L, head_dim and heads and editable.
/// The table is computed off the GUI thread (QtConcurrent); an invalid target shows the engine's
/// message ("message") over the last good table ("families").

#include <QDialog>
#include <QFutureWatcher>
#include <pecards/encodingchoice.h>
#include <vector>

class QGridLayout;
class QLabel;
class QSpinBox;
class QTableWidget;

namespace pecards::gui {

class EncodingChoiceDialog : public QDialog {
    Q_OBJECT
public:
    /// @param params the current card's parameters (encodingTarget gives the initial target)
    explicit EncodingChoiceDialog(const pecards::CardParams& params, QWidget* parent = nullptr);

signals:
    /// @brief The newest target has been answered (table filled, or the message set).
    void answered();

private:
    struct Outcome {
        std::vector<pecards::EncodingChoice> rows;
        pecards::EncodingTarget target;
        QString error;
    };

    QSpinBox* addSpin(const QString& label, const QString& tip, qint64 value);
    void submit();
    void onAnswered();
    void fill(const Outcome& outcome);

    pecards::EncodingTarget m_base; ///< the card's target; the spin boxes override its fields
    QGridLayout*
        m_controls; ///< the target's boxes, three label + box pairs a row (fits 1280 px in presentation)
    std::vector<QSpinBox*> m_spins; ///< L, head_dim, heads, layers, L0, bytes per value
    QTableWidget* m_table;
    QLabel* m_message;
    QFutureWatcher<Outcome> m_watcher;
    bool m_pending = false;
};

} // namespace pecards::gui
