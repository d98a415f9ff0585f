#pragma once
/// @file offscreenguiapp.h
/// @brief A QGuiApplication on the "offscreen" platform for the whole test program (fonts and
/// painting need one; no display is used). Include it once per test executable.

#include <QGuiApplication>
#include <gtest/gtest.h>
#include <memory>

namespace pecards::test {

/// Creates the application before the first test and destroys it after the last.
class OffscreenGuiEnvironment : public ::testing::Environment {
public:
    void SetUp() override {
        qputenv("QT_QPA_PLATFORM", "offscreen");
        m_app = std::make_unique<QGuiApplication>(m_argc, m_argv);
    }
    void TearDown() override { m_app.reset(); }

private:
    int m_argc = 1;
    char m_name[16] = "pecards-tests";
    char* m_argv[2] = {m_name, nullptr};
    std::unique_ptr<QGuiApplication> m_app;
};

inline ::testing::Environment* const kOffscreenGuiEnvironment
    = ::testing::AddGlobalTestEnvironment(new OffscreenGuiEnvironment);

} // namespace pecards::test
