// Per-pair usage of a whole checkpoint of real shape (#28): Llama 3.1 8B's attention projections
// (32 layers, hidden 4096, 32 query and 8 key heads of 128, BF16: 1.34 GB of q_proj and k_proj),
// written as a sparse file (a header and a hole), read head by head as `pecards-cli weights` reads
// it (common/checkpointusage.h), against the baseline of the same run: only reading those bytes,
// 4 MiB at a time, without widening or computing. Reports the checkpoint's size, the ratio to the
// baseline and the process's peak resident memory after each benchmark (getrusage ru_maxrss).
// Run: build/bench/tests/benchmarks/pecards_bench_weights

#include "common/checkpoint.h"
#include "common/checkpointusage.h"
#include "common/modelconfig.h"
#include "support/safetensorswriter.h"

#include <QFile>
#include <QTemporaryDir>
#include <benchmark/benchmark.h>
#include <sys/resource.h>

namespace {

constexpr int kLayers = 32;
constexpr std::int64_t kHidden = 4096;

const QByteArray kConfig = R"({"model_type": "llama", "hidden_size": 4096, "num_attention_heads": 32,
    "num_key_value_heads": 8, "num_hidden_layers": 32, "max_position_embeddings": 131072,
    "rope_theta": 500000.0, "rope_scaling": {"rope_type": "llama3", "factor": 8.0, "low_freq_factor": 1.0,
    "high_freq_factor": 4.0, "original_max_position_embeddings": 8192}})";

/// The sparse checkpoint, written once per process.
const QString& checkpointPath() {
    static QTemporaryDir dir;
    static const QString path = [] {
        const QString file = dir.filePath(QStringLiteral("model.safetensors"));
        if (!pecards::test::writeSparseLlamaCheckpoint(file, kLayers, kHidden, 32, 8, 128)) {
            std::abort();
        }
        return file;
    }();
    return path;
}

double peakResidentMiB() {
    rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_maxrss) / 1024.0; // ru_maxrss is in KiB on Linux
}

void BM_Weights_ReadBytesBaseline(benchmark::State& state) {
    const pecards::app::Checkpoint checkpoint(checkpointPath());
    QFile file(checkpointPath());
    if (!file.open(QIODevice::ReadOnly | QIODevice::Unbuffered)) {
        state.SkipWithError("cannot open the checkpoint");
        return;
    }
    const qint64 size = file.size();
    QByteArray chunk(4 << 20, '\0');
    for (auto _ : state) {
        file.seek(0);
        qint64 total = 0;
        while (total < size) {
            const qint64 got = file.read(chunk.data(), chunk.size());
            if (got <= 0) {
                break;
            }
            total += got;
        }
        benchmark::DoNotOptimize(total);
    }
    state.counters["checkpoint_GB"] = static_cast<double>(size) / 1e9;
    state.counters["peak_rss_MiB"] = peakResidentMiB();
}

void BM_Weights_PairUsageAllLayers(benchmark::State& state) {
    const pecards::app::ModelConfig config
        = pecards::app::parseModelConfig(kConfig, QStringLiteral("config.json"));
    const pecards::app::Checkpoint checkpoint(checkpointPath());
    const pecards::app::AttentionWeights weights
        = pecards::app::locateAttentionWeights(checkpoint, config, std::nullopt);
    for (auto _ : state) {
        double sum = 0.0;
        for (std::size_t layer = 0; layer < weights.layers.size(); ++layer) {
            sum += pecards::app::layerUsage(checkpoint, weights, layer).product.sum();
        }
        benchmark::DoNotOptimize(sum);
    }
    state.counters["layers"] = static_cast<double>(weights.layers.size());
    state.counters["peak_rss_MiB"] = peakResidentMiB();
}

} // namespace

BENCHMARK(BM_Weights_ReadBytesBaseline)->Unit(benchmark::kMillisecond)->Iterations(2);
BENCHMARK(BM_Weights_PairUsageAllLayers)->Unit(benchmark::kMillisecond)->Iterations(2);
BENCHMARK_MAIN();
