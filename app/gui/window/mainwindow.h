#pragma once
/// @file mainwindow.h
/// @brief The deck window: one tab per card plus the compare tab, menus (mainmenus.h), the
/// status bar (devicestatus.h), and model configs from File > Open, presets or drag and drop.
/// Wiring lives in those helpers; this class only holds the parts together.

#include <QMainWindow>
#include <common/modelconfig.h>

class Card;
class CompareView;
class ComputeService;
class DeviceStatus;
class ModelLoader;
class QTabWidget;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(ComputeService* service, QWidget* parent = nullptr);

    /// @brief The card with this registry id ("rope"), nullptr if none.
    Card* card(const QString& id) const;
    QList<Card*> cards() const { return m_cards; }
    CompareView* compareView() const { return m_compare; }
    DeviceStatus* deviceStatus() const { return m_status; }
    QTabWidget* deck() const { return m_deck; }

    /// @brief Shows the card (or "compare").
    void showTab(const QString& id);
    /// @brief The card on screen, nullptr on the compare tab.
    Card* currentCard() const;

    /// @brief Reads a config.json (or a ":/presets/..." resource) off the UI thread, then
    /// applies it; errors go to a message box and `modelFailed`.
    void openConfig(const QString& path);
    /// @brief Every card takes the model's parameters; the window title names the model.
    void applyModel(const pecards::app::ModelConfig& model);
    /// @brief Card text language for all cards ("en", "zh_CN").
    void setLanguage(const QString& language);

signals:
    void modelApplied(const QString& name);
    void modelFailed(const QString& message);

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    ComputeService* m_service;
    QTabWidget* m_deck = nullptr;
    QList<Card*> m_cards;
    CompareView* m_compare = nullptr;
    DeviceStatus* m_status = nullptr;
    ModelLoader* m_loader = nullptr;
};
