#pragma once
/// @file viewpanel.h
/// @brief Base of the panels a card shows in its view slots (heatmap or chart): a title,
/// a tool row and the drawing, fed with the card's parameters.

#include "deck/slotstate.h"
#include "views/viewfigure.h"
#include "views/viewspec.h"

#include <QWidget>
#include <functional>
#include <optional>
#include <pecards/params.h>

class QHBoxLayout;
class QLabel;
class QVBoxLayout;

namespace pecards::gui {

class ViewPanel : public QWidget {
    Q_OBJECT
public:
    ViewPanel(const ViewSpec& spec, QWidget* parent);

    const ViewSpec& spec() const { return m_spec; }

    /// @brief New card parameters: recompute (only while visible; otherwise when shown).
    virtual void setParams(const pecards::CardParams& params) = 0;

    /// @brief True once a result (or an error message) is shown.
    virtual bool hasResult() const = 0;

    /// @brief The computed data shown now (for figures, Export card, Copy figure); none while
    /// nothing is computed or an error is shown.
    virtual std::optional<ShownView> shownView() const = 0;

    /// @brief Writes what the user set in this view into `state` (deck model): a heatmap its
    /// zoom window, reduction and colours (`heatmap`), a chart its channels, position and reach
    /// (`chart`); other views have nothing to write.
    virtual void writeState(SlotState& state) const { static_cast<void>(state); }
    /// @brief Shows what `state` says (an undo, a workspace); the part of another kind of view,
    /// or unset, is ignored. Emits no stateEdited.
    virtual void readState(const SlotState& state) { static_cast<void>(state); }

    /// @brief The line above the drawing: what it shows and the convention.
    void setTitle(const QString& title);
    QString title() const;

    /// @brief True for views a presentation sweep of position m animates.
    virtual bool isSweepable() const { return false; }
    /// @brief Shows position m (presentation sweep); m < 0 ends the sweep's mark. No-op unless
    /// isSweepable().
    virtual void setSweepPosition(int m) { static_cast<void>(m); }
    /// @brief The position a sweep sets, to restore it after presenting (-1: none).
    virtual int sweepPosition() const { return -1; }

    /// @brief The row where the slot puts its view choice and the panel its tools.
    QHBoxLayout* toolRow() const { return m_toolRow; }

    /// @brief What "Save…" does instead of saveView() (the compare tab saves its A, B and A − B
    /// as one compare set); an empty function returns to saveView().
    void setSaveHandler(std::function<void()> save) { m_saveHandler = std::move(save); }

signals:
    /// @brief A result or message was shown.
    void updated();
    /// @brief The user changed what writeState writes (a zoom, the reduction, colours, a chart's
    /// tools); not emitted for changes that follow new parameters or readState.
    void stateEdited();

protected:
    /// @brief Adds the drawing below the title.
    void setContent(QWidget* content);
    /// @brief Adds the "Save…" button to the tool row; it calls saveView() (or the save handler).
    void addExportButton();
    /// @brief The "Save…" action: the view's figure through the save dialogs.
    virtual void saveView() = 0;

private:
    ViewSpec m_spec;
    QVBoxLayout* m_layout = nullptr;
    QHBoxLayout* m_toolRow = nullptr;
    QLabel* m_title = nullptr;
    std::function<void()> m_saveHandler;
};

} // namespace pecards::gui
