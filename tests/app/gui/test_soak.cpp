// Soak: thousands of random valid parameter changes across every card, streamed faster than the
// worker answers (stale jobs are dropped), then the app must settle: no crash, bounded memory,
// and every heatmap of every card showing exactly a fresh CPU computation of the final
// parameters (fixed seed; a few seconds).

#include "cards/card.h"
#include "compute/computeservice.h"
#include "guitestsupport.h"
#include "support/randomparams.h"
#include "views/heatmapcontroller.h"
#include "views/heatmappanel.h"
#include "views/viewslot.h"
#include "widgets/heatmapwidget.h"
#include "window/mainwindow.h"

#include <QCoreApplication>
#include <QFile>
#include <pecards/backend.h>

namespace {

/// Resident set size of this process in bytes (Linux /proc/self/statm).
qint64 residentBytes() {
    QFile statm(QStringLiteral("/proc/self/statm"));
    if (!statm.open(QIODevice::ReadOnly))
        return 0;
    const QList<QByteArray> fields = statm.readAll().split(' ');
    return fields.size() > 1 ? fields[1].toLongLong() * 4096 : 0;
}

QList<HeatmapPanel*> heatmaps(Card* card) {
    QList<HeatmapPanel*> panels;
    for (ViewSlot* slot : card->viewSlots())
        if (auto* panel = qobject_cast<HeatmapPanel*>(slot->view()))
            panels << panel;
    return panels;
}

} // namespace

TEST(Soak, RandomParameterChangesSettleOnTheFreshPictureWithBoundedMemory) {
    ComputeService service(cpuBackendFactory());
    MainWindow window(&service);
    window.resize(1280, 720);
    window.show();
    for (Card* card : window.cards()) {
        window.showTab(card->entry().id);
        card->load();
    }
    ASSERT_TRUE(guitest::awaitCondition([&] { return service.isIdle(); }, "the first views"));
    const qint64 before = residentBytes();
    pecards::test::Random random(20261130);
    constexpr int kChanges = 3000;
    for (int n = 0; n < kChanges; ++n) {
        Card* card = window.cards().at(
            pecards::test::uniformInt(random, 0, static_cast<int>(window.cards().size()) - 1));
        pecards::CardParams params = pecards::test::randomParams(random, card->params().card, 2048);
        card->setParams(params);
        if (n % 25 == 0)
            QCoreApplication::processEvents(); // results arrive while changes keep coming
    }
    ASSERT_TRUE(guitest::awaitCondition([&] { return service.isIdle(); }, "the last views", 120000));
    QCoreApplication::processEvents();
    const std::unique_ptr<pecards::Backend> cpu = pecards::makeCpuBackend();
    int checked = 0;
    for (Card* card : window.cards()) {
        for (HeatmapPanel* panel : heatmaps(card)) {
            const pecards::ViewRequest& request = panel->controller()->lastRequest();
            ASSERT_EQ(request.params, card->params()) << card->entry().id.toStdString();
            ASSERT_TRUE(panel->controller()->hasResult()) << card->entry().id.toStdString();
            EXPECT_EQ(panel->heatmap()->frame().grid.values, cpu->compute(request).values)
                << card->entry().id.toStdString() << " " << pecards::toString(request.quantity);
            ++checked;
        }
    }
    EXPECT_GE(checked, 5);
    EXPECT_LT(residentBytes() - before, qint64 {300} << 20) << "resident memory grew by more than 300 MiB";
}
