#include "manpages.h"

#include "cliflags.h"
#include "clihelp.h"
#include "cliquantities.h"
#include "common/version.h"
#include "roffwriter.h"
#include "window/startupflags.h"

using namespace Qt::StringLiterals;

namespace {

QString source() {
    return u"PE Cards "_s + QLatin1String(pecards::app::kVersion);
}

/// "EXIT STATUS" -> the man page's section names (FLAGS are OPTIONS, USAGE is SYNOPSIS).
QString manSectionTitle(const char* helpTitle) {
    const QString title = QString::fromLatin1(helpTitle);
    if (title == u"USAGE"_s)
        return u"SYNOPSIS"_s;
    if (title == u"FLAGS"_s)
        return u"OPTIONS"_s;
    return title;
}

void addEnvironment(RoffWriter& page) {
    page.section(u"ENVIRONMENT"_s);
    page.tagged(u"PECARDS_OPENCL_DEVICE"_s, {}, u"Part of the OpenCL device name to compute on."_s);
    page.tagged(u"PECARDS_KERNEL_CACHE_DIR"_s, {},
        u"Folder of the compiled-kernel cache (default ~/.cache/pecards/kernels)."_s);
    page.tagged(u"QT_QPA_PLATFORM"_s, {}, u"The Qt platform plugin, e.g. offscreen for no display."_s);
}

} // namespace

QString guiManPage() {
    RoffWriter page(u"pecards"_s, 1, source(), u"User Commands"_s);
    page.section(u"NAME"_s);
    page.paragraph(u"pecards - the PE Cards desktop app"_s);
    page.section(u"SYNOPSIS"_s);
    page.preformatted(u"pecards [OPTIONS] "_s + QLatin1String(pecards::gui::startupFileArgument().valueName));
    page.section(u"DESCRIPTION"_s);
    page.paragraph(QString::fromUtf8(pecards::gui::startupDescription()));
    page.paragraph(u"Each encoding family is a card: sinusoidal absolute PE, relative PE (Shaw, "
                   "Transformer-XL, T5), ALiBi, RoPE with the context-extension scalings of real models, "
                   "and RoPE + ALiBi. Heatmaps zoom from L = 2^24 down to single positions with exact "
                   "values; Help > User guide in the app explains every view. Without options the app "
                   "opens with the saved preferences; the options below choose what it shows first."_s);
    page.section(u"OPTIONS"_s);
    page.tagged(QString::fromLatin1(pecards::gui::startupFileArgument().name).toUpper(), {},
        QString::fromUtf8(pecards::gui::startupFileArgument().help));
    for (const pecards::gui::StartupFlag& flag : pecards::gui::startupFlags()) {
        QString tag = u"--"_s + QLatin1String(flag.name);
        if (flag.shortName != nullptr)
            tag.prepend(u"-"_s + QLatin1String(flag.shortName) + u", "_s);
        page.tagged(tag, flag.valueName != nullptr ? QLatin1String(flag.valueName) : QString(),
            QString::fromUtf8(flag.help));
    }
    addEnvironment(page);
    page.section(u"FILES"_s);
    page.tagged(u"~/.config/pecards/PE Cards.conf"_s, {},
        u"Preferences (theme, colour map, language, device) and recent workspaces."_s);
    page.tagged(u"*.pecards.json"_s, {},
        u"Workspace files (application/x-pecards-workspace): File > Save workspace."_s);
    page.section(u"SEE ALSO"_s);
    page.paragraph(u"pecards-cli(1)"_s);
    return page.text();
}

QString cliManPage() {
    RoffWriter page(u"pecards-cli"_s, 1, source(), u"User Commands"_s);
    page.section(u"NAME"_s);
    page.paragraph(u"pecards-cli - "_s + QString::fromUtf8(pecards::cli::helpSummary()));
    for (const pecards::cli::HelpSection& section : pecards::cli::helpSections()) {
        page.section(manSectionTitle(section.title));
        if (section.kind == pecards::cli::HelpSection::Kind::Text) {
            page.preformatted(QString::fromUtf8(section.text));
            if (QLatin1String(section.title) == u"USAGE"_s) {
                page.section(u"DESCRIPTION"_s);
                page.paragraph(QString::fromUtf8(pecards::cli::helpDescription()));
            }
            continue;
        }
        page.paragraph(QString::fromUtf8(section.text));
        if (section.kind == pecards::cli::HelpSection::Kind::Quantities) {
            for (const pecards::cli::CliQuantity& quantity : pecards::cli::cliQuantities())
                page.tagged(QLatin1String(quantity.name), {}, pecards::cli::quantityHelp(quantity));
            continue;
        }
        const char* group = nullptr;
        for (const pecards::cli::CliFlag& flag : pecards::cli::cliFlags()) {
            if (group == nullptr || qstrcmp(group, flag.group) != 0) {
                group = flag.group;
                page.subsection(QLatin1String(group));
            }
            page.tagged(u"--"_s + QLatin1String(flag.name),
                flag.valueName != nullptr ? QLatin1String(flag.valueName) : QString(),
                QString::fromStdString(flag.help));
        }
    }
    addEnvironment(page);
    page.section(u"SEE ALSO"_s);
    page.paragraph(u"pecards(1)"_s);
    return page.text();
}
