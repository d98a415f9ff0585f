// GUI soak test (crash safety): 10,000 random changes of the controls a user can reach
// (sliders moved, choices picked, toggles flipped) across every card, faster than the views can
// compute. Nothing crashes; when the app settles every heatmap on screen equals a fresh
// CPU-reference computation of the card's final parameters (the latest request won; no stale
// frame is left); and memory stays bounded: after the last change, Undo back to where the first
// 1,000 changes left the stack gives every card its parameters of then again, and once the cards
// have settled the heap in use is at most 16 MiB above what it was at that point (a leak of 2 KiB
// per change would exceed it). Both figures are taken in one state because most of the heap is
// pictures, whose size follows the parameters (L = 64 holds 64 x 64 values, L = 4096 a window's
// pixels): the final state against the warm-up's measured 5 to 21 MiB, and failed the bound in
// full ctest runs. In one state it measured 4.0 to 9.1 MiB in four runs; heaptrack's difference
// (December 2026) is pictures kept where the state was not restored (a view's last frame under an
// error message, a hidden slot's frame: grids 4.1 MiB, their images 2.5 MiB) and the undo history
// itself (0.3 MiB). Heap figures taken while work is in flight say nothing (queued grids come and
// go), so both are taken settled.
// Settled means: every view on screen answered the card's latest parameters
// (the picture, sampled when over the interactive budget), then the background exact reductions
// still running are cancelled as the user's Cancel does and the service is idle. Waiting for them
// instead (the hidden cards' too) made the test's length a lottery: 180 s to 380 s here, and over
// the 300 s limit on CI (December 2026); now about 60 s. BackgroundExact tests that path.
// Under AddressSanitizer 2,000 changes and the teardown are checked, not the final pictures (the
// CPU reference is too slow there) nor the heap (ASan's own; LeakSanitizer checks leaks): the
// changes reach the same controls and code paths, and 10,000 of them took 270 s there.
#include "cards/cardpage.h"
#include "cards/cardregistry.h"
#include "cards/parameterform.h"
#include "deck/deckmodel.h"
#include "guitestsupport.h"
#include "support/sanitizers.h"
#include "views/heatmapcontroller.h"
#include "views/heatmappanel.h"
#include "views/viewslot.h"
#include "widgets/heatmapwidget.h"
#include "widgets/sliderspin.h"
#include "windowtest.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QSlider>
#include <QUndoStack>
#include <cmath>
#include <malloc.h>
#include <pecards/backend.h>
#include <pecards/errors.h>
#include <pecards/view.h>
#include <random>

using namespace pecards::gui;

namespace {

constexpr int kChanges = pecards::testsupport::kUnderAsan ? 2000 : 10000;
[[maybe_unused]] constexpr int kWarmUpChanges = 1000; ///< not under ASan
/// Every view of a card answers its latest parameters within this (pictures at once or sampled;
/// the background exact reductions are cancelled, not awaited).
constexpr int kSettleMilliseconds = 120000;
/// A first picture over the interactive budget may compute this long before settling cancels it.
constexpr qint64 kPictureGraceMilliseconds = 30000;
[[maybe_unused]] constexpr std::size_t kAllowedHeapGrowth = std::size_t {16} << 20; ///< not under ASan

/// Bytes the program holds from malloc now (glibc: small chunks in use plus mmapped ones).
[[maybe_unused]] std::size_t heapInUse() {
    const struct mallinfo2 info = ::mallinfo2();
    return info.uordblks + info.hblkhd;
}

class Soak : public guitest::WindowTest<1280, 720> {
protected:
    /// One random user change on `card`: a slider moved to a random position, a choice picked or
    /// a toggle flipped, among the controls shown and enabled.
    void changeSomething(CardPage* card) {
        QList<QWidget*> controls;
        for (SliderSpin* number : card->form()->findChildren<SliderSpin*>()) {
            controls.append(number);
        }
        for (QComboBox* choice : card->form()->findChildren<QComboBox*>()) {
            controls.append(choice);
        }
        for (QCheckBox* toggle : card->form()->findChildren<QCheckBox*>()) {
            controls.append(toggle);
        }
        controls.removeIf(
            [](const QWidget* control) { return !control->isVisible() || !control->isEnabled(); });
        ASSERT_FALSE(controls.isEmpty()) << card->entry().id.toStdString();
        QWidget* control = controls[static_cast<qsizetype>(m_random() % controls.size())];
        if (auto* number = qobject_cast<SliderSpin*>(control)) {
            QSlider* slider = number->slider();
            std::uniform_int_distribution<int> position(slider->minimum(), slider->maximum());
            slider->setValue(position(m_random));
        } else if (auto* choice = qobject_cast<QComboBox*>(control)) {
            choice->setCurrentIndex(static_cast<int>(m_random() % static_cast<unsigned>(choice->count())));
        } else if (auto* toggle = qobject_cast<QCheckBox*>(control)) {
            toggle->toggle();
        }
    }

