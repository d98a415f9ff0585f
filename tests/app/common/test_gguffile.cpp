// GgufFile: a GGUF v3 file written byte by byte here is read back (metadata, skipped arrays,
// a tensor), and every truncation, lying count and out-of-file offset is refused with a FileError.

#include "common/fileerror.h"
#include "common/gguffile.h"
#include "support/ggufwriter.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtEndian>
#include <gtest/gtest.h>

namespace {

using pecards::app::FileError;
using pecards::app::GgufFile;

QByteArray llamaFile() {
    pecards::test::GgufWriter gguf;
    gguf.string(QStringLiteral("general.architecture"), QStringLiteral("llama"));
    gguf.strings(QStringLiteral("tokenizer.ggml.tokens"),
        {QStringLiteral("<s>"), QStringLiteral("a"), QStringLiteral("bc")});
    gguf.f32(QStringLiteral("llama.rope.freq_base"), 500000.0f);
    gguf.u32(QStringLiteral("llama.rope.dimension_count"), 8);
    gguf.tensor(QStringLiteral("rope_freqs.weight"), {1.0f, 1.5f, 4.0f, 8.0f});
    return gguf.bytes();
}

class GgufFileTest : public ::testing::Test {
protected:
    QString write(const QByteArray& bytes) {
        const QString path = m_dir.filePath(QStringLiteral("m.gguf"));
        QFile file(path);
        EXPECT_TRUE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(bytes);
        return path;
    }
    QTemporaryDir m_dir;
};

TEST_F(GgufFileTest, ReadsMetadataAndATensor) {
    const GgufFile file(write(llamaFile()));
    EXPECT_EQ(file.version(), 3u);
    EXPECT_EQ(file.string(QStringLiteral("general.architecture")), QStringLiteral("llama"));
    EXPECT_EQ(file.number(QStringLiteral("llama.rope.freq_base")), 500000.0);
    EXPECT_EQ(file.number(QStringLiteral("llama.rope.dimension_count")), 8.0);
    EXPECT_FALSE(file.number(QStringLiteral("tokenizer.ggml.tokens")).has_value());
    EXPECT_EQ(file.tensorNames(), QStringList {QStringLiteral("rope_freqs.weight")});
    const Eigen::VectorXd factors = file.vector(QStringLiteral("rope_freqs.weight"));
    ASSERT_EQ(factors.size(), 4);
    EXPECT_EQ(factors[1], 1.5);
    EXPECT_EQ(factors[3], 8.0);
}

TEST_F(GgufFileTest, EveryTruncationIsRefused) {
    const QByteArray whole = llamaFile();
    for (qsizetype size = 0; size < whole.size(); ++size) {
        try {
            const GgufFile file(write(whole.left(size)));
            file.vector(QStringLiteral("rope_freqs.weight")); // the header may end before the data
            ADD_FAILURE() << "accepted " << size << " of " << whole.size() << " bytes";
        } catch (const FileError& error) {
            EXPECT_NE(std::string(error.what()).find("m.gguf"), std::string::npos) << error.what();
        }
    }
}

TEST_F(GgufFileTest, LyingCountsAndOffsetsAreRefusedByName) {
    const auto refused = [&](QByteArray bytes, const char* words) {
        try {
            const GgufFile file(write(bytes));
            file.vector(QStringLiteral("rope_freqs.weight"));
            ADD_FAILURE() << "accepted: " << words;
        } catch (const FileError& error) {
            EXPECT_NE(std::string(error.what()).find(words), std::string::npos) << error.what();
        }
    };
    QByteArray bytes = llamaFile();
    qToLittleEndian<std::uint64_t>(std::uint64_t {1} << 40, bytes.data() + 16); // metadata count
    refused(bytes, "metadata count");
    bytes = llamaFile();
    qToLittleEndian<std::uint64_t>(std::uint64_t {1} << 62, bytes.data() + 24); // first key's length
    refused(bytes, "2^24");
    bytes = llamaFile();
    bytes[4] = 7; // version
    refused(bytes, "version 7");
    bytes = llamaFile();
    bytes[0] = 'X';
    refused(bytes, "not a GGUF file");
    // The tensor's offset (the last 8 bytes of the tensor table, before the padding) far past the end.
    bytes = llamaFile();
    const qsizetype table = bytes.indexOf("rope_freqs.weight") + 17 + 4 + 8 + 4;
    qToLittleEndian<std::uint64_t>(std::uint64_t {1} << 50, bytes.data() + table);
    refused(bytes, "past the end");
}

} // namespace
