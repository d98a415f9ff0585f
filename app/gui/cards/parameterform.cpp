#include "cards/parameterform.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QSignalBlocker>

ParameterForm::ParameterForm(QWidget* parent)
    : QWidget(parent)
    , m_layout(new QFormLayout(this)) {
    m_layout->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_layout->setRowWrapPolicy(QFormLayout::WrapLongRows);
    m_layout->setLabelAlignment(Qt::AlignLeft);
}

void ParameterForm::addSection(const QString& title) {
    auto* label = new QLabel(title, this);
    QFont font = label->font();
    font.setBold(true);
    label->setFont(font);
    label->setContentsMargins(0, 8, 0, 0);
    m_layout->addRow(label);
}

void ParameterForm::addRow(Binding binding, const QString& label, const QString& toolTip) {
    auto* labelWidget = new QLabel(label, this);
    labelWidget->setToolTip(toolTip);
    binding.widget->setToolTip(toolTip);
    binding.label = labelWidget;
    m_layout->addRow(labelWidget, binding.widget);
    binding.refresh();
    m_bindings.push_back(std::move(binding));
}

SliderSpin* ParameterForm::addNumber(const QString& id, const QString& label, const SliderSpin::Range& range,
    NumberGetter get, NumberSetter set, const QString& toolTip) {
    auto* control = new SliderSpin(range, this);
    control->setObjectName(id);
    connect(control, &SliderSpin::valueChanged, this, [this, set](double value) {
        set(m_params, value);
        changed();
    });
    addRow(Binding {id, nullptr, control, [this, control, get] { control->setValue(get(m_params)); }, {}},
        label, toolTip);
    return control;
}

void ParameterForm::addChoice(const QString& id, const QString& label, const QList<Choice>& choices,
    std::function<int(const pecards::CardParams&)> get, std::function<void(pecards::CardParams&, int)> set,
    const QString& toolTip) {
    auto* combo = new QComboBox(this);
    combo->setObjectName(id);
    combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    combo->setMinimumContentsLength(kComboCharacters);
    for (const Choice& choice : choices) {
        combo->addItem(choice.text, choice.value);
        combo->setItemData(combo->count() - 1, choice.toolTip, Qt::ToolTipRole);
    }
    connect(combo, &QComboBox::currentIndexChanged, this, [this, combo, set] {
        set(m_params, combo->currentData().toInt());
        changed();
    });
    const auto refresh = [this, combo, get] {
        const QSignalBlocker block(combo);
        combo->setCurrentIndex(combo->findData(get(m_params)));
    };
    addRow(Binding {id, nullptr, combo, refresh, {}}, label, toolTip);
}

void ParameterForm::addToggle(const QString& id, const QString& label,
    std::function<bool(const pecards::CardParams&)> get, std::function<void(pecards::CardParams&, bool)> set,
    const QString& toolTip) {
    auto* box = new QCheckBox(this);
    box->setObjectName(id);
    connect(box, &QCheckBox::toggled, this, [this, set](bool on) {
        set(m_params, on);
        changed();
    });
    const auto refresh = [this, box, get] {
        const QSignalBlocker block(box);
        box->setChecked(get(m_params));
    };
    addRow(Binding {id, nullptr, box, refresh, {}}, label, toolTip);
}

void ParameterForm::addEditor(const QString& id, const QString& label, QWidget* editor,
    std::function<void(const pecards::CardParams&)> refresh, const QString& toolTip) {
    editor->setObjectName(id);
    auto* labelWidget = new QLabel(label, this);
    labelWidget->setToolTip(toolTip);
    m_layout->addRow(labelWidget);
    m_layout->addRow(editor);
    Binding binding {id, labelWidget, editor, [this, refresh] { refresh(m_params); }, {}};
    binding.refresh();
    m_bindings.push_back(std::move(binding));
}

void ParameterForm::edit(const std::function<void(pecards::CardParams&)>& change) {
    change(m_params);
    changed();
}

void ParameterForm::setVisibleWhen(const QString& id, Predicate visible) {
    for (Binding& binding : m_bindings) {
        if (binding.id == id)
            binding.visible = std::move(visible);
    }
    refreshVisibility();
}

void ParameterForm::setParams(const pecards::CardParams& params) {
    m_params = params;
    m_emitted = params;
    for (const Binding& binding : m_bindings)
        binding.refresh();
    refreshVisibility();
    emit paramsChanged(m_params);
}

QWidget* ParameterForm::control(const QString& id) const {
    for (const Binding& binding : m_bindings) {
        if (binding.id == id)
            return binding.widget;
    }
    return nullptr;
}

void ParameterForm::changed() {
    for (const Binding& binding : m_bindings) // a change may set other fields (a scaling type)
        binding.refresh();
    refreshVisibility();
    const pecards::CardParams before = m_emitted;
    m_emitted = m_params;
    emit paramsChanged(m_params);
    emit edited(before, m_params);
}

void ParameterForm::refreshVisibility() {
    for (const Binding& binding : m_bindings) {
        const bool shown = !binding.visible || binding.visible(m_params);
        binding.label->setVisible(shown);
        binding.widget->setVisible(shown);
    }
}
