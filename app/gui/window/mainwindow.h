#pragma once
/// @file mainwindow.h
/// @brief The deck window: one tab per card plus the compare tab, menus (mainmenus.h), the
/// status bar (devicestatus.h), and model configs from File > Open, presets or drag and drop.
/// Wiring lives in those helpers; this class only holds the parts together.

#include <QMainWindow>
#include <common/modelconfig.h>
#include <workspace/preferences.h>

class Card;
class CompareView;
class ComputeService;
class DeviceStatus;
class LanguageSwitcher;
class ModelLoader;
class PresentationController;
class QSettings;
class QTabWidget;
class WorkspaceController;

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
    /// @brief Every card takes the model's parameters; the window title names the model. A
    /// model sets every field of every card: the card's defaults (length, probe, causal, the
    /// parts the model does not use), then the model's part (RoPE with its rope_scaling, ALiBi,
    /// T5 buckets) and L = max_position_embeddings when the config gives one within 2^20.
    void applyModel(const pecards::app::ModelConfig& model);
    /// @brief UI and card-text language ("en", "zh_CN"): installs the translation (menus,
    /// titles and controls retranslate) and switches the card HTML. False for an unknown code.
    bool setLanguage(const QString& language);
    QString language() const;

    /// @brief Applies preferences (theme, sequential colour map, language) and saves them.
    void setPreferences(const pecards::app::Preferences& preferences);
    const pecards::app::Preferences& preferences() const { return m_preferences; }
    /// @brief The preferences as they are in force now: the saved ones with the theme and
    /// language on screen (--theme and --language override the saved ones at start).
    pecards::app::Preferences preferencesInForce() const;

    WorkspaceController* session() const { return m_session; }
    PresentationController* presentation() const { return m_presentation; }
    /// @brief Preferences and recent files (the application's QSettings).
    QSettings* settings() const { return m_settings; }

    /// @brief File > Export card: every visible heatmap of the current card as one PDF; the
    /// status bar confirms it. `path` empty: asks with a save dialog.
    void exportCurrentCard(const QString& path = {});
    /// @brief "file[*] — PE Cards — model": the workspace file (or "untitled"), the modified
    /// mark placeholder (setWindowModified) and the model loaded last.
    void refreshTitle();

signals:
    void modelApplied(const QString& name);
    void modelFailed(const QString& message);

protected:
    void changeEvent(QEvent* event) override;
    /// @brief Quit / close: asks Save / Discard / Cancel first when there are unsaved changes.
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void retranslate();

    ComputeService* m_service;
    QTabWidget* m_deck = nullptr;
    QSettings* m_settings = nullptr;
    pecards::app::Preferences m_preferences;
    QString m_modelName;
    QList<Card*> m_cards;
    CompareView* m_compare = nullptr;
    DeviceStatus* m_status = nullptr;
    ModelLoader* m_loader = nullptr;
    LanguageSwitcher* m_language = nullptr;
    WorkspaceController* m_session = nullptr;
    PresentationController* m_presentation = nullptr;
};
