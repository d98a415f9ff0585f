// Lesson 09 (layers without rotation: NoPE, Llama 4's mixed stack, Gemma's local and global bases,
// p-RoPE) against the engine and the models' configs (#26 item 4): each number a step states is
// computed here from the step's state (the CPU reference's views, the frequencies) or read from the
// config the step names by the app's reader, and checked in the English and the Chinese text.
#include "common/modelconfig.h"
#include "lessonsteps.h"
#include "pecards/backend.h"
#include "pecards/modelpositions.h"
#include "pecards/rope.h"

#include <QLocale>
#include <cmath>
#include <functional>
#include <gtest/gtest.h>
#include <numbers>

namespace {

using teachingtest::builtInStep;
using teachingtest::groupWhere;
using teachingtest::shownParams;
using teachingtest::source;
using teachingtest::unseenPairs;

constexpr std::array kLesson {"09-layers-2026.en.json", "09-layers-2026.zh_CN.json"};

bool isEnglish(const char* name) {
    return QLatin1String(name).contains(QLatin1String(".en."));
}

/// The step of lesson 09 in `name` whose text contains `marker`; the test fails without it.
pecards::app::LessonStep step(const char* name, const QString& marker) {
    const std::optional<pecards::app::LessonStep> found = builtInStep(name, marker);
    EXPECT_TRUE(found.has_value()) << name << ": " << marker.toStdString();
    return found.value_or(pecards::app::LessonStep {});
}

/// `text` contains `phrase` (reported with the file's name).
void expectSays(const char* name, const QString& text, const QString& phrase) {
    EXPECT_TRUE(text.contains(phrase)) << name << ": " << phrase.toStdString();
}

pecards::Grid fullView(const pecards::CardParams& params, pecards::Quantity quantity) {
    pecards::ViewRequest request;
    request.params = params;
    request.quantity = quantity;
    request.window = pecards::fullExtent(params, quantity);
    request.out_rows = static_cast<int>(request.window.rows());
    request.out_cols = static_cast<int>(request.window.cols());
    return pecards::makeCpuBackend()->compute(request);
}

pecards::app::ModelConfig config(const char* relative) {
    return pecards::app::readModelConfig(source(QLatin1String(relative)));
}

/// Pairs of `rope` whose wavelength 2 pi / theta_i fits in `span` positions (a full turn within them).
int pairsTurningWithin(const pecards::RopeParams& rope, std::int64_t span) {
    const Eigen::VectorXd theta = pecards::ropeInvFreq(rope);
    int count = 0;
    for (Eigen::Index i = 0; i < theta.size(); ++i)
        count += theta[i] > 0.0 && static_cast<double>(span) * theta[i] >= 2 * std::numbers::pi ? 1 : 0;
    return count;
}

TEST(TeachingLayers, NopeLayerScoresEveryDistanceAlikeAndItsSoftmaxCountsKeys) {
    for (const char* name : kLesson) {
        const bool english = isEnglish(name);
        const pecards::app::LessonStep flat = step(name, QStringLiteral("NoPE"));
        const pecards::CardParams& params = shownParams(flat);
        ASSERT_EQ(params.rope.partial, pecards::RopePartial::NoPE);
        const pecards::Grid score = fullView(params, pecards::Quantity::Score);
        double value = std::numeric_limits<double>::quiet_NaN();
        for (const double v : score.values) {
            if (!std::isfinite(v))
                continue; // masked
            if (std::isnan(value))
                value = v;
            EXPECT_EQ(v, value) << name;
        }
        expectSays(name, flat.text, QStringLiteral("head_dim %1").arg(params.rope.head_dim));
        expectSays(name, flat.text,
            english ? QStringLiteral("every visible entry is %1").arg(value)
                    : QStringLiteral("每个可见项都是 %1").arg(value));

        // The causal softmax of equal logits: 1/(i + 1) on each key j <= i.
        const pecards::app::LessonStep uniform
            = step(name, english ? QStringLiteral("1/(i + 1) to each") : QStringLiteral("各 1/(i + 1)"));
        ASSERT_TRUE(uniform.question.has_value());
        const pecards::Grid attention = fullView(shownParams(uniform), pecards::Quantity::Attention);
        const int row = 9;
        int keys = 0;
        for (int j = 0; j < attention.cols; ++j) {
            if (attention.at(row, j) > 0.0) {
                ++keys;
                EXPECT_NEAR(attention.at(row, j), 1.0 / (row + 1), 1e-12) << name << " key " << j;
            }
        }
        EXPECT_EQ(keys, row + 1);
        const QString answer = uniform.question->answers.at(uniform.question->correct);
        EXPECT_TRUE(uniform.question->prompt.contains(QString::number(row))) << name;
        EXPECT_TRUE(answer.contains(QStringLiteral("1/%1").arg(keys)))
            << name << ": " << answer.toStdString();
        EXPECT_TRUE(answer.contains(QStringLiteral("0")) && answer.contains(QString::number(keys - 1)))
            << name << ": " << answer.toStdString();
    }
}

TEST(TeachingLayers, Llama4StepQuotesItsConfigAndTheQueryTemperature) {
    const pecards::app::ModelConfig llama4
        = config("tests/data/configs/2026/llama-4-maverick.ktransformers-doc.json");
    const pecards::LayerGroup* nope = groupWhere(
        llama4, [](const pecards::LayerGroup& g) { return g.treatment == pecards::LayerTreatment::NoPE; });
    const pecards::LayerGroup* chunked
        = groupWhere(llama4, [](const pecards::LayerGroup& g) { return g.attention_chunk > 0; });
    ASSERT_TRUE(nope != nullptr && chunked != nullptr);
    ASSERT_TRUE(nope->attn_temperature.enabled);
    // The first position whose temperature exceeds 1, and the values the step quotes.
    std::int64_t first = 0;
    while (pecards::queryScale(nope->attn_temperature, first) == 1.0)
        ++first;
    const QLocale c(QLocale::C);
    const QString atFirst = c.toString(pecards::queryScale(nope->attn_temperature, first), 'f', 3);
    const QString atLong = c.toString(pecards::queryScale(nope->attn_temperature, 131071), 'f', 3);
    EXPECT_EQ(atFirst, QStringLiteral("1.069")); // 1 + 0.1 ln 2, HF log1p(floor((p + 1) / 8192)) * 0.1 + 1
    for (const char* name : kLesson) {
        const bool english = isEnglish(name);
        const pecards::app::LessonStep s = step(name, QStringLiteral("Maverick"));
        const auto says = [&](const QString& phrase) { expectSays(name, s.text, phrase); };
        says(english ? QStringLiteral("%1 of Maverick's %2 layers")
                           .arg(nope->layers.size())
                           .arg(llama4.positions.num_layers)
                     : QStringLiteral("Maverick 的 %2 层中有 %1 层")
                           .arg(nope->layers.size())
                           .arg(llama4.positions.num_layers));
        says(english ? QStringLiteral("chunks of %1 keys").arg(chunked->attention_chunk)
                     : QStringLiteral("%1 个键的块").arg(chunked->attention_chunk));
        says(QStringLiteral("<code>floor_scale</code> %1").arg(nope->attn_temperature.floor_scale));
        says(QStringLiteral("<code>attn_scale</code> %1").arg(nope->attn_temperature.attn_scale));
        says(english ? QStringLiteral("1 up to position %1").arg(first - 1)
                     : QStringLiteral("位置 %1 之前为 1").arg(first - 1));
        says(english ? QStringLiteral("%1 from %2").arg(atFirst).arg(first)
                     : QStringLiteral("从 %2 起为 %1").arg(atFirst).arg(first));
        says(english ? QStringLiteral("%1 at position 131071").arg(atLong)
                     : QStringLiteral("位置 131071 处为 %1").arg(atLong));
        ASSERT_TRUE(s.question.has_value());
        EXPECT_TRUE(s.question->answers.at(s.question->correct).startsWith(QString::number(first))) << name;
        // The picture is the NoPE layer of the steps before.
        EXPECT_EQ(shownParams(s).rope.partial, pecards::RopePartial::NoPE);
    }
}

TEST(TeachingLayers, GemmaLocalStepCountsThePairsThatTurnWithinItsWindow) {
    const pecards::app::ModelConfig gemma3 = config("tests/data/configs/2026/gemma-3-27b-it.json");
    const pecards::LayerGroup* local
        = groupWhere(gemma3, [](const pecards::LayerGroup& g) { return g.sliding_window > 0; });
    const pecards::LayerGroup* global
        = groupWhere(gemma3, [](const pecards::LayerGroup& g) { return g.sliding_window == 0; });
    ASSERT_TRUE(local != nullptr && global != nullptr);
    ASSERT_EQ(global->rope.scaling.type, pecards::RopeScalingType::Linear);
    for (const char* name : kLesson) {
        const bool english = isEnglish(name);
        const pecards::app::LessonStep s = step(name, QStringLiteral("Gemma 3"));
        const pecards::CardParams& params = shownParams(s);
        // The step's state is the local layer's: its window, base and head size.
        EXPECT_EQ(params.sliding_window, local->sliding_window);
        EXPECT_EQ(params.rope.base, local->rope.base);
        EXPECT_EQ(params.rope.head_dim, local->rope.head_dim);
        // A key at most W - 1 positions back: the pairs of wavelength <= W - 1 turn fully.
        const int localTurns = pairsTurningWithin(params.rope, params.sliding_window - 1);
        pecards::RopeParams globalBase = params.rope;
        globalBase.base = global->rope.base;
        const int globalTurns = pairsTurningWithin(globalBase, params.sliding_window - 1);
        const int pairs = params.rope.head_dim / 2;
        const auto says = [&](const QString& phrase) { expectSays(name, s.text, phrase); };
        says(english ? QStringLiteral("window of %1 keys").arg(local->sliding_window)
                     : QStringLiteral("%1 个键的窗口").arg(local->sliding_window));
        says(english ? QStringLiteral("%1 of the %2 pairs of a head of %3")
                           .arg(localTurns)
                           .arg(pairs)
                           .arg(params.rope.head_dim)
                     : QStringLiteral("大小为 %3 的头的 %2 个频率对中有 %1 个")
                           .arg(localTurns)
                           .arg(pairs)
                           .arg(params.rope.head_dim));
        says(english ? QStringLiteral("only %1 would").arg(globalTurns)
                     : QStringLiteral("只有 %1 个").arg(globalTurns));
        says(QStringLiteral("L = %1").arg(params.length));
        says(QStringLiteral("×%1").arg(global->rope.scaling.factor));
        const auto decade = [](double base) {
            return QStringLiteral("10<sup>%1</sup>").arg(std::lround(std::log10(base)));
        };
        says(decade(local->rope.base));
        says(decade(global->rope.base));
        ASSERT_TRUE(s.question.has_value());
        EXPECT_EQ(s.question->answers.at(s.question->correct), QString::number(localTurns)) << name;
    }
}

TEST(TeachingLayers, ProportionalRopeStepsShowTheQuarterThatTurnsAndNoUnseenAngle) {
    const pecards::app::ModelConfig gemma4 = config("tests/data/configs/2026/gemma-4-31b-it.json");
    const pecards::LayerGroup* full = groupWhere(gemma4,
        [](const pecards::LayerGroup& g) { return g.rope.partial == pecards::RopePartial::Proportional; });
    ASSERT_NE(full, nullptr);
    for (const char* name : kLesson) {
        const bool english = isEnglish(name);
        const pecards::app::LessonStep phase = step(name, QStringLiteral("partial_rotary_factor"));
        const pecards::CardParams& params = shownParams(phase);
        // The state is Gemma 4's full-attention layer.
        EXPECT_EQ(params.rope.partial, full->rope.partial);
        EXPECT_EQ(params.rope.head_dim, full->rope.head_dim);
        EXPECT_EQ(params.rope.rotary_dim, full->rope.rotary_dim);
        EXPECT_EQ(params.rope.base, full->rope.base);
        // The phase map: columns of the pairs that turn vary, the others stay 0.
        const pecards::Grid grid = fullView(params, pecards::Quantity::Phase);
        int turning = 0;
        for (int col = 0; col < grid.cols; ++col) {
            bool moves = false;
            for (int row = 0; row < grid.rows; ++row)
                moves = moves || grid.at(row, col) != 0.0;
            turning += moves ? 1 : 0;
        }
        const int pairs = params.rope.head_dim / 2;
        const Eigen::VectorXd theta = pecards::ropeInvFreq(params.rope);
        const long slowest = std::lround(2 * std::numbers::pi / theta[turning - 1]);
        const auto says = [&](const pecards::app::LessonStep& s, const QString& phrase) {
            expectSays(name, s.text, phrase);
        };
        says(phase,
            english ? QStringLiteral("head of %1").arg(params.rope.head_dim)
                    : QStringLiteral("大小为 %1 的头").arg(params.rope.head_dim));
        says(phase,
            english ? QStringLiteral("first %1 of its %2 pairs").arg(turning).arg(pairs)
                    : QStringLiteral("%2 个频率对中只有前 %1 个").arg(turning).arg(pairs));
        says(phase,
            english ? QStringLiteral("other %1 pairs").arg(pairs - turning)
                    : QStringLiteral("其余 %1 个").arg(pairs - turning));
        says(phase,
            english ? QStringLiteral("wavelength of %1 positions").arg(slowest)
                    : QStringLiteral("波长为 %1 个位置").arg(slowest));
        ASSERT_TRUE(phase.question.has_value());
        EXPECT_TRUE(phase.question->answers.at(phase.question->correct).startsWith(QString::number(turning)))
            << name;

        // At twice L0 nothing that turns meets an unseen angle; the same head rotating every pair lights the
        // slow ones.
        const pecards::app::LessonStep past
            = step(name, english ? QStringLiteral("the map is dark") : QStringLiteral("整幅图是暗的"));
        const pecards::CardParams& longer = shownParams(past);
        EXPECT_EQ(unseenPairs(longer, 1).first, 0) << name; // row 0 is angle 0
        pecards::CardParams everyPair = longer;
        everyPair.rope.partial = pecards::RopePartial::Classic;
        everyPair.rope.rotary_dim = 0;
        const int lit = unseenPairs(everyPair, 1).first;
        says(past, QStringLiteral("L = %1").arg(longer.length));
        says(past, QStringLiteral("L0 = %1").arg(longer.rope.scaling.original_max_position_embeddings));
        says(past,
            english ? QStringLiteral("within %1 positions").arg(slowest)
                    : QStringLiteral("在 %1 个位置内").arg(slowest));
        says(past,
            english ? QStringLiteral("light %1 of its %2 pairs").arg(lit).arg(pairs)
                    : QStringLiteral("点亮 %2 个频率对中的 %1 个").arg(lit).arg(pairs));
        ASSERT_TRUE(past.question.has_value());
        EXPECT_TRUE(past.question->answers.at(1).startsWith(QString::number(lit)))
            << name; // the distractor's count
    }
}

} // namespace
