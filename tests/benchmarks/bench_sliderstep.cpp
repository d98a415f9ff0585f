// One slider step on the app's real path, offscreen: the RoPE card's base slider moves ->
// ParameterForm -> CardPage -> every visible view's request -> ComputeService -> worker thread ->
// backend (the app's own choice: OpenCL when available, else the CPU reference) -> grid -> the
// requester's callback -> HeatmapFrame (colour range, colour map, QImage) -> paint. A step ends
// when every submitted job was answered and every visible heatmap shows the new parameters,
// painted. The median over the iterations is the figure the README quotes (target: median < 16 ms,
// one frame at 60 Hz); the label names the backend that answered.
//
// Run: build/<dir>/tests/benchmarks/pecards_bench_app [--benchmark_min_time=...]

#include "cards/cardpage.h"
#include "cards/parameterform.h"
#include "compute/backendprovider.h"
#include "compute/computeservice.h"
#include "views/heatmapcontroller.h"
#include "views/heatmappanel.h"
#include "views/viewslot.h"
#include "widgets/heatmapwidget.h"
#include "widgets/sliderspin.h"
#include "window/mainwindow.h"

#include <QApplication>
#include <QSlider>
#include <QTemporaryDir>
#include <algorithm>
#include <benchmark/benchmark.h>
#include <chrono>
#include <vector>

using namespace pecards::gui;

namespace {

using Clock = std::chrono::steady_clock;

/// The card's heatmaps on screen.
std::vector<HeatmapPanel*> visibleHeatmaps(const CardPage& card) {
    std::vector<HeatmapPanel*> panels;
    for (ViewSlot* slot : card.viewSlots()) {
        if (auto* panel = qobject_cast<HeatmapPanel*>(slot->view()); panel && panel->isVisible())
            panels.push_back(panel);
    }
    return panels;
}

/// Runs the event loop until the service answered everything and each heatmap shows `params`.
void awaitStep(
    ComputeService& service, const std::vector<HeatmapPanel*>& panels, const pecards::CardParams& params) {
    const auto done = [&] {
        if (!service.isIdle())
            return false;
        return std::all_of(panels.begin(), panels.end(), [&params](const HeatmapPanel* panel) {
            const auto shown = panel->controller()->shown();
            return shown && shown->request.params == params;
        });
    };
    while (!done())
        QCoreApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents, 50);
    for (HeatmapPanel* panel : panels)
        panel->heatmap()->repaint(); // the image on screen: paintEvent now, not at the next frame
}

void BM_SliderStep_RopeCard_L4096(benchmark::State& state) {
    ComputeService service(defaultBackendFactory());
    MainWindow window(&service);
    window.resize(1600, 1000); // the default window size
    window.show();
    window.showTab(QStringLiteral("rope"));
    CardPage* card = window.card(QStringLiteral("rope"));
    card->load();
    // Views added to a shown window are shown by queued events.
    std::vector<HeatmapPanel*> panels;
    for (int n = 0; n < 100 && panels.empty(); ++n) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
        panels = visibleHeatmaps(*card);
    }
    if (panels.empty() || card->params().length != 4096) {
        state.SkipWithError("the RoPE card shows no heatmap at L = 4096");
        return;
    }
    awaitStep(service, panels, card->params()); // first pictures, kernels built
    QSlider* base = qobject_cast<SliderSpin*>(card->form()->control(QStringLiteral("base")))->slider();
    std::vector<double> times;
    int step = 0;
    for (auto _ : state) {
        const auto start = Clock::now();
        base->setValue(base->value() + (++step % 2 == 1 ? 1 : -1)); // one notch, as a drag moves it
        awaitStep(service, panels, card->params());
        times.push_back(std::chrono::duration<double>(Clock::now() - start).count());
    }
    std::sort(times.begin(), times.end());
    state.counters["median_ms"] = 1e3 * times[times.size() / 2];
    state.counters["heatmaps"] = static_cast<double>(panels.size());
    const QSize pixels = panels.front()->heatmap()->plotPixels();
    state.counters["first_heatmap_px"] = static_cast<double>(pixels.width()) * pixels.height();
    state.SetLabel(service.backendInfo().name.toStdString());
}
BENCHMARK(BM_SliderStep_RopeCard_L4096)->Unit(benchmark::kMillisecond)->UseRealTime();

} // namespace

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    const QTemporaryDir settingsHome; // preferences never go to the user's
    qputenv("XDG_CONFIG_HOME", settingsHome.path().toUtf8());
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
