// Captions list every parameter a view depends on (docs/quantities.md), written out by hand here.
#include "app/qstringprinter.h"
#include "figure/caption.h"
#include "figure/chartcaption.h"
#include "support/requests.h"

#include <Eigen/Core>
#include <QStringList>
#include <cmath>
#include <gtest/gtest.h>
#include <memory>
#include <numbers>

using namespace pecards;
using pecards::app::formatCaption;

namespace {

QString joined(std::initializer_list<const char*> fields) {
    QStringList parts;
    for (const char* f : fields) {
        parts << QString::fromUtf8(f);
    }
    return parts.join(QString::fromUtf8(" \u00b7 "));
}

} // namespace

TEST(Caption, RopeScoreListsEveryParameter) {
    ViewRequest r
        = test::viewRequest(test::cardParams(Card::Rope, 4096), Quantity::Score, {0, 4096, 0, 4096});
    r.out_rows = 1024;
    r.out_cols = 1024;
    r.reduction = Reduction::Max;
    EXPECT_EQ(formatCaption(r),
        joined({"RoPE score", "head_dim=128", "base=10000", "layout=half-split", "scaling=none", "probe=ones",
            "L=4096", "rows 0\u20134095", "cols 0\u20134095",
            "1024\u00d71024 px, max, 4\u00d74 entries per pixel"}));
}

TEST(Caption, EntriesPerPixelOfAnUnevenReduction) {
    ViewRequest r
        = test::viewRequest(test::cardParams(Card::Rope, 4096), Quantity::Score, {0, 4096, 0, 4096});
    r.out_rows = 1350;
    r.out_cols = 1800;
    r.reduction = Reduction::Max;
    // 4096 / 1350 = 3.034..., 4096 / 1800 = 2.275...
    EXPECT_TRUE(formatCaption(r).endsWith(
        QString::fromUtf8("1350\u00d71800 px, max, 3.03\u00d72.28 entries per pixel")))
        << formatCaption(r).toStdString();
}

TEST(Caption, GridSizeIsTheWindowWhenSmallerThanTheOutput) {
    ViewRequest r = test::viewRequest(test::cardParams(Card::Rope, 100), Quantity::Phase, {10, 20, 0, 64});
    r.params.rope.base = 500000.0;
    r.params.rope.rotary_dim = 64;
    EXPECT_EQ(formatCaption(r),
        joined({"RoPE phase", "head_dim=128", "base=500000", "rotary_dim=64", "layout=half-split",
            "scaling=none", "L=100", "rows 10\u201319", "cols 0\u201363",
            "10\u00d764 px, sample, 1\u00d71 entries per pixel"}));
}

// A proportional layer's figure says so: read as classic, the same rotary_dim is another model.
TEST(Caption, ProportionalPartialRotaryIsNamed) {
    ViewRequest r = test::viewRequest(test::cardParams(Card::Rope, 100), Quantity::Phase, {10, 20, 0, 256});
    r.params.rope.head_dim = 512;
    r.params.rope.base = 1e6;
    r.params.rope.rotary_dim = 128;
    r.params.rope.partial = RopePartial::Proportional;
    EXPECT_TRUE(formatCaption(r).startsWith(joined({"RoPE phase", "head_dim=512", "base=1000000",
        "rotary_dim=128", "partial=proportional", "layout=half-split"})))
        << formatCaption(r).toStdString();
}

TEST(Caption, YarnScalingKeysRandomProbeAndCausal) {
    ViewRequest r
        = test::viewRequest(test::cardParams(Card::Rope, 16384), Quantity::Attention, {0, 16384, 0, 16384});
    r.params.causal = true;
    r.params.rope.scaling.type = RopeScalingType::Yarn;
    r.params.rope.scaling.factor = 4.0;
    r.params.rope.scaling.original_max_position_embeddings = 4096;
    r.params.rope.scaling.mscale = 0.707;
    r.params.probe.kind = ProbeKind::Random;
    r.params.probe.seed = 42;
    r.reduction = Reduction::Mean;
    // Derived (marked "→"): the correction range floor/ceil(r ln(L0 / (2 pi beta)) / (2 ln b)) for
    // beta_fast 32 and beta_slow 1; mscale_all_dim unset, so attention factor 0.1 ln s + 1 and the
    // total logit multiplier its square.
    const auto dim = [](double beta) {
        return 128.0 * std::log(4096.0 / (2.0 * std::numbers::pi * beta)) / (2.0 * std::log(1e4));
    };
    const double attention = 0.1 * std::log(4.0) + 1.0;
    const QString derived
        = QStringLiteral("→ correction_range=%1–%2 · → attention_factor=%3 · → logit_multiplier=%4")
              .arg(std::floor(dim(32.0)))
              .arg(std::ceil(dim(1.0)))
              .arg(QString::number(attention, 'g', 4), QString::number(attention * attention, 'g', 4));
    EXPECT_EQ(formatCaption(r),
        joined({"RoPE attention", "head_dim=128", "base=10000", "layout=half-split", "scaling=yarn",
            "factor=4", "original_max_position_embeddings=4096", "beta_fast=32", "beta_slow=1",
            "truncate=true", "mscale=0.707"})
            + QStringLiteral(" · ") + derived + QStringLiteral(" · ")
            + joined({"probe=random", "seed=42", "causal", "L=16384", "rows 0\u201316383",
                "cols 0\u201316383", "512\u00d7512 px, mean, 32\u00d732 entries per pixel"}));
}

