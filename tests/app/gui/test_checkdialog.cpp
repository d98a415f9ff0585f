// File > Check an implementation… (#25): tables written here from the formulas (not the engine's
// code) as .npy, .safetensors and GGUF files, checked in the dialog off the UI thread: the correct
// float32 cache matches, a cache built from bfloat16 frequencies is diagnosed as such with its
// first failing position marked on the error map, rotated vectors and a GGUF file are checked, a
// missing sin is refused in words, and the check is saved in a workspace and back when it opens.

#include "check/checkdialog.h"
#include "deck/deckmodel.h"
#include "guitestsupport.h"
#include "session/workspacecontroller.h"
#include "support/ggufwriter.h"
#include "widgets/heatmapwidget.h"
#include "windowtest.h"

#include <QFile>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtEndian>
#include <bit>
#include <cmath>
#include <common/npyfile.h>

using namespace pecards::gui;
using Table = pecards::app::CheckSetup::Table;

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
    pecards::app::CheckSetup cache(double (*roundTheta)(double)) {
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
        pecards::app::CheckSetup files;
        files.first = m_dir.filePath(QStringLiteral("cos.npy"));
        files.second = m_dir.filePath(QStringLiteral("sin.npy"));
        files.params = m_params;
        pecards::app::writeNpy(files.first, {positions, 2 * pairs}, cos);
        pecards::app::writeNpy(files.second, {positions, 2 * pairs}, sin);
        return files;
    }

    void run(CheckDialog& dialog, const pecards::app::CheckSetup& files) {
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
    pecards::app::CheckSetup files = cache(&exact);
    files.second.clear();
    dialog.check(files);
    EXPECT_TRUE(dialog.verdict().contains(QStringLiteral("sin is missing")))
        << dialog.verdict().toStdString();
    files.second = m_dir.filePath(QStringLiteral("absent.npy"));
    run(dialog, files);
    EXPECT_TRUE(dialog.verdict().contains(QStringLiteral("absent.npy"))) << dialog.verdict().toStdString();
    EXPECT_TRUE(dialog.diagnosis().isEmpty() || !dialog.findChild<HeatmapWidget*>()->isVisibleTo(&dialog));
}

/// A safetensors file written byte by byte (8-byte header length, JSON header, data): one F32
/// tensor per name, each rows x cols.
void writeSafetensors(const QString& path, const std::vector<std::pair<QString, Eigen::MatrixXd>>& tensors) {
    QByteArray header = "{";
    QByteArray data;
    for (const auto& [name, matrix] : tensors) {
        const qsizetype begin = data.size();
        for (Eigen::Index r = 0; r < matrix.rows(); ++r) {
            for (Eigen::Index c = 0; c < matrix.cols(); ++c) {
                char bytes[4];
                qToLittleEndian(static_cast<float>(matrix(r, c)), bytes);
                data.append(bytes, 4);
            }
        }
        if (header.size() > 1)
            header += ',';
        header += QStringLiteral(
            "\"%1\": {\"dtype\": \"F32\", \"shape\": [1, %2, %3], \"data_offsets\": [%4, %5]}")
                      .arg(name)
                      .arg(matrix.rows())
                      .arg(matrix.cols())
                      .arg(begin)
                      .arg(data.size())
                      .toUtf8();
    }
    header += '}';
    char length[8];
    qToLittleEndian(static_cast<quint64>(header.size()), length);
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(length, 8);
    file.write(header);
    file.write(data);
}

TEST_F(CheckDialogTest, RotatedQueriesFromACheckpointAreChecked) {
    // q before and after HF's apply_rotary_pos_emb (q cos + rotate_half(q) sin), positions 0..299,
    // stored as (1, 300, 64) tensors of one .safetensors file, as torch.save_file writes a batch.
    Eigen::MatrixXd q(300, 64);
    Eigen::MatrixXd rotated(300, 64);
    for (int m = 0; m < 300; ++m) {
        for (int c = 0; c < 64; ++c)
            q(m, c) = std::sin(0.3 * m + 0.7 * c);
        for (int i = 0; i < 32; ++i) {
            const double angle = m * std::pow(10000.0, -2.0 * i / 64);
            rotated(m, i) = q(m, i) * std::cos(angle) - q(m, i + 32) * std::sin(angle);
            rotated(m, i + 32) = q(m, i + 32) * std::cos(angle) + q(m, i) * std::sin(angle);
        }
    }
    const QString file = m_dir.filePath(QStringLiteral("dump.safetensors"));
    writeSafetensors(file, {{QStringLiteral("q_rot"), rotated}, {QStringLiteral("q"), q}});
    CheckDialog dialog(m_params);
    pecards::app::CheckSetup setup;
    setup.table = Table::Rotated;
    setup.first = file + QStringLiteral(":q_rot");
    setup.second = file + QStringLiteral(":q");
    setup.params = m_params;
    run(dialog, setup);
    EXPECT_TRUE(dialog.verdict().contains(QStringLiteral("Matches the reference")))
        << dialog.verdict().toStdString();
    // Without a tensor name the error lists the file's tensors.
    setup.second = file;
    run(dialog, setup);
    EXPECT_TRUE(dialog.verdict().contains(QStringLiteral("which tensor?"))) << dialog.verdict().toStdString();
    EXPECT_TRUE(dialog.verdict().contains(QStringLiteral("q, q_rot"))) << dialog.verdict().toStdString();
}

