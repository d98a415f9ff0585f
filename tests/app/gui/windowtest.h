#pragma once
// The one fixture of the GUI tests that drive the main window: a compute service (the CPU
// reference, or with Device::Automatic the app's own choice: OpenCL when there is a device), the
// window shown at Width x Height (1280x720: the projector, 1600x1000: the default), showCard(id),
// which opens a card's tab and loads it, and activate(), for tests of keyboard shortcuts.

#include "cards/cardpage.h"
#include "compute/backendprovider.h"
#include "compute/computeservice.h"
#include "window/mainwindow.h"

#include <QString>
#include <QTest>
#include <gtest/gtest.h>

namespace guitest {

using namespace pecards::gui;

enum class Device { Cpu, Automatic };

template <int Width, int Height, Device Compute = Device::Cpu> class WindowTest : public ::testing::Test {
protected:
    void SetUp() override {
        m_window.resize(Width, Height);
        m_window.show();
    }

    CardPage* showCard(const QString& id) {
        m_window.showTab(id);
        CardPage* card = m_window.card(id);
        card->load();
        return card;
    }

    /// Makes the window the active one: shortcuts (F5, F6) go to the active window.
    ::testing::AssertionResult activate() {
        m_window.activateWindow();
        if (QTest::qWaitForWindowActive(&m_window))
            return ::testing::AssertionSuccess();
        return ::testing::AssertionFailure() << "the window did not become active";
    }

    /// Shows the window at another size, active.
    ::testing::AssertionResult showAt(int width, int height) {
        m_window.resize(width, height);
        m_window.show();
        return activate();
    }

    ComputeService m_service {Compute == Device::Cpu ? cpuBackendFactory() : defaultBackendFactory()};
    MainWindow m_window {&m_service};
};

} // namespace guitest
