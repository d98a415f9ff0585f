#pragma once
/// @file modeldetailsdialog.h
/// @brief Model > Details: the open model layer group by layer group, where every value came
/// from (the file's key, a config class default or a rule), and the chart of every factor that
/// multiplies its logits against the query position. Three tabs (object names): "groups", one row
/// per layer group (group, treatment, layers, head_dim, rotary, base, scaling, span); "sources",
/// every value and where it came from; "logitChart".

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

private:
    QTabWidget* m_tabs;
    QTableWidget* m_groups;
    QTableWidget* m_sources;
    ChartWidget* m_chart;
};

} // namespace pecards::gui
