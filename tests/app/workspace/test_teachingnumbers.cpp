// Numbers the teaching texts state, computed from what the texts describe (#26, the rows of the
// content review fixed so far): lesson 03 step 1 names the head its state shows and that head's
// slope; the small-base pitfall's m = 1707 and 54 621 are the base-bound lab's; the T5 no-clamp
// pitfall puts the silent spill on the encoder side; lesson 05's YaRN step gives the factor on
// cos/sin and its square on the logits for its state's s; the lessons' unseen-angle counts are the
// columns their pictures light; the card misconceptions' numbers; lesson 08's key counts, key
// ranges and window, sink and chunk sizes from each step's mask. A text that drifts from the
// engine fails here.

#include "common/modelconfig.h"
#include "lessonsteps.h"
#include "pecards/alibi.h"
#include "pecards/backend.h"
#include "pecards/encodingchoice.h"
#include "pecards/pitfall.h"
#include "pecards/rope_extrapolation.h"
#include "pecards/rope_scaling.h"
#include "pecards/sinusoidal.h"
#include "pecards/viewrules.h"
#include "workspace/lessonfile.h"

#include <QDir>
#include <QFile>
#include <QLocale>
#include <QRegularExpression>
#include <algorithm>
#include <cmath>
#include <functional>
#include <gtest/gtest.h>
#include <limits>

