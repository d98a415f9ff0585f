// Host/kernel constants as compiler options (kernelconfig.h).

#include "kernelconfig.h"

#include <utility>
#include <vector>

namespace pecards::gpu::detail {

namespace {

template <typename Code> long long value(Code code) {
    return static_cast<long long>(static_cast<cl_int>(code));
}

} // namespace

ReductionCode reductionCode(Reduction reduction) {
    switch (reduction) {
    case Reduction::Sample:
        return ReductionCode::Sample;
    case Reduction::Mean:
        return ReductionCode::Mean;
    case Reduction::Max:
        return ReductionCode::Max;
    case Reduction::Min:
        return ReductionCode::Min;
    }
    return ReductionCode::Sample;
}

std::string buildOptions(const KernelConfig& config) {
    const std::vector<std::pair<const char*, long long>> defines {
        {"PECARDS_CHUNK", config.chunk},
        {"PECARDS_SPAN", config.span},
        {"PECARDS_SPAN_ROWS", config.span_rows},
        {"PECARDS_GRID_ROWS", config.grid_rows},
        {"PECARDS_ROWS", config.rows},
        {"PECARDS_COLS", config.cols},
        {"PECARDS_SAMPLE", value(ReductionCode::Sample)},
        {"PECARDS_MEAN", value(ReductionCode::Mean)},
        {"PECARDS_MAX", value(ReductionCode::Max)},
        {"PECARDS_MIN", value(ReductionCode::Min)},
        {"PECARDS_TABLE_SINUSOIDAL", value(TableMode::Sinusoidal)},
        {"PECARDS_TABLE_ROPE", value(TableMode::Rope)},
        {"PECARDS_TABLE_PHASE", value(TableMode::Phase)},
        {"PECARDS_BIAS_NONE", value(BiasMode::None)},
        {"PECARDS_BIAS_ALIBI", value(BiasMode::Alibi)},
        {"PECARDS_BIAS_T5", value(BiasMode::T5)},
        {"PECARDS_BIAS_SHAW", value(BiasMode::Shaw)},
    };
    std::string options = "-cl-std=CL1.2";
    for (const auto& [name, number] : defines) {
        options += " -D";
        options += name;
        options += '=';
        options += std::to_string(number);
    }
    return options;
}

MaskArgs maskArgs(const Visibility& visibility) {
    return {static_cast<cl_long>(visibility.sinkEnd()), static_cast<cl_long>(visibility.causalLow()),
        static_cast<cl_long>(visibility.bandLow()), static_cast<cl_long>(visibility.bandHigh())};
}

} // namespace pecards::gpu::detail
