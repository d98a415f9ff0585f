// pecards-cli under faults (the reproducers of the robustness review): a full disk or a full
// stdout exits 1 and keeps the previous file; a failing batch render leaves the files of an
// earlier run untouched; inputs and outputs that are not regular files are refused without
// blocking; a huge value range ends; out-of-range scaling values are refused naming the flag.

#include "clitestutil.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QtEndian>
#include <sys/stat.h>

namespace {

using pecards::test::CliRun;
using pecards::test::CliTest;
using pecards::test::configPath;
using pecards::test::runCli;
using pecards::test::runCliLimited;

class CliRobustness : public CliTest {
protected:
    void writeFile(const QString& name, const QByteArray& bytes) const {
        QFile file(path(name));
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        ASSERT_EQ(file.write(bytes), bytes.size());
    }
    QByteArray readFile(const QString& name) const {
        QFile file(path(name));
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    }
    QStringList files() const { return QDir(m_dir.path()).entryList(QDir::Files, QDir::Name); }
    /// Exit code 1 or 2, one stderr line that starts with "pecards-cli: <flag>: " and holds `phrase`.
    static void expectError(const CliRun& run, int exitCode, const QString& flag, const QString& phrase) {
        EXPECT_EQ(run.exitCode, exitCode) << run.err.toStdString();
        EXPECT_EQ(run.err.count(u'\n'), 1) << run.err.toStdString();
        EXPECT_TRUE(run.err.startsWith(QStringLiteral("pecards-cli: ") + flag + QStringLiteral(": ")))
            << run.err.toStdString();
        EXPECT_TRUE(run.err.contains(phrase)) << run.err.toStdString();
    }
};

TEST_F(CliRobustness, ConfigOutputOnAFullDiskExitsOneAndKeepsThePreviousFile) {
    writeFile(QStringLiteral("c.json"), "previous summary");
    const CliRun run = runCliLimited({QStringLiteral("config"), configPath("llama-2-7b-hf.config.json"),
                                         QStringLiteral("--out"), path(QStringLiteral("c.json"))},
        64);
    expectError(run, 1, QStringLiteral("--out"), QStringLiteral("the previous file is kept"));
    EXPECT_EQ(readFile(QStringLiteral("c.json")), QByteArray("previous summary"));
    EXPECT_EQ(files(), QStringList {QStringLiteral("c.json")}); // no temporary file left behind
}

TEST_F(CliRobustness, ComputeOutputOnAFullDiskExitsOneAndKeepsThePreviousFile) {
    for (const char* name : {"grid.npy", "grid.csv"}) {
        SCOPED_TRACE(name);
        writeFile(QString::fromLatin1(name), "previous grid");
        const CliRun run = runCliLimited(
            {QStringLiteral("compute"), QStringLiteral("--card"), QStringLiteral("rope"),
                QStringLiteral("--quantity"), QStringLiteral("score"), QStringLiteral("--length"),
                QStringLiteral("64"), QStringLiteral("--out"), path(QString::fromLatin1(name))},
            1024);
        expectError(run, 1, QStringLiteral("--out"), QStringLiteral("the previous file is kept"));
        EXPECT_EQ(readFile(QString::fromLatin1(name)), QByteArray("previous grid"));
    }
    EXPECT_EQ(files(), QStringList({QStringLiteral("grid.csv"), QStringLiteral("grid.npy")}));
}

TEST_F(CliRobustness, FullStdoutExitsOne) {
    const CliRun config = runCliLimited(
        {QStringLiteral("config"), configPath("llama-2-7b-hf.config.json")}, -1, QStringLiteral("/dev/full"));
    expectError(config, 1, QStringLiteral("stdout"), QStringLiteral("cannot be written"));
    const CliRun help = runCliLimited({QStringLiteral("--help")}, -1, QStringLiteral("/dev/full"));
    expectError(help, 1, QStringLiteral("stdout"), QStringLiteral("cannot be written"));
}

TEST_F(CliRobustness, FailingBatchRenderLeavesTheFilesOfAnEarlierRunUntouched) {
    // An earlier run left fig-01.png and fig-02.png; fig-03.png is now a directory, so the
    // third figure cannot be written: nothing of this run may replace or delete the first two.
    writeFile(QStringLiteral("fig-01.png"), "earlier figure 1");
    writeFile(QStringLiteral("fig-02.png"), "earlier figure 2");
    ASSERT_TRUE(QDir(m_dir.path()).mkdir(QStringLiteral("fig-03.png")));
    const CliRun run = runCli({QStringLiteral("render"), QStringLiteral("--workspace"),
        QStringLiteral(PECARDS_TEST_DATA_DIR "/workspaces/handout.json"), QStringLiteral("--dpi"),
        QStringLiteral("72"), QStringLiteral("--size"), QStringLiteral("4x3"), QStringLiteral("--out"),
        path(QStringLiteral("fig.png"))});
    expectError(run, 1, QStringLiteral("--out"), QStringLiteral("fig-03.png"));
    EXPECT_TRUE(run.err.contains(QStringLiteral("not a regular file"))) << run.err.toStdString();
    EXPECT_EQ(readFile(QStringLiteral("fig-01.png")), QByteArray("earlier figure 1"));
    EXPECT_EQ(readFile(QStringLiteral("fig-02.png")), QByteArray("earlier figure 2"));
    EXPECT_EQ(files(), QStringList({QStringLiteral("fig-01.png"), QStringLiteral("fig-02.png")}));
}

TEST_F(CliRobustness, HugeValueRangeEndsWithTicks) {
    QElapsedTimer timer;
    timer.start();
    const CliRun run = runCli({QStringLiteral("render"), QStringLiteral("--card"), QStringLiteral("rope"),
        QStringLiteral("--quantity"), QStringLiteral("score"), QStringLiteral("--length"),
        QStringLiteral("8"), QStringLiteral("--range"), QStringLiteral("-1e308:1e308"),
        QStringLiteral("--dpi"), QStringLiteral("72"), QStringLiteral("--out"),
        path(QStringLiteral("x.png"))});
    EXPECT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_TRUE(QFileInfo(path(QStringLiteral("x.png"))).size() > 0);
    EXPECT_LT(timer.elapsed(), 60000);
}

TEST_F(CliRobustness, AttentionFactorAndMscaleOutOfRangeNameTheirFlag) {
    const QStringList yarn {QStringLiteral("compute"), QStringLiteral("--card"), QStringLiteral("rope"),
        QStringLiteral("--quantity"), QStringLiteral("score"), QStringLiteral("--length"),
        QStringLiteral("8"), QStringLiteral("--scaling"), QStringLiteral("yarn"), QStringLiteral("--factor"),
        QStringLiteral("4"), QStringLiteral("--original-max-pos"), QStringLiteral("4096"),
        QStringLiteral("--out"), path(QStringLiteral("s.npy"))};
    for (const char* flag : {"--attention-factor", "--mscale", "--mscale-all-dim"}) {
        SCOPED_TRACE(flag);
        const CliRun run = runCli(yarn + QStringList {QString::fromLatin1(flag), QStringLiteral("1e154")});
        expectError(run, 2, QString::fromLatin1(flag), QStringLiteral("in [0, 1000]"));
    }
    EXPECT_TRUE(files().isEmpty());
}

TEST_F(CliRobustness, ConfigKeyOutOfRangeIsNamed) {
    writeFile(QStringLiteral("config.json"),
        R"({"model_type": "llama", "hidden_size": 4096, "num_attention_heads": 32,
            "max_position_embeddings": 32768, "rope_theta": 10000.0,
            "rope_scaling": {"rope_type": "yarn", "factor": 4.0,
                             "original_max_position_embeddings": 8192, "attention_factor": 1e154}})");
    const CliRun run = runCli({QStringLiteral("config"), path(QStringLiteral("config.json"))});
    EXPECT_EQ(run.exitCode, 2) << run.err.toStdString();
    EXPECT_TRUE(run.err.contains(QStringLiteral("attention_factor"))) << run.err.toStdString();
    EXPECT_TRUE(run.err.contains(QStringLiteral("in [0, 1000]"))) << run.err.toStdString();
    EXPECT_TRUE(run.out.isEmpty()) << run.out.toStdString();
}

