#include "views/figureoptionsdialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QSettings>
#include <QSpinBox>
#include <figure/figurepresets.h>

namespace pecards::gui {

namespace {

const QString kWidthKey = QStringLiteral("figure/widthInches");
const QString kHeightKey = QStringLiteral("figure/heightInches");
const QString kFontKey = QStringLiteral("figure/fontPt");
const QString kDpiKey = QStringLiteral("figure/dpi");
const QString kTransparentKey = QStringLiteral("figure/transparent");
const QString kTitleKey = QStringLiteral("figure/title");
const QString kCaptionKey = QStringLiteral("figure/caption");

QString presetLabel(const pecards::app::FigurePreset& preset) {
    const QString size = QStringLiteral("%1 × %2 in, %3 pt")
                             .arg(preset.sizeInches.width())
                             .arg(preset.sizeInches.height())
                             .arg(preset.fontPt);
    if (preset.name == u"column")
        return FigureOptionsDialog::tr("One column (%1)").arg(size);
    if (preset.name == u"two-column")
        return FigureOptionsDialog::tr("Two columns (%1)").arg(size);
    if (preset.name == u"slide")
        return FigureOptionsDialog::tr("Slide 16:9 (%1)").arg(size);
    return FigureOptionsDialog::tr("Poster (%1)").arg(size);
}

} // namespace

FigureOptionsDialog::FigureOptionsDialog(bool raster, QWidget* parent)
    : QDialog(parent)
    , m_preset(new QComboBox(this))
    , m_width(new QDoubleSpinBox(this))
    , m_height(new QDoubleSpinBox(this))
    , m_font(new QDoubleSpinBox(this))
    , m_dpi(new QSpinBox(this))
    , m_transparent(new QCheckBox(tr("Transparent background"), this))
    , m_title(new QCheckBox(tr("Title over the plot"), this))
    , m_caption(new QCheckBox(tr("Caption with every parameter"), this)) {
    setWindowTitle(tr("Figure options"));
    m_preset->addItem(tr("Custom"));
    for (const pecards::app::FigurePreset& preset : pecards::app::figurePresets())
        m_preset->addItem(presetLabel(preset), preset.name);
    for (QDoubleSpinBox* box : {m_width, m_height}) {
        box->setRange(pecards::app::kMinFigureInches, pecards::app::kMaxFigureInches);
        box->setDecimals(3);
        box->setSingleStep(0.5);
        box->setSuffix(tr(" in"));
    }
    m_font->setRange(pecards::app::kMinFontPt, pecards::app::kMaxFontPt);
    m_font->setDecimals(1);
    m_font->setSuffix(tr(" pt"));
    m_dpi->setRange(pecards::app::kMinDpi, pecards::app::kMaxDpi);
    m_dpi->setSuffix(tr(" dpi"));
    m_dpi->setEnabled(raster);
    m_dpi->setToolTip(raster ? tr("Pixels = inches × dpi") : tr("SVG and PDF are vector drawings"));

    const pecards::app::FigureExportOptions last = remembered();
    m_width->setValue(last.sizeInches.width());
    m_height->setValue(last.sizeInches.height());
    m_font->setValue(last.style.labelPt);
    m_dpi->setValue(last.dpi);
    m_transparent->setChecked(last.style.transparentBackground);
    m_title->setChecked(last.style.showTitle);
    m_caption->setChecked(last.style.showCaption);
    const QString inDocument = tr("Off for a paper that sets it in the document: the plot takes its room");
    m_title->setToolTip(inDocument);
    m_caption->setToolTip(inDocument);

    auto* form = new QFormLayout(this);
    form->addRow(tr("Preset:"), m_preset);
    form->addRow(tr("Width:"), m_width);
    form->addRow(tr("Height:"), m_height);
    form->addRow(tr("Font size:"), m_font);
    form->addRow(tr("Resolution:"), m_dpi);
    form->addRow(m_transparent);
    form->addRow(m_title);
    form->addRow(m_caption);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_preset, &QComboBox::activated, this, &FigureOptionsDialog::applyPreset);
}

void FigureOptionsDialog::applyPreset(int index) {
    const pecards::app::FigurePreset* preset
        = pecards::app::findFigurePreset(m_preset->itemData(index).toString());
    if (!preset)
        return;
    m_width->setValue(preset->sizeInches.width());
    m_height->setValue(preset->sizeInches.height());
    m_font->setValue(preset->fontPt);
}

pecards::app::FigureExportOptions FigureOptionsDialog::options() const {
    pecards::app::FigureExportOptions options;
    options.sizeInches = QSizeF(m_width->value(), m_height->value());
    options.dpi = m_dpi->value();
    options.style = pecards::app::styleForFontSize(m_font->value());
    options.style.transparentBackground = m_transparent->isChecked();
    options.style.showTitle = m_title->isChecked();
    options.style.showCaption = m_caption->isChecked();
    return options;
}

void FigureOptionsDialog::remember() const {
    QSettings settings;
    const pecards::app::FigureExportOptions chosen = options();
    settings.setValue(kWidthKey, chosen.sizeInches.width());
    settings.setValue(kHeightKey, chosen.sizeInches.height());
    settings.setValue(kFontKey, chosen.style.labelPt);
    if (m_dpi->isEnabled())
        settings.setValue(kDpiKey, chosen.dpi);
    settings.setValue(kTransparentKey, chosen.style.transparentBackground);
    settings.setValue(kTitleKey, chosen.style.showTitle);
    settings.setValue(kCaptionKey, chosen.style.showCaption);
}

pecards::app::FigureExportOptions FigureOptionsDialog::remembered() {
    const QSettings settings;
    const pecards::app::FigureExportOptions defaults;
    pecards::app::FigureExportOptions options;
    options.sizeInches = QSizeF(settings.value(kWidthKey, defaults.sizeInches.width()).toDouble(),
        settings.value(kHeightKey, defaults.sizeInches.height()).toDouble());
    options.dpi = settings.value(kDpiKey, defaults.dpi).toInt();
    options.style
        = pecards::app::styleForFontSize(settings.value(kFontKey, defaults.style.labelPt).toDouble());
    options.style.transparentBackground = settings.value(kTransparentKey, false).toBool();
    options.style.showTitle = settings.value(kTitleKey, true).toBool();
    options.style.showCaption = settings.value(kCaptionKey, true).toBool();
    // A hand-edited settings file must not give options the exporter refuses.
    return pecards::app::FigureExporter(options).validationError().isEmpty() ? options : defaults;
}

std::optional<pecards::app::FigureExportOptions> FigureOptionsDialog::ask(bool raster, QWidget* parent) {
    FigureOptionsDialog dialog(raster, parent);
    if (dialog.exec() != QDialog::Accepted)
        return std::nullopt;
    dialog.remember();
    return dialog.options();
}

} // namespace pecards::gui
