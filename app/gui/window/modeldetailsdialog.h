#pragma once
/// @file modeldetailsdialog.h
/// @brief Model > Details: the open model layer group by layer group, where every value came
/// from (the file's key, a config class default or a rule), and the chart of every factor that
/// multiplies its logits against the query position.

#include <QDialog>

class QTableWidget;
class QTabWidget;

namespace pecards::app {
struct ModelConfig;
}

namespace pecards::gui {

class ChartWidget;

class ModelDetailsDialog : public QDialog {
    Q_OBJECT
public:
    /// @param model an opened model (ModelConfig::positions valid)
    explicit ModelDetailsDialog(const pecards::app::ModelConfig& model, QWidget* parent = nullptr);

    QTabWidget* tabs() const { return m_tabs; }
    /// @brief One row per layer group: group, treatment, layers, head_dim, rotary, base, scaling, span.
    QTableWidget* groupTable() const { return m_groups; }
    /// @brief Columns: value, where it came from.
    QTableWidget* sourceTable() const { return m_sources; }
    ChartWidget* logitChart() const { return m_chart; }

private:
    QTabWidget* m_tabs;
    QTableWidget* m_groups;
    QTableWidget* m_sources;
    ChartWidget* m_chart;
};

} // namespace pecards::gui
