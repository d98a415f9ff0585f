#pragma once
/// @file factortable.h
/// @brief A small editable table of LongRoPE's per-pair rescale factors: one row per frequency
/// pair i, columns short_factor and long_factor (HF `rope_scaling` lists), plus a button that
/// fits both lists to a given number of entries (rotary_dim/2) (object names "factors", "fit").
///
/// A cell that does not read as a number becomes NaN, so the engine names the list, the value
/// and the allowed range instead of the text being dropped.

#include <QWidget>
#include <vector>

class QPushButton;
class QTableWidget;

namespace pecards::gui {

class FactorTable : public QWidget {
    Q_OBJECT
public:
    explicit FactorTable(QWidget* parent = nullptr);

    /// @brief Shows the lists (rows = the longer one; a missing entry shows empty) and the
    /// number of entries the lists need, without emitting `edited`.
    void setLists(const std::vector<double>& shortFactor, const std::vector<double>& longFactor, int needed);
    const std::vector<double>& shortFactor() const { return m_short; }
    const std::vector<double>& longFactor() const { return m_long; }

signals:
    /// @brief The user changed a cell: both lists as they are now.
    void edited(const std::vector<double>& shortFactor, const std::vector<double>& longFactor);
    /// @brief The user asked for lists of `needed` entries (new entries 1.0).
    void fitRequested(int needed);

private:
    void onCellChanged(int row, int column);

    QTableWidget* m_table = nullptr;
    QPushButton* m_fit = nullptr;
    std::vector<double> m_short;
    std::vector<double> m_long;
    int m_needed = 0;
};

} // namespace pecards::gui
