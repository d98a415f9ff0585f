// The headless figure path in process, stage by stage (#35): the L = 16384 RoPE score, 1024 x 1024
// max-pooled, as `pecards-cli render --view 1024x1024 --reduction max` draws it (6 x 4.5 in, 300 dpi):
//  - compute: the CPU reference (what --device auto picks for it: its work is below the device's
//    start-up cost, routedbackend.h);
//  - spec: colour mapping, title, axes and caption (makeFigureSpec);
//  - paint: the page drawn into its 1800 x 1350 image (FigureExporter::renderImage);
//  - encode: the PNG bytes (FigureExporter::encodePng).
// Each stage's time and its share of the whole figure, measured in the same iteration. The whole
// process adds about 30 ms of loading (bench_figure.py measures it against the NumPy path).
// Run: build/bench/tests/benchmarks/pecards_bench_figure

#include "benchviews.h"
#include "figure/colormaplist.h"
#include "figure/comparefigures.h"
#include "figure/figurebuilder.h"
#include "figure/figureexporter.h"
#include "figure/quantitydefaults.h"

#include <QGuiApplication>
#include <benchmark/benchmark.h>
#include <chrono>
#include <pecards/backend.h>

namespace {

using Clock = std::chrono::steady_clock;

double milliseconds(Clock::time_point start, Clock::time_point end) {
    return std::chrono::duration<double, std::milli>(end - start).count();
}

pecards::ViewRequest figureView() {
    return pecards::bench::ropeScoreView(16384, 1024, pecards::Reduction::Max);
}

void BM_FigureStages_RopeScore_L16384(benchmark::State& state) {
    const std::unique_ptr<pecards::Backend> backend = pecards::makeCpuBackend();
    const pecards::ViewRequest view = figureView();
    const std::string colormap = pecards::app::defaultColormap(view.quantity, view.params.card).toStdString();
    const pecards::app::FigureExporter exporter;
    double compute = 0;
    double spec = 0;
    double paint = 0;
    double encode = 0;
    std::size_t bytes = 0;
    for (auto _ : state) {
        const Clock::time_point t0 = Clock::now();
        pecards::app::ComputedView computed {view, backend->compute(view), QString::fromStdString(colormap)};
        const Clock::time_point t1 = Clock::now();
        const pecards::app::FigureSpec figure = pecards::app::makeFigureSpec(computed.request, computed.grid,
            pecards::app::colormapColors(colormap), pecards::app::computedRange(computed));
        const Clock::time_point t2 = Clock::now();
        QImage image = exporter.renderImage(figure);
        const Clock::time_point t3 = Clock::now();
        const QByteArray png = pecards::app::FigureExporter::encodePng(std::move(image), figure);
        const Clock::time_point t4 = Clock::now();
        if (png.isEmpty()) {
            state.SkipWithError("PNG encoding failed");
            return;
        }
        compute += milliseconds(t0, t1);
        spec += milliseconds(t1, t2);
        paint += milliseconds(t2, t3);
        encode += milliseconds(t3, t4);
        bytes = static_cast<std::size_t>(png.size());
        state.SetIterationTime(milliseconds(t0, t4) * 1e-3);
    }
    const double n = static_cast<double>(state.iterations());
    const double whole = compute + spec + paint + encode;
    state.counters["compute_ms"] = compute / n;
    state.counters["spec_ms"] = spec / n;
    state.counters["paint_ms"] = paint / n;
    state.counters["encode_ms"] = encode / n;
    state.counters["compute_share"] = compute / whole;
    state.counters["encode_share"] = encode / whole;
    state.counters["png_kib"] = static_cast<double>(bytes) / 1024.0;
}
BENCHMARK(BM_FigureStages_RopeScore_L16384)->Unit(benchmark::kMillisecond)->UseManualTime()->Iterations(10);

} // namespace

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    QGuiApplication app(argc, argv); // fonts for the figure's text
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
