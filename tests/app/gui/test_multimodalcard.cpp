// The multimodal card by hand: it opens on the worked example with every view clean, a typed
// sequence recomposes the tokens (length, ids chart), a sequence that does not compose is named
// under the field and changes nothing, the family's own controls appear with it, and the layout
// pitfall is offered in its Pitfalls view.
#include "cards/cardpage.h"
#include "cards/parameterform.h"
#include "cleanviews.h"
#include "compute/computeservice.h"
#include "guitestsupport.h"
#include "views/chartpanel.h"
#include "views/heatmappanel.h"
#include "views/patchpanel.h"
#include "views/viewslot.h"
#include "widgets/chartwidget.h"
#include "widgets/heatmapwidget.h"
#include "widgets/sliderspin.h"
#include "windowtest.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <pecards/mrope.h>

using namespace pecards::gui;

namespace {

class MultimodalCardTest : public guitest::WindowTest<1280, 720> {
protected:
    ::testing::AssertionResult awaitCleanViews(CardPage* card) {
        return guitest::awaitCleanViews(card, m_service);
    }

    static void type(CardPage* card, const QString& text) {
        auto* edit = card->form()->findChild<QLineEdit*>(QStringLiteral("segments_text"));
        ASSERT_NE(edit, nullptr);
        edit->setText(text);
        emit edit->editingFinished();
    }

    static QLabel* segmentsError(CardPage* card) {
        return card->form()->findChild<QLabel*>(QStringLiteral("segments_error"));
    }
};

} // namespace

TEST_F(MultimodalCardTest, OpensOnTheWorkedExampleWithEveryViewClean) {
    CardPage* card = showCard(QStringLiteral("multimodal"));
    EXPECT_EQ(card->params().card, pecards::Card::Multimodal);
    EXPECT_EQ(card->params().length, 11);
    ASSERT_TRUE(awaitCleanViews(card));
    QStringList views;
    for (const ViewSlot* slot : card->viewSlots())
        views << slot->choice()->currentData().toString();
    EXPECT_EQ(views,
        (QStringList {QStringLiteral("score"), QStringLiteral("position-ids"), QStringLiteral("pair-map"),
            QStringLiteral("attention")}));
}

TEST_F(MultimodalCardTest, ATypedSequenceRecomposesTheTokensAndABadOneChangesNothing) {
    CardPage* card = showCard(QStringLiteral("multimodal"));
    type(card, QStringLiteral("text:2,video:2x4x4,text:1"));
    EXPECT_EQ(pecards::formatMropeSegments(card->params().multimodal.segments), "text:2,video:2x4x4,text:1");
    EXPECT_EQ(card->params().length, 2 + 2 * 4 + 1);
    EXPECT_TRUE(segmentsError(card)->isHidden());
    ASSERT_TRUE(awaitCleanViews(card));

    const pecards::CardParams before = card->params();
    type(card, QStringLiteral("text:2,image:3x4"));
    EXPECT_EQ(card->params(), before);
    EXPECT_FALSE(segmentsError(card)->isHidden());
    EXPECT_TRUE(segmentsError(card)->text().contains(QStringLiteral("segments[1].height = 3")))
        << segmentsError(card)->text().toStdString();
    EXPECT_TRUE(segmentsError(card)->text().contains(QStringLiteral("multiple of spatial_merge_size = 2")));
    type(card, QStringLiteral("text:2,picture:4x4"));
    EXPECT_EQ(card->params(), before);
    EXPECT_TRUE(segmentsError(card)->text().contains(QStringLiteral("\"picture:4x4\"")));
}

TEST_F(MultimodalCardTest, TheFamilyBringsItsOwnControlsAndRecountsTheTokens) {
    CardPage* card = showCard(QStringLiteral("multimodal"));
    ParameterForm* form = card->form();
    EXPECT_TRUE(form->control(QStringLiteral("tokens_per_second"))->isVisibleTo(form));
    EXPECT_FALSE(form->control(QStringLiteral("position_id_per_seconds"))->isVisibleTo(form));
    EXPECT_FALSE(form->control(QStringLiteral("rope_partial"))->isVisibleTo(form));
    auto* family = qobject_cast<QComboBox*>(form->control(QStringLiteral("mrope_family")));
    ASSERT_NE(family, nullptr);
    family->setCurrentIndex(family->findData(static_cast<int>(pecards::MropeFamily::Qwen25Omni)));
    // Omni frames the image with a start and an end token: 11 + 2.
    EXPECT_EQ(card->params().length, 13);
    EXPECT_TRUE(form->control(QStringLiteral("position_id_per_seconds"))->isVisibleTo(form));
    EXPECT_FALSE(form->control(QStringLiteral("tokens_per_second"))->isVisibleTo(form));
    EXPECT_TRUE(awaitCleanViews(card));
}

TEST_F(MultimodalCardTest, SectionsThatDoNotFitTheHeadAreNamedInTheViews) {
    CardPage* card = showCard(QStringLiteral("multimodal"));
    auto* t = qobject_cast<SliderSpin*>(card->form()->control(QStringLiteral("mrope_section_t")));
    ASSERT_NE(t, nullptr);
    card->form()->edit([](pecards::CardParams& p) { p.multimodal.section = {16, 24, 20}; });
    const auto* heatmap = qobject_cast<const HeatmapPanel*>(card->viewSlots().at(0)->view());
    ASSERT_NE(heatmap, nullptr);
    ASSERT_TRUE(guitest::awaitCondition(
        [&] { return heatmap->heatmap()->message().contains(QStringLiteral("mrope_section")); },
        "the score names mrope_section"));
    EXPECT_TRUE(heatmap->heatmap()->message().contains(QStringLiteral("rotary_dim / 2 = 64")))
        << heatmap->heatmap()->message().toStdString();
}

TEST_F(MultimodalCardTest, TheVisionTowerMapIsTheImageOfItsPatchesWithTheQueryOnTop) {
    CardPage* card = showCard(QStringLiteral("multimodal"));
    ViewSlot* slot = card->viewSlots().at(1);
    slot->showView(QStringLiteral("patch"));
    auto* patch = qobject_cast<PatchPanel*>(slot->view());
    ASSERT_NE(patch, nullptr);
    ASSERT_TRUE(guitest::awaitCondition([&] { return patch->hasResult(); }, "the patch map"));
    const Eigen::MatrixXd& scores = patch->scores();
    ASSERT_EQ(scores.rows(), 16);
    ASSERT_EQ(scores.cols(), 16);
    // The all-ones probe: every pair adds 2 cos(angle), so the query patch itself scores head_dim.
    EXPECT_NEAR(scores(8, 8), 64.0, 1e-9);
    EXPECT_NEAR(scores.maxCoeff(), 64.0, 1e-9);
    EXPECT_EQ(patch->heatmap()->circles().size(), 1);
    EXPECT_TRUE(patch->title().contains(QStringLiteral("pixtral"))) << patch->title().toStdString();

    card->form()->edit([](pecards::CardParams& p) {
        p.multimodal.tower.rope.family = pecards::VisionRopeFamily::Gemma4;
        p.multimodal.tower.rope.head_dim = 70; // Gemma 4 cuts the head in two halves of whole pairs
    });
    ASSERT_TRUE(guitest::awaitCondition(
        [&] { return patch->heatmap()->message().contains(QStringLiteral("70")); }, "the tower's message"));
    EXPECT_TRUE(patch->heatmap()->message().contains(QStringLiteral("multiple of 4")))
        << patch->heatmap()->message().toStdString();
}