TEST(Caption, SinusoidalTableHasNoProbeButPaddingIndex) {
    ViewRequest r
        = test::viewRequest(test::cardParams(Card::Sinusoidal, 64), Quantity::Table, {0, 64, 0, 32});
    r.params.sinusoidal.d_model = 32;
    r.params.sinusoidal.frequencies = SinusoidalFrequencies::Tensor2Tensor;
    r.params.sinusoidal.layout = SinusoidalLayout::Concatenated;
    r.params.sinusoidal.padding_idx = 1;
    r.params.causal = true; // irrelevant to a table: not listed
    EXPECT_EQ(formatCaption(r),
        joined({"Sinusoidal table", "d_model=32", "base=10000", "layout=concatenated",
            "frequencies=tensor2tensor", "padding_idx=1", "L=64", "rows 0\u201363", "cols 0\u201331",
            "64\u00d732 px, sample, 1\u00d71 entries per pixel"}));
}

TEST(Caption, HybridListsRopeAndAlibiParameters) {
    ViewRequest r = test::viewRequest(test::cardParams(Card::Hybrid, 512), Quantity::Score, {0, 512, 0, 512});
    r.params.alibi.heads = 16;
    r.params.alibi.head = 3; // shown as head=4: heads count from 1
    r.params.rope.layout = RopeLayout::Interleaved;
    EXPECT_EQ(formatCaption(r),
        joined({"RoPE+ALiBi score", "head_dim=128", "base=10000", "layout=interleaved", "scaling=none",
            "heads=16", "head=4", "alibi_bias_max=8", "form=causal", "probe=ones", "L=512", "rows 0\u2013511",
            "cols 0\u2013511", "512\u00d7512 px, sample, 1\u00d71 entries per pixel"}));
}

TEST(Caption, T5BucketsNeedNoSeedButT5ContentScoreDoes) {
    ViewRequest r
        = test::viewRequest(test::cardParams(Card::Relative, 256), Quantity::Buckets, {0, 256, 0, 256});
    EXPECT_EQ(formatCaption(r),
        joined({"Relative (T5) buckets", "num_buckets=32", "max_distance=128", "bidirectional=true", "L=256",
            "rows 0\u2013255", "cols 0\u2013255", "256\u00d7256 px, sample, 1\u00d71 entries per pixel"}));
    r.quantity = Quantity::ContentScore;
    r.params.probe.seed = 7;
    EXPECT_EQ(formatCaption(r),
        joined({"Relative (T5) content-score", "softmax logits, no 1/\u221ad (T5)", "num_buckets=32",
            "max_distance=128", "bidirectional=true", "d_model=64", "seed=7", "L=256", "rows 0\u2013255",
            "cols 0\u2013255", "256\u00d7256 px, sample, 1\u00d71 entries per pixel"}));
}

TEST(Caption, ExplicitProbeVectorsAndLongRopeFactorsAreWrittenOut) {
    ViewRequest r = test::viewRequest(test::cardParams(Card::Rope, 8), Quantity::Score, {0, 8, 0, 8});
    r.params.rope.head_dim = 4;
    r.params.probe.q = {1.0, 0.0, 0.5, -2.0};
    r.params.probe.k = {0.25, 1.0, 1.0, 1.0};
    r.params.rope.scaling.type = RopeScalingType::LongRope;
    r.params.rope.scaling.original_max_position_embeddings = 4;
    r.params.rope.scaling.short_factor = {1.0, 1.5};
    r.params.rope.scaling.long_factor = {2.0, 3.0};
    EXPECT_EQ(formatCaption(r),
        joined({"RoPE score", "head_dim=4", "base=10000", "layout=half-split", "scaling=longrope",
            "original_max_position_embeddings=4", "short_factor=[1, 1.5]", "long_factor=[2, 3]",
            "→ factors=long", "→ attention_factor=1", "→ logit_multiplier=1", "probe_q=[1, 0, 0.5, -2]",
            "probe_k=[0.25, 1, 1, 1]", "L=8", "rows 0\u20137", "cols 0\u20137",
            "8\u00d78 px, sample, 1\u00d71 entries per pixel"}));
}

