#include "settings/preferencesdialog.h"

#include "settings/languageswitcher.h"
#include "widgets/colormaplookup.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>

namespace pecards::gui {

PreferencesDialog::PreferencesDialog(const pecards::app::Preferences& current, QWidget* parent)
    : QDialog(parent)
    , m_theme(new QComboBox(this))
    , m_colormap(new QComboBox(this))
    , m_language(new QComboBox(this))
    , m_device(new QLineEdit(current.device, this)) {
    setWindowTitle(tr("Preferences"));
    m_theme->addItem(tr("Light"), pecards::app::themeName(pecards::app::Theme::Light));
    m_theme->addItem(tr("Dark"), pecards::app::themeName(pecards::app::Theme::Dark));
    m_theme->setCurrentIndex(m_theme->findData(pecards::app::themeName(current.theme)));
    for (const QString& name : heatmapColormapNames())
        m_colormap->addItem(name, name);
    m_colormap->setCurrentIndex(std::max(0, m_colormap->findData(current.colormap)));
    for (const QString& code : LanguageSwitcher::languages())
        m_language->addItem(LanguageSwitcher::languageName(code), code);
    m_language->setCurrentIndex(std::max(0, m_language->findData(current.language)));
    m_device->setPlaceholderText(tr("automatic"));

    auto* form = new QFormLayout(this);
    form->addRow(tr("Theme:"), m_theme);
    form->addRow(tr("Colour map:"), m_colormap);
    auto* colormapNote
        = new QLabel(tr("Used by views without a map of their own (phase, one-signed scores)."), this);
    colormapNote->setWordWrap(true);
    form->addRow(QString(), colormapNote);
    form->addRow(tr("Language:"), m_language);
    form->addRow(tr("OpenCL device:"), m_device);
    auto* deviceNote = new QLabel(tr("Part of the device name; takes effect at the next start."), this);
    deviceNote->setWordWrap(true);
    form->addRow(QString(), deviceNote);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    form->addRow(buttons);
}

pecards::app::Preferences PreferencesDialog::preferences() const {
    pecards::app::Preferences result;
    result.theme = m_theme->currentData().toString() == pecards::app::themeName(pecards::app::Theme::Dark)
        ? pecards::app::Theme::Dark
        : pecards::app::Theme::Light;
    result.colormap = m_colormap->currentData().toString();
    result.language = m_language->currentData().toString();
    result.device = m_device->text().trimmed();
    return result;
}

} // namespace pecards::gui
