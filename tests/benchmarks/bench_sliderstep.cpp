// One slider step on the app's real path, offscreen: the RoPE card's base slider moves ->
// ParameterForm -> CardPage -> every visible view's request -> ComputeService -> worker thread ->
// backend (the app's own choice: OpenCL when available, else the CPU reference) -> grid -> the
// requester's callback -> HeatmapFrame (colour range, colour map, QImage) -> paint. median_ms:
// until every visible heatmap shows a picture of the new parameters, painted (the sampled one where
// a view shows it first); exact_median_ms: until every job was answered and each heatmap shows its
// own reduction. Targets (#33): median_ms < 16 ms (one 60 Hz frame) at L = 4096, at most 2x that at
// 2^24 and 1.5x at 2^20, in the same run. The label names the backend that answered.
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
#include <map>
#include <sys/resource.h>
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

/// The request each heatmap answered when it was last painted: a picture counts once it is on
/// screen, painted by the event loop as the app paints it.
class PaintedRequests : public QObject {
public:
    explicit PaintedRequests(const std::vector<HeatmapPanel*>& panels) {
        for (HeatmapPanel* panel : panels) {
            m_panels.emplace(panel->heatmap(), panel);
            panel->heatmap()->installEventFilter(this);
        }
    }
    /// Whether every heatmap painted a picture of `params`: with `exact`, its own reduction's and
    /// no job pending; else any picture (the sampled one a long view shows first, #33).
    bool show(const ComputeService& service, const pecards::CardParams& params, bool exact) const {
        if (exact && !service.isIdle())
            return false;
        return std::all_of(m_panels.begin(), m_panels.end(), [&](const auto& entry) {
            const auto painted = m_painted.find(entry.first);
            return painted != m_painted.end() && painted->second.params == params
                && (!exact || painted->second.reduction == entry.second->controller()->reduction());
        });
    }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::Paint) {
            if (const pecards::ViewRequest* shown = m_panels.at(watched)->controller()->shownRequest())
                m_painted[watched] = *shown;
        }
        return false;
    }

private:
    std::map<QObject*, HeatmapPanel*> m_panels;
    std::map<QObject*, pecards::ViewRequest> m_painted;
};

/// Runs the event loop until the heatmaps have painted `params` (exact: every picture final).
void awaitPictures(const ComputeService& service, const PaintedRequests& painted,
    const pecards::CardParams& params, bool exact) {
    while (!painted.show(service, params, exact))
        QCoreApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents, 50);
}

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

/// One notch of card `cardId`'s slider `control` at L = state.range(0) (the default 4096, 2^20,
/// 2^24): the ratio of the longer lengths' medians to L = 4096's, in the same run, is #33's figure
/// (a first picture's cost follows its pixels, not L). The RoPE card's base moves its positional
/// views; ALiBi's alibi_bias_max moves its content views as well (content attention: the first
/// picture with estimated normalisers, then the exact softmax).
void sliderStep(benchmark::State& state, const char* cardId, const char* control) {
    ComputeService service(defaultBackendFactory());
    MainWindow window(&service);
    window.resize(1600, 1000); // the default window size
    window.show();
    window.showTab(QString::fromLatin1(cardId));
    CardPage* card = window.card(QString::fromLatin1(cardId));
    card->load();
    // Views added to a shown window are shown by queued events.
    std::vector<HeatmapPanel*> panels;
    for (int n = 0; n < 100 && panels.empty(); ++n) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
        panels = visibleHeatmaps(*card);
    }
    if (panels.empty()) {
        state.SkipWithError("the card shows no heatmap");
        return;
    }
    auto* slider = qobject_cast<SliderSpin*>(card->form()->control(QString::fromLatin1(control)));
    if (slider == nullptr) {
        state.SkipWithError("the card has no such slider");
        return;
    }
    pecards::CardParams params = card->params();
    params.length = state.range(0);
    card->setParams(params);
    const PaintedRequests painted(panels);
    awaitPictures(service, painted, card->params(), true); // first pictures, kernels built
    QSlider* base = slider->slider();
    std::vector<double> first;
    std::vector<double> exact;
    int step = 0;
    for (auto _ : state) {
        const auto start = Clock::now();
        base->setValue(base->value() + (++step % 2 == 1 ? 1 : -1)); // one notch, as a drag moves it
        awaitPictures(service, painted, card->params(), false);
        first.push_back(std::chrono::duration<double>(Clock::now() - start).count());
        awaitPictures(service, painted, card->params(), true);
        exact.push_back(std::chrono::duration<double>(Clock::now() - start).count());
    }
    state.counters["median_ms"] = 1e3 * median(first);
    state.counters["exact_median_ms"] = 1e3 * median(exact);
    state.counters["heatmaps"] = static_cast<double>(panels.size());
    const QSize pixels = panels.front()->heatmap()->plotPixels();
    state.counters["first_heatmap_px"] = static_cast<double>(pixels.width()) * pixels.height();
    rusage usage {};
    getrusage(RUSAGE_SELF, &usage); // the process's peak so far: the lengths run in increasing order
    state.counters["peak_rss_mb"] = static_cast<double>(usage.ru_maxrss) / 1024.0;
    state.SetLabel(service.backendInfo().name.toStdString());
}
BENCHMARK_CAPTURE(sliderStep, RopeCard_base, "rope", "base")
    ->Arg(4096)
    ->Arg(std::int64_t {1} << 20)
    ->Arg(std::int64_t {1} << 24)
    ->Iterations(25) // a median of 25 at every length (2^24's exact picture takes ~3 s each)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(sliderStep, AlibiCard_bias_max, "alibi", "alibi_bias_max")
    ->Arg(4096)
    ->Arg(std::int64_t {1} << 20)
    ->Iterations(3) // the exact content attention at 2^20 takes about 10 s
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

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
