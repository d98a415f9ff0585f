// The built-in lessons: every lesson opens in every language with the same steps (only the
// words differ), every step's views and pitfall compute without error on the CPU reference and
// on OpenCL, and the numbers their texts state are checked against the engine's formulas.
#include "compute/backendprovider.h"
#include "lessons/builtinlessons.h"

#include <QRegularExpression>
#include <QTextDocument>
#include <cmath>
#include <gtest/gtest.h>
#include <pecards/alibi.h>
#include <pecards/backend.h>
#include <pecards/pitfall.h>
#include <pecards/relative.h>
#include <pecards/rope.h>
#include <pecards/routedbackend.h>
#include <pecards/scaling_lab.h>
#include <pecards/sinusoidal.h>
#include <workspace/lessonfile.h>

using namespace pecards::gui;

using pecards::app::Lesson;
using pecards::app::LessonStep;

namespace {

Lesson open(const QString& resource) {
    QString error;
    const std::optional<Lesson> lesson = pecards::app::openLesson(resource, &error);
    EXPECT_TRUE(lesson) << error.toStdString();
    return lesson.value_or(Lesson {});
}

/// The view requests a step shows: each card's views, and its pitfall on both sides (as the
/// Pitfalls view asks for them, L capped at 1024).
std::vector<pecards::ViewRequest> requestsOf(const LessonStep& step) {
    std::vector<pecards::ViewRequest> requests;
    for (const pecards::app::WorkspaceCard& card : step.state.cards) {
        for (const pecards::app::CardView& view : card.views) {
            pecards::ViewRequest request;
            request.params = card.params;
            request.quantity = view.quantity;
            request.window = view.window;
            request.reduction = view.reduction;
            request.out_rows = request.out_cols = 128;
            requests.push_back(request);
        }
    }
    if (step.pitfall != pecards::Pitfall::None) {
        pecards::CardParams params = step.state.cards.at(step.state.activeCard).params;
        params.length = std::min<std::int64_t>(params.length, 1024);
        params.pitfall.kind = step.pitfall;
        for (const bool fixed : {false, true}) {
            params.pitfall.fixed = fixed;
            pecards::ViewRequest request;
            request.params = params;
            request.quantity = pecards::Quantity::Score;
            request.window = pecards::fullExtent(params, request.quantity);
            request.out_rows = request.out_cols = 128;
            requests.push_back(request);
        }
    }
    return requests;
}

/// Every built-in lesson of every language, with the text of all its steps.
QString allText(const QString& language) {
    QString text;
    for (const QString& resource : builtInLessons(language)) {
        for (const LessonStep& step : open(resource).steps) {
            text += step.text;
            if (step.question)
                text += step.question->prompt + step.question->answers.join(u' ');
        }
    }
    return text;
}

} // namespace

TEST(BuiltInLessons, EveryLanguageHasTheSameLessonsAndStepsOfSixToTwelve) {
    const QStringList en = builtInLessons(QStringLiteral("en"));
    const QStringList zh = builtInLessons(QStringLiteral("zh_CN"));
    ASSERT_GE(en.size(), 6);
    ASSERT_EQ(en.size(), zh.size());
    for (qsizetype n = 0; n < en.size(); ++n) {
        const Lesson english = open(en.at(n));
        const Lesson chinese = open(zh.at(n));
        EXPECT_GE(english.steps.size(), 6) << en.at(n).toStdString();
        EXPECT_LE(english.steps.size(), 12) << en.at(n).toStdString();
        ASSERT_EQ(english.steps.size(), chinese.steps.size()) << zh.at(n).toStdString();
        EXPECT_NE(english.title, chinese.title);
        for (qsizetype s = 0; s < english.steps.size(); ++s) {
            const LessonStep& a = english.steps.at(s);
            const LessonStep& b = chinese.steps.at(s);
            EXPECT_EQ(a.state, b.state) << en.at(n).toStdString() << " step " << s + 1;
            EXPECT_EQ(a.animation, b.animation);
            EXPECT_EQ(a.pitfall, b.pitfall);
            ASSERT_EQ(a.question.has_value(), b.question.has_value());
            if (a.question) {
                EXPECT_EQ(a.question->correct, b.question->correct);
                EXPECT_EQ(a.question->answers.size(), b.question->answers.size());
            }
        }
    }
}

