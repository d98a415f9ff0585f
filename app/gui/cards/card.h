#pragma once
/// @file card.h
/// @brief Base of the deck's cards (style-anchors §8 item 14): the card text (front/back,
/// flip), a header with the reference and the live convention, a grid of view slots and the
/// side panel of parameter controls. Built lazily on first show (`load` -> `doLoad`).

#include "cards/cardregistry.h"
#include "cards/cardtext.h"
#include "views/viewfigure.h"

#include <QList>
#include <QWidget>
#include <pecards/params.h>

class ComputeService;
class ParameterForm;
class QGridLayout;
class QHBoxLayout;
class QLabel;
class QPushButton;
class QScrollArea;
class QTextBrowser;
class ViewSlot;

class Card : public QWidget {
    Q_OBJECT
public:
    Card(const CardEntry& entry, ComputeService* service, QWidget* parent = nullptr);

    /// @brief Builds the card's widgets once (called when the card is first shown).
    void load();
    bool isLoaded() const { return m_loaded; }

    const CardEntry& entry() const { return m_entry; }
    const pecards::CardParams& params() const { return m_params; }
    /// @brief Replaces the parameters (a model config, a preset); views and text follow.
    void setParams(const pecards::CardParams& params);

    /// @brief Turns the card text over (front: formula, idea, problem, paper; back:
    /// parameters, usual values, implementation, failure + fix, misconceptions).
    void flip();
    CardSide side() const { return m_side; }
    /// @brief Card text language: "en" or "zh_CN".
    void setLanguage(const QString& language);
    /// @brief The HTML shown now (convention inserted).
    QString currentText() const;

    ParameterForm* form() const { return m_form; }
    const QList<ViewSlot*>& viewSlots() const { return m_slots; }
    /// @brief Shows only view slot `index` filling the whole grid (presentation mode); -1 shows
    /// every slot in the normal grid again.
    void focusView(int index);

    /// @brief The computed heatmaps of the visible views, in grid order (for "Export card").
    QList<ShownHeatmap> visibleHeatmaps() const;
    /// @brief True when every view not hidden shows a result or a message.
    bool allViewsAnswered() const;

    static constexpr int kGridColumns = 2;
    static constexpr int kTextMinimumWidth = 280;
    static constexpr int kControlsMaximumWidth = 340;

signals:
    void paramsChanged(const pecards::CardParams& params);

protected:
    void showEvent(QShowEvent* event) override;
    /// @brief Retranslates the header, the convention line and the view titles.
    void changeEvent(QEvent* event) override;
    /// @brief Builds the default layout; a subclass may extend it (then call the base first).
    virtual void doLoad();
    /// @brief Row under the card title where subclasses add card-specific widgets (insert
    /// before the final stretch).
    QHBoxLayout* headerRow() const { return m_headerRow; }

private:
    void applyParams(const pecards::CardParams& params);
    void refreshText();
    void refreshHeader();
    /// Builds the parameter controls (again after a language change: labels are translated).
    void buildForm();

    CardEntry m_entry;
    ComputeService* m_service;
    pecards::CardParams m_params;
    pecards::CardParams m_shownParams; ///< the last valid parameters (what the views show)
    bool m_loaded = false;
    CardSide m_side = CardSide::Front;
    QString m_language = QStringLiteral("en");
    QHBoxLayout* m_headerRow = nullptr;
    QLabel* m_title = nullptr;
    QLabel* m_convention = nullptr;
    QPushButton* m_flip = nullptr;
    QTextBrowser* m_text = nullptr;
    QString m_shownHtml;
    CardSide m_shownSide = CardSide::Front;
    ParameterForm* m_form = nullptr;
    QScrollArea* m_controls = nullptr;
    QGridLayout* m_grid = nullptr;
    QList<ViewSlot*> m_slots;
};
