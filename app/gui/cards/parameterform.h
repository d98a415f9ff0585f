#pragma once
/// @file parameterform.h
/// @brief A form of controls bound to fields of a CardParams value: sliders with linked spin
/// boxes (linear or logarithmic), choices and toggles. Each control reads and writes its field
/// through a getter/setter pair; the form emits the whole new value on every change.
///
/// The form never validates: an invalid typed value goes to the engine, whose
/// InvalidParameter message the views show (naming the control's label and the engine/HF key,
/// parameterlabels.h). A control whose valid range depends on other fields (`setRangeWhen`)
/// is re-ranged when they change: it keeps the user's value while it is valid, takes the
/// nearest valid value while it is not, and gets the user's value back when the range grows.

#include "widgets/sliderspin.h"

#include <QWidget>
#include <functional>
#include <pecards/params.h>
#include <pecards/paramtable.h>
#include <string_view>
#include <vector>

class QVBoxLayout;
class QLabel;

namespace pecards::gui {

class ParameterForm : public QWidget {
    Q_OBJECT
public:
    using NumberGetter = std::function<double(const pecards::CardParams&)>;
    using NumberSetter = std::function<void(pecards::CardParams&, double)>;
    using Predicate = std::function<bool(const pecards::CardParams&)>;
    /// @brief A valid [low, high] range computed from the other fields.
    using RangeRule = std::function<std::pair<double, double>(const pecards::CardParams&)>;

    /// @brief One entry of a choice: its text and the value written.
    struct Choice {
        QString text;
        int value = 0;
        QString toolTip;
    };

    explicit ParameterForm(QWidget* parent = nullptr);

    static constexpr int kComboCharacters = 14; ///< combo width; longer texts show in full when open

    /// @brief A bold heading between groups of controls.
    void addSection(const QString& title);
    /// @brief Slider + spin box of a parameter of the descriptor table (pecards/paramtable.h):
    /// its slider spans the table's typical range with the table's scale, step and decimals, it
    /// reads and writes the field through pecards::paramValue/setParamValue, and its tooltip is
    /// `toolTip` followed by the table's allowed range. The control id is controlId(spec).
    SliderSpin* addParameter(pecards::ParamId id, const QString& label, const QString& toolTip = {});
    /// @brief The control id of a table parameter: its name ("beta_fast"), prefixed with its
    /// owner when the name is another card's too ("alibi_head_dim", "relative_d_model").
    static QString controlId(const pecards::ParamSpec& spec);
    /// @brief What a parameter's special value means, as its spin box shows it ("= head_dim" for
    /// rotary_dim 0, "derived" for attention_factor 0, "none"), from ParamSpec::sentinelMeans.
    static QString sentinelText(std::string_view meaning);
    /// @brief Slider + spin box. Returns it (tests drive it).
    SliderSpin* addNumber(const QString& id, const QString& label, const SliderSpin::Range& range,
        NumberGetter get, NumberSetter set, const QString& toolTip = {});
    /// @brief Combo box of choices; `get`/`set` read and write the chosen value.
    void addChoice(const QString& id, const QString& label, const QList<Choice>& choices,
        std::function<int(const pecards::CardParams&)> get,
        std::function<void(pecards::CardParams&, int)> set, const QString& toolTip = {});
    /// @brief Check box.
    void addToggle(const QString& id, const QString& label,
        std::function<bool(const pecards::CardParams&)> get,
        std::function<void(pecards::CardParams&, bool)> set, const QString& toolTip = {});
    /// @brief A custom editor (e.g. a table of factor lists) on its own row: `refresh` shows the
    /// parameters in it without signals; the editor changes them through `edit`.
    void addEditor(const QString& id, const QString& label, QWidget* editor,
        std::function<void(const pecards::CardParams&)> refresh, const QString& toolTip = {});
    /// @brief Applies `change` to the parameters as a user edit: refreshes the controls and
    /// emits edited.
    void edit(const std::function<void(pecards::CardParams&)>& change);
    /// @brief A read-only line computed from the parameters (derived values such as the
    /// effective base of dynamic NTK); refreshed on every change, of no height while empty.
    QLabel* addNote(const QString& id, std::function<QString(const pecards::CardParams&)> text);
    /// @brief Shows the control `id` (added last) only while `visible(params)` holds.
    void setVisibleWhen(const QString& id, Predicate visible);
    /// @brief Enables the control `id` only while `enabled(params)` holds (a toggle that a card's
    /// other choice decides, shown with that choice's value).
    void setEnabledWhen(const QString& id, Predicate enabled);
    /// @brief The number control `id` is valid in `range(params)` (e.g. head shown in [1, H]):
    /// its slider spans that range, and it is re-ranged when the range changes (class comment).
    void setRangeWhen(const QString& id, RangeRule range);

    /// @brief Shows `params` in every control (an undo, a model, the other side of a compare);
    /// emits nothing: the owner of the parameters (the deck model, the compare view) set them.
    void setParams(const pecards::CardParams& params);
    /// @brief The value being edited: the owner's parameters with the edits not yet sent.
    const pecards::CardParams& params() const { return m_params; }

    /// @brief The control widget registered under `id` (SliderSpin, QComboBox or QCheckBox).
    QWidget* control(const QString& id) const;

signals:
    /// @brief A user edit (a control or `edit`, not setParams) made `params`.
    void edited(const pecards::CardParams& params);

private:
    struct Binding {
        QString id {};
        QWidget* label = nullptr;
        QWidget* widget = nullptr;
        QWidget* row = nullptr; ///< label and field together, shown or hidden as one; null for a note
        std::function<void()> refresh {}; ///< control <- m_params, without signals
        Predicate visible {};
        Predicate enabled {};
        NumberGetter get {}; ///< number controls
        NumberSetter set {};
        RangeRule range {};
        std::pair<double, double> lastRange {}; ///< the range the control has now
        double wanted = 0.0; ///< the user's value, restored when the range allows it
        bool note = false; ///< addNote: refreshed on every change
    };
    void addRow(Binding binding, const QString& label, const QString& toolTip);
    /// Adds `widget` below the rows so far (above the closing stretch).
    void append(QWidget* widget);
    /// Gives every label of a label-and-field row the widest label's width (one field column).
    void alignLabels();
    Binding* binding(const QString& id);
    void changed(const QString& id);
    /// Re-ranges the dependent controls whose range changed (not `except`, the one just set).
    void applyRanges(const QString& except);
    void refreshVisibility();

    QVBoxLayout* m_layout = nullptr;
    pecards::CardParams m_params;
    std::vector<Binding> m_bindings;
};

} // namespace pecards::gui
