// Every command of the EXAMPLES section of `pecards-cli --help` (and so of docs/cli.md) runs:
// each is taken from the help text, its input files pointed at the repository's files (configs
// of tests/data/configs by their model name, q.npy and k.npy written here) and its outputs at a
// temporary folder, then run with --dry-run (compute, render: the flags are all parsed and
// checked, nothing is computed) or as written (config, and check on a made-up cache). An example with a value
// out of range (such as --head 0, heads count from 1) fails here.

#include "clitestutil.h"
#include "support/safetensorswriter.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

namespace {

using pecards::test::CliRun;
using pecards::test::CliTest;
using pecards::test::runCli;

/// The example commands of the help, continuation lines joined, "pecards-cli" dropped.
QList<QStringList> helpExamples() {
    const CliRun run = runCli({QStringLiteral("--help")});
    EXPECT_EQ(run.exitCode, 0);
    const qsizetype start = run.out.indexOf(QStringLiteral("\nEXAMPLES\n"));
    EXPECT_GE(start, 0) << run.out.toStdString();
    if (start < 0) {
        return {};
    }
    qsizetype end = run.out.indexOf(QRegularExpression(QStringLiteral("\n[A-Z][A-Z ]+\n")), start + 1);
    QString section = run.out.mid(start + 10, end < 0 ? -1 : end - start - 10);
    section.replace(QRegularExpression(QStringLiteral("\\\\\\n\\s*")), QString()); // continuations
    QList<QStringList> commands;
    for (const QString& line : section.split(u'\n', Qt::SkipEmptyParts)) {
        QStringList words = line.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts);
        if (!words.isEmpty() && words.front() == QStringLiteral("pecards-cli")) {
            words.removeFirst();
            commands.append(words);
        }
    }
    return commands;
}

class CliExamples : public CliTest {
protected:
    /// `word` as an input file that exists: a repository path, a config by model name, or q/k.npy.
    QString inputPath(const QString& word) {
        const QString repository = QStringLiteral(PECARDS_SOURCE_DIR "/") + word;
        if (QFileInfo::exists(repository)) {
            return repository;
        }
        if (word.endsWith(QStringLiteral(".npy"))) {
            pecards::test::saveNpy(path(word), Eigen::MatrixXd::Constant(5, 4, 0.5));
            return path(word);
        }
        const QStringList configs
            = QDir(QStringLiteral(PECARDS_TEST_DATA_DIR "/configs"))
                  .entryList({QFileInfo(word).completeBaseName() + QStringLiteral(".*")});
        return configs.isEmpty() ? word : QStringLiteral(PECARDS_TEST_DATA_DIR "/configs/") + configs.front();
    }
};

TEST_F(CliExamples, EveryHelpExampleIsAValidRequest) {
    const QList<QStringList> examples = helpExamples();
    ASSERT_GE(examples.size(), 10);
    for (QStringList arguments : examples) {
        SCOPED_TRACE(arguments.join(u' ').toStdString());
        for (qsizetype i = 1; i < arguments.size(); ++i) {
            const QString& flag = arguments[i - 1];
            if (flag == QStringLiteral("--out")) {
                arguments[i]
                    = path(QFileInfo(arguments[i]).fileName().isEmpty() ? QStringLiteral("gallery/")
                                                                        : QFileInfo(arguments[i]).fileName());
            } else if (flag == QStringLiteral("--cos") || flag == QStringLiteral("--sin")) {
                // A cache of the example's model (head_dim 128) that does not match it.
                pecards::test::saveNpy(path(arguments[i]), Eigen::MatrixXd::Constant(5, 128, 0.5));
                arguments[i] = path(arguments[i]);
            } else if (flag == QStringLiteral("--checkpoint")) {
                // Llama 3.1 8B's projections (the preset's shapes), all zeros, in a sparse file.
                QDir(m_dir.path()).mkpath(arguments[i]);
                arguments[i] = path(arguments[i]);
                ASSERT_TRUE(pecards::test::writeSparseLlamaCheckpoint(
                    arguments[i] + QStringLiteral("/model.safetensors"), 32, 4096, 32, 8, 128));
            } else if (flag == QStringLiteral("--config") || flag == QStringLiteral("--workspace")
                || flag == QStringLiteral("--lesson") || flag.endsWith(QStringLiteral("-npy"))
                || (flag == QStringLiteral("config") && i == 1)) {
                arguments[i] = inputPath(arguments[i]);
            }
        }
        const bool check = arguments.front() == QStringLiteral("check");
        if (arguments.front() != QStringLiteral("config") && arguments.front() != QStringLiteral("weights")
            && !check) {
            arguments << QStringLiteral("--dry-run");
        }
        const CliRun run = runCli(arguments);
        // check runs as written: 1 says the (made-up) cache does not match, 2 would be bad input.
        EXPECT_EQ(run.exitCode, check ? 1 : 0) << run.err.toStdString();
    }
}

} // namespace