TEST(BuiltInLessons, RichTextShowsEveryWord) {
    // A bare '<' ("|n| < 8") opens a tag for Qt's HTML parser and the rest of the text vanished
    // from the player; '<' must be written &lt;. What the player shows is the text less its tags.
    const auto shown = [](const QString& html) {
        QTextDocument document;
        document.setHtml(html);
        return document.toPlainText().remove(QRegularExpression(QStringLiteral("\\s")));
    };
    const auto written = [](QString html) {
        html.remove(QRegularExpression(QStringLiteral("</?[a-zA-Z][^>]*>")));
        html.replace(QStringLiteral("&lt;"), QStringLiteral("<"))
            .replace(QStringLiteral("&gt;"), QStringLiteral(">"))
            .replace(QStringLiteral("&amp;"), QStringLiteral("&"))
            .replace(QStringLiteral("&nbsp;"), QStringLiteral(" "));
        return html.remove(QRegularExpression(QStringLiteral("\\s")));
    };
    int texts = 0;
    for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        for (const QString& resource : builtInLessons(language)) {
            const Lesson lesson = open(resource);
            for (qsizetype s = 0; s < lesson.steps.size(); ++s) {
                const LessonStep& step = lesson.steps.at(s);
                QStringList html {step.text};
                if (step.question)
                    html << step.question->prompt;
                for (const QString& text : html) {
                    EXPECT_EQ(shown(text).toStdString(), written(text).toStdString())
                        << resource.toStdString() << " step " << s + 1;
                    ++texts;
                }
            }
        }
    }
    EXPECT_GE(texts, 80);
}

TEST(BuiltInLessons, EveryPitfallHasAStep) {
    std::set<pecards::Pitfall> taught;
    for (const QString& resource : builtInLessons(QStringLiteral("en")))
        for (const LessonStep& step : open(resource).steps)
            taught.insert(step.pitfall);
    for (const pecards::Card card : {pecards::Card::Sinusoidal, pecards::Card::Relative, pecards::Card::Alibi,
             pecards::Card::Rope, pecards::Card::Hybrid})
        for (const pecards::Pitfall pitfall : pecards::pitfallsOf(card))
            EXPECT_TRUE(taught.count(pitfall)) << pecards::toString(pitfall);
}

TEST(BuiltInLessons, EveryStepComputesOnTheCpuReferenceAndOnOpenCl) {
    ProvidedBackend cpu = cpuBackendFactory()();
    ProvidedBackend device = defaultBackendFactory()();
    if (auto* routed = dynamic_cast<pecards::RoutedBackend*>(device.backend.get())) {
        routed->waitForDevice(); // every step on the device, however small
        device.info = *device.deviceInfo;
    }
    const bool required = qEnvironmentVariable("PECARDS_REQUIRE_OPENCL") == QStringLiteral("1");
    if (!device.info.isOpenCl && required)
        FAIL() << "PECARDS_REQUIRE_OPENCL=1 but no OpenCL device: " << device.info.notice.toStdString();
    int computed = 0;
    for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        for (const QString& resource : builtInLessons(language)) {
            const Lesson lesson = open(resource);
            for (qsizetype s = 0; s < lesson.steps.size(); ++s) {
                for (const pecards::ViewRequest& request : requestsOf(lesson.steps.at(s))) {
                    for (pecards::Backend* backend : {cpu.backend.get(), device.backend.get()}) {
                        SCOPED_TRACE(resource.toStdString() + " step " + std::to_string(s + 1) + " "
                            + pecards::toString(request.quantity) + " on " + backend->name());
                        pecards::Grid grid;
                        ASSERT_NO_THROW(grid = backend->compute(request));
                        EXPECT_GT(grid.rows, 0);
                        EXPECT_TRUE(std::any_of(grid.values.begin(), grid.values.end(),
                            [](double v) { return std::isfinite(v); }));
                        ++computed;
                    }
                }
            }
        }
    }
    EXPECT_GT(computed, 200);
    if (!device.info.isOpenCl)
        GTEST_SKIP() << "computed on the CPU reference twice: no OpenCL device ("
                     << device.info.notice.toStdString() << ")";
}

