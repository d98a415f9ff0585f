#pragma once
// Base fixture of the GUI tests that drive the main window: a compute service on the CPU
// reference, the window shown at Width x Height (1280x720: the projector, 1600x1000: the
// default), and showCard(id), which opens a card's tab and loads it.

#include "cards/cardpage.h"
#include "compute/backendprovider.h"
#include "compute/computeservice.h"
#include "window/mainwindow.h"

#include <QString>
#include <gtest/gtest.h>

namespace guitest {

using namespace pecards::gui;

template <int Width, int Height> class WindowTest : public ::testing::Test {
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

    ComputeService m_service {cpuBackendFactory()};
    MainWindow m_window {&m_service};
};

} // namespace guitest