TEST_F(CheckDialogTest, AGgufFileIsChecked) {
    pecards::test::GgufWriter gguf;
    gguf.string(QStringLiteral("general.architecture"), QStringLiteral("llama"));
    gguf.f32(QStringLiteral("llama.rope.freq_base"), 10000.0f);
    gguf.u32(QStringLiteral("llama.rope.dimension_count"), 64);
    const QString path = m_dir.filePath(QStringLiteral("model.gguf"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(gguf.bytes());
    file.close();
    CheckDialog dialog(m_params);
    pecards::app::CheckSetup setup;
    setup.table = Table::Gguf;
    setup.first = path;
    setup.params = m_params;
    run(dialog, setup);
    EXPECT_TRUE(dialog.verdict().contains(QStringLiteral("Matches the reference")))
        << dialog.verdict().toStdString();
    EXPECT_TRUE(dialog.verdict().contains(QStringLiteral("llama.rope.freq_base = 10000")))
        << dialog.verdict().toStdString();
    setup.params.rope.base = 500000; // the model says otherwise: the file's base is named
    CheckDialog other(setup.params);
    run(other, setup);
    EXPECT_TRUE(other.verdict().contains(QStringLiteral("Does not match"))) << other.verdict().toStdString();
    EXPECT_EQ(other.diagnosis().front(), QStringLiteral("base-class-default"));
}

class CheckInWorkspace : public guitest::WindowTest<1280, 720> {
protected:
    QTemporaryDir m_dir;
};

TEST_F(CheckInWorkspace, TheCheckIsSavedAndBackWhenTheWorkspaceOpens) {
    // inv_freq of the RoPE card's model (head_dim and base as the card has them), rounded to bf16.
    const pecards::CardParams params = m_window.card(QStringLiteral("rope"))->params();
    const int d = params.rope.head_dim;
    std::vector<double> theta(static_cast<std::size_t>(d / 2));
    for (int i = 0; i < d / 2; ++i)
        theta[static_cast<std::size_t>(i)] = bf16(std::pow(params.rope.base, -2.0 * i / d));
    pecards::app::CheckSetup setup;
    setup.table = Table::InvFreq;
    setup.first = m_dir.filePath(QStringLiteral("inv_freq.npy"));
    setup.params = params;
    pecards::app::writeNpy(setup.first, {d / 2}, theta);

    WorkspaceController* session = m_window.session();
    session->refreshModified();
    EXPECT_FALSE(m_window.isWindowModified());
    CheckDialog* dialog = m_window.openCheck();
    dialog->fill(setup);
    QSignalSpy done(dialog, &CheckDialog::checked);
    dialog->check(setup);
    ASSERT_TRUE(guitest::awaitSignals(done, 1));
    ASSERT_TRUE(m_window.deckModel()->check().has_value());
    EXPECT_EQ(*m_window.deckModel()->check(), setup);
    EXPECT_TRUE(m_window.isWindowModified()); // a check run is a change of the workspace
    const QString verdict = dialog->verdict();
    EXPECT_TRUE(verdict.contains(QStringLiteral("inv-freq-bf16"))) << verdict.toStdString();
    ASSERT_TRUE(session->saveTo(m_dir.filePath(QStringLiteral("ws.json"))))
        << session->lastError().toStdString();
    EXPECT_FALSE(m_window.isWindowModified());

    MainWindow other(&m_service);
    other.resize(1280, 720);
    other.show();
    ASSERT_TRUE(other.session()->open(m_dir.filePath(QStringLiteral("ws.json"))));
    ASSERT_TRUE(other.deckModel()->check().has_value());
    EXPECT_EQ(*other.deckModel()->check(), setup);
    auto* reopened = other.findChild<CheckDialog*>();
    ASSERT_NE(reopened, nullptr);
    // Its outcome arrives through the event loop, which has not run since open(): the spy sees it.
    QSignalSpy again(reopened, &CheckDialog::checked);
    ASSERT_TRUE(guitest::awaitSignals(again, 1));
    EXPECT_EQ(reopened->verdict(), verdict); // the same files, the same model: the same report
    EXPECT_FALSE(other.isWindowModified());
}

} // namespace