    /// The final pictures, card by card: each heatmap shows the card's final parameters at the
    /// full extent, and its grid equals a fresh computation of that request.
    void checkFinalPictures(const QList<CardPage*>& cards) {
        const std::unique_ptr<pecards::Backend> fresh = pecards::makeCpuBackend();
        int compared = 0;
        int overBudget = 0;
        for (CardPage* card : cards) {
            m_window.showTab(card->entry().id);
            ASSERT_TRUE(settle(card));

            for (const ViewSlot* slot : card->viewSlots()) {
                const auto* panel = qobject_cast<const HeatmapPanel*>(slot->view());
                if (panel == nullptr || !panel->isVisible()) {
                    continue;
                }
                const std::optional<ShownHeatmap> shown = panel->controller()->shown();
                if (!panel->heatmap()->message().isEmpty() || !shown) {
                    // The final parameters are invalid for this view: it keeps its last picture under
                    // the engine's message (nothing made is lost).
                    EXPECT_FALSE(panel->heatmap()->message().isEmpty())
                        << "a view without picture nor message";
                    continue;
                }
                EXPECT_EQ(shown->request.params, card->params()) << "a stale frame is on screen";
                pecards::ViewRequest request;
                request.params = card->params();
                request.quantity = panel->controller()->quantity();
                request.window = pecards::fullExtent(request.params, request.quantity);
                request.out_rows = shown->request.out_rows;
                request.out_cols = shown->request.out_cols;
                request.reduction = shown->request.reduction;
                // settle() cancels the background exact softmax: an attention view keeps its first,
                // estimated picture (labelled so), which is that request's answer.
                request.normaliser = shown->request.normaliser;
                EXPECT_EQ(shown->request.window, request.window);
                pecards::Grid expected;
                try {
                    expected = fresh->compute(request);
                } catch (const pecards::ComputeLimitExceeded&) {
                    // Over the interactive budget the app computed it tile by tile in the background
                    // (BackgroundExact tests that path against compute()); recomputing it here would
                    // take minutes on the CPU reference: its request was checked above.
                    ++overBudget;
                    continue;
                }
                ASSERT_EQ(shown->grid.values.size(), expected.values.size());
                for (std::size_t i = 0; i < expected.values.size(); ++i) {
                    const double a = shown->grid.values[i];
                    const double b = expected.values[i];
                    ASSERT_TRUE(a == b || (std::isnan(a) && std::isnan(b)))
                        << "entry " << i << ": " << a << " vs " << b << " (" << card->entry().id.toStdString()
                        << ", " << pecards::toString(request.quantity) << ", "
                        << pecards::toString(shown->request.reduction) << ", normaliser "
                        << pecards::toString(shown->request.normaliser) << ", L " << request.params.length
                        << ", chunk " << request.params.attention_chunk << ", window "
                        << request.params.sliding_window << ", sinks " << request.params.attention_sinks
                        << ", " << shown->request.out_rows << "x" << shown->request.out_cols << ")";
                }
                ++compared;
            }
        }
        RecordProperty("heatmaps_compared", compared);
        RecordProperty("heatmaps_over_budget_checked_by_request", overBudget);
        EXPECT_GT(compared, 0) << "no heatmap to compare";
    }

