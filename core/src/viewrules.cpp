// Rules shared by every backend and front end (viewrules.h).

#include "pecards/viewrules.h"

namespace pecards {

std::int64_t effectiveSeqLen(const RopeParams& rope, std::int64_t length) {
    return rope.seq_len > 0 ? rope.seq_len : length;
}

bool isCausal(const CardParams& params) {
    const bool alibi_card = params.card == Card::Alibi || params.card == Card::Hybrid;
    return params.causal || (alibi_card && params.alibi.form != AlibiForm::Symmetric);
}

Visibility visibility(const CardParams& params) {
    return {isCausal(params), params.attention_sinks, params.sliding_window};
}

} // namespace pecards
