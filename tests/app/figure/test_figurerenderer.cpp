// The heatmap figure's colour bar at every preset: its title stays on the page and beside the
// bar, and the bar has at least three ticks. The author's A-B1 (review-teacher-author-2026-12.md):
// A - B at column width had its title "A − B, score (logit units)" run off the top into the
// figure's title, and one tick, "0", on a bar of about -45..45 logits.
#include "app/qstringprinter.h"
#include "figure/figureframe.h"
#include "figure/figurepresets.h"
#include "figure/figurerenderer.h"

#include <QFontMetricsF>
#include <QImage>
#include <gtest/gtest.h>
#include <vector>

using namespace pecards::app;

namespace {

constexpr double kDpi = 300.0;

/// A − B of the review's pair (YaRN x4 against no scaling, L = 32768): a square window and a
/// diverging range symmetric about 0.
FigureSpec differenceSpec(const QString& barTitle) {
    FigureSpec spec;
    spec.title = QStringLiteral("A − B: RoPE — positional score");
    spec.xAxis = {QStringLiteral("key position j"), 0, 32767};
    spec.yAxis = {QStringLiteral("query position i"), 0, 32767};
    spec.colorBar = {barTitle, -45.3, 45.3, {qRgb(59, 76, 192), qRgb(221, 221, 221), qRgb(180, 4, 38)}};
    spec.caption = QStringLiteral( // the figure's own caption, as the app wrote it
        "A: RoPE score · head_dim=128 · base=10000 · layout=half-split · scaling=yarn · factor=4 · "
        "original_max_position_embeddings=8192 · beta_fast=32 · beta_slow=1 · truncate=true · "
        "→ correction_range=25–50 · → attention_factor=1.139 · → logit_multiplier=1.296 · probe=ones · "
        "L=32768 · rows 0–32767 · cols 0–32767 · 380×380 px, mean, 86.2×86.2 entries per pixel · "
        "B: RoPE score · head_dim=128 · base=10000 · layout=half-split · scaling=none · probe=ones · "
        "L=32768 · rows 0–32767 · cols 0–32767 · 380×380 px, mean, 86.2×86.2 entries per pixel");
    spec.heatmap = QImage(4, 4, QImage::Format_RGB32);
    spec.heatmap.fill(qRgb(221, 221, 221));
    spec.equalAspect = true;
    return spec;
}

} // namespace

TEST(FigureRendererColorBar, ItsTitleStaysOnThePageBesideTheBarWithAtLeastThreeTicksAtEveryPreset) {
    for (const QString& barTitle : {QStringLiteral("A − B, score (logit units)"),
             QStringLiteral("A − B, attention probability (softmax over keys j)")}) {
        for (const FigurePreset& preset : figurePresets()) {
            const FigureStyle style = styleForFontSize(preset.fontPt);
            const FigureRenderer renderer(style);
            QImage page((preset.sizeInches * kDpi).toSize(), QImage::Format_RGB32);
            page.setDotsPerMeterX(static_cast<int>(kDpi / 0.0254));
            page.setDotsPerMeterY(static_cast<int>(kDpi / 0.0254));
            const QRectF target(QPointF(0, 0), QSizeF(page.size()));
            const double scale = kDpi / 72.0;
            const FigureSpec spec = differenceSpec(barTitle);
            const ColorBarLayout bar = renderer.colorBarLayout(&page, target, spec, scale);
            const std::string where = preset.name.toStdString() + ", " + barTitle.toStdString();

            ASSERT_FALSE(bar.title.isEmpty()) << where;
            EXPECT_EQ(bar.title.join(QLatin1Char(' ')), barTitle) << where; // every word, in order
            const QFontMetricsF label(figureFonts(style, scale).label, &page); // the renderer's label font
            for (const QString& line : bar.title)
                EXPECT_LE(label.horizontalAdvance(line), bar.bar.height() + 0.5) << where;
            EXPECT_TRUE(target.contains(bar.titleArea)) << where;
            EXPECT_GE(bar.titleArea.top(), bar.bar.top() - 0.5) << where; // beside the bar, not above it
            EXPECT_LE(bar.titleArea.bottom(), bar.bar.bottom() + 0.5) << where;
            EXPECT_GE(bar.titleArea.left(), bar.bar.right()) << where;

            ASSERT_GE(bar.ticks.size(), 3U) << where;
            EXPECT_LT(bar.ticks.front(), 0.0) << where;
            EXPECT_GT(bar.ticks.back(), 0.0) << where;
        }
    }
    // The review's figure: at column width the title takes two lines and the bar marks -25, 0, 25.
    const FigurePreset* column = findFigurePreset(QStringLiteral("column"));
    ASSERT_NE(column, nullptr);
    QImage page((column->sizeInches * kDpi).toSize(), QImage::Format_RGB32);
    page.setDotsPerMeterX(static_cast<int>(kDpi / 0.0254));
    page.setDotsPerMeterY(static_cast<int>(kDpi / 0.0254));
    const ColorBarLayout bar
        = FigureRenderer(styleForFontSize(column->fontPt))
              .colorBarLayout(&page, QRectF(QPointF(0, 0), QSizeF(page.size())),
                  differenceSpec(QStringLiteral("A − B, score (logit units)")), kDpi / 72.0);
    EXPECT_EQ(bar.title.size(), 2);
    EXPECT_EQ(bar.ticks, (std::vector<double> {-25.0, 0.0, 25.0}));
}