    /// Shows every card in turn and waits until its views have answered.
    void settleEveryCard(const QList<CardPage*>& cards) {
        for (CardPage* each : cards) {
            m_window.showTab(each->entry().id);
            ASSERT_TRUE(settle(each));
        }
    }

    /// Waits until every view of `card` on screen shows its latest parameters (or the engine's
    /// message for them) and the service is idle, cancelling the background exact reductions as the
    /// Cancel button does whenever the views have answered. Cancelled at every check, not once: a
    /// layout that settles after the tab is shown resizes a view, which asks again (a new picture
    /// and a new exact reduction), as it does for the user; cancelling once left that exact
    /// reduction running for minutes (ALiBi's attention max at L = 11.9M). A first picture that is
    /// itself over the interactive budget (computed in tiles, with progress) is cancelled too once
    /// it has run kPictureGraceMilliseconds, as a user would: the view then says its picture is of
    /// the previous parameters (accepted), while a picture of older parameters shown with no job
    /// computing the latest ones stays a failure: on CI (December 2026) that was ALiBi's content
    /// attention showing L = 524288 for L = 32768 with no job left, named by the state below. A job
    /// of older parameters computed at once answered after the newer first picture was cancelled
    /// and replaced the picture and its message (HeatmapController::cancelBackground, tested by
    /// BackgroundJobs.AfterCancelAnOlderJobsAnswerDoesNotReplaceThePictureNorItsMessage).
    ::testing::AssertionResult settle(CardPage* card) {
        QString state; // what the last check saw, named when the wait times out
        QElapsedTimer waited;
        waited.start();
        const auto cancelEveryBackgroundJob = [this] {
            for (const CardPage* each : m_cards) { // hidden cards' background jobs too
                for (const ViewSlot* slot : each->viewSlots()) {
                    if (const auto* panel = qobject_cast<const HeatmapPanel*>(slot->view()))
                        panel->controller()->cancelBackground();
                }
            }
        };
        ::testing::AssertionResult settled = guitest::awaitCondition(
            [&] {
                const bool answered = card->allViewsAnswered();
                const QString stale = answered ? stalePicture(card) : QString();
                state = answered ? QStringLiteral("views answered; ")
                        + (stale.isEmpty() ? QStringLiteral("pictures latest") : stale)
                                 : QStringLiteral("a view has not answered");
                state += QStringLiteral("; jobs pending: ")
                    + m_service.pendingJobs().join(QStringLiteral(", "));
                if (!answered)
                    return false;
                if (!stale.isEmpty()) {
                    if (waited.elapsed() > kPictureGraceMilliseconds)
                        cancelEveryBackgroundJob(); // the first pictures still computing
                    return false;
                }
                cancelEveryBackgroundJob();
                state += QStringLiteral(", jobs pending after Cancel: ")
                    + m_service.pendingJobs().join(QStringLiteral(", "));
                return m_service.isIdle();
            },
            "every view answered the latest parameters, the service idle after Cancel", kSettleMilliseconds);
        if (!settled)
            settled << " (" << card->entry().id.toStdString() << "; " << state.toStdString() << ")";
        return settled;
    }

    static QString yesNo(bool value) { return value ? QStringLiteral("yes") : QStringLiteral("no"); }

