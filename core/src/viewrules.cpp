// Rules shared by every backend and front end (viewrules.h).

#include "pecards/viewrules.h"

#include <algorithm>

namespace pecards {

std::int64_t effectiveSeqLen(const RopeParams& rope, std::int64_t length) {
    return rope.seq_len > 0 ? rope.seq_len : length;
}

bool isCausal(const CardParams& params) {
    const bool alibi_card = params.card == Card::Alibi || params.card == Card::Hybrid;
    return params.causal || (alibi_card && params.alibi.form == AlibiForm::Causal);
}

bool normaliserEstimable(const CardParams& params) {
    const bool alibi_card = params.card == Card::Alibi || params.card == Card::Hybrid;
    const bool row_offset
        = params.alibi.form == AlibiForm::RowOffsetBloom || params.alibi.form == AlibiForm::RowOffsetFoundry;
    return !(alibi_card && row_offset && !isCausal(params));
}

Visibility visibility(const CardParams& params) {
    return {isCausal(params), params.attention_sinks, params.sliding_window, params.attention_chunk};
}

int visibleDeltas(
    const Visibility& visibility, std::int64_t row, std::int64_t j0, std::int64_t j1, DeltaRange (&out)[2]) {
    j0 = std::max(j0, visibility.chunkFirst(row)); // the row's chunk bounds every key range
    j1 = std::min(j1, visibility.chunkLast(row));
    int n = 0;
    // Keys [a, z] visible on deltas [low, high]: deltas [max(row - z, low), min(row - a, high)].
    const auto add = [&](std::int64_t a, std::int64_t z, std::int64_t low, std::int64_t high) {
        const std::int64_t lo = std::max(row - z, low);
        const std::int64_t hi = std::min(row - a, high);
        if (a <= z && lo <= hi) {
            out[n++] = {lo, hi};
        }
    };
    const std::int64_t sink_end = visibility.sinkEnd();
    add(std::max(j0, sink_end), j1, visibility.bandLow(), visibility.bandHigh());
    add(j0, std::min(j1, sink_end - 1), visibility.causalLow(), kNoDeltaLimit);
    return n;
}

} // namespace pecards
