// The backend chosen per request by its cost (routedbackend.h).

#include "pecards/routedbackend.h"

#include "pecards/errors.h"

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

void RoutedBackend::waitForDevice() {
    if (!m_device) {
        m_device = m_start();
    }
    if (!m_device) {
        throw std::logic_error("RoutedBackend: starting the device gave no backend");
    }
}

Backend& RoutedBackend::choose(const ViewRequest& request) {
    m_last = routeByCost(estimateCost(request), m_device != nullptr, m_startOperations);
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

Grid RoutedBackend::computeCancellable(const ViewRequest& request, ProgressSink& progress) {
    return choose(request).computeCancellable(request, progress);
}

} // namespace pecards
