// The backend chosen per request by its cost (routedbackend.h).

#include "pecards/routedbackend.h"

#include "pecards/errors.h"

#include <chrono>
#include <cstdio>

namespace pecards {

namespace {

/// "7.13e+07 operations (~0.071 s on one core)"
std::string workText(std::int64_t operations) {
    char text[96];
    std::snprintf(text, sizeof text, "%.3g operations (~%.2g s on one core)", static_cast<double>(operations),
        static_cast<double>(operations) * 1e-9);
    return text;
}

} // namespace

Route routeByCost(const RequestCost& cost, bool device_running, std::int64_t start_operations) {
    if (start_operations <= 0) {
        throw InvalidParameter("start_operations", std::to_string(start_operations), "> 0");
    }
    char start[32];
    std::snprintf(start, sizeof start, "~%.2g s", static_cast<double>(start_operations) * 1e-9);
    if (device_running) {
        return {true, "the device is running (its start-up is paid)"};
    }
    if (cost.work < start_operations) {
        return {false, workText(cost.work) + " cost less than starting the device (" + start + ")"};
    }
    return {true, workText(cost.work) + " outweigh starting the device (" + start + ")"};
}

RoutedBackend::RoutedBackend(std::unique_ptr<Backend> reference,
    std::function<std::unique_ptr<Backend>()> start_device, std::int64_t start_operations)
    : m_reference(std::move(reference))
    , m_start(std::move(start_device))
    , m_startOperations(start_operations) {
    if (!m_reference || !m_start) {
        throw std::invalid_argument("RoutedBackend needs a reference backend and a way to start the device");
    }
    if (start_operations <= 0) {
        throw InvalidParameter("start_operations", std::to_string(start_operations), "> 0");
    }
}

std::string RoutedBackend::name() const {
    if (m_device) {
        return m_device->name();
    }
    return m_reference->name() + "; the device for requests of at least " + workText(m_startOperations);
}

void RoutedBackend::startInBackground(std::function<void()> started) {
    if (m_device || m_starting.valid()) {
        return;
    }
    m_starting = std::async(std::launch::async, [start = m_start, started = std::move(started)] {
        struct Announce { // after the start, whether it returned or threw
            const std::function<void()>& started;
            ~Announce() {
                if (started) {
                    started();
                }
            }
        } announce {started};
        return start();
    });
}

void RoutedBackend::waitForDevice() {
    if (!m_device) {
        m_device = m_starting.valid() ? m_starting.get() : m_start();
    }
    if (!m_device) {
        throw std::logic_error("RoutedBackend: starting the device gave no backend");
    }
}

Backend& RoutedBackend::choose(const ViewRequest& request) {
    const RequestCost cost = estimateCost(request);
    if (!m_device && m_starting.valid()
        && m_starting.wait_for(std::chrono::seconds(0)) == std::future_status::ready) {
        m_device = m_starting.get(); // started meanwhile (get() rethrows its failure)
    }
    m_last = routeByCost(cost, m_device != nullptr, m_startOperations);
    if (!m_last.device) {
        return *m_reference;
    }
    waitForDevice();
    return *m_device;
}

Grid RoutedBackend::compute(const ViewRequest& request) {
    return choose(request).compute(request);
}

Grid RoutedBackend::computeTiled(const ViewRequest& request, ProgressSink& progress) {
    return choose(request).computeTiled(request, progress);
}

} // namespace pecards