TEST(BuiltInLessons, TheNumbersInTheTextsAreTheEnginesNumbers) {
    const QString en = allText(QStringLiteral("en"));
    const QString zh = allText(QStringLiteral("zh_CN"));
    const auto says = [&](const QString& number) {
        EXPECT_TRUE(en.contains(number)) << number.toStdString();
        EXPECT_TRUE(zh.contains(number)) << number.toStdString();
    };
    // Slowest wavelength 2π / θ_63 for d = 128 and bases 10^4, 5·10^5 and 100.
    for (const auto& [base, shown] : {std::pair {1e4, QStringLiteral("54,410")},
             std::pair {5e5, QStringLiteral("2,559,196")}, std::pair {100.0, QStringLiteral("585")}}) {
        const Eigen::VectorXd theta = pecards::ropeInvFreq(base, 128);
        EXPECT_EQ(QLocale(QLocale::English).toString(std::round(2 * M_PI / theta(63)), 'f', 0), shown);
        says(shown);
    }
    // Pairs whose wavelength exceeds 4096 positions: i = 46 ... 63, 18 of them.
    const Eigen::VectorXd theta = pecards::ropeInvFreq(1e4, 128);
    int longer = 0;
    for (Eigen::Index i = 0; i < theta.size(); ++i)
        longer += 2 * M_PI / theta(i) > 4096 ? 1 : 0;
    EXPECT_EQ(longer, 18);
    EXPECT_LT(2 * M_PI / theta(45), 4096);
    says(QStringLiteral("i = 46 … 63"));
    // ALiBi, 12 heads: head 9 (index 8) is the steepest, 2^-0.5; heads 10-12 as stated.
    pecards::AlibiParams alibi;
    alibi.heads = 12;
    const Eigen::VectorXd slopes = pecards::alibiSlopes(alibi);
    Eigen::Index steepest = 0;
    slopes.maxCoeff(&steepest);
    EXPECT_EQ(steepest, 8);
    EXPECT_DOUBLE_EQ(slopes(8), std::pow(2.0, -0.5));
    EXPECT_DOUBLE_EQ(slopes(9), std::pow(2.0, -1.5));
    EXPECT_DOUBLE_EQ(slopes(10), std::pow(2.0, -2.5));
    EXPECT_DOUBLE_EQ(slopes(11), std::pow(2.0, -3.5));
    EXPECT_DOUBLE_EQ(slopes(7), 1.0 / 256);
    says(QStringLiteral("2<sup>−0.5</sup> ≈ 0.707"));
    // Shaw k = 16: offsets 20 and 200 share index 2k = 32.
    EXPECT_EQ(pecards::shawIndex(0, 20, 16), 32);
    EXPECT_EQ(pecards::shawIndex(0, 200, 16), 32);
    // T5, 32 buckets, bidirectional, max_distance 128.
    EXPECT_EQ(pecards::t5Bucket(200, true, 32, 128), 31);
    EXPECT_EQ(pecards::t5Bucket(-200, true, 32, 128), 15);
    EXPECT_EQ(pecards::t5Bucket(20, true, 32, 128), 26);
    says(QStringLiteral("+200"));
    // Dynamic NTK base for b = 10^4, s = 4, L = 16384, L0 = 4096, d = 128.
    pecards::RopeParams rope;
    rope.scaling.type = pecards::RopeScalingType::Dynamic;
    rope.scaling.factor = 4;
    rope.scaling.original_max_position_embeddings = 4096;
    const Eigen::VectorXd ntk = pecards::dynamicNtkBase(rope, {16384});
    EXPECT_EQ(std::round(ntk(0)), 135402.0);
    says(QStringLiteral("135,402"));
    // The spectrum charts of the context lesson: each pair's wavelength scaled / unscaled.
    const auto stretch = [](pecards::RopeParams params, std::int64_t length) {
        params.head_dim = 128;
        const Eigen::VectorXd plain = pecards::ropeInvFreq(params);
        return Eigen::VectorXd(plain.array() / pecards::ropeScaledInvFreq(params, length).array());
    };
    const Eigen::VectorXd dynamic = stretch(rope, 16384); // exactly 13 = s·L/L0 − (s − 1) at i = 63
    EXPECT_DOUBLE_EQ(dynamic(0), 1.0);
    EXPECT_NEAR(dynamic(63), 13.0, 1e-9);
    EXPECT_TRUE(en.contains(QStringLiteral("exactly 13 times longer")));
    EXPECT_TRUE(zh.contains(QStringLiteral("正好变为 13 倍")));
    rope.scaling.type = pecards::RopeScalingType::Linear;
    EXPECT_TRUE((stretch(rope, 16384).array() - 4.0).abs().maxCoeff() < 1e-12);
    rope.scaling.type = pecards::RopeScalingType::Yarn;
    const Eigen::VectorXd yarn = stretch(rope, 16384);
    EXPECT_DOUBLE_EQ(yarn(0), 1.0); // fast pairs kept, slow ones 4 times longer
    EXPECT_NEAR(yarn(63), 4.0, 1e-12);
    pecards::RopeParams llama3 = rope;
    llama3.base = 500000;
    llama3.scaling.type = pecards::RopeScalingType::Llama3;
    llama3.scaling.factor = 8;
    llama3.scaling.original_max_position_embeddings = 8192;
    const Eigen::VectorXd band = stretch(llama3, 65536);
    llama3.head_dim = 128;
    const Eigen::VectorXd wavelength = 2 * M_PI / pecards::ropeInvFreq(llama3).array();
    for (Eigen::Index i = 0; i < band.size(); ++i) {
        if (wavelength(i) < 2048)
            EXPECT_DOUBLE_EQ(band(i), 1.0) << i;
        else if (wavelength(i) > 8192)
            EXPECT_NEAR(band(i), 8.0, 1e-12) << i;
        else
            EXPECT_TRUE(band(i) > 1.0 && band(i) < 8.0) << i;
    }
    EXPECT_TRUE(en.contains(QStringLiteral("at a wavelength of 2048 and is 8 times longer from 8192 on")));
    EXPECT_TRUE(zh.contains(QStringLiteral("在波长 2048 处离开未缩放的曲线，从波长 8192 起是它的 8 倍")));
    // YaRN attention factor 0.1 ln 4 + 1.
    EXPECT_NEAR(0.1 * std::log(4.0) + 1, 1.139, 5e-4);
    says(QStringLiteral("1.139"));
    // bf16 positions collide from 257.
    EXPECT_EQ(pecards::firstPositionCollision(pecards::StorageFormat::Bfloat16), 257);
    EXPECT_DOUBLE_EQ(pecards::roundToFormat(0.8659643234, pecards::StorageFormat::Bfloat16), 0.8671875);
    EXPECT_NEAR(4095 * (0.8671875 - 0.8659643234), 5.01, 5e-3);
}

