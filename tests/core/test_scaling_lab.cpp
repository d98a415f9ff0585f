// The context-extension lab (scaling_lab.h) against independent long-double formulas and the
// reference numbers computed from HF transformers `modeling_rope_utils.py`.

#include "pecards/backend.h"
#include "pecards/errors.h"
#include "pecards/probe.h"
#include "pecards/rope.h"
#include "pecards/scaling_lab.h"
#include "support/testconstants.h"

#include <cmath>
#include <gtest/gtest.h>
#include <numbers>

namespace pecards {
namespace {

using testsupport::kTwoPiL;

RopeParams model(int head_dim, double base) {
    RopeParams p;
    p.head_dim = head_dim;
    p.base = base;
    return p;
}

ScalingLabSettings settings(
    std::vector<RopeScalingType> types, double factor, std::int64_t l0, std::int64_t length) {
    ScalingLabSettings s;
    s.types = std::move(types);
    s.factor = factor;
    s.original_max_position_embeddings = l0;
    s.length = length;
    return s;
}

TEST(ScalingLab, DynamicNtkBaseOfTheIssue) {
    RopeParams p = labScaling(
        model(128, 10000.0), RopeScalingType::Dynamic, settings({RopeScalingType::Dynamic}, 2.0, 2048, 4096));
    const Eigen::VectorXd bases = dynamicNtkBase(p, {1, 2048, 2049, 4096});
    EXPECT_EQ(bases[0], 10000.0);
    EXPECT_EQ(bases[1], 10000.0); // kept up to L0
    // b (s L / L0 - (s - 1))^(d/(d-2)) in long double
    const long double at2049 = 10000.0L * std::pow(2.0L * 2049 / 2048 - 1.0L, 128.0L / 126.0L);
    EXPECT_NEAR(bases[2], static_cast<double>(at2049), 1e-9);
    EXPECT_NEAR(bases[3], 30527.736749, 1e-6);
    const ScalingComparison c
        = compareScalings(model(128, 10000.0), settings({RopeScalingType::Dynamic}, 2.0, 2048, 4096));
    EXPECT_NEAR(c.curves[0].result.inv_freq[1], 0.8509942913, 1e-10);
    EXPECT_NEAR(c.curves[0].ratio[1], 0.8509942913 / std::pow(10000.0, -2.0 / 128.0), 1e-10);
    EXPECT_THROW(dynamicNtkBase(model(128, 10000.0), {4096}), InvalidParameter); // not dynamic
}

TEST(ScalingLab, YarnD8OfTheIssue) {
    const ScalingComparison c
        = compareScalings(model(8, 10000.0), settings({RopeScalingType::Yarn}, 4.0, 4096, 16384));
    const Eigen::VectorXd& f = c.curves[0].result.inv_freq;
    const double expected[] = {1.0, 0.1, 0.00625, 0.00025};
    for (int i = 0; i < 4; ++i) {
        EXPECT_NEAR(f[i], expected[i], 1e-13 * expected[i]) << "pair " << i;
        EXPECT_NEAR(c.curves[0].ratio[i],
            static_cast<double>(expected[i] / std::pow(10000.0L, -2.0L * i / 8)), 1e-12);
    }
    EXPECT_NEAR(c.curves[0].result.attention_factor, 1.138629, 1e-6);
    EXPECT_NEAR(c.curves[0].result.attention_factor, 0.1 * std::log(4.0) + 1.0, 1e-15);
    EXPECT_EQ(c.curves[0].result.correction_low, 1.0);
    EXPECT_EQ(c.curves[0].result.correction_high, 3.0);
}

TEST(ScalingLab, Llama3Pair32OfTheIssue) {
    RopeParams m = model(128, 500000.0);
    const ScalingComparison c = compareScalings(m, settings({RopeScalingType::Llama3}, 8.0, 8192, 65536));
    EXPECT_NEAR(c.theta[32], 0.001414213562, 1e-12);
    EXPECT_NEAR(c.curves[0].result.inv_freq[32], 0.000524846161, 1e-12);
    EXPECT_EQ(c.curves[0].result.band[32], 1); // smoothed band
    // independent: s_i = (L0 / wavelen - low) / (high - low), (1 - s) theta / 8 + s theta
    const long double theta = std::pow(500000.0L, -64.0L / 128.0L);
    const long double smooth = (8192.0L / (kTwoPiL / theta) - 1.0L) / 3.0L;
    EXPECT_NEAR(c.curves[0].ratio[32], static_cast<double>((1.0L - smooth) / 8.0L + smooth), 1e-13);
    EXPECT_NEAR(c.wavelength[32], static_cast<double>(kTwoPiL / theta), 1e-9);
}

TEST(ScalingLab, EveryScalingSideBySide) {
    const ScalingComparison c = compareScalings(model(64, 10000.0),
        settings({RopeScalingType::None, RopeScalingType::Linear, RopeScalingType::Dynamic,
                     RopeScalingType::Yarn, RopeScalingType::Llama3, RopeScalingType::LongRope},
            4.0, 2048, 8192));
    ASSERT_EQ(c.curves.size(), 6U);
    for (Eigen::Index i = 0; i < 32; ++i) {
        EXPECT_EQ(c.curves[0].ratio[i], 1.0);
        EXPECT_NEAR(c.curves[1].ratio[i], 0.25, 1e-15);
        // dynamic at L = 4 L0: b' = b (4*4 - 3)^(64/62), ratio = (b'/b)^(-2i/64)
        const long double kappa = std::pow(13.0L, 64.0L / 62.0L);
        EXPECT_NEAR(c.curves[2].ratio[i], static_cast<double>(std::pow(kappa, -2.0L * i / 64)), 1e-12);
        // longrope default long_factor: s^(i/31); ratio = 1/long_factor
        EXPECT_NEAR(c.curves[5].ratio[i], static_cast<double>(std::pow(4.0L, -i / 31.0L)), 1e-13);
        EXPECT_NEAR(
            c.curves[5].wavelength[i], c.wavelength[i] / c.curves[5].ratio[i], 1e-6 * c.wavelength[i]);
    }
    EXPECT_EQ(c.curves[0].result.attention_factor, 1.0);
    EXPECT_NEAR(
        c.curves[5].result.attention_factor, std::sqrt(1.0 + std::log(4.0) / std::log(2048.0)), 1e-15);
    EXPECT_EQ(c.curves[5].params.scaling.max_position_embeddings, 8192);
}

TEST(ScalingLab, KeysOfAConfigAreKeptForTheirType) {
    RopeParams m = model(128, 500000.0);
    m.scaling.type = RopeScalingType::Llama3;
    m.scaling.factor = 8.0;
    m.scaling.original_max_position_embeddings = 8192;
    m.scaling.high_freq_factor = 2.0;
    const ScalingLabSettings s = settings({RopeScalingType::Llama3, RopeScalingType::Yarn}, 4.0, 4096, 16384);
    const RopeParams llama = labScaling(m, RopeScalingType::Llama3, s);
    EXPECT_EQ(llama.scaling.high_freq_factor, 2.0);
    EXPECT_EQ(llama.scaling.factor, 4.0);
    EXPECT_EQ(llama.scaling.original_max_position_embeddings, 4096);
    const RopeParams yarn = labScaling(m, RopeScalingType::Yarn, s);
    EXPECT_EQ(yarn.scaling.high_freq_factor, 4.0); // another type: HF defaults
    EXPECT_EQ(yarn.scaling.beta_fast, 32.0);
}

TEST(ScalingLab, BadSettingsNameTheValue) {
    const RopeParams m = model(64, 10000.0);
    try {
        compareScalings(m, settings({RopeScalingType::Yarn}, 0.5, 2048, 8192));
        FAIL();
    } catch (const InvalidParameter& e) {
        EXPECT_EQ(e.name(), "factor");
    }
    try {
        compareScalings(m, settings({RopeScalingType::Yarn}, 2.0, 8192, 4096));
        FAIL();
    } catch (const InvalidParameter& e) {
        EXPECT_EQ(e.name(), "original_max_position_embeddings");
    }
    EXPECT_THROW(
        compareScalings(m, settings({RopeScalingType::Yarn, RopeScalingType::Yarn}, 2.0, 2048, 4096)),
        InvalidParameter);
}

/// Independent unseen flag: m theta' mod 2pi > (L0 - 1) theta for pairs with 2pi/theta > L0.
bool referenceUnseen(std::int64_t m, long double scaled, long double theta, std::int64_t l0) {
    if (kTwoPiL / theta <= l0) {
        return false;
    }
    // Angles within 2^-40 turn of the largest training angle count as seen (scaling_lab.h).
    return std::fmod(static_cast<long double>(m) * scaled, kTwoPiL)
        > static_cast<long double>(l0 - 1) * theta + kTwoPiL * 0x1p-40L;
}

TEST(UnseenAngles, CpuGridMatchesTheLongDoubleFlagsForEveryScaling) {
    const std::unique_ptr<Backend> cpu = makeCpuBackend();
    const RopeParams m = model(16, 10000.0);
    const ScalingLabSettings s
        = settings({RopeScalingType::None, RopeScalingType::Linear, RopeScalingType::Dynamic,
                       RopeScalingType::Yarn, RopeScalingType::Llama3, RopeScalingType::LongRope},
            4.0, 1000, 3000);
    for (const RopeScalingType type : s.types) {
        SCOPED_TRACE(toString(type));
        ViewRequest request;
        request.params.card = Card::Rope;
        request.params.length = s.length;
        request.params.rope = labScaling(m, type, s);
        request.quantity = Quantity::UnseenAngles;
        request.window = fullExtent(request.params, request.quantity);
        EXPECT_EQ(request.window, (Window {0, 3000, 0, 8}));
        const Eigen::VectorXd scaled = ropeScaling(request.params.rope, s.length).inv_freq;
        const Eigen::VectorXd theta = ropeInvFreq(m); // the model's trained frequencies (double)
        std::vector<std::vector<int>> flags(3000, std::vector<int>(8));
        for (std::int64_t p = 0; p < 3000; ++p) {
            for (int i = 0; i < 8; ++i) {
                flags[p][i] = referenceUnseen(p, scaled[i], theta[i], 1000);
            }
        }
        request.out_rows = 3000;
        request.out_cols = 8;
        const Grid exact = cpu->compute(request);
        for (std::int64_t p = 0; p < 3000; ++p) {
            for (int i = 0; i < 8; ++i) {
                ASSERT_EQ(exact.at(static_cast<int>(p), i), flags[p][i]) << "m " << p << " pair " << i;
            }
        }
        request.out_rows = 7; // blocks of 428-429 positions
        request.out_cols = 3;
        for (const Reduction reduction : {Reduction::Mean, Reduction::Max, Reduction::Min}) {
            request.reduction = reduction;
            const Grid pooled = cpu->compute(request);
            for (int r = 0; r < 7; ++r) {
                for (int c = 0; c < 3; ++c) {
                    const std::int64_t r0 = blockStart(0, 3000, 7, r);
                    const std::int64_t r1 = blockStart(0, 3000, 7, r + 1);
                    const std::int64_t c0 = blockStart(0, 8, 3, c);
                    const std::int64_t c1 = blockStart(0, 8, 3, c + 1);
                    long count = 0;
                    for (std::int64_t p = r0; p < r1; ++p) {
                        for (std::int64_t i = c0; i < c1; ++i) {
                            count += flags[p][i];
                        }
                    }
                    const long n = (r1 - r0) * (c1 - c0);
                    const double expected = reduction == Reduction::Mean
                        ? static_cast<double>(count) / static_cast<double>(n)
                        : reduction == Reduction::Max ? (count > 0 ? 1.0 : 0.0)
                                                      : (count == n ? 1.0 : 0.0);
                    EXPECT_NEAR(pooled.at(r, c), expected, 1e-15)
                        << toString(reduction) << " " << r << "," << c;
                }
            }
        }
    }
}

TEST(UnseenAngles, UnscaledRopeInsideTrainingSeesEverythingAndLinearFitsExactly) {
    const std::unique_ptr<Backend> cpu = makeCpuBackend();
    ViewRequest request;
    request.params.card = Card::Hybrid;
    request.params.rope = model(64, 10000.0);
    request.params.rope.scaling.original_max_position_embeddings = 2048;
    request.params.length = 2048;
    request.quantity = Quantity::UnseenAngles;
    request.window = fullExtent(request.params, request.quantity);
    request.reduction = Reduction::Max;
    request.out_rows = 1;
    request.out_cols = 32;
    for (const double v : cpu->compute(request).values) {
        EXPECT_EQ(v, 0.0); // positions 0..L0-1 are the training positions
    }
    request.params.length = 2049; // position L0 is past the training range of the long pairs
    request.window = fullExtent(request.params, request.quantity);
    const Grid past = cpu->compute(request);
    EXPECT_EQ(past.values.back(), 1.0);
    EXPECT_EQ(past.values.front(), 0.0); // pair 0 (wavelength 2 pi) turned many times in training
    // Linear s = 4 over L = 4 (L0 - 1) + 1: m / 4 <= L0 - 1 for every position, nothing unseen.
    request.params.rope.scaling.type = RopeScalingType::Linear;
    request.params.rope.scaling.factor = 4.0;
    request.params.length = 4 * 2047 + 1;
    request.window = fullExtent(request.params, request.quantity);
    for (const double v : cpu->compute(request).values) {
        EXPECT_EQ(v, 0.0);
    }
}

TEST(ScalingLab, CardTrainingLengthTakesTheTypesKeyElseTheLength) {
    CardParams card;
    card.card = Card::Rope;
    card.length = 32768;
    EXPECT_EQ(cardTrainingLength(card), 32768); // nothing given: L
    EXPECT_EQ(givenTrainingLength(card.rope.scaling), 0);
    card.rope.scaling.max_position_embeddings = 131072;
    card.rope.scaling.original_max_position_embeddings = 8192;
    EXPECT_EQ(cardTrainingLength(card), 8192); // none, linear, yarn, longrope: original first
    card.rope.scaling.type = RopeScalingType::Yarn;
    EXPECT_EQ(cardTrainingLength(card), 8192);
    card.rope.scaling.type = RopeScalingType::Dynamic; // HF's dynamic NTK: max_position_embeddings
    EXPECT_EQ(cardTrainingLength(card), 131072);
    EXPECT_EQ(cardTrainingLength(card), trainingLength(card.rope.scaling));
    card.rope.scaling.type = RopeScalingType::Llama3;
    card.rope.scaling.original_max_position_embeddings = 0; // llama3 has no fallback
    EXPECT_EQ(cardTrainingLength(card), 32768);
    EXPECT_THROW(trainingLength(card.rope.scaling), InvalidParameter);
}

TEST(UnseenAngles, NeedsTheTrainingLength) {
    const std::unique_ptr<Backend> cpu = makeCpuBackend();
    ViewRequest request;
    request.params.card = Card::Rope;
    request.params.length = 100;
    request.quantity = Quantity::UnseenAngles;
    request.window = fullExtent(request.params, request.quantity);
    try {
        cpu->compute(request);
        FAIL();
    } catch (const InvalidParameter& e) {
        EXPECT_EQ(e.name(), "rope_scaling.original_max_position_embeddings");
    }
}

TEST(ScoreVsDistance, OnesAverageAndBoundAgainstLongDouble) {
    RopeParams m = model(32, 10000.0);
    m.rotary_dim = 16; // 16 pass-through dims
    const ScalingComparison c
        = compareScalings(m, settings({RopeScalingType::None, RopeScalingType::Yarn}, 4.0, 512, 2048));
    const std::vector<std::int64_t> distances = distanceSamples(2048, 9);
    EXPECT_EQ(distances, (std::vector<std::int64_t> {0, 255, 511, 767, 1023, 1279, 1535, 1791, 2047}));
    const Eigen::MatrixXd s = scoreVsDistance(c, distances);
    ASSERT_EQ(s.rows(), 6);
    for (std::size_t k = 0; k < 2; ++k) {
        const Eigen::VectorXd& theta = c.curves[k].result.inv_freq;
        const long double a2 = std::pow(static_cast<long double>(c.curves[k].result.attention_factor), 2.0L);
        for (std::size_t n = 0; n < distances.size(); ++n) {
            long double sum = 0.0L;
            for (Eigen::Index i = 0; i < theta.size(); ++i) {
                sum += std::cos(static_cast<long double>(distances[n]) * theta[i]);
            }
            const auto col = static_cast<Eigen::Index>(n);
            EXPECT_NEAR(s(3 * k, col), static_cast<double>(a2 * 2 * sum + 16), 1e-11);
            EXPECT_NEAR(s(3 * k + 1, col), static_cast<double>(a2 * 2 * sum / 32 + 0.5L), 1e-12);
        }
        EXPECT_NEAR(s(3 * k + 2, 0), (8.0 + 1.0) / 2.0, 1e-12); // B(0) = (d/2 + 1)/2 over r/2 = 8 pairs
    }
    EXPECT_THROW(scoreVsDistance(c, {-1}), InvalidParameter);
}

TEST(AttentionEntropy, MatchesABruteForceSoftmax) {
    RopeParams p = model(8, 10000.0);
    p.layout = RopeLayout::Interleaved;
    const std::int64_t length = 300;
    const Eigen::VectorXd h = attentionEntropy(p, 7, length);
    ASSERT_EQ(h.size(), length);
    EXPECT_NEAR(h[0], 0.0, 1e-15);
    // Independent: rotate each interleaved pair by m theta_i in long double.
    const auto rotated = [&](ProbeStream stream, std::int64_t m) {
        Eigen::VectorXd x = contentVector(7, stream, m, 8);
        for (int i = 0; i < 4; ++i) {
            const long double a = m * std::pow(10000.0L, -2.0L * i / 8);
            const long double x0 = x[2 * i];
            const long double x1 = x[2 * i + 1];
            x[2 * i] = static_cast<double>(x0 * std::cos(a) - x1 * std::sin(a));
            x[2 * i + 1] = static_cast<double>(x0 * std::sin(a) + x1 * std::cos(a));
        }
        return x;
    };
    for (const std::int64_t i : {1L, 57L, 299L}) {
        const Eigen::VectorXd q = rotated(ProbeStream::Query, i);
        std::vector<long double> logits;
        long double top = -1e300L;
        for (std::int64_t j = 0; j <= i; ++j) {
            logits.push_back(q.dot(rotated(ProbeStream::Key, j)) / std::sqrt(8.0L));
            top = std::max(top, logits.back());
        }
        long double z = 0.0L;
        for (const long double x : logits) {
            z += std::exp(x - top);
        }
        long double entropy = 0.0L;
        for (const long double x : logits) {
            const long double prob = std::exp(x - top) / z;
            entropy -= prob * std::log(prob);
        }
        EXPECT_NEAR(h[i], static_cast<double>(entropy), 1e-12) << "row " << i;
        EXPECT_LE(h[i], std::log(static_cast<double>(i + 1)) + 1e-12);
    }
    EXPECT_THROW(attentionEntropy(model(128, 10000.0), 0, 1 << 16), ComputeLimitExceeded);
}

} // namespace
} // namespace pecards
