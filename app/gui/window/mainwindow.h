#pragma once
/// @file mainwindow.h
/// @brief The deck window: one tab per card plus the compare tab, menus (mainmenus.h), the
/// status bar (devicestatus.h), and model configs from File > Open, presets or drag and drop.
/// Wiring lives in those helpers; this class only holds the parts together.

#include <QMainWindow>
#include <common/modelconfig.h>
#include <optional>
#include <pecards/pitfallparams.h>
#include <workspace/preferences.h>
#include <workspace/workspace.h>

class QSettings;
class QTabWidget;

namespace pecards::gui {

class CardPage;
class CheckDialog;
class CompareView;
class ComputeService;
class DeckModel;
class DeviceStatus;
class LanguageSwitcher;
class LessonController;
class PairUsageDialog;
class ModelLoader;
class ModelStrip;
class WeightsLoader;
class PresentationController;
class TeachingOverlay;
struct StartupParts;
class WorkspaceController;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(ComputeService* service, QWidget* parent = nullptr);

    /// @brief The card with this registry id ("rope"), nullptr if none.
    CardPage* card(const QString& id) const;
    QList<CardPage*> cards() const { return m_cards; }
    CompareView* compareView() const { return m_compare; }
    DeviceStatus* deviceStatus() const { return m_status; }
    QTabWidget* deck() const { return m_deck; }

    /// @brief Shows the card (or "compare"): the deck model's active card.
    void showTab(const QString& id);
    /// @brief Shows `pitfall` in its card's Pitfalls view, with the card's parameters.
    void showPitfall(pecards::Pitfall pitfall);
    /// @brief File > Check an implementation…: a check dialog (deleted when closed). Without
    /// `setup`, against the RoPE card's model, its form filled with the last check's files; with
    /// it (a workspace's check), against that check's model, run at once. Every check it starts
    /// becomes the deck model's check().
    CheckDialog* openCheck(const std::optional<pecards::app::CheckSetup>& setup = std::nullopt);
    /// @brief File > Pair usage of a checkpoint…: a pair-usage dialog (deleted when closed) for the
    /// RoPE card's scaling and the open model's config; "Use this head" edits the RoPE card's probe
    /// as an undoable step and shows the card.
    PairUsageDialog* openPairUsage();
    /// @brief After a workspace or the crash-recovery copy opened: runs the deck model's check
    /// again in a check dialog, when it has one (its files are read again).
    void reopenCheck();

    /// @brief The card on screen, nullptr on the compare tab.
    CardPage* currentCard() const;