TEST_F(CliRobustness, NonRegularInputsAreRefusedWithoutReadingOrBlocking) {
    const QString fifo = path(QStringLiteral("pipe.json"));
    ASSERT_EQ(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    QElapsedTimer timer;
    timer.start();
    expectError(runCli({QStringLiteral("config"), fifo}), 2, QStringLiteral("config"),
        QStringLiteral("not a regular file"));
    const QStringList content {QStringLiteral("compute"), QStringLiteral("--card"), QStringLiteral("rope"),
        QStringLiteral("--quantity"), QStringLiteral("content-score"), QStringLiteral("--length"),
        QStringLiteral("8"), QStringLiteral("--out"), path(QStringLiteral("c.npy"))};
    expectError(runCli(content + QStringList {QStringLiteral("--q-npy"), QStringLiteral("/dev/zero")}), 2,
        QStringLiteral("--q-npy"), QStringLiteral("not a regular file"));
    expectError(runCli(content + QStringList {QStringLiteral("--k-npy"), fifo}), 2, QStringLiteral("--k-npy"),
        QStringLiteral("not a regular file"));
    expectError(runCli({QStringLiteral("render"), QStringLiteral("--workspace"), fifo,
                    QStringLiteral("--out"), path(QStringLiteral("w.pdf"))}),
        2, QStringLiteral("--workspace"), QStringLiteral("not a regular file"));
    // Checkpoints (the review's hang_safetensors_fifo.sh): --bias-from and --learned-from.
    expectError(
        runCli({QStringLiteral("compute"), QStringLiteral("--card"), QStringLiteral("relative"),
            QStringLiteral("--variant"), QStringLiteral("t5"), QStringLiteral("--quantity"),
            QStringLiteral("score"), QStringLiteral("--length"), QStringLiteral("64"),
            QStringLiteral("--bias-from"), fifo, QStringLiteral("--out"), path(QStringLiteral("b.npy"))}),
        2, QStringLiteral("--bias-from"), QStringLiteral("not a regular file"));
    expectError(runCli({QStringLiteral("compute"), QStringLiteral("--card"), QStringLiteral("sinusoidal"),
                    QStringLiteral("--quantity"), QStringLiteral("learned-similarity"),
                    QStringLiteral("--length"), QStringLiteral("16"), QStringLiteral("--learned-from"), fifo,
                    QStringLiteral("--out"), path(QStringLiteral("l.npy"))}),
        2, QStringLiteral("--learned-from"), QStringLiteral("not a regular file"));
    EXPECT_LT(timer.elapsed(), 60000);
}

// The review's crash_sigbus_safetensors_truncated.sh, untouched file: a T5 bias of 2^26 F16 values
// (128 MiB, sparse on disk) with 65536 buckets is refused from its header, before any value is read.
TEST_F(CliRobustness, WrongShapeT5BiasIsRefusedFromItsHeader) {
    QByteArray header
        = R"({"encoder.relative_attention_bias.weight": {"dtype": "F16", "shape": [65536, 1024], "data_offsets": [0, 134217728]}})";
    QByteArray size(8, '\0');
    qToLittleEndian<quint64>(static_cast<quint64>(header.size()), size.data());
    writeFile(QStringLiteral("big_t5.safetensors"), size + header);
    ASSERT_TRUE(QFile::resize(path(QStringLiteral("big_t5.safetensors")), 8 + header.size() + 134217728));
    const QStringList arguments {QStringLiteral("compute"), QStringLiteral("--card"),
        QStringLiteral("relative"), QStringLiteral("--variant"), QStringLiteral("t5"),
        QStringLiteral("--quantity"), QStringLiteral("score"), QStringLiteral("--length"),
        QStringLiteral("64"), QStringLiteral("--bias-from"), path(QStringLiteral("big_t5.safetensors")),
        QStringLiteral("--out"), path(QStringLiteral("o.npy"))};
    expectError(runCli(arguments), 2, QStringLiteral("--bias-from"),
        QStringLiteral(
            "has shape [65536, 1024]; num_buckets x heads with num_buckets in [2, 1024] is needed"));
    // Reading it would hold 128 MiB of bytes and 512 MiB of doubles.
    const pecards::test::MeasuredRun measured = pecards::test::runCliMeasured(arguments);
    EXPECT_EQ(measured.exitCode, 2);
    EXPECT_LT(measured.peakResidentBytes, std::int64_t {200} << 20) << "the 128 MiB tensor was read";
}

TEST_F(CliRobustness, OversizedConfigIsRefusedBeforeReading) {
    writeFile(QStringLiteral("big.json"), QByteArray(5 << 20, ' '));
    expectError(runCli({QStringLiteral("config"), path(QStringLiteral("big.json"))}), 2,
        QStringLiteral("config"), QStringLiteral("more than the 4194304 bytes allowed"));
}

TEST_F(CliRobustness, NpyShapeWhoseSizeOverflowsIsRefusedNamingTheFlag) {
    QByteArray header = "{'descr': '<f8', 'fortran_order': False, 'shape': (4294967296, 4294967296), }";
    header += QByteArray((64 - (10 + header.size() + 1) % 64) % 64, ' ') + '\n';
    QByteArray bytes("\x93NUMPY\x01\x00", 8);
    bytes += static_cast<char>(header.size() & 0xff);
    bytes += static_cast<char>(header.size() >> 8);
    writeFile(QStringLiteral("huge.npy"), bytes + header);
    const CliRun run = runCli({QStringLiteral("compute"), QStringLiteral("--card"), QStringLiteral("rope"),
        QStringLiteral("--quantity"), QStringLiteral("content-score"), QStringLiteral("--length"),
        QStringLiteral("8"), QStringLiteral("--q-npy"), path(QStringLiteral("huge.npy")),
        QStringLiteral("--out"), path(QStringLiteral("c.npy"))});
    expectError(run, 2, QStringLiteral("--q-npy"), QStringLiteral("more than 2^63 bytes"));
}

TEST_F(CliRobustness, OutputsThatAreNotRegularFilesAreRefused) {
    const QString link = path(QStringLiteral("null.npy"));
    ASSERT_TRUE(QFile::link(QStringLiteral("/dev/null"), link));
    const QStringList compute {QStringLiteral("compute"), QStringLiteral("--card"), QStringLiteral("rope"),
        QStringLiteral("--quantity"), QStringLiteral("score"), QStringLiteral("--length"),
        QStringLiteral("8"), QStringLiteral("--out")};
    expectError(runCli(compute + QStringList {link}), 1, QStringLiteral("--out"),
        QStringLiteral("is a symbolic link"));
    EXPECT_TRUE(QFileInfo(link).isSymLink());
    struct stat info { };
    ASSERT_EQ(::stat("/dev/null", &info), 0);
    EXPECT_TRUE(S_ISCHR(info.st_mode)) << "/dev/null must still be the device";
    ASSERT_TRUE(QDir(m_dir.path()).mkdir(QStringLiteral("dir.csv")));
    expectError(runCli(compute + QStringList {path(QStringLiteral("dir.csv"))}), 1, QStringLiteral("--out"),
        QStringLiteral("not a regular file"));
}

TEST_F(CliRobustness, DryRunPrintsTheEstimateAndWritesNothing) {
    // Exact content scores at L = 2^20, head_dim 32 (default 64 halved): 2^20 x 2^20 x 32, and
    // 2 x 2^20 vectors of 32 normal variates drawn at 32 operations each (2^31).
    const CliRun run = runCli({QStringLiteral("compute"), QStringLiteral("--card"), QStringLiteral("rope"),
        QStringLiteral("--head-dim"), QStringLiteral("32"), QStringLiteral("--quantity"),
        QStringLiteral("content-score"), QStringLiteral("--length"), QStringLiteral("1048576"),
        QStringLiteral("--reduction"), QStringLiteral("max"), QStringLiteral("--dry-run"),
        QStringLiteral("--out"), path(QStringLiteral("x.npy"))});
    EXPECT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_TRUE(run.out.contains(QStringLiteral("work: 35186519572480 operations"))) << run.out.toStdString();
    EXPECT_TRUE(run.out.contains(QStringLiteral("peak memory: "))) << run.out.toStdString();
    EXPECT_TRUE(files().isEmpty());
}

TEST_F(CliRobustness, CurvesOverTheMemoryLimitAreRefusedWithTheEstimate) {
    // txl-pos-emb at L = 2^20, d = 1024: 2^30 values, 24 GiB with the output: refused at once.
    const QStringList request {QStringLiteral("compute"), QStringLiteral("--card"),
        QStringLiteral("relative"), QStringLiteral("--variant"), QStringLiteral("transformer-xl"),
        QStringLiteral("--d-model"), QStringLiteral("1024"), QStringLiteral("--quantity"),
        QStringLiteral("txl-pos-emb"), QStringLiteral("--length"), QStringLiteral("1048576"),
        QStringLiteral("--out"), path(QStringLiteral("r.npy"))};
    const CliRun dry = runCli(request + QStringList {QStringLiteral("--dry-run")});
    EXPECT_EQ(dry.exitCode, 0) << dry.err.toStdString();
    EXPECT_TRUE(dry.out.contains(QStringLiteral("over the memory limit"))) << dry.out.toStdString();
    QElapsedTimer timer;
    timer.start();
    expectError(runCli(request), 3, QStringLiteral("compute limit"), QStringLiteral("too large for memory"));
    EXPECT_LT(timer.elapsed(), 30000);
    EXPECT_TRUE(files().isEmpty());
}

} // namespace

namespace {

// The review's minor_messages.sh: a range whose length overflows int64 is refused as too long
// (exit 2, the flag named), not a "vector::reserve" failure with exit 1.
TEST_F(CliRobustness, ARangeWhoseLengthOverflowsIsTooLong) {
    for (const char* range : {"-1:9223372036854775807", "-9223372036854775807:9223372036854775807"}) {
        expectError(runCli({QStringLiteral("compute"), QStringLiteral("--card"), QStringLiteral("rope"),
                        QStringLiteral("--quantity"), QStringLiteral("decay"), QStringLiteral("--distances"),
                        QString::fromLatin1(range), QStringLiteral("--out"), path(QStringLiteral("d.npy"))}),
            2, QStringLiteral("--distances"), QStringLiteral("more than 2^20 values"));
    }
}

} // namespace
