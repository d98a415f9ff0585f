#pragma once
// Helpers for the GUI tests: wait on a QSignalSpy or a condition with a timeout, so a test that
// never gets its signal fails instead of hanging; find a control by its object name, as a user
// finds it by its place (the widgets expose no accessors for tests).

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QObject>
#include <QSignalSpy>
#include <QTest>
#include <cmath>
#include <cstdint>
#include <functional>
#include <gtest/gtest.h>
#include <stdexcept>
#include <string>

namespace guitest {

using namespace pecards::gui;

inline constexpr int kTimeoutMs = 30000;

/// @brief RoPE's score with q = k = ones at distance `delta`: the sum over pairs of
/// 2 cos(delta theta_i), theta_i = base^(-2i/d) (RoFormer §3.4.3, long-term decay), computed here
/// independently.
inline double ropeOnesScore(double base, int headDim, std::int64_t delta) {
    double sum = 0.0;
    for (int pair = 0; pair < headDim / 2; ++pair)
        sum += 2.0 * std::cos(static_cast<double>(delta) * std::pow(base, -2.0 * pair / headDim));
    return sum;
}

/// @brief Waits until `spy` has recorded at least `count` signals.
inline ::testing::AssertionResult awaitSignals(QSignalSpy& spy, int count = 1, int timeoutMs = kTimeoutMs) {
    QElapsedTimer clock;
    clock.start();
    while (spy.count() < count) {
        if (clock.elapsed() > timeoutMs)
            return ::testing::AssertionFailure()
                << "got " << spy.count() << " of " << count << " signals in " << timeoutMs << " ms";
        spy.wait(50);
    }
    return ::testing::AssertionSuccess();
}

/// @brief Processes events until `condition` holds.
inline ::testing::AssertionResult awaitCondition(
    const std::function<bool()>& condition, const char* what, int timeoutMs = kTimeoutMs) {
    QElapsedTimer clock;
    clock.start();
    while (!condition()) {
        if (clock.elapsed() > timeoutMs)
            return ::testing::AssertionFailure()
                << "timed out after " << timeoutMs << " ms waiting for: " << what;
        QTest::qWait(20);
    }
    return ::testing::AssertionSuccess();
}

/// @brief The descendant of `parent` of type T whose objectName is `name`. Throws (the test
/// fails, naming it) when there is none.
template <typename T> T* named(const QObject* parent, const QString& name) {
    T* found = parent->findChild<T*>(name);
    if (found == nullptr)
        throw std::logic_error("no " + std::string(T::staticMetaObject.className()) + " named \""
            + name.toStdString() + "\" under " + parent->metaObject()->className());
    return found;
}

} // namespace guitest