    /// @brief Where a config read by openConfig goes: every card of the deck, or one side of the
    /// compare tab (the first card the model uses, with the model's parameters).
    enum class ConfigTarget { Deck, CompareA, CompareB };
    /// @brief Reads a config.json (or a ":/presets/..." resource) off the UI thread, then
    /// applies it to `target` (applyModel, or CompareView::setSide); errors go to a message box
    /// and `modelFailed`.
    void openConfig(const QString& path, ConfigTarget target = ConfigTarget::Deck);
    /// @brief Where a preset chosen now goes: the compare side with the focus (A unless the
    /// focus is in B) while the compare tab is shown, else the deck (the engineer's review: a
    /// preset chosen on the compare tab left it).
    ConfigTarget presetTarget() const;
    /// @brief Every card takes the model's parameters (L covers the context the config extends
    /// to, at most kMaxLength = 2^24); the window title names the model; the layer strip shows its groups. A
    /// model sets every field of every card: the card's defaults (length, probe, causal, the
    /// parts the model does not use), then the model's part.
    void applyModel(const pecards::app::ModelConfig& model);
    /// @brief Side `side` of the compare tab shows the first card `model` uses, with the model's
    /// parameters (its defaults, then ModelConfig::openOn); the deck is not changed.
    void applyModelToCompare(const pecards::app::ModelConfig& model, int side);
    /// @brief The cards take the parameters of layer group `group` of the open model (the strip's
    /// click); a NoPE group puts the RoPE card without rotation (RopePartial::NoPE), a group
    /// without attention only says so in the status bar.
    void applyLayerGroup(int group);
    ModelStrip* modelStrip() const { return m_strip; }
    /// @brief The open model (an empty name when none is open).
    const pecards::app::ModelConfig& model() const { return m_model; }
    /// @brief File > Open weights: reads T5's relative_attention_bias.weight, else a learned
    /// position table (wpe.weight, position_embeddings.weight) from a .safetensors checkpoint off
    /// the UI thread; the Relative card (T5) then shows head 1's trained bias (a head picker shows
    /// the others), or the Sinusoidal card the learned table beside the sinusoid (learned views).
    /// A broken file gives a message box and changes nothing.
    void openWeights(const QString& path);
    /// @brief File > Open Q/K vectors: two .npy files (rows >= L, d columns, float32/float64)
    /// become the content vectors of every card whose dimension matches; a wrong shape names the
    /// file, its shape and the shape needed.
    void openContentVectors(const QString& queryPath, const QString& keyPath);
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
    /// @brief The deck's state: every card's parameters and the one undo history (Edit menu).
    DeckModel* deckModel() const { return m_deckModel; }
    PresentationController* presentation() const { return m_presentation; }
    /// @brief The lesson being authored and the lesson player (Lessons menu, F6).
    LessonController* lessons() const { return m_lessons; }
    /// @brief The teacher's pen, pointer and blank screen over the window (presentation, lessons).
    TeachingOverlay* teaching() const { return m_teaching; }
    /// @brief The parts the start-up options act on (startupactions.h), with the window's own
    /// language switch, check dialog and config loader.
    StartupParts startupParts();
    /// @brief Preferences and recent files (the application's QSettings).
    QSettings* settings() const { return m_settings; }

    /// @brief File > Export card: a cover page, then every visible view (heatmaps and charts)
    /// of the current card, one PDF page each.
    void exportCurrentCard();
    /// File > Export card handout…: the card's front and back text with the figures of its
    /// visible views, as one PDF (askAndSaveCardHandout).
    void exportCardHandout();
    /// @brief Edit > Copy figure (Ctrl+Shift+C): the focused (else first) view's figure to the
    /// clipboard.
    void copyCurrentFigure();
    /// @brief The loaded model's name, or a note that the card's defaults are used (cover pages).
    QString modelDescription() const;
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
    /// The card on screen for `action`; nullptr (after saying why) on the compare tab.
    CardPage* cardToExport(const QString& action);
    void retranslate();
    void applyT5Bias(const QString& path, const QString& tensor, const pecards::Matrix& table);
    void applyLearnedTable(const QString& path, const QString& tensor, const pecards::Matrix& table);
    void applyContentVectors(const QString& queryPath, const QString& keyPath, const pecards::Matrix& queries,
        const pecards::Matrix& keys);

    ComputeService* m_service;
    DeckModel* m_deckModel;
    QTabWidget* m_deck = nullptr;
    QSettings* m_settings = nullptr;
    pecards::app::Preferences m_preferences;
    QString m_modelName;
    pecards::app::ModelConfig m_model; ///< the open model (empty name: none)
    ModelStrip* m_strip = nullptr;
    QList<CardPage*> m_cards;
    CompareView* m_compare = nullptr;
    DeviceStatus* m_status = nullptr;
    ModelLoader* m_loader = nullptr;
    ConfigTarget m_configTarget = ConfigTarget::Deck; ///< of the config being read
    WeightsLoader* m_weights = nullptr;
    LanguageSwitcher* m_language = nullptr;
    WorkspaceController* m_session = nullptr;
    PresentationController* m_presentation = nullptr;
    TeachingOverlay* m_teaching = nullptr;
    LessonController* m_lessons = nullptr;
};

} // namespace pecards::gui
