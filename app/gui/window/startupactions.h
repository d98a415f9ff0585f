#pragma once
/// @file startupactions.h
/// @brief Applies the command-line options (startupoptions.h) to the shown window's parts. The
/// state they set (the card on screen, --length, --views, --rows/--cols) replaces the deck
/// model's state; the rest drives the parts: a model config read by the window's loader, the back
/// side, a Pitfalls view, presentation, the lesson player, the check dialog and the screenshot.
/// It takes the parts, not the window (MainWindow::startupParts hands them over).

#include "window/startupoptions.h"

#include <QList>
#include <functional>

class QWidget;

namespace pecards::app {
struct CheckSetup;
}

namespace pecards::gui {

class CardPage;
class CheckDialog;
class CompareView;
class ComputeService;
class DeckModel;
class LessonController;
class PairUsageDialog;
class PresentationController;
class WorkspaceController;

/// @brief What start-up acts on: the window's parts, and the three things only the window does.
struct StartupParts {
    QWidget* window = nullptr; ///< grabbed by --screenshot; owns its timer
    DeckModel* deck = nullptr;
    ComputeService* service = nullptr;
    QList<CardPage*> cards; ///< in the deck model's card order
    CompareView* compare = nullptr;
    WorkspaceController* session = nullptr;
    PresentationController* presentation = nullptr;
    LessonController* lessons = nullptr;
    /// UI and card-text language ("en", "zh_CN"); false for an unknown code.
    std::function<bool(const QString&)> setLanguage;
    /// Opens a check dialog that runs `setup` at once (deleted when closed).
    std::function<CheckDialog*(const pecards::app::CheckSetup&)> openCheck;
    /// Opens File > Pair usage of a checkpoint… (deleted when closed).
    std::function<PairUsageDialog*()> openPairUsage;
    /// Reads a model config off the UI thread and applies it to every card; then calls `done`
    /// with an empty message, or with the error (the window has shown it too).
    std::function<void(const QString& path, std::function<void(const QString& error)> done)> openConfig;
};

/// @brief Applies the options to a shown window's parts (after the model, when one is given)
/// and, with `--screenshot`, saves the window's image (or the check dialog's) and quits the
/// application when every view has answered (at most `timeoutMs`).
void applyStartupOptions(const StartupParts& parts, const StartupOptions& options, int timeoutMs = 60000);

} // namespace pecards::gui
