#include "cards/parameterform.h"

#include "compute/parameterlabels.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QVBoxLayout>
#include <algorithm>
#include <figure/mathtext.h>

namespace pecards::gui {

ParameterForm::ParameterForm(QWidget* parent)
    : QWidget(parent)
    , m_layout(new QVBoxLayout(this)) {
    m_layout->addStretch(1); // rows go above it: they keep their height, the rest is empty
}

void ParameterForm::append(QWidget* widget) {
    m_layout->insertWidget(m_layout->count() - 1, widget);
}

void ParameterForm::addSection(const QString& title) {
    auto* label = new QLabel(title, this);
    QFont font = label->font();
    font.setBold(true);
    label->setFont(font);
    label->setContentsMargins(0, 8, 0, 0);
    append(label);
}

void ParameterForm::addRow(Binding binding, const QString& label, const QString& toolTip) {
    registerParameterLabel(binding.id, label);
    // One row, one widget: showing and hiding it is a box layout's plain skip. A single
    // QFormLayout for all rows kept per-row placement of hidden rows across loads (the engineer's
    // review B2: rows drawn as blank space, then the whole scaling group gone).
    auto* row = new QWidget(this);
    auto* form = new QFormLayout(row);
    form->setContentsMargins(0, 0, 0, 0);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    form->setLabelAlignment(Qt::AlignLeft);
    auto* labelWidget = new QLabel(label, row);
    labelWidget->setToolTip(toolTip);
    binding.widget->setToolTip(toolTip);
    binding.label = labelWidget;
    binding.row = row;
    form->addRow(labelWidget, binding.widget);
    append(row);
    binding.refresh();
    m_bindings.push_back(std::move(binding));
    alignLabels();
}

void ParameterForm::alignLabels() {
    // The fields of all rows start at one x, as in one form: every label is as wide as the widest.
    const auto besideItsField = [](const Binding& binding) {
        return binding.row && qobject_cast<QFormLayout*>(binding.row->layout());
    };
    int widest = 0;
    for (const Binding& binding : m_bindings) {
        if (besideItsField(binding))
            widest = std::max(widest, binding.label->sizeHint().width());
    }
    for (const Binding& binding : m_bindings) {
        if (besideItsField(binding))
            binding.label->setMinimumWidth(widest);
    }
}

SliderSpin* ParameterForm::addNumber(const QString& id, const QString& label, const SliderSpin::Range& range,
    NumberGetter get, NumberSetter set, const QString& toolTip) {
    auto* control = new SliderSpin(range, this);
    control->setObjectName(id);
    connect(control, &SliderSpin::valueChanged, this, [this, set, id](double value) {
        set(m_params, value);
        binding(id)->wanted = value;
        changed(id);
    });
    Binding number {.id = id,
        .widget = control,
        .refresh = [this, control, get] { control->setValue(get(m_params)); },
        .get = get,
        .set = set,
        .wanted = get(m_params)};
    addRow(std::move(number), label, toolTip);
    return control;
}

QString ParameterForm::controlId(const pecards::ParamSpec& spec) {
    const QString name = QString::fromLatin1(spec.name.data(), static_cast<qsizetype>(spec.name.size()));
    if (spec.owner == "alibi" || spec.owner == "relative")
        return QString::fromLatin1(spec.owner.data(), static_cast<qsizetype>(spec.owner.size())) + u'_'
            + name;
    return name;
}

SliderSpin* ParameterForm::addParameter(pecards::ParamId id, const QString& label, const QString& toolTip) {
    const pecards::ParamSpec& spec = pecards::paramSpec(id);
    SliderSpin::Range range;
    range.sliderLow = spec.typicalLow;
    range.sliderHigh = spec.typicalHigh;
    range.spinLow = spec.sentinelMeans.empty() ? spec.minimum : std::min(spec.minimum, spec.sentinel);
    range.spinHigh = spec.maximum == pecards::kUnbounded ? spec.typicalHigh : spec.maximum;
    range.logarithmic = spec.scale != pecards::ParamScale::Linear;
    range.decimals = spec.decimals;
    range.stepsPerDecade = spec.stepsPerOctave;
    range.binary = spec.scale == pecards::ParamScale::Log2;
    range.step = spec.step;
    range.largest = spec.type == pecards::ParamType::Integer64 ? SliderSpin::kLargestInt64 : 0.0;
    const QString allowed = pecards::app::writtenPowers(QString::fromStdString(pecards::allowedText(spec)));
    SliderSpin* control = addNumber(
        controlId(spec), label, range,
        [&spec](const pecards::CardParams& p) { return pecards::paramValue(p, spec); },
        [&spec](pecards::CardParams& p, double v) { pecards::setParamValue(p, spec, v); },
        toolTip.isEmpty() ? tr("Allowed: %1").arg(allowed)
                          : toolTip + u'\n' + tr("Allowed: %1").arg(allowed));
    if (!spec.sentinelMeans.empty()) {
        // The special value reads as what it means (rotary_dim 0 is the whole head, not zero).
        control->setSpecialValue(spec.sentinel, sentinelText(spec.sentinelMeans));
    }
    return control;
}

QString ParameterForm::sentinelText(std::string_view meaning) {
    if (meaning == "head_dim")
        return tr("= head_dim");
    if (meaning == "the view's length")
        return tr("= L");
    if (meaning == "L/2")
        return tr("= L/2");
    if (meaning == "not given")
        return tr("not given");
    if (meaning == "derived from the factor")
        return tr("derived");
    return tr("none");
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
        changed(combo->objectName());
    });
    const auto refresh = [this, combo, get] {
        const QSignalBlocker block(combo);
        combo->setCurrentIndex(combo->findData(get(m_params)));
    };
    addRow(Binding {.id = id, .widget = combo, .refresh = refresh}, label, toolTip);
}

