// Golden and property tests of relative position encodings (relative.h): Shaw clipping,
// T5 buckets (HF `_relative_position_bucket`, float32 log), Transformer-XL embedding,
// `_rel_shift` and the four score terms.

#include "pecards/errors.h"
#include "pecards/probe.h"
#include "pecards/relative.h"
#include "support/golden.h"

#include <cmath>
#include <gtest/gtest.h>

namespace pecards {
namespace {

using test::expectClose;
using test::GoldenCase;

TEST(ShawGolden, ClippedIndexL6K2) {
    const GoldenCase c = GoldenCase::load("shaw_clipped_index_L6_k2");
    const auto lq = c.params().at("Lq").get<std::int64_t>();
    const auto lk = c.params().at("Lk").get<std::int64_t>();
    const auto k = c.params().at("k").get<std::int64_t>();
    Eigen::MatrixXd got(lq, lk);
    for (std::int64_t i = 0; i < lq; ++i) {
        for (std::int64_t j = 0; j < lk; ++j) {
            got(i, j) = static_cast<double>(shawIndex(i + (lk - lq), j, k)); // queries are the last Lq keys
        }
    }
    EXPECT_TRUE(expectClose(got, c.expectMatrix("index"), c.tolerance()));
}

TEST(ShawProperty, EveryOffsetBeyondKSharesOneIndex) {
    for (std::int64_t k : {0, 1, 3, 16}) {
        EXPECT_EQ(shawIndex(0, 0, k), k);
        EXPECT_EQ(shawIndex(0, k + 1, k), 2 * k);
        EXPECT_EQ(shawIndex(0, k + 1000, k), 2 * k);
        EXPECT_EQ(shawIndex(1000 + k, 0, k), 0);
    }
    EXPECT_THROW(shawIndex(0, 1, -1), InvalidParameter);
}

/// Buckets of a list of relative positions.
Eigen::VectorXd buckets(
    const Eigen::VectorXd& positions, bool bidirectional, int num_buckets, int max_distance) {
    Eigen::VectorXd out(positions.size());
    for (Eigen::Index n = 0; n < positions.size(); ++n) {
        out[n] = t5Bucket(static_cast<std::int64_t>(positions[n]), bidirectional, num_buckets, max_distance);
    }
    return out;
}

TEST(T5Golden, BucketsNb32Md128L8) {
    const GoldenCase c = GoldenCase::load("t5_buckets_nb32_md128_L8");
    const int nb = c.params().at("num_buckets").get<int>();
    const int md = c.params().at("max_distance").get<int>();
    const Eigen::MatrixXd rel = c.expectMatrix("relative_position");
    const Eigen::VectorXd positions = c.paramVector("positions");
    const Eigen::VectorXd range = c.paramVector("sweep_range");
    const auto sweep_count = static_cast<Eigen::Index>(range[1] - range[0] + 1);
    const Eigen::VectorXd sweep = Eigen::VectorXd::LinSpaced(sweep_count, range[0], range[1]);
    for (bool bidirectional : {true, false}) {
        SCOPED_TRACE(bidirectional ? "bidirectional" : "unidirectional");
        const std::string suffix = bidirectional ? "_bidirectional" : "_unidirectional";
        Eigen::MatrixXd matrix(rel.rows(), rel.cols());
        for (Eigen::Index i = 0; i < rel.rows(); ++i) {
            EXPECT_TRUE(expectClose(rel.row(i),
                Eigen::RowVectorXd::LinSpaced(rel.cols(), -double(i), double(rel.cols() - 1 - i)),
                {0, 0})); // n = key - query
            matrix.row(i) = buckets(rel.row(i).transpose(), bidirectional, nb, md).transpose();
        }
        EXPECT_TRUE(expectClose(matrix, c.expectMatrix("matrix" + suffix), c.tolerance()));
        EXPECT_TRUE(expectClose(buckets(positions, bidirectional, nb, md),
            c.expectVector("at_positions" + suffix), c.tolerance()));
        EXPECT_TRUE(expectClose(
            buckets(sweep, bidirectional, nb, md), c.expectVector("sweep" + suffix), c.tolerance()));
    }
}

TEST(T5Golden, BucketBoundariesDecidedByFloat32) {
    const GoldenCase c = GoldenCase::load("t5_bucket_boundaries_visible_set");
    for (const auto& combo : c.params().at("combos")) {
        const int nb = combo.at("num_buckets").get<int>();
        const int md = combo.at("max_distance").get<int>();
        const bool bidirectional = combo.at("bidirectional").get<bool>();
        const std::string key = "nb" + std::to_string(nb) + "_md" + std::to_string(md)
            + (bidirectional ? "_bidirectional" : "_unidirectional");
        SCOPED_TRACE(key);
        const Eigen::VectorXd positions = test::toVector(combo.at("relative_positions"));
        EXPECT_TRUE(
            expectClose(buckets(positions, bidirectional, nb, md), c.expectVector(key), c.tolerance()));
    }
}

TEST(T5Golden, T5BaseConfigBuckets) {
    // cfg_t5-base: relative_attention_num_buckets 32, relative_attention_max_distance 128.
    const GoldenCase c = GoldenCase::load("cfg_t5-base");
    const int nb = c.expect().at("num_buckets").get<int>();
    const int md = c.expect().at("max_distance").get<int>();
    const Eigen::VectorXd positions = c.expectVector("positions");
    EXPECT_TRUE(expectClose(
        buckets(positions, true, nb, md), c.expectVector("encoder_buckets_bidirectional"), c.tolerance()));
    EXPECT_TRUE(expectClose(
        buckets(positions, false, nb, md), c.expectVector("decoder_buckets_unidirectional"), c.tolerance()));
}

struct BucketCase {
    int num_buckets;
    int max_distance;
    bool bidirectional;
};

void PrintTo(const BucketCase& c, std::ostream* os) {
    *os << "nb" << c.num_buckets << "_md" << c.max_distance
        << (c.bidirectional ? "_bidirectional" : "_unidirectional");
}

class T5BucketProperty : public ::testing::TestWithParam<BucketCase> { };

TEST_P(T5BucketProperty, ExactNearZeroMonotoneAndInRange) {
    const auto [nb, md, bidirectional] = GetParam();
    const int half = bidirectional ? nb / 2 : nb;
    const int max_exact = half / 2;
    int previous_past = 0;
    for (std::int64_t n = 0; n <= 4 * md; ++n) {
        const int past = t5Bucket(-n, bidirectional, nb, md);
        ASSERT_GE(past, 0);
        ASSERT_LT(past, half);
        ASSERT_GE(past, previous_past) << "n = " << -n; // non-decreasing with distance
        if (n < max_exact) {
            ASSERT_EQ(past, n); // exact buckets for small |n|
        }
        if (n >= md) {
            ASSERT_EQ(past, half - 1); // everything beyond max_distance shares the last bucket
        }
        previous_past = past;
        const int future = t5Bucket(n, bidirectional, nb, md);
        if (bidirectional) {
            ASSERT_EQ(future, n == 0 ? 0 : past + half); // the sign picks the half
        } else {
            ASSERT_EQ(future, 0); // a decoder sees no future: all in bucket 0
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Sets, T5BucketProperty,
    ::testing::Values(BucketCase {32, 128, true}, BucketCase {32, 128, false}, BucketCase {8, 20, true},
        BucketCase {64, 1000, false}, BucketCase {4, 2, true}));

TEST(T5Bucket, RejectsParametersWithoutLogSpacedRange) {
    EXPECT_THROW(t5Bucket(5, true, 2, 128), InvalidParameter); // bidirectional needs >= 4 buckets
    EXPECT_THROW(t5Bucket(5, false, 1, 128), InvalidParameter);
    EXPECT_THROW(t5Bucket(5, true, 32, 8), InvalidParameter); // max_distance <= max_exact = 8
    EXPECT_THROW(t5Bucket(5, false, 32, 0), InvalidParameter);
    EXPECT_NO_THROW(t5Bucket(5, true, 32, 9));
}

TEST(TxlGolden, PositionalEmbeddingKlen6D8) {
    const GoldenCase c = GoldenCase::load("txl_pos_emb_klen6_d8");
    const auto klen = c.params().at("klen").get<std::int64_t>();
    const int d = c.params().at("d").get<int>();
    const auto clamp = c.params().at("clamp_len").get<std::int64_t>();
    EXPECT_TRUE(expectClose(txlRelativeEmbedding(klen, d, clamp), c.expectMatrix("pos_emb"), c.tolerance()));
}

TEST(TxlProperty, ClampLenRepeatsTheClampedRow) {
    const Eigen::MatrixXd full = txlRelativeEmbedding(10, 8);
    const Eigen::MatrixXd clamped = txlRelativeEmbedding(10, 8, 3);
    for (Eigen::Index row = 0; row < 10; ++row) {
        const Eigen::Index pos = std::min<Eigen::Index>(9 - row, 3);
        EXPECT_TRUE(expectClose(clamped.row(row), full.row(9 - pos), {0, 0})) << "row " << row;
    }
}

TEST(TxlGolden, RelShiftKlen6) {
    const GoldenCase c = GoldenCase::load("txl_rel_shift_klen6_d8");
    const Eigen::MatrixXd x = c.paramMatrix("x");
    EXPECT_TRUE(expectClose(txlRelShift(x, false), c.expectMatrix("out"), c.tolerance()));
    EXPECT_TRUE(expectClose(txlRelShift(x, true), c.expectMatrix("out_zero_triu"), c.tolerance()));
    // Inside the valid mask the shift puts distance (klen - qlen) + i - j at (i, j).
    const Eigen::MatrixXd mask = c.expectMatrix("valid_mask");
    const Eigen::MatrixXd distance = c.expectMatrix("relative_distance");
    const Eigen::MatrixXd out = txlRelShift(x, false);
    for (Eigen::Index i = 0; i < x.rows(); ++i) {
        for (Eigen::Index j = 0; j < x.cols(); ++j) {
            if (mask(i, j) != 0) {
                const auto column = x.cols() - 1 - static_cast<Eigen::Index>(distance(i, j));
                EXPECT_EQ(out(i, j), x(i, column)) << "(" << i << ", " << j << ")";
            }
        }
    }
}

TEST(TxlProperty, TermsMatchExplicitProducts) {
    const GoldenCase c = GoldenCase::load("txl_pos_emb_klen6_d8");
    const Eigen::MatrixXd pos_emb = c.expectMatrix("pos_emb"); // rows: distance klen-1 .. 0
    const int d = 8;
    const std::uint64_t seed = 7;
    const Eigen::VectorXd q = contentVector(seed, ProbeStream::Query, 0, d);
    const Eigen::VectorXd k = contentVector(seed, ProbeStream::Key, 0, d);
    const Eigen::VectorXd u = contentVector(seed, ProbeStream::U, 0, d);
    const Eigen::VectorXd v = contentVector(seed, ProbeStream::V, 0, d);
    Eigen::MatrixXd w_r(d, d);
    for (int r = 0; r < d; ++r) {
        w_r.row(r) = contentVector(seed, ProbeStream::WR, r, d).transpose();
    }
    for (std::int64_t distance = 0; distance < pos_emb.rows(); ++distance) {
        const Eigen::VectorXd r = pos_emb.row(pos_emb.rows() - 1 - distance).transpose();
        const TxlTerms t = txlTerms(q, k, u, v, w_r, distance);
        EXPECT_NEAR(t.a, q.dot(k), 1e-12);
        EXPECT_NEAR(t.b, q.dot(w_r * r), 1e-9);
        EXPECT_NEAR(t.c, u.dot(k), 1e-12);
        EXPECT_NEAR(t.d, v.dot(w_r * r), 1e-9);
        EXPECT_NEAR(t.total(), t.a + t.b + t.c + t.d, 1e-15);
    }
    EXPECT_THROW(txlTerms(q, k, u, v, Eigen::MatrixXd::Zero(d, d + 1), 1), InvalidParameter);
    EXPECT_THROW(txlTerms(q, Eigen::VectorXd::Zero(d - 2), u, v, w_r, 1), InvalidParameter);
}

} // namespace
} // namespace pecards
