// The teacher's tools over the picture (#31 item 5, presentation/teachingoverlay.h): in
// presentation and lessons D turns the pen on and the mouse draws; Esc erases the drawing first
// and leaves only when nothing is drawn; B blanks the screen and B or Esc brings the picture back;
// outside presentation and lessons the keys do nothing; Help > Keyboard shortcuts lists them.
#include "guitestsupport.h"
#include "lessons/lessoncontroller.h"
#include "lessons/lessonplayer.h"
#include "presentation/presentationcontroller.h"
#include "presentation/teachingoverlay.h"
#include "window/mainwindow.h"
#include "window/shortcutlist.h"
#include "windowtest.h"

#include <QApplication>
#include <QImage>
#include <QMouseEvent>
#include <QSpinBox>
#include <algorithm>
#include <cmath>

using namespace pecards::gui;

namespace {

class Teaching : public guitest::WindowTest<1280, 720> {
protected:
    void SetUp() override {
        WindowTest::SetUp();
        ASSERT_TRUE(activate());
    }

    /// Presentation and lessons change the application's font: they leave before the next test.
    void TearDown() override {
        m_window.presentation()->setActive(false);
        m_window.lessons()->player()->stop();
    }

    TeachingOverlay* overlay() const { return m_window.teaching(); }

    /// A mouse event sent to the overlay at `at` (its coordinates).
    void mouse(QEvent::Type type, QPoint at, Qt::MouseButtons buttons) {
        QMouseEvent event(
            type, QPointF(at), QPointF(overlay()->mapToGlobal(at)), Qt::LeftButton, buttons, {});
        QApplication::sendEvent(overlay(), &event);
    }

    /// The window as the class sees it.
    QImage screen() { return m_window.grab().toImage().convertToFormat(QImage::Format_RGB32); }

    /// Pixels of `image` in the pen's colour.
    static int penPixels(const QImage& image) {
        int count = 0;
        const QRgb pen = TeachingOverlay::penColor().rgb();
        for (int y = 0; y < image.height(); ++y) {
            const auto* line = reinterpret_cast<const QRgb*>(image.constScanLine(y));
            count += static_cast<int>(std::count(line, line + image.width(), pen));
        }
        return count;
    }
};

} // namespace

TEST_F(Teaching, ThePenDrawsInPresentationAndEscErasesBeforeItLeaves) {
    m_window.presentation()->setActive(true);
    QTest::keyClick(&m_window, Qt::Key_D);
    ASSERT_TRUE(overlay()->isPenOn());
    const int before = penPixels(screen());
    // A circle drawn around the middle of the picture, as a teacher marks a diagonal.
    const QPoint centre = overlay()->rect().center();
    mouse(QEvent::MouseButtonPress, centre + QPoint(60, 0), Qt::LeftButton);
    for (int step = 1; step <= 36; ++step) {
        const double angle = step * 2 * 3.14159265358979 / 36;
        mouse(QEvent::MouseMove,
            centre + QPoint(static_cast<int>(60 * std::cos(angle)), static_cast<int>(60 * std::sin(angle))),
            Qt::LeftButton);
    }
    mouse(QEvent::MouseButtonRelease, centre + QPoint(60, 0), Qt::NoButton);
    EXPECT_EQ(overlay()->strokeCount(), 1);
    EXPECT_GT(penPixels(screen()), before + 300); // a 2π·60 px stroke, several pixels wide

    QTest::keyClick(&m_window, Qt::Key_Escape); // erases
    EXPECT_EQ(overlay()->strokeCount(), 0);
    EXPECT_TRUE(m_window.presentation()->isActive());
    EXPECT_LE(penPixels(screen()), before);
    QTest::keyClick(&m_window, Qt::Key_Escape); // nothing drawn: leaves
    EXPECT_FALSE(m_window.presentation()->isActive());
    EXPECT_FALSE(overlay()->isPenOn());
    QTest::keyClick(&m_window, Qt::Key_D); // not presenting: nothing
    EXPECT_FALSE(overlay()->isPenOn());
    EXPECT_FALSE(overlay()->isVisible());
}

TEST_F(Teaching, TheScreenGoesBlankInALessonAndComesBack) {
    m_window.lessons()->play();
    QCoreApplication::processEvents();
    ASSERT_TRUE(m_window.lessons()->player()->isActive());
    const auto blackShare = [this] {
        const QImage image = screen();
        int black = 0;
        int samples = 0;
        for (int y = 0; y < image.height(); y += 8) {
            for (int x = 0; x < image.width(); x += 8, ++samples)
                black += image.pixel(x, y) == qRgb(0, 0, 0) ? 1 : 0;
        }
        return static_cast<double>(black) / samples;
    };
    const double shown = blackShare();
    QTest::keyClick(&m_window, Qt::Key_B);
    EXPECT_TRUE(overlay()->isBlank());
    EXPECT_GT(blackShare(), 0.99);
    QTest::keyClick(&m_window, Qt::Key_B);
    EXPECT_FALSE(overlay()->isBlank());
    EXPECT_NEAR(blackShare(), shown, 0.01);
    QTest::keyClick(&m_window, Qt::Key_B);
    QTest::keyClick(&m_window, Qt::Key_Escape); // the picture first, the lesson stays
    EXPECT_FALSE(overlay()->isBlank());
    EXPECT_TRUE(m_window.lessons()->player()->isActive());
    QTest::keyClick(&m_window, Qt::Key_Escape);
    EXPECT_FALSE(m_window.lessons()->player()->isActive());
    EXPECT_FALSE(overlay()->isAvailable());
}

TEST_F(Teaching, TheKeysAreListedWithTheShortcuts) {
    QStringList listed;
    for (const ShortcutEntry& entry : collectShortcuts(m_window))
        listed << entry.keys + QLatin1Char(' ') + entry.command;
    for (const char* expected :
        {"D View > Pen", "L View > Pointer", "B View > Blank screen", "E View > Erase drawing"})
        EXPECT_TRUE(listed.contains(QString::fromLatin1(expected))) << expected << "\n"
                                                                    << listed.join(u'\n').toStdString();
}

// Seen live under X11: with the focus in presentation's speed box, B typed a letter into the box
// instead of blanking the screen (a text field takes printable keys from shortcuts). The
// teacher's keys work whatever has the focus, as presentation's own keys do.
TEST_F(Teaching, TheKeysWorkWithTheFocusInATextField) {
    m_window.presentation()->setActive(true);
    auto* speed = m_window.findChild<QSpinBox*>(QStringLiteral("presentationSpeed"));
    ASSERT_NE(speed, nullptr);
    speed->setFocus();
    QTest::keyClick(speed, Qt::Key_B);
    EXPECT_TRUE(overlay()->isBlank());
    QTest::keyClick(speed, Qt::Key_B);
    EXPECT_FALSE(overlay()->isBlank());
    QTest::keyClick(speed, Qt::Key_D);
    EXPECT_TRUE(overlay()->isPenOn());
    EXPECT_EQ(speed->text(), QString::number(m_window.presentation()->speed()));
}