    /// The first heatmap on screen that shows neither `card`'s parameters nor a message about them,
    /// described; empty when there is none.
    static QString stalePicture(const CardPage* card) {
        for (const ViewSlot* slot : card->viewSlots()) {
            const auto* panel = qobject_cast<const HeatmapPanel*>(slot->view());
            if (panel == nullptr || !panel->isVisible() || !panel->heatmap()->message().isEmpty())
                continue;
            const HeatmapController* controller = panel->controller();
            const std::optional<ShownHeatmap> shown = controller->shown();
            if (shown && shown->request.params == card->params())
                continue;
            return QStringLiteral(
                "a stale picture: %1 view, shown %2, card L = %3, last request %4, background %5")
                .arg(QString::fromStdString(pecards::toString(controller->quantity())),
                    shown ? QStringLiteral("L = %1").arg(shown->request.params.length)
                          : QStringLiteral("none"),
                    QString::number(card->params().length),
                    controller->lastRequest().params == card->params() ? QStringLiteral("current")
                                                                       : QStringLiteral("stale"),
                    yesNo(controller->isComputingInBackground()));
        }
        return {};
    }

    std::mt19937 m_random {20261130};
    QList<CardPage*> m_cards; ///< every card, shown once
};

TEST_F(Soak, TenThousandRandomChangesAcrossCards) {
    for (const CardEntry& entry : cardRegistry()) {
        m_cards.append(showCard(entry.id));
    }
    const QList<CardPage*>& cards = m_cards;
    CardPage* card = cards.front();
    std::size_t warmHeap = 0;
    [[maybe_unused]] int warmUndoIndex = 0;
    [[maybe_unused]] QList<pecards::CardParams> warmParams;
    [[maybe_unused]] CardPage* warmCard = nullptr;
    for (int change = 0; change < kChanges; ++change) {
        if (change % 50 == 0) { // a user moves to another card now and then
            card = cards[static_cast<qsizetype>(m_random() % cards.size())];
            m_window.showTab(card->entry().id);
            QCoreApplication::processEvents(); // the tab's widgets are shown
        }
        changeSomething(card);
        if (HasFatalFailure()) {
            return;
        }
        QCoreApplication::processEvents();
#ifndef PECARDS_UNDER_ASAN
        if (change + 1 == kWarmUpChanges) {
            settleEveryCard(cards);
            if (HasFatalFailure()) {
                return;
            }
            m_window.showTab(card->entry().id);
            warmHeap = heapInUse();
            warmUndoIndex = m_window.deckModel()->undoStack()->index();
            warmCard = card;
            for (const CardPage* each : cards)
                warmParams.append(each->params());
            // The next edit must be a step of its own: an edit of the same control within the merge
            // window joins the step before (a dragged slider), and Undo could not stop at the
            // warm-up (seen when the deck's sixth card changed the random walk; settling can take
            // less than the window).
            QTest::qWait(static_cast<int>(DeckModel::kMergeMilliseconds) + 100);
        }
#endif
    }
#ifdef PECARDS_UNDER_ASAN
    // Under ASan the CPU reference runs several times slower, and waiting for the background views
    // of the final parameters (L up to 2^24) would outlast the test's limit: here ASan checks the
    // changes and the teardown (pending jobs dropped, the running one cancelled); the final
    // pictures and the heap are checked by the ci build.
    static_cast<void>(warmHeap);
    RecordProperty("final_pictures", "checked by the ci build");
#else
    checkFinalPictures(cards);
    if (HasFatalFailure())
        return;
    // Back to the warm-up's state by the user's Undo, then settled as then.
    m_window.deckModel()->undoStack()->setIndex(warmUndoIndex);
    for (qsizetype i = 0; i < cards.size(); ++i) {
        ASSERT_EQ(cards[i]->params(), warmParams[i])
            << "Undo did not restore " << cards[i]->entry().id.toStdString();
    }
    settleEveryCard(cards);
    if (HasFatalFailure())
        return;
    m_window.showTab(warmCard->entry().id);
    const std::size_t endHeap = heapInUse();
    RecordProperty("heap_after_warm_up_bytes", std::to_string(warmHeap));
    RecordProperty("heap_after_undo_to_warm_up_bytes", std::to_string(endHeap));
    EXPECT_LE(endHeap, warmHeap + kAllowedHeapGrowth)
        << "heap in use grew from " << warmHeap << " to " << endHeap << " bytes";
#endif
}

} // namespace
