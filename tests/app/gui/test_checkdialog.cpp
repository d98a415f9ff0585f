// File > Check an implementation… (#25): tables written here from the formulas (not the engine's
// code) as .npy files, checked in the dialog off the UI thread: the correct float32 cache matches,
// a cache built from bfloat16 frequencies is diagnosed as such with its first failing position
// marked on the error map, and a missing sin is refused in words.

#include "check/checkdialog.h"
#include "guitestsupport.h"
#include "widgets/heatmapwidget.h"

#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <bit>
#include <cmath>
#include <common/npyfile.h>

using namespace pecards::gui;

namespace {

/// bfloat16 rounding written out: the top 16 bits of the float32, to nearest even.
double bf16(double value) {
    const auto bits = std::bit_cast<std::uint32_t>(static_cast<float>(value));
    return std::bit_cast<float>((bits + 0x7FFFu + ((bits >> 16) & 1u)) & 0xFFFF0000u);
}

class CheckDialogTest : public ::testing::Test {
protected:
    CheckDialogTest() {
        m_params.card = pecards::Card::Rope;
        m_params.rope.head_dim = 64;
        m_params.rope.base = 10000;
    }

    /// Writes the float32 HF cache cat(freqs, freqs) of 2048 positions as cos.npy and sin.npy;
    /// `roundTheta` rounds each frequency first (the bug under test).
    CheckFiles cache(double (*roundTheta)(double)) {
        const int pairs = 32;
        const int positions = 2048;
        std::vector<double> cos(static_cast<std::size_t>(positions) * 2 * pairs);
        std::vector<double> sin(cos.size());
        for (int m = 0; m < positions; ++m) {
            for (int i = 0; i < pairs; ++i) {
                const double theta = roundTheta(std::pow(10000.0, -2.0 * i / 64));
                for (const int column : {i, i + pairs}) {
                    const std::size_t at = static_cast<std::size_t>(m) * 2 * pairs + column;
                    cos[at] = static_cast<float>(std::cos(m * theta));
                    sin[at] = static_cast<float>(std::sin(m * theta));
                }
            }
        }
        CheckFiles files;
        files.cos = m_dir.filePath(QStringLiteral("cos.npy"));
        files.sin = m_dir.filePath(QStringLiteral("sin.npy"));
        pecards::app::writeNpy(files.cos, {positions, 2 * pairs}, cos);
        pecards::app::writeNpy(files.sin, {positions, 2 * pairs}, sin);
        return files;
    }

    void run(CheckDialog& dialog, const CheckFiles& files) {
        QSignalSpy done(&dialog, &CheckDialog::checked);
        dialog.check(files);
        ASSERT_TRUE(guitest::awaitSignals(done, 1));
        EXPECT_FALSE(dialog.isRunning());
    }

    QTemporaryDir m_dir;
    pecards::CardParams m_params;
};

double exact(double value) {
    return value;
}

TEST_F(CheckDialogTest, TheCorrectFloat32CacheMatches) {
    CheckDialog dialog(m_params, nullptr, [](pecards::Pitfall) {});
    run(dialog, cache(&exact));
    EXPECT_TRUE(dialog.verdict().contains(QStringLiteral("Matches the reference")))
        << dialog.verdict().toStdString();
    ASSERT_FALSE(dialog.diagnosis().isEmpty());
    EXPECT_EQ(dialog.diagnosis().front(), QStringLiteral("reference"));
    EXPECT_FALSE(dialog.findChild<HeatmapWidget*>()->marker().has_value());
    EXPECT_EQ(dialog.shownPitfall(), pecards::Pitfall::None);
    EXPECT_FALSE(dialog.findChild<QPushButton*>(QStringLiteral("showBug"))->isEnabled());
}

TEST_F(CheckDialogTest, ABfloat16FrequencyCacheIsDiagnosedAndItsFirstFailureMarked) {
    std::vector<pecards::Pitfall> shown;
    CheckDialog dialog(m_params, nullptr, [&shown](pecards::Pitfall pitfall) { shown.push_back(pitfall); });
    run(dialog, cache(&bf16));
    const QString verdict = dialog.verdict();
    EXPECT_TRUE(verdict.contains(QStringLiteral("Does not match the reference"))) << verdict.toStdString();
    EXPECT_TRUE(verdict.contains(QStringLiteral("Diagnosis: <b>inv-freq-bf16</b>"))) << verdict.toStdString();
    ASSERT_FALSE(dialog.diagnosis().isEmpty());
    EXPECT_EQ(dialog.diagnosis().front(), QStringLiteral("inv-freq-bf16"));
    const auto* map = dialog.findChild<HeatmapWidget*>();
    ASSERT_TRUE(map->isVisibleTo(&dialog));
    EXPECT_EQ(map->frame().grid.rows, pecards::kCheckMapRows);
    EXPECT_EQ(map->frame().grid.cols, 32);
    ASSERT_TRUE(map->marker().has_value());
    // The marked position is the first one the verdict names.
    EXPECT_TRUE(verdict.contains(QStringLiteral("first at position %1,").arg(*map->marker())))
        << verdict.toStdString();
}

TEST_F(CheckDialogTest, AMissingSinOrAnUnreadableFileIsSaidInWords) {
    CheckDialog dialog(m_params);
    CheckFiles files = cache(&exact);
    files.sin.clear();
    dialog.check(files);
    EXPECT_TRUE(dialog.verdict().contains(QStringLiteral("sin is missing")))
        << dialog.verdict().toStdString();
    files.sin = m_dir.filePath(QStringLiteral("absent.npy"));
    run(dialog, files);
    EXPECT_TRUE(dialog.verdict().contains(QStringLiteral("absent.npy"))) << dialog.verdict().toStdString();
    EXPECT_TRUE(dialog.diagnosis().isEmpty() || !dialog.findChild<HeatmapWidget*>()->isVisibleTo(&dialog));
}

} // namespace