TEST(Caption, ContentViewsNameTheFilesOfTheirVectors) {
    ViewRequest r = test::viewRequest(test::cardParams(Card::Alibi, 4), Quantity::ContentScore, {0, 4, 0, 4});
    r.params.alibi.head_dim = 2;
    r.params.probe.content_q = std::make_shared<const Eigen::MatrixXd>(Eigen::MatrixXd::Ones(5, 2));
    r.params.probe.content_k = std::make_shared<const Eigen::MatrixXd>(Eigen::MatrixXd::Ones(6, 2));
    EXPECT_TRUE(formatCaption(r).contains(QString::fromUtf8("content=.npy (q 5\u00d72, k 6\u00d72)")))
        << formatCaption(r).toStdString();
    r.params.probe.content_q_file = "q_layer0.npy";
    r.params.probe.content_k_file = "k_layer0.npy";
    EXPECT_TRUE(formatCaption(r).contains(
        QString::fromUtf8("content=q_layer0.npy, k_layer0.npy (q 5\u00d72, k 6\u00d72)")))
        << formatCaption(r).toStdString();
    // minor_messages #6: a 100,000-character name ran off the figure's right edge; a long name
    // keeps its start and its end (the extension), 48 characters in all.
    r.params.probe.content_q_file = std::string(100000, 'q') + "_end.npy";
    const QString caption = formatCaption(r);
    EXPECT_LT(caption.size(), 400) << caption.left(400).toStdString();
    EXPECT_TRUE(
        caption.contains(QString(31, QLatin1Char('q')) + QChar(0x2026) + QStringLiteral("qqqqqqqq_end.npy")))
        << caption.toStdString();
    r.quantity = Quantity::Score; // a positional view uses no content vectors: no file named
    EXPECT_FALSE(formatCaption(r).contains(QStringLiteral("k_layer0.npy"))) << formatCaption(r).toStdString();
}

// The author's review A-W3: the same pitfall in bf16 and in fp16 drew two figures with one caption.
// A pitfall's caption names what the pitfall reads (pitfallInputs): the format, its scenario's values.
TEST(Caption, APitfallNamesItsFormatAndScenario) {
    CardParams p = test::cardParams(Card::Rope, 1024);
    p.pitfall.kind = Pitfall::RopePositionsLowPrecision;
    p.pitfall.format = StorageFormat::Float16;
    ViewRequest r = test::viewRequest(p, Quantity::Score, {0, 1024, 0, 1024});
    r.out_rows = 1024;
    r.out_cols = 1024;
    EXPECT_EQ(formatCaption(r),
        joined({"RoPE score", "head_dim=128", "base=10000", "layout=half-split", "scaling=none", "probe=ones",
            "pitfall positions-low-precision", "format=fp16", "L=1024", "rows 0\u20131023",
            "cols 0\u20131023", "1024\u00d71024 px, sample, 1\u00d71 entries per pixel"}));
    r.params.pitfall.format = StorageFormat::Bfloat16;
    EXPECT_TRUE(formatCaption(r).contains(QStringLiteral("format=bf16")));

    CardParams small = test::cardParams(Card::Rope, 1024);
    small.pitfall.kind = Pitfall::RopeSmallBase;
    small.pitfall.small_base = 250.0;
    const QString base = formatCaption(test::viewRequest(small, Quantity::Score, {0, 1024, 0, 1024}));
    EXPECT_TRUE(base.contains(QStringLiteral("pitfall small-base \u00b7 small_base=250 \u00b7")))
        << base.toStdString();
    EXPECT_FALSE(base.contains(QStringLiteral("format="))) << base.toStdString();

    CardParams padding = test::cardParams(Card::Alibi, 512);
    padding.pitfall.kind = Pitfall::AlibiLeftPaddingArange;
    padding.pitfall.left_padding = 48;
    padding.pitfall.fixed = true;
    const QString pads = formatCaption(test::viewRequest(padding, Quantity::Score, {0, 512, 0, 512}));
    EXPECT_TRUE(pads.contains(QStringLiteral("(fixed) \u00b7 format=bf16 \u00b7 left_padding=48 \u00b7")))
        << pads.toStdString();
}

// The author's A-C2: the scaling-ratio figure's caption gave no parameters for the five curves
// other than the card's; it gives the lab's YaRN betas, Llama 3 factors and the longrope factors.
TEST(Caption, TheScalingLabNamesEveryCurvesParameters) {
    pecards::app::CurveRequest request;
    request.kind = pecards::app::CurveKind::ScalingRatio;
    request.params = pecards::startParams(pecards::Card::Rope);
    request.params.length = 32768;
    request.params.rope.scaling.type = pecards::RopeScalingType::Llama3;
    request.params.rope.scaling.factor = 8.0;
    request.params.rope.scaling.original_max_position_embeddings = 8192;
    const QString caption = pecards::app::formatChartCaption(request);
    for (const QString& part :
        {QStringLiteral("scalings compared at s=8"), QStringLiteral("yarn beta_fast=32 beta_slow=1"),
            QStringLiteral("llama3 low_freq_factor=1 high_freq_factor=4"),
            QStringLiteral("longrope: synthetic long_factor s")}) {
        EXPECT_TRUE(caption.contains(part)) << part.toStdString() << " in " << caption.toStdString();
    }
}
