// The blocked Q.K^T kernel against an independent formula: content vectors from probe.h, the
// ALiBi bias from alibi.h, at sizes that are not multiples of the kernel's blocks.

#include "gputestsupport.h"
#include "pecards/alibi.h"
#include "pecards/probe.h"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>

namespace pecards::test {
namespace {

TEST(GpuLogits, AlibiContentLogitsMatchDotProductsPlusBias) {
    PECARDS_GET_OPENCL_BACKEND(gpu);
    CardParams params;
    params.card = Card::Alibi;
    params.length = 400;
    params.alibi.heads = 8;
    params.alibi.head = 2;
    params.alibi.head_dim = 40;
    params.alibi.form = AlibiForm::Causal;
    params.probe.seed = 77;
    std::vector<std::int64_t> rows;
    std::vector<std::int64_t> cols;
    for (std::int64_t i = 0; i < 70; ++i) {
        rows.push_back(5 * i + 3);
    }
    for (std::int64_t j = 3; j < 150; ++j) {
        cols.push_back(j);
    }
    const std::vector<float> logits = gpu->contentLogits(params, rows, cols, false);
    ASSERT_EQ(logits.size(), rows.size() * cols.size());
    const double slope = std::pow(2.0, -8.0 * 3 / 8); // m_h = 2^(-8h/H), h = head + 1
    const int d = params.alibi.head_dim;
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const Eigen::VectorXd q = contentVector(params.probe.seed, ProbeStream::Query, rows[r], d);
        for (std::size_t c = 0; c < cols.size(); ++c) {
            const float got = logits[r * cols.size() + c];
            if (cols[c] > rows[r]) {
                EXPECT_EQ(got, -std::numeric_limits<float>::infinity());
                continue;
            }
            const Eigen::VectorXd k = contentVector(params.probe.seed, ProbeStream::Key, cols[c], d);
            const double want
                = q.dot(k) / std::sqrt(double(d)) - slope * static_cast<double>(rows[r] - cols[c]);
            EXPECT_NEAR(got, want, 1e-5 * (1.0 + std::fabs(want))) << "row " << rows[r] << " col " << cols[c];
        }
    }
}

} // namespace
} // namespace pecards::test
