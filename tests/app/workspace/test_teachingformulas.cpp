// The numbers of the teaching texts that the engine or a paper's formula computes and no other
// test checks (#26; tests/data/teaching-ledger.txt names this test for each): each is computed
// here, from the engine where it has the quantity and from the formula the text cites otherwise,
// and looked for in the English and the Chinese text.
#include "common/modelconfig.h"
#include "lessonsteps.h"
#include "pecards/alibi.h"
#include "pecards/backend.h"
#include "pecards/relative.h"
#include "pecards/rope.h"
#include "pecards/rope_scaling.h"
#include "pecards/scaling_lab.h"
#include "pecards/tricks.h"

#include <QLocale>
#include <cmath>
#include <gtest/gtest.h>
#include <numbers>

namespace {

using teachingtest::readText;
using teachingtest::shownParams;
using teachingtest::source;

constexpr double kTwoPi = 2 * std::numbers::pi;

/// Both language versions of `base` ("resources/cards/rope/back" + ".en.html" / ".zh_CN.html",
/// or a lesson "resources/lessons/01-sinusoids" + ".en.json" / ".zh_CN.json") contain `number`.
void bothSay(const QString& base, const QString& number, const QString& ext = QStringLiteral(".html")) {
    for (const char* language : {".en", ".zh_CN"}) {
        const QString file = base + QLatin1String(language) + ext;
        EXPECT_TRUE(readText(file).contains(number)) << file.toStdString() << ": " << number.toStdString();
    }
}

QString fixed(double value, int decimals) {
    return QString::number(value, 'f', decimals);
}

/// `value` with a space between thousands, as the card texts write large numbers ("54 621").
QString spaced(long long value) {
    QString digits = QString::number(value);
    for (qsizetype at = digits.size() - 3; at > 0; at -= 3)
        digits.insert(at, u' ');
    return digits;
}

TEST(TeachingFormulas, SinusoidLessonQuotesItsWavelengthsAndToeplitzEntries) {
    const std::optional<pecards::app::LessonStep> step
        = teachingtest::builtInStep("01-sinusoids.en.json", QStringLiteral("6.28"));
    ASSERT_TRUE(step.has_value());
    // The first pair's frequency is b^0 = 1 rad per position: wavelength 2 pi.
    bothSay(
        QStringLiteral("resources/lessons/01-sinusoids"), fixed(kTwoPi / 1.0, 2), QStringLiteral(".json"));
    // S[100, 110] and S[400, 410] (the question's pair) are equal: the score depends on p - q only.
    const std::optional<pecards::app::LessonStep> toeplitz
        = teachingtest::builtInStep("01-sinusoids.en.json", QStringLiteral("Toeplitz"));
    ASSERT_TRUE(toeplitz.has_value());
    const auto entry = [&](std::int64_t row, std::int64_t col) {
        pecards::ViewRequest request;
        request.params = shownParams(*toeplitz);
        request.quantity = pecards::Quantity::Score;
        request.window = {row, row + 1, col, col + 1};
        request.out_rows = request.out_cols = 1;
        return pecards::makeCpuBackend()->compute(request).values.front();
    };
    EXPECT_NEAR(entry(100, 110), entry(400, 410), 1e-9);
    ASSERT_TRUE(toeplitz->question.has_value());
    EXPECT_TRUE(toeplitz->question->answers.at(toeplitz->question->correct).contains(QStringLiteral("equal"))
        || toeplitz->question->answers.at(toeplitz->question->correct).contains(QStringLiteral("same")));
}

TEST(TeachingFormulas, ShawHasTwoKPlusOneVectors) {
    const std::optional<pecards::app::LessonStep> step
        = teachingtest::builtInStep("02-relative.en.json", QStringLiteral("2k + 1 ="));
    ASSERT_TRUE(step.has_value());
    const int k = shownParams(*step).relative.clip_k;
    // The indices clip(j - i, -k, k) + k run from shawIndex(big, 0) to shawIndex(0, big).
    const std::int64_t vectors = pecards::shawIndex(0, 1000000, k) - pecards::shawIndex(1000000, 0, k) + 1;
    bothSay(QStringLiteral("resources/lessons/02-relative"), QStringLiteral("= %1").arg(vectors),
        QStringLiteral(".json"));
}

TEST(TeachingFormulas, AlibiSlopesAsTheLessonAndTheCardWriteThem) {
    const auto slopes = [](int heads) {
        pecards::AlibiParams alibi;
        alibi.heads = heads;
        alibi.head = 0;
        return pecards::alibiSlopes(alibi);
    };
    // 8 heads: 1/2 ... 1/256; 12 heads: heads 1-8 as 8 heads, then 2^-0.5, 2^-1.5, 2^-2.5, 2^-3.5.
    const Eigen::VectorXd eight = slopes(8);
    EXPECT_EQ(eight(7), 1.0 / 256);
    bothSay(QStringLiteral("resources/lessons/03-alibi"), QStringLiteral("1/%1").arg(1.0 / eight(7)),
        QStringLiteral(".json"));
    const Eigen::VectorXd twelve = slopes(12);
    for (int h = 0; h < 8; ++h)
        EXPECT_EQ(twelve(h), eight(h)) << h;
    for (int h = 8; h < 12; ++h) {
        bothSay(QStringLiteral("resources/lessons/03-alibi"), fixed(twelve(h), 3), QStringLiteral(".json"));
        bothSay(QStringLiteral("resources/cards/alibi/back"), fixed(twelve(h), 4));
    }
    // BLOOM-560m (16 heads), MPT-7B (32 heads): the first slopes; BLOOM-176B (112 heads): its first
    // slope and the last of the 48 interleaved ones.
    const Eigen::VectorXd sixteen = slopes(16);
    for (int h = 0; h < 3; ++h)
        bothSay(QStringLiteral("resources/cards/alibi/back"), QString::number(sixteen(h), 'g', 4));
    bothSay(QStringLiteral("resources/cards/alibi/back"), fixed(slopes(32)(0), 4));
    const Eigen::VectorXd bloom = slopes(112);
    bothSay(QStringLiteral("resources/cards/alibi/back"), fixed(bloom(0), 3));
    bothSay(QStringLiteral("resources/cards/alibi/back"), fixed(bloom(64), 3));
    bothSay(QStringLiteral("resources/cards/alibi/back"), fixed(bloom(111), 4));
    EXPECT_NEAR(bloom(111), std::exp2(-95.0 / 16), 1e-15);
    // The wrong slopes 2^(-8/H), 2^(-9/H), ... of the misconception, for 8 heads (written out).
    for (const int n : {8, 9, 10, 15})
        bothSay(QStringLiteral("resources/cards/alibi/back"), QString::number(std::exp2(-n / 8.0), 'g', 2));
}

TEST(TeachingFormulas, HybridCardQuotesTheAllOnesRopeTermAndTheSlopesReach) {
    // q = k = ones, d = 128: the RoPE term at distance 0 is d / sqrt(d) = sqrt(d); slope m reaches
    // -sqrt(d) after sqrt(d) / m tokens.
    const double rope = std::sqrt(128.0);
    bothSay(QStringLiteral("resources/cards/hybrid/back"), fixed(rope, 1));
    bothSay(QStringLiteral("resources/cards/hybrid/back"), QString::number(std::ceil(rope / 0.5)));
    bothSay(
        QStringLiteral("resources/cards/hybrid/back"), QString::number(std::round(rope * 256 / 100) * 100));
}

TEST(TeachingFormulas, RopeCardQuotesItsWavelengthsBoundsAndPrecision) {
    const QString card = QStringLiteral("resources/cards/rope/back");
    // The slowest wavelength 2 pi b^((d-2)/d), d = 128: about 54 000 for 10^4, 2.6 million for 5·10^5.
    const double slow4 = kTwoPi * std::pow(1e4, 126.0 / 128.0);
    const double slow5 = kTwoPi * std::pow(5e5, 126.0 / 128.0);
    bothSay(card, QStringLiteral("%1 000").arg(std::lround(slow4 / 1000)));
    EXPECT_TRUE(readText(card + QStringLiteral(".en.html"))
                    .contains(QStringLiteral("%1 million").arg(fixed(slow5 / 1e6, 1))));
    EXPECT_TRUE(readText(card + QStringLiteral(".zh_CN.html"))
                    .contains(QStringLiteral("%1 万").arg(std::lround(slow5 / 1e5) * 10)));
    // Liu et al. 2023: d_extra = 2 ceil((r/2) log_b(L0 / 2 pi)) for r = 128, b = 10^4, L0 = 4096, the
    // wavelength of the next pair T_extra = 2 pi b^(d_extra / r), and with beta = 10^6.
    const double dExtra = 2 * std::ceil(64 * std::log(4096 / kTwoPi) / std::log(1e4));
    bothSay(card, QStringLiteral("= %1").arg(dExtra));
    bothSay(card, QStringLiteral("≈ %1").arg(std::lround(kTwoPi * std::pow(1e4, dExtra / 128))));
    bothSay(card, QStringLiteral("%1 000").arg(std::lround(kTwoPi * std::pow(1e6, dExtra / 128) / 1000)));
    // LLaMA 2 (its preset): the pairs of wavelength above its training length.
    const pecards::RopeParams llama2
        = pecards::app::readModelConfig(source(QStringLiteral("resources/presets/llama-2-7b.json"))).rope;
    const Eigen::VectorXd theta = pecards::ropeInvFreq(llama2);
    int slow = 0;
    for (Eigen::Index i = 0; i < theta.size(); ++i)
        slow += kTwoPi / theta(i) > static_cast<double>(pecards::trainingLength(llama2.scaling)) ? 1 : 0;
    bothSay(card, QStringLiteral(" %1 ").arg(slow));
    // float32 angles: m 2^-24 rad, 0.06 at m = 2^20, a radian at 2^24 = 16 777 216.
    bothSay(card, fixed(std::ldexp(1.0, 20 - 24), 2));
    bothSay(card, spaced(1LL << 24));
    // Phi-3.5-mini (its preset): LongRoPE's attention factor sqrt(1 + ln s / ln L0).
    const pecards::RopeParams phi
        = pecards::app::readModelConfig(source(QStringLiteral("resources/presets/phi-3.5-mini.json"))).rope;
    bothSay(card, QStringLiteral("≈ %1").arg(fixed(pecards::ropeScaling(phi, 131072).attention_factor, 2)));
    // DeepSeek-V2-Lite (its preset): the logits scale by yarn_get_mscale(s, mscale_all_dim)^2 =
    // (0.1 mscale_all_dim ln s + 1)^2 (its modeling code multiplies the softmax scale by it).
    const pecards::RopeScaling deepseek
        = pecards::app::readModelConfig(source(QStringLiteral("resources/presets/deepseek-v2-lite.json")))
              .rope.scaling;
    const double mscale = 0.1 * deepseek.mscale_all_dim * std::log(deepseek.factor) + 1;
    bothSay(card, QStringLiteral("≈ %1").arg(fixed(mscale * mscale, 2)));
    // Gemma 4's full layers read as classic partial rotary: the longest rotating wavelength,
    // 2 pi b^(-(r-2)/head_dim) proportional against 2 pi b^((r-2)/r) classic (b = 10^6, r = 128, 512).
    bothSay(card, QString::number(std::lround(kTwoPi * std::pow(1e6, 126.0 / 512))));
    const double classic = kTwoPi * std::pow(1e6, 126.0 / 128);
    EXPECT_TRUE(readText(card + QStringLiteral(".en.html"))
                    .contains(QStringLiteral("%1 million").arg(fixed(classic / 1e6, 2))));
    EXPECT_TRUE(readText(card + QStringLiteral(".zh_CN.html"))
                    .contains(QStringLiteral("%1 万").arg(std::lround(classic / 1e4))));
}

TEST(TeachingFormulas, RelativeCardsBucketTableAndFloat32Example) {
    // The encoder's past side (bidirectional, 32 buckets, max_distance 128): n = -distance.
    const std::vector<std::pair<int, int>> ranges {
        {0, 7}, {8, 11}, {12, 15}, {16, 22}, {23, 31}, {32, 45}, {46, 63}, {64, 90}};
    int bucket = 8;
    for (const auto& [first, last] : ranges) {
        if (first == 0) {
            for (int n = 0; n <= 7; ++n)
                EXPECT_EQ(pecards::t5Bucket(-n, true, 32, 128), n);
            continue;
        }
        EXPECT_EQ(pecards::t5Bucket(-first, true, 32, 128), bucket) << first;
        EXPECT_EQ(pecards::t5Bucket(-last, true, 32, 128), bucket) << last;
        bothSay(
            QStringLiteral("resources/cards/relative/back"), QStringLiteral("%1–%2").arg(first).arg(last));
        ++bucket;
    }
    EXPECT_EQ(pecards::t5Bucket(-91, true, 32, 128), 15);
    EXPECT_EQ(pecards::t5Bucket(-90, true, 32, 128), 14);
    // The decoder's last bucket 31 is first reached at distance 113.
    EXPECT_EQ(pecards::t5Bucket(-113, false, 32, 128), 31);
    EXPECT_EQ(pecards::t5Bucket(-112, false, 32, 128), 30);
    bothSay(QStringLiteral("resources/cards/relative/back"), QStringLiteral("113"));
    // max_distance 1461, n = -762: float32 (the reference, the engine) 15; float64 (written out) 14.
    EXPECT_EQ(pecards::t5Bucket(-762, true, 32, 1461), 15);
    const int float64 = 8 + static_cast<int>(std::floor(std::log(762.0 / 8) / std::log(1461.0 / 8) * 8));
    EXPECT_EQ(float64, 14);
}

TEST(TeachingFormulas, SinusoidCardsOddWidthAndDistillation) {
    // d = 769: ceil(d/2) frequencies and even columns, floor(d/2) odd columns.
    bothSay(QStringLiteral("resources/cards/sinusoidal/back"), QStringLiteral("%1").arg((769 + 1) / 2));
    bothSay(QStringLiteral("resources/cards/sinusoidal/back"), QStringLiteral("%1").arg(769 / 2));
    // The distillation trick with its defaults: the largest error inside and beyond the training range.
    const pecards::TrickParams tricks;
    const pecards::DistillationResult result = pecards::distillPositions(1e4, tricks);
    bothSay(QStringLiteral("resources/cards/sinusoidal/back"), fixed(result.inside_max, 3));
    bothSay(QStringLiteral("resources/cards/sinusoidal/back"), fixed(result.beyond_max, 2));
}

TEST(TeachingFormulas, WindowLessonsReachAndSmallBasesRatio) {
    // Mistral 7B (its preset): after every layer a key W - 1 further back: layers x (W - 1).
    const pecards::app::ModelConfig mistral
        = pecards::app::readModelConfig(source(QStringLiteral("resources/presets/mistral-7b.json")));
    const std::int64_t reach = static_cast<std::int64_t>(mistral.positions.num_layers)
        * (mistral.positions.groups.front().sliding_window - 1);
    bothSay(QStringLiteral("resources/lessons/08-windows"), QLocale(QLocale::English).toString(reach),
        QStringLiteral(".json"));
    // The small-base page's b^(2/d) for b = 10^4, d = 128 (the card's misconception quotes it too).
    bothSay(QStringLiteral("resources/pitfalls/small-base"), fixed(std::pow(1e4, 2.0 / 128), 3));
    // LongRoPE's factors of Phi-3.5-mini as lesson 05 quotes them: the long list's first and last.
    const pecards::RopeParams phi
        = pecards::app::readModelConfig(source(QStringLiteral("resources/presets/phi-3.5-mini.json"))).rope;
    bothSay(QStringLiteral("resources/lessons/05-context"), fixed(phi.scaling.long_factor.front(), 2),
        QStringLiteral(".json"));
    bothSay(QStringLiteral("resources/lessons/05-context"), fixed(phi.scaling.long_factor.back(), 2),
        QStringLiteral(".json"));
}

} // namespace
