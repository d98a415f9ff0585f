// Every dialog fits a 1280x720 projector (#31 item 1: "no mode may set a minimum size larger
// than the screen ... dialogs"): its minimum size and the size it opens at are within the
// screen, in English and Chinese, in the window and in presentation (its large fonts).
#include "check/checkdialog.h"
#include "guitestsupport.h"
#include "presentation/presentationcontroller.h"
#include "settings/preferencesdialog.h"
#include "views/figureoptionsdialog.h"
#include "window/encodingchoicedialog.h"
#include "window/guidebrowser.h"
#include "window/mainwindow.h"
#include "window/modeldetailsdialog.h"
#include "window/shortcutsdialog.h"
#include "windowtest.h"

#include <QLayout>
#include <common/modelconfig.h>
#include <functional>
#include <memory>

using namespace pecards::gui;

namespace {

class DialogSize : public guitest::WindowTest<1280, 720> {
protected:
    void TearDown() override {
        m_window.presentation()->setActive(false);
        m_window.setLanguage(QStringLiteral("en"));
        WindowTest::TearDown();
    }

    /// Each dialog the menus open, made as they make it (parent: the window).
    std::vector<std::pair<const char*, std::function<std::unique_ptr<QDialog>()>>> dialogs() {
        pecards::CardParams rope;
        rope.card = pecards::Card::Rope;
        return {
            {"figure options (PNG)",
                [this] { return std::make_unique<FigureOptionsDialog>(true, &m_window); }},
            {"figure options (SVG)",
                [this] { return std::make_unique<FigureOptionsDialog>(false, &m_window); }},
            {"encoding choice",
                [this, rope] { return std::make_unique<EncodingChoiceDialog>(rope, &m_window); }},
            {"user guide", [this] { return std::make_unique<GuideBrowser>(&m_window); }},
            {"keyboard shortcuts", [this] { return std::make_unique<ShortcutsDialog>(m_window, &m_window); }},
            {"model details (Gemma 4, the most layer groups)",
                [this] {
                    return std::make_unique<ModelDetailsDialog>(
                        pecards::app::readModelConfig(
                            QStringLiteral(PECARDS_TEST_DATA_DIR "/configs/2026/gemma-4-31b-it.json")),
                        &m_window);
                }},
            {"preferences",
                [this] {
                    return std::make_unique<PreferencesDialog>(pecards::app::Preferences {}, &m_window);
                }},
            {"check an implementation",
                [this, rope] { return std::make_unique<CheckDialog>(rope, &m_window); }},
        };
    }
};

} // namespace

TEST_F(DialogSize, EveryDialogFitsAProjectorOf1280By720) {
    const QSize screen(1280, 720);
    int checked = 0;
    for (const bool presenting : {false, true}) {
        for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
            m_window.setLanguage(language);
            m_window.presentation()->setActive(presenting);
            for (const auto& [name, make] : dialogs()) {
                const std::unique_ptr<QDialog> dialog = make();
                dialog->layout()->activate();
                const std::string what
                    = std::string(name) + ", " + language.toStdString() + (presenting ? ", presenting" : "");
                const QSize minimum = dialog->minimumSizeHint().expandedTo(dialog->minimumSize());
                EXPECT_LE(minimum.width(), screen.width()) << what;
                EXPECT_LE(minimum.height(), screen.height()) << what;
                const QSize opened = dialog->sizeHint().expandedTo(minimum);
                EXPECT_LE(opened.width(), screen.width()) << what;
                EXPECT_LE(opened.height(), screen.height()) << what;
                ++checked;
            }
        }
    }
    EXPECT_EQ(checked, 32);
}