void ParameterForm::addToggle(const QString& id, const QString& label,
    std::function<bool(const pecards::CardParams&)> get, std::function<void(pecards::CardParams&, bool)> set,
    const QString& toolTip) {
    auto* box = new QCheckBox(this);
    box->setObjectName(id);
    connect(box, &QCheckBox::toggled, this, [this, set, id](bool on) {
        set(m_params, on);
        changed(id);
    });
    const auto refresh = [this, box, get] {
        const QSignalBlocker block(box);
        box->setChecked(get(m_params));
    };
    addRow(Binding {.id = id, .widget = box, .refresh = refresh}, label, toolTip);
}

QLabel* ParameterForm::addNote(const QString& id, std::function<QString(const pecards::CardParams&)> text) {
    auto* note = new QLabel(this);
    note->setObjectName(id);
    note->setWordWrap(true);
    note->setTextInteractionFlags(Qt::TextSelectableByMouse);
    note->setBackgroundRole(QPalette::AlternateBase);
    note->setMargin(4);
    const auto refresh = [note, text](const pecards::CardParams& params) {
        const QString shown = text(params);
        note->setText(shown);
        note->setAutoFillBackground(!shown.isEmpty());
        note->setVisible(!shown.isEmpty());
    };
    Binding binding {.id = id,
        .label = note,
        .widget = note,
        .refresh = [this, refresh] { refresh(m_params); },
        .note = true};
    append(note);
    binding.refresh();
    m_bindings.push_back(std::move(binding));
    return note;
}

void ParameterForm::addEditor(const QString& id, const QString& label, QWidget* editor,
    std::function<void(const pecards::CardParams&)> refresh, const QString& toolTip) {
    editor->setObjectName(id);
    auto* row = new QWidget(this);
    auto* column = new QVBoxLayout(row);
    column->setContentsMargins(0, 0, 0, 0);
    auto* labelWidget = new QLabel(label, row);
    labelWidget->setToolTip(toolTip);
    column->addWidget(labelWidget);
    column->addWidget(editor);
    append(row);
    Binding binding {
        .id = id, .label = labelWidget, .widget = editor, .row = row, .refresh = [this, refresh] {
            refresh(m_params);
        }};
    binding.refresh();
    m_bindings.push_back(std::move(binding));
}

void ParameterForm::edit(const std::function<void(pecards::CardParams&)>& change) {
    change(m_params);
    changed(QString());
}

void ParameterForm::setVisibleWhen(const QString& id, Predicate visible) {
    for (Binding& binding : m_bindings) {
        if (binding.id == id)
            binding.visible = std::move(visible);
    }
    refreshVisibility();
}

void ParameterForm::setEnabledWhen(const QString& id, Predicate enabled) {
    for (Binding& binding : m_bindings) {
        if (binding.id == id)
            binding.enabled = std::move(enabled);
    }
    refreshVisibility();
}

void ParameterForm::setRangeWhen(const QString& id, RangeRule range) {
    Binding* number = binding(id);
    if (!number || !number->get)
        return;
    number->range = std::move(range);
    number->lastRange = number->range(m_params);
    qobject_cast<SliderSpin*>(number->widget)
        ->setSliderRange(number->lastRange.first, number->lastRange.second);
}

void ParameterForm::setParams(const pecards::CardParams& params) {
    m_params = params;
    for (Binding& binding : m_bindings) {
        if (binding.get)
            binding.wanted = binding.get(m_params);
        if (binding.range) {
            binding.lastRange = binding.range(m_params);
            qobject_cast<SliderSpin*>(binding.widget)
                ->setSliderRange(binding.lastRange.first, binding.lastRange.second);
        }
        binding.refresh();
    }
    refreshVisibility();
}

QWidget* ParameterForm::control(const QString& id) const {
    for (const Binding& binding : m_bindings) {
        if (binding.id == id)
            return binding.widget;
    }
    return nullptr;
}

ParameterForm::Binding* ParameterForm::binding(const QString& id) {
    for (Binding& binding : m_bindings) {
        if (binding.id == id)
            return &binding;
    }
    return nullptr;
}

void ParameterForm::changed(const QString& id) {
    applyRanges(id);
    // A change may set other fields (a scaling type fills its defaults): every other control
    // shows them; the control just edited keeps what the user typed.
    for (Binding& binding : m_bindings) {
        if (binding.id == id)
            continue;
        if (binding.get && !binding.range)
            binding.wanted = binding.get(m_params);
        binding.refresh();
    }
    refreshVisibility();
    emit edited(m_params);
}

void ParameterForm::applyRanges(const QString& except) {
    for (Binding& binding : m_bindings) {
        if (!binding.range)
            continue;
        const std::pair<double, double> range = binding.range(m_params);
        if (range == binding.lastRange || binding.id == except)
            continue; // a value the user just typed is never replaced
        binding.lastRange = range;
        qobject_cast<SliderSpin*>(binding.widget)->setSliderRange(range.first, range.second);
        binding.set(m_params, std::clamp(binding.wanted, range.first, range.second));
        binding.refresh();
    }
}

void ParameterForm::refreshVisibility() {
    // A row is one widget of the box layout (addRow): hidden, it takes no space and keeps no
    // place, whatever was shown before.
    for (const Binding& binding : m_bindings) {
        if (binding.row)
            binding.row->setVisible(!binding.visible || binding.visible(m_params));
        if (binding.enabled && binding.widget)
            binding.widget->setEnabled(binding.enabled(m_params));
    }
}

} // namespace pecards::gui