// #31 item 5: a lesson step circles entries by their coordinates. Every marker of a built-in
// step is named in its text by its label "S[row, col]", and what the text says of them holds on
// the engine: RoPE's S[110, 100] and S[410, 400] (both m - n = 10) are equal, and not because the
// score is flat (S[110, 90], at distance 20, differs).
TEST(BuiltInLessons, CircledEntriesAreTheOnesTheTextNamesAndHoldWhatItSays) {
    ProvidedBackend cpu = cpuBackendFactory()();
    const auto entry = [&](const LessonStep& step, qint64 row, qint64 col) {
        const pecards::app::WorkspaceCard& card = step.state.cards.at(step.state.activeCard);
        pecards::ViewRequest request;
        request.params = card.params;
        request.quantity = card.views.front().quantity;
        request.window = {row, row + 1, col, col + 1};
        request.reduction = pecards::Reduction::Sample;
        request.out_rows = request.out_cols = 1;
        return cpu.backend->compute(request).values.at(0);
    };
    int marked = 0;
    for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        for (const QString& resource : builtInLessons(language)) {
            const Lesson lesson = open(resource);
            for (qsizetype s = 0; s < lesson.steps.size(); ++s) {
                const LessonStep& step = lesson.steps.at(s);
                for (const pecards::app::LessonMarker& marker : step.markers) {
                    SCOPED_TRACE(resource.toStdString() + " step " + std::to_string(s + 1));
                    EXPECT_EQ(marker.label, QStringLiteral("S[%1, %2]").arg(marker.row).arg(marker.col));
                    EXPECT_TRUE(step.text.contains(marker.label)) << marker.label.toStdString();
                    ++marked;
                }
                if (resource.contains(QStringLiteral("04-rope")) && s == 2) {
                    ASSERT_EQ(step.markers.size(), 2);
                    const double first = entry(step, 110, 100);
                    EXPECT_NEAR(entry(step, 410, 400), first, 1e-9 * std::abs(first));
                    EXPECT_GT(std::abs(entry(step, 110, 90) - first), 1.0);
                }
            }
        }
    }
    EXPECT_EQ(marked, 4); // RoPE's step 3, in both languages
}
