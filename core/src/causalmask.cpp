// Causal masking rule of the views (causalmask.h).

#include "causalmask.h"

namespace pecards::detail {

bool causalMask(const CardParams& params) {
    const bool alibi_card = params.card == Card::Alibi || params.card == Card::Hybrid;
    return params.causal || (alibi_card && params.alibi.form != AlibiForm::Symmetric);
}

} // namespace pecards::detail