namespace {

using teachingtest::builtInLesson;
using teachingtest::builtInStep;
using teachingtest::groupWhere;
using teachingtest::readText;
using teachingtest::shownParams;
using teachingtest::source;
using teachingtest::unseenPairs;

TEST(TeachingNumbers, AlibiLessonFirstStepNamesTheHeadItShowsAndItsSlope) {
    for (const char* name : {"03-alibi.en.json", "03-alibi.zh_CN.json"}) {
        const std::optional<pecards::app::Lesson> lesson = builtInLesson(name);
        ASSERT_TRUE(lesson.has_value()) << name;
        const pecards::app::Workspace& state = lesson->steps.front().state;
        ASSERT_GE(state.activeCard, 0);
        const pecards::AlibiParams& alibi = state.cards.at(state.activeCard).params.alibi;
        const double slope = pecards::alibiSlopes(alibi)[alibi.head];
        // Head h (from 1) of H: slope 2^(-8h/H) (Press et al. 2022 §3), written as 1/2^k.
        const double exponent = -std::log2(slope);
        ASSERT_EQ(exponent, std::round(exponent));
        const QString text = lesson->steps.front().text;
        const QString head = QString::number(alibi.head + 1);
        const QString heads = QString::number(alibi.heads);
        const QString fraction = QStringLiteral("1/%1").arg(static_cast<qint64>(std::exp2(exponent)));
        EXPECT_TRUE(text.contains(QStringLiteral("Head %1 of %2").arg(head, heads))
            || text.contains(QStringLiteral("%2 个头中的第 %1 个").arg(head, heads)))
            << name << ": " << text.toStdString();
        EXPECT_TRUE(text.contains(fraction))
            << name << ": " << fraction.toStdString() << " in " << text.toStdString();
    }
}

// The teacher's T-W1: step 5 says that without the mask keys j > i are visible and the attention
// piles up on the last keys, but the engine masked the +m·j form whatever the checkbox said, so the
// picture was step 4's. Read from the steps' states: step 4 (the mask) hides every key j > i,
// step 5 (no mask) shows +m·j there and every query's largest attention is on the last key.
TEST(TeachingNumbers, AlibiShortcutStepsShowTheMaskAndItsAbsenceAsTheirTextsSay) {
    for (const char* name : {"03-alibi.en.json", "03-alibi.zh_CN.json"}) {
        const std::optional<pecards::app::Lesson> lesson = builtInLesson(name);
        ASSERT_TRUE(lesson.has_value()) << name;
        ASSERT_GE(lesson->steps.size(), 5U) << name;
        const auto backend = pecards::makeCpuBackend();
        for (const int step : {3, 4}) {
            const pecards::CardParams& params = shownParams(lesson->steps[static_cast<std::size_t>(step)]);
            ASSERT_EQ(params.alibi.form, pecards::AlibiForm::RowOffsetBloom) << name << " step " << step + 1;
            const bool masked = step == 3;
            const double slope = pecards::alibiSlopes(params.alibi)[params.alibi.head];
            const std::int64_t length = params.length;
            const auto full = [&](pecards::Quantity quantity) {
                pecards::ViewRequest request;
                request.params = params;
                request.quantity = quantity;
                request.window = {0, length, 0, length};
                request.out_rows = static_cast<int>(length);
                request.out_cols = static_cast<int>(length);
                return backend->compute(request);
            };
            const pecards::Grid score = full(pecards::Quantity::Score);
            const pecards::Grid attention = full(pecards::Quantity::Attention);
            for (const std::int64_t i : {std::int64_t {0}, length / 3, length - 2}) {
                const auto row = static_cast<int>(i);
                const int key = row + 1; // a key after the query
                if (masked) {
                    EXPECT_EQ(score.at(row, key), -std::numeric_limits<double>::infinity())
                        << name << " row " << i;
                    EXPECT_EQ(attention.at(row, key), 0.0) << name << " row " << i;
                } else {
                    EXPECT_DOUBLE_EQ(score.at(row, key), slope * key) << name << " row " << i; // BLOOM's +m j
                    int argmax = 0;
                    for (int j = 1; j < attention.cols; ++j)
                        argmax = attention.at(row, j) > attention.at(row, argmax) ? j : argmax;
                    EXPECT_EQ(argmax, attention.cols - 1) << name << " row " << i; // the last key wins
                }
            }
        }
    }
}

TEST(TeachingNumbers, SmallBasePitfallQuotesTheBaseBoundLab) {
    // d = 128, L = 4096: where b = 10^4 first breaks B(m) >= 0, and the smallest passing base of the scan.
    const std::vector<pecards::BaseBoundPoint> one = pecards::baseBoundScan(128, 4096, {10000.0});
    const std::int64_t fails = one.front().first_negative;
    const double smallest
        = pecards::smallestPassingBase(pecards::baseBoundScan(128, 4096, pecards::baseBoundGrid(4096)));
    const QString smallestText
        = QString::number(static_cast<qint64>(std::floor(smallest)))
              .replace(QRegularExpression(QStringLiteral("(\\d)(?=(\\d{3})+$)")), QStringLiteral("\\1 "));
    // The pitfall page and the RoPE card's base-bound lab quote both.
    for (const char* name : {"pitfalls/small-base.en.html", "pitfalls/small-base.zh_CN.html",
             "cards/rope/back.en.html", "cards/rope/back.zh_CN.html"}) {
        const QString text = readText(QStringLiteral("resources/") + QLatin1String(name));
        EXPECT_TRUE(text.contains(QStringLiteral("m = %1").arg(fails))
            || text.contains(QStringLiteral("<i>m</i> = %1").arg(fails)))
            << name << ": m = " << fails;
        EXPECT_TRUE(text.contains(smallestText)) << name << ": " << smallestText.toStdString();
    }
}

TEST(TeachingNumbers, T5NoClampSpillsSilentlyOnlyInTheEncoder) {
    // HF T5Attention._relative_position_bucket without the clamp, 32 buckets, max_distance 128:
    // bidirectional (encoder) past keys far away land on the future side (>= 16) but inside the
    // table; a unidirectional (decoder) key at distance >= 128 indexes past it (>= 32).
    const auto unclamped = [](std::int64_t relative, bool bidirectional) {
        std::int64_t buckets = 32;
        std::int64_t offset = 0;
        std::int64_t n = -relative;
        if (bidirectional) {
            buckets /= 2;
            offset = n < 0 ? buckets : 0;
            n = std::abs(n);
        } else {
            n = std::max<std::int64_t>(n, 0);
        }
        const std::int64_t exact = buckets / 2;
        if (n < exact)
            return offset + n;
        const auto ratio = static_cast<float>(n) / static_cast<float>(exact);
        const float range = 128.0f / static_cast<float>(exact);
        return offset + exact
            + static_cast<std::int64_t>(
                std::log(ratio) / std::log(range) * static_cast<float>(buckets - exact));
    };
    EXPECT_GE(unclamped(-1000, true), 16); // encoder, far past key: a future-side bucket
    EXPECT_LT(unclamped(-1000, true), 32);
    EXPECT_GE(unclamped(1000, true), 32); // encoder, far future key: past the table
    EXPECT_GE(unclamped(-128, false), 32); // decoder, at max_distance: past the table
    const QString en = readText(QStringLiteral("resources/pitfalls/t5-no-clamp.en.html"));
    EXPECT_LT(en.indexOf(QStringLiteral("encoder")), en.indexOf(QStringLiteral("decoder")));
    EXPECT_TRUE(
        en.contains(QStringLiteral("in an encoder (bidirectional buckets), past keys beyond max_distance "
                                   "silently land in the future-side buckets (16–31 of 32)")));
}

TEST(TeachingNumbers, YarnStepGivesTheFactorOnQAndKAndItsSquareOnTheLogits) {
    for (const char* name : {"05-context.en.json", "05-context.zh_CN.json"}) {
        const std::optional<pecards::app::LessonStep> step
            = builtInStep(name, QStringLiteral("0.1·ln(s) + 1"));
        ASSERT_TRUE(step.has_value()) << name;
        const pecards::CardParams& params = shownParams(*step);
        ASSERT_EQ(params.rope.scaling.type, pecards::RopeScalingType::Yarn) << name;
        const double factor = pecards::ropeScaling(params.rope, params.length).attention_factor;
        EXPECT_TRUE(step->text.contains(QStringLiteral("s = %1").arg(params.rope.scaling.factor))) << name;
        EXPECT_TRUE(step->text.contains(QStringLiteral("≈ %1").arg(factor, 0, 'f', 3))) << name;
        EXPECT_TRUE(step->text.contains(QStringLiteral("≈ %1").arg(factor * factor, 0, 'f', 3)))
            << name << ": " << factor * factor;
    }
}

TEST(TeachingNumbers, RopeLessonCountsTheUnseenPairsItsPictureLights) {
    // Lesson 02 step 5: 18 of 64 pairs never turn within 4096; run at 8192 they, and only they,
    // are lit past row 4096. Lesson 05 step 6: base 5·10^5 leaves 32 pairs short of a turn.
    for (const char* name : {"04-rope.en.json", "04-rope.zh_CN.json"}) {
        const std::optional<pecards::app::LessonStep> step = builtInStep(name, QStringLiteral("i = 46 … 63"));
        ASSERT_TRUE(step.has_value()) << name;
        const pecards::CardParams& params = shownParams(*step);
        const std::int64_t trained = params.rope.scaling.original_max_position_embeddings;
        ASSERT_GT(params.length, trained) << name << ": the picture must run past the trained length";
        const auto [lit, litBefore] = unseenPairs(params, trained);
        EXPECT_EQ(lit, 18) << name;
        EXPECT_FALSE(litBefore) << name;
        EXPECT_TRUE(step->text.contains(QStringLiteral("18"))) << name;
        EXPECT_TRUE(step->text.contains(QStringLiteral("L = %1").arg(params.length))) << name;
    }
    for (const char* name : {"05-context.en.json", "05-context.zh_CN.json"}) {
        const std::optional<pecards::app::LessonStep> step = builtInStep(name, QStringLiteral("2,559,196"));
        ASSERT_TRUE(step.has_value()) << name;
        const pecards::CardParams& params = shownParams(*step);
        const auto [lit, litBefore]
            = unseenPairs(params, params.rope.scaling.original_max_position_embeddings);
        EXPECT_EQ(lit, 32) << name;
        EXPECT_FALSE(litBefore) << name;
        EXPECT_TRUE(step->text.contains(QStringLiteral("32"))) << name;
    }
}

TEST(TeachingNumbers, DynamicNtkStepNamesTheFactorInsideTheFormula) {
    // HF _compute_dynamic_ntk_parameters: b' = b (s L / M - (s - 1))^(d/(d-2)).
    for (const char* name : {"05-context.en.json", "05-context.zh_CN.json"}) {
        const std::optional<pecards::app::LessonStep> step = builtInStep(name, QStringLiteral("135,402"));
        ASSERT_TRUE(step.has_value()) << name;
        const pecards::CardParams& params = shownParams(*step);
        ASSERT_EQ(params.rope.scaling.type, pecards::RopeScalingType::Dynamic) << name;
        const double s = params.rope.scaling.factor;
        const double inside = s * static_cast<double>(params.length)
                / static_cast<double>(params.rope.scaling.original_max_position_embeddings)
            - (s - 1.0);
        EXPECT_TRUE(step->text.contains(QStringLiteral("s·L/L0 − (s − 1)"))) << name;
        EXPECT_TRUE(step->text.contains(QString::number(inside))) << name << ": " << inside;
        const double base = pecards::ropeScaling(params.rope, params.length).effective_base;
        EXPECT_EQ(std::round(base), 135402.0) << name;
    }
}

TEST(TeachingNumbers, CardMisconceptionsQuoteTheEngine) {
    // Sinusoids: PE_p . PE_(p+1) for d = 512, b = 10^4, out of d/2 = 256.
    pecards::SinusoidalParams sinusoidal;
    sinusoidal.d_model = 512;
    sinusoidal.base = 10000.0;
    const QString neighbours
        = QString::number(pecards::sinusoidalSimilarityProfile(sinusoidal, 1, 1)(0), 'f', 1);
    for (const char* name : {"back.en.html", "back.zh_CN.html"}) {
        const QString text = readText(QStringLiteral("resources/cards/sinusoidal/") + QLatin1String(name));
        EXPECT_TRUE(text.contains(neighbours + QStringLiteral(" of 256"))
            || text.contains(QStringLiteral("256 中的 ") + neighbours))
            << name << ": " << neighbours.toStdString();
    }
    // RoPE: b^(2/d) for b = 10^4, d = 128 (the ratio of neighbouring pairs' frequencies), and the
    // first position bfloat16 cannot hold with where it rounds to.
    const QString ratio = QString::number(std::pow(10000.0, 2.0 / 128.0), 'f', 3);
    const std::int64_t collision = pecards::firstPositionCollision(pecards::StorageFormat::Bfloat16);
    const auto roundedTo = static_cast<std::int64_t>(
        pecards::roundToFormat(static_cast<double>(collision), pecards::StorageFormat::Bfloat16));
    for (const char* name : {"back.en.html", "back.zh_CN.html"}) {
        const QString text = readText(QStringLiteral("resources/cards/rope/") + QLatin1String(name));
        EXPECT_TRUE(text.contains(ratio)) << name << ": " << ratio.toStdString();
        EXPECT_TRUE(text.contains(QStringLiteral("%1 rounds to %2").arg(collision).arg(roundedTo))
            || text.contains(QStringLiteral("%1 会舍入为 %2").arg(collision).arg(roundedTo)))
            << name << ": " << collision << " -> " << roundedTo;
    }
}

TEST(TeachingNumbers, AlibiPaddingPitfallQuotesTheBfloat16Step) {
    // m = 2^-0.5 (BLOOM-560m's steepest head), j = 2048: m j and the
    // spacing of bfloat16 values there (8 significant bits: 2^(floor(log2 x) - 7)).
    const double bias = std::exp2(-0.5) * 2048.0;
    const double step = std::ldexp(1.0, std::ilogb(bias) - 7);
    for (const char* name : {"alibi-left-padding-arange.en.html", "alibi-left-padding-arange.zh_CN.html"}) {
        const QString text = readText(QStringLiteral("resources/pitfalls/") + QLatin1String(name));
        EXPECT_TRUE(text.contains(QStringLiteral("m·j ≈ %1").arg(std::floor(bias)))) << name << ": " << bias;
        EXPECT_TRUE(text.contains(QStringLiteral("m = 0.707"))) << name;
        EXPECT_TRUE(text.contains(QStringLiteral(" %1").arg(step))) << name << ": " << step;
    }
}

/// Keys query `i` sees under Hugging Face transformers' masks (masking_utils.py, v5):
/// causal_mask_function kv_idx <= q_idx, sliding_window_overlay kv_idx > q_idx - sliding_window,
/// chunked_overlay kv_idx // C == q_idx // C, and StreamingLLM's first n_sink keys kept beside the
/// window; written out here, apart from pecards::visibility.
std::vector<std::int64_t> keysSeenByHfMasks(const pecards::CardParams& params, std::int64_t i) {
    std::vector<std::int64_t> keys;
    for (std::int64_t j = 0; j <= i; ++j) {
        const bool inWindow = params.sliding_window == 0 || j > i - params.sliding_window;
        const bool inChunk
            = params.attention_chunk == 0 || j / params.attention_chunk == i / params.attention_chunk;
        const bool sink = params.sliding_window > 0 && j < params.attention_sinks;
        if (inChunk && (inWindow || sink))
            keys.push_back(j);
    }
    return keys;
}

/// "a to b" runs of consecutive keys joined by `joiner` ("0 to 3 and 29 to 40").
QString keyRanges(const std::vector<std::int64_t>& keys, const QString& to, const QString& joiner) {
    QStringList runs;
    for (std::size_t k = 0; k < keys.size();) {
        std::size_t end = k;
        while (end + 1 < keys.size() && keys[end + 1] == keys[end] + 1)
            ++end;
        runs.append(QStringLiteral("%1%2%3").arg(keys[k]).arg(to).arg(keys[end]));
        k = end + 1;
    }
    return runs.join(joiner);
}

TEST(TeachingNumbers, WindowLessonCountsTheKeysEveryQueryItAsksAboutSees) {
    const std::int64_t mistralWindow
        = pecards::app::readModelConfig(source(QStringLiteral("resources/presets/mistral-7b.json")))
              .positions.groups.front()
              .sliding_window;
    int questions = 0;
    for (const char* name : {"08-windows.en.json", "08-windows.zh_CN.json"}) {
        const bool english = QLatin1String(name).contains(QLatin1String(".en."));
        const std::optional<pecards::app::Lesson> lesson = builtInLesson(name);
        ASSERT_TRUE(lesson.has_value()) << name;
        for (const pecards::app::LessonStep& step : lesson->steps) {
            const pecards::CardParams& params = shownParams(step);
            const std::string where = std::string(name) + ", step '" + step.title.toStdString() + "'";
            ASSERT_TRUE(params.causal) << where;
            // The sizes the text names are the state's.
            if (params.sliding_window > 0) {
                EXPECT_TRUE(step.text.contains(QStringLiteral("W = %1").arg(params.sliding_window))) << where;
            }
            if (params.attention_chunk > 0) {
                EXPECT_TRUE(step.text.contains(QStringLiteral("C = %1").arg(params.attention_chunk)))
                    << where;
            }
            // Every length and window the text gives is the step's (or, for W, Mistral's preset's).
            for (const QRegularExpressionMatch& m :
                QRegularExpression(QStringLiteral("L = (\\d+)")).globalMatch(step.text)) {
                EXPECT_EQ(m.captured(1).toLongLong(), params.length) << where;
            }
            for (const QRegularExpressionMatch& m :
                QRegularExpression(QStringLiteral("W = (\\d+)")).globalMatch(step.text)) {
                const std::int64_t w = m.captured(1).toLongLong();
                EXPECT_TRUE(w == params.sliding_window || w == mistralWindow) << where << ": W = " << w;
            }
            if (params.attention_sinks > 0) {
                EXPECT_TRUE(
                    step.text.contains(english ? QStringLiteral("%1 sinks").arg(params.attention_sinks)
                                               : QStringLiteral("%1 个汇点").arg(params.attention_sinks)))
                    << where;
            }
            if (!step.question)
                continue;
            // "how many keys does the query at position i see?": the right answer's count, and
            // the keys the text lists, under HF's masks and under the engine's rule alike.
            const QRegularExpressionMatch position
                = QRegularExpression(QStringLiteral("(?:position|位置) (\\d+)")).match(step.question->prompt);
            ASSERT_TRUE(position.hasMatch()) << where;
            const std::int64_t i = position.captured(1).toLongLong();
            ASSERT_LT(i, params.length) << where;
            const std::vector<std::int64_t> keys = keysSeenByHfMasks(params, i);
            const pecards::Visibility rule = pecards::visibility(params);
            std::int64_t engineCount = 0;
            for (std::int64_t j = 0; j < params.length; ++j)
                engineCount += rule.visible(i, j) ? 1 : 0;
            EXPECT_EQ(engineCount, static_cast<std::int64_t>(keys.size())) << where;
            const QString answer = step.question->answers.at(step.question->correct);
            EXPECT_TRUE(answer.startsWith(QStringLiteral("%1").arg(keys.size())))
                << where << ": " << keys.size() << " keys, answer " << answer.toStdString();
            // A text that lists the keys ("keys 0 to 3 and 29 to 40") lists exactly these.
            if (step.text.contains(
                    QRegularExpression(english ? QStringLiteral("keys \\d") : QStringLiteral("键 \\d")))) {
                const QString listed = english
                    ? QStringLiteral("keys ")
                        + keyRanges(keys, QStringLiteral(" to "), QStringLiteral(" and "))
                    : QStringLiteral("键 ") + keyRanges(keys, QStringLiteral(" 到 "), QStringLiteral(" 和 "));
                EXPECT_TRUE(step.text.contains(listed)) << where << ": " << listed.toStdString();
            }
            ++questions;
        }
        // Mistral 7B's reach: (W - 1) positions per layer over its 32 layers (Jiang et al. 2023 §2).
        const std::optional<pecards::app::LessonStep> reach = builtInStep(name, QStringLiteral("32 × "));
        ASSERT_TRUE(reach.has_value()) << name;
        const std::int64_t perLayer = shownParams(*reach).sliding_window - 1;
        EXPECT_TRUE(reach->text.contains(QStringLiteral("32 × %1 = %2")
                                             .arg(perLayer)
                                             .arg(QLocale(QLocale::English).toString(32 * perLayer))))
            << name << ": 32 x " << perLayer;
    }
    EXPECT_EQ(questions, 8);
}

TEST(TeachingNumbers, WindowLessonQuotesTheModelsConfigs) {
    const auto config
        = [](const char* relative) { return pecards::app::readModelConfig(source(QLatin1String(relative))); };
    // Mistral 7B v0.1 (the app's preset): one window over every layer.
    const pecards::app::ModelConfig mistral = config("resources/presets/mistral-7b.json");
    ASSERT_EQ(mistral.positions.groups.size(), 1U);
    const std::int64_t mistralWindow = mistral.positions.groups.front().sliding_window;
    const int mistralLayers = mistral.positions.num_layers;
    // Llama 4: chunks in the RoPE layers, no encoding and full attention in every fourth layer.
    const pecards::app::ModelConfig llama4
        = config("tests/data/configs/2026/llama-4-maverick.ktransformers-doc.json");
    const pecards::LayerGroup* chunked
        = groupWhere(llama4, [](const pecards::LayerGroup& g) { return g.attention_chunk > 0; });
    const pecards::LayerGroup* nope = groupWhere(
        llama4, [](const pecards::LayerGroup& g) { return g.treatment == pecards::LayerTreatment::NoPE; });
    ASSERT_TRUE(chunked != nullptr && nope != nullptr);
    EXPECT_EQ(chunked->treatment, pecards::LayerTreatment::Rope);
    EXPECT_EQ(nope->attention_chunk, 0);
    EXPECT_EQ(nope->sliding_window, 0);
    for (std::size_t k = 0; k < nope->layers.size(); ++k)
        EXPECT_EQ(nope->layers[k], 4 * static_cast<int>(k) + 3) << "Llama 4's NoPE layers are every fourth";
    // gpt-oss: a window of its own on every other layer, full attention on the others.
    const pecards::app::ModelConfig gptOss = config("tests/data/configs/2026/gpt-oss-120b.json");
    const pecards::LayerGroup* local
        = groupWhere(gptOss, [](const pecards::LayerGroup& g) { return g.sliding_window > 0; });
    ASSERT_TRUE(local != nullptr);
    EXPECT_EQ(local->layers.size() * 2, static_cast<std::size_t>(gptOss.positions.num_layers));
    // Gemma 3: five local layers per global one, each with its base.
    const pecards::app::ModelConfig gemma3 = config("tests/data/configs/2026/gemma-3-27b-it.json");
    const pecards::LayerGroup* gemmaLocal
        = groupWhere(gemma3, [](const pecards::LayerGroup& g) { return g.sliding_window > 0; });
    const pecards::LayerGroup* gemmaGlobal
        = groupWhere(gemma3, [](const pecards::LayerGroup& g) { return g.sliding_window == 0; });
    ASSERT_TRUE(gemmaLocal != nullptr && gemmaGlobal != nullptr);
    ASSERT_EQ(gemmaLocal->layers.size(), 5 * gemmaGlobal->layers.size() + gemma3.positions.num_layers % 6);
    EXPECT_EQ(gemmaGlobal->layers.front(), 5);
    const auto decade
        = [](double base) { return QStringLiteral("10<sup>%1</sup>").arg(std::lround(std::log10(base))); };
    EXPECT_EQ(std::pow(10.0, std::round(std::log10(gemmaLocal->rope.base))), gemmaLocal->rope.base);
    EXPECT_EQ(std::pow(10.0, std::round(std::log10(gemmaGlobal->rope.base))), gemmaGlobal->rope.base);

    for (const char* name : {"08-windows.en.json", "08-windows.zh_CN.json"}) {
        const bool english = QLatin1String(name).contains(QLatin1String(".en."));
        const auto says = [&](const QString& marker, const QString& phrase) {
            const std::optional<pecards::app::LessonStep> step = builtInStep(name, marker);
            ASSERT_TRUE(step.has_value()) << name;
            EXPECT_TRUE(step->text.contains(phrase)) << name << ": " << phrase.toStdString();
        };
        const QString reach = QStringLiteral("%1 × %2").arg(mistralLayers).arg(mistralWindow - 1);
        says(reach, QStringLiteral("W = %1").arg(mistralWindow));
        says(reach,
            english ? QStringLiteral("after %1 layers").arg(mistralLayers)
                    : QStringLiteral("%1 层之后").arg(mistralLayers));
        says(QStringLiteral("chunked_overlay"), QStringLiteral("C = %1").arg(chunked->attention_chunk));
        says(QStringLiteral("chunked_overlay"),
            english ? QStringLiteral("every fourth layer") : QStringLiteral("每第四层"));
        says(QStringLiteral("Gemma 3"),
            english ? QStringLiteral("window of %1 keys").arg(local->sliding_window)
                    : QStringLiteral("%1 个键的窗口").arg(local->sliding_window));
        says(QStringLiteral("Gemma 3"),
            english
                ? QStringLiteral("five local layers (window %1, base %2) before each global one (base %3)")
                      .arg(gemmaLocal->sliding_window)
                      .arg(decade(gemmaLocal->rope.base), decade(gemmaGlobal->rope.base))
                : QStringLiteral("（底数 %3）之前放五个局部层（窗口 %1，底数 %2）")
                      .arg(gemmaLocal->sliding_window)
                      .arg(decade(gemmaLocal->rope.base), decade(gemmaGlobal->rope.base)));
    }
}

TEST(TeachingNumbers, LongRopeStepCountsTheUnseenPairsWithAndWithoutItsFactors) {
    const pecards::app::ModelConfig phi
        = pecards::app::readModelConfig(source(QStringLiteral("resources/presets/phi-3.5-mini.json")));
    for (const char* name : {"05-context.en.json", "05-context.zh_CN.json"}) {
        const std::optional<pecards::app::LessonStep> step = builtInStep(name, QStringLiteral("long_factor"));
        ASSERT_TRUE(step.has_value() && step->question.has_value()) << name;
        const pecards::CardParams& params = shownParams(*step);
        // The step's rotary parameters are Phi-3.5-mini's, as the preset opens it.
        EXPECT_EQ(params.rope, phi.rope) << name;
        const std::int64_t trained = params.rope.scaling.original_max_position_embeddings;
        const pecards::RopeScalingResult scaled = pecards::ropeScaling(params.rope, params.length);
        ASSERT_TRUE(scaled.long_factor_selected) << name;
        EXPECT_FALSE(pecards::ropeScaling(params.rope, trained).long_factor_selected) << name;
        EXPECT_TRUE(pecards::ropeScaling(params.rope, trained + 1).long_factor_selected) << name;
        EXPECT_TRUE(step->text.contains(QStringLiteral("= %1").arg(trained))) << name;
        EXPECT_TRUE(step->text.contains(QStringLiteral("head_dim %1").arg(params.rope.head_dim))) << name;
        EXPECT_TRUE(step->text.contains(QStringLiteral("L = %1").arg(params.length))) << name;
        EXPECT_TRUE(step->text.contains(QStringLiteral("s = %1").arg(scaled.factor))) << name;
        EXPECT_TRUE(step->text.contains(QStringLiteral("≈ %1").arg(scaled.attention_factor, 0, 'f', 3)))
            << name;
        const std::vector<double>& factors = params.rope.scaling.long_factor;
        EXPECT_TRUE(step->text.contains(QString::number(factors.front(), 'f', 2))) << name;
        EXPECT_TRUE(step->text.contains(QString::number(factors.back(), 'f', 2))) << name;
        // Dark with the long factors; the unscaled model lights its slow pairs.
        const auto [lit, litBefore] = unseenPairs(params, trained);
        EXPECT_EQ(lit, 0) << name;
        EXPECT_FALSE(litBefore) << name;
        pecards::CardParams unscaled = params;
        unscaled.rope.scaling.type = pecards::RopeScalingType::None;
        const int slow = unseenPairs(unscaled, trained).first;
        EXPECT_GT(slow, 0) << name;
        EXPECT_TRUE(step->text.contains(QStringLiteral(" %1 ").arg(slow))) << name << ": " << slow;
        const QStringList& answers = step->question->answers;
        EXPECT_TRUE(answers.at(step->question->correct) == QStringLiteral("None")
            || answers.at(step->question->correct) == QStringLiteral("没有"))
            << name;
        EXPECT_TRUE(std::any_of(answers.begin(), answers.end(),
            [slow](const QString& answer) { return answer.startsWith(QString::number(slow)); }))
            << name << ": " << slow;
        EXPECT_TRUE(step->question->prompt.contains(QString::number(params.rope.head_dim / 2))) << name;
    }
}

TEST(TeachingNumbers, TheFineTuningEachScalingNeedsIsSaidOneWay) {
    // Lesson 05's last step and the RoPE card's fix give the same figures in each language.
    const QStringList english {QStringLiteral("about 1000 steps in Chen et al. 2023"),
        QStringLiteral("about 400 steps"), QStringLiteral("Only dynamic NTK (and YaRN with a small factor)")};
    const QStringList chinese {QStringLiteral("约 1000 步"), QStringLiteral("约 400 步"),
        QStringLiteral("动态 NTK（以及因子较小的 YaRN）")};
    for (const bool zh : {false, true}) {
        const QString lesson
            = zh ? QStringLiteral("05-context.zh_CN.json") : QStringLiteral("05-context.en.json");
        const std::optional<pecards::app::LessonStep> step
            = builtInStep(lesson.toLatin1().constData(), (zh ? chinese : english).front());
        ASSERT_TRUE(step.has_value());
        const QString card = readText(zh ? QStringLiteral("resources/cards/rope/back.zh_CN.html")
                                         : QStringLiteral("resources/cards/rope/back.en.html"));
        for (const QString& phrase : zh ? chinese : english) {
            EXPECT_TRUE(card.contains(phrase)) << "card: " << phrase.toStdString();
            EXPECT_TRUE(step->text.contains(phrase)) << lesson.toStdString() << ": " << phrase.toStdString();
        }
    }
}

TEST(TeachingNumbers, MisconceptionsAboutFixedFrequenciesAndTableSizesQuoteTheEngine) {
    const QLocale english(QLocale::English);
    // Dynamic NTK (HF _compute_dynamic_ntk_parameters) at 16384 positions for 4096, s = 4, d = 128.
    pecards::RopeParams dynamic;
    dynamic.head_dim = 128;
    dynamic.base = 10000.0;
    dynamic.scaling.type = pecards::RopeScalingType::Dynamic;
    dynamic.scaling.factor = 4.0;
    dynamic.scaling.max_position_embeddings = 4096;
    const double grown = pecards::ropeScaling(dynamic, 16384).effective_base;
    EXPECT_EQ(pecards::ropeScaling(dynamic, 4096).effective_base, 10000.0);
    // LongRoPE: the first length that takes Phi-3.5-mini's long factors.
    const pecards::RopeParams phi
        = pecards::app::readModelConfig(source(QStringLiteral("resources/presets/phi-3.5-mini.json"))).rope;
    std::int64_t firstLong = 1;
    while (!pecards::ropeScaling(phi, firstLong).long_factor_selected)
        ++firstLong;
    for (const char* name : {"back.en.html", "back.zh_CN.html"}) {
        const QString text = readText(QStringLiteral("resources/cards/rope/") + QLatin1String(name));
        EXPECT_TRUE(text.contains(QStringLiteral("= %1 at 16384").arg(english.toString(std::llround(grown))))
            || text.contains(
                QStringLiteral("16384 个位置的 <i>b</i>′ = %1").arg(english.toString(std::llround(grown)))))
            << name << ": " << grown;
        EXPECT_TRUE(text.contains(QStringLiteral("at %1 positions").arg(firstLong))
            || text.contains(QStringLiteral("在 %1 个位置时").arg(firstLong)))
            << name << ": " << firstLong;
    }
    // A learned table of 3000 x 768 (12 heads of 64) in float32: the encoding choice's Learned row.
    pecards::EncodingTarget target;
    target.length = 3000;
    target.training_length = 3000;
    target.heads = 12;
    target.head_dim = 64;
    target.dtype_bytes = 4;
    const std::vector<pecards::EncodingChoice> rows = pecards::compareEncodings(target);
    const auto learned = std::find_if(rows.begin(), rows.end(),
        [](const pecards::EncodingChoice& row) { return row.family == pecards::EncodingFamily::Learned; });
    ASSERT_NE(learned, rows.end());
    for (const char* name : {"back.en.html", "back.zh_CN.html"}) {
        const QString text = readText(QStringLiteral("resources/cards/sinusoidal/") + QLatin1String(name));
        EXPECT_TRUE(text.contains(QStringLiteral("3000 × 768"))) << name;
        EXPECT_TRUE(text.contains(english.toString(static_cast<qlonglong>(learned->parameters))))
            << name << ": " << learned->parameters;
        EXPECT_TRUE(text.contains(english.toString(static_cast<qlonglong>(learned->parameter_bytes))))
            << name << ": " << learned->parameter_bytes;
    }
}

} // namespace
