#include "support/randomparams.h"

#include <cmath>

namespace pecards::test {

int uniformInt(Random& random, int low, int high) {
    return std::uniform_int_distribution<int>(low, high)(random);
}
double uniformReal(Random& random, double low, double high) {
    return std::uniform_real_distribution<double>(low, high)(random);
}
double logUniform(Random& random, double low, double high) {
    return std::exp(uniformReal(random, std::log(low), std::log(high)));
}
int evenInt(Random& random, int low, int high) {
    return 2 * uniformInt(random, low / 2, high / 2);
}

Eigen::MatrixXd normalMatrix(Eigen::Index rows, Eigen::Index cols, unsigned seed) {
    Random random(seed);
    std::normal_distribution<double> normal;
    Eigen::MatrixXd m(rows, cols);
    for (Eigen::Index r = 0; r < rows; ++r) {
        for (Eigen::Index c = 0; c < cols; ++c) {
            m(r, c) = normal(random);
        }
    }
    return m;
}

CardParams randomParams(Random& random, Card card, int maxLength) {
    CardParams p;
    p.card = card;
    p.length = uniformInt(random, 1, maxLength);
    p.causal = uniformInt(random, 0, 1) == 1;
    p.probe.kind = uniformInt(random, 0, 1) == 1 ? ProbeKind::Random : ProbeKind::Ones;
    p.probe.seed = random();
    p.sinusoidal.d_model = evenInt(random, 4, 64);
    p.sinusoidal.base = logUniform(random, 10.0, 1e6);
    p.rope.head_dim = evenInt(random, 2, 64);
    p.rope.base = logUniform(random, 10.0, 1e7);
    p.rope.layout = uniformInt(random, 0, 1) == 1 ? RopeLayout::HalfSplit : RopeLayout::Interleaved;
    p.alibi.heads = uniformInt(random, 1, 32);
    p.alibi.head = uniformInt(random, 0, p.alibi.heads - 1);
    p.alibi.alibi_bias_max = logUniform(random, 0.5, 16.0);
    p.alibi.form = uniformInt(random, 0, 1) == 1 ? AlibiForm::Symmetric : AlibiForm::Causal;
    p.relative.variant = static_cast<RelativeVariant>(uniformInt(random, 0, 2));
    p.relative.d_model = evenInt(random, 2, 64);
    p.relative.clip_k = uniformInt(random, 0, 40);
    p.relative.bidirectional = uniformInt(random, 0, 1) == 1;
    p.relative.num_buckets = uniformInt(random, p.relative.bidirectional ? 4 : 2, 64);
    const int maxExact = (p.relative.bidirectional ? p.relative.num_buckets / 2 : p.relative.num_buckets) / 2;
    p.relative.max_distance = uniformInt(random, maxExact + 1, 512);
    p.relative.term = static_cast<TxlTerm>(uniformInt(random, 0, 4));
    validate(p);
    return p;
}

} // namespace pecards::test
