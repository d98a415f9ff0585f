// The safetensors reader on files the test writes itself: values of every float dtype,
// truncated or lying headers refused with a message naming the file and the problem, files that
// shrink after opening, FIFOs, and the T5 bias table checked before it is read.

#include "common/fileerror.h"
#include "common/safetensorsfile.h"
#include "common/t5biastable.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtEndian>
#include <cstring>
#include <gtest/gtest.h>
#include <string>
#include <sys/stat.h>

namespace {

using pecards::app::FileError;
using pecards::app::SafetensorsFile;

/// Builds a safetensors file: header JSON text, then `data`.
QByteArray safetensors(const QByteArray& header, const QByteArray& data) {
    QByteArray size(8, '\0');
    qToLittleEndian<quint64>(static_cast<quint64>(header.size()), size.data());
    return size + header + data;
}

QByteArray f32(std::initializer_list<float> values) {
    QByteArray out;
    for (const float v : values) {
        char bytes[4];
        qToLittleEndian<float>(v, bytes);
        out.append(bytes, 4);
    }
    return out;
}

/// bf16 / f16 bit patterns, little-endian.
QByteArray u16(std::initializer_list<quint16> values) {
    QByteArray out;
    for (const quint16 v : values) {
        char bytes[2];
        qToLittleEndian<quint16>(v, bytes);
        out.append(bytes, 2);
    }
    return out;
}

class Safetensors : public ::testing::Test {
protected:
    QString write(const QByteArray& bytes) {
        const QString path = m_dir.filePath(QStringLiteral("w%1.safetensors").arg(m_count++));
        QFile file(path);
        EXPECT_TRUE(file.open(QIODevice::WriteOnly));
        file.write(bytes);
        return path;
    }
    std::string refusal(const QByteArray& bytes) {
        try {
            SafetensorsFile file(write(bytes));
            file.matrix(file.names().value(0));
        } catch (const FileError& error) {
            return error.what();
        }
        ADD_FAILURE() << "accepted";
        return {};
    }
    QTemporaryDir m_dir;
    int m_count = 0;
};

TEST_F(Safetensors, ReadsF32F16Bf16Tables) {
    // a: F32 [2, 3]; b: F16 [1, 2] = {1.5, -2}; c: BF16 [2, 1] = {1.0, -0.5}.
    const QByteArray data
        = f32({0.f, 1.f, 2.f, 3.f, 4.f, 5.25f}) + u16({0x3E00, 0xC000}) + u16({0x3F80, 0xBF00});
    const QByteArray header = R"({"__metadata__": {"format": "pt"},
        "a": {"dtype": "F32", "shape": [2, 3], "data_offsets": [0, 24]},
        "b": {"dtype": "F16", "shape": [1, 2], "data_offsets": [24, 28]},
        "c": {"dtype": "BF16", "shape": [2, 1], "data_offsets": [28, 32]}})";
    const SafetensorsFile file(write(safetensors(header, data)));
    EXPECT_EQ(file.names(), (QStringList {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")}));
    const Eigen::MatrixXd a = file.matrix(QStringLiteral("a"));
    ASSERT_EQ(a.rows(), 2);
    ASSERT_EQ(a.cols(), 3);
    EXPECT_EQ(a(0, 1), 1.0);
    EXPECT_EQ(a(1, 0), 3.0);
    EXPECT_EQ(a(1, 2), 5.25);
    const Eigen::MatrixXd b = file.matrix(QStringLiteral("b"));
    EXPECT_EQ(b(0, 0), 1.5);
    EXPECT_EQ(b(0, 1), -2.0);
    const Eigen::MatrixXd c = file.matrix(QStringLiteral("c"));
    EXPECT_EQ(c(0, 0), 1.0);
    EXPECT_EQ(c(1, 0), -0.5);
}

TEST_F(Safetensors, FindsTheEncoderBias) {
    const QByteArray header = R"({
        "decoder.block.0.layer.0.SelfAttention.relative_attention_bias.weight": {"dtype": "F32", "shape": [1, 1], "data_offsets": [0, 4]},
        "encoder.block.0.layer.0.SelfAttention.relative_attention_bias.weight": {"dtype": "F32", "shape": [1, 1], "data_offsets": [4, 8]}})";
    const SafetensorsFile file(write(safetensors(header, f32({1.f, 2.f}))));
    EXPECT_EQ(*file.find(QStringLiteral("relative_attention_bias.weight"), QStringLiteral("encoder")),
        QStringLiteral("encoder.block.0.layer.0.SelfAttention.relative_attention_bias.weight"));
    EXPECT_FALSE(file.find(QStringLiteral("wpe.weight")).has_value());
}

TEST_F(Safetensors, RefusesTruncatedAndLyingFiles) {
    const QByteArray header = R"({"a": {"dtype": "F32", "shape": [2, 2], "data_offsets": [0, 16]}})";
    const QByteArray good = safetensors(header, f32({1.f, 2.f, 3.f, 4.f}));
    // Truncated data: offsets beyond the file.
    EXPECT_NE(refusal(good.left(good.size() - 4)).find("lie outside the 12 data bytes"), std::string::npos);
    // Truncated header: header size larger than the file.
    EXPECT_NE(refusal(good.left(20)).find("exceeds the file"), std::string::npos);
    EXPECT_NE(refusal(QByteArray("abc")).find("shorter than the 8-byte header size"), std::string::npos);
    // A header whose byte count disagrees with its shape.
    EXPECT_NE(refusal(safetensors(R"({"a": {"dtype": "F32", "shape": [3, 2], "data_offsets": [0, 16]}})",
                          f32({1.f, 2.f, 3.f, 4.f})))
                  .find("needs 24"),
        std::string::npos);
    // Negative or absurd offsets and shapes.
    EXPECT_NE(refusal(safetensors(R"({"a": {"dtype": "F32", "shape": [2, 2], "data_offsets": [-4, 12]}})",
                          f32({1.f, 2.f, 3.f, 4.f})))
                  .find("data_offsets"),
        std::string::npos);
    EXPECT_NE(refusal(safetensors(R"({"a": {"dtype": "F32", "shape": [1e300, 2], "data_offsets": [0, 16]}})",
                          f32({1.f, 2.f, 3.f, 4.f})))
                  .find("shape entry"),
        std::string::npos);
    EXPECT_NE(refusal(safetensors(R"({"a": {"dtype": "Q4", "shape": [2, 2], "data_offsets": [0, 16]}})",
                          f32({1.f, 2.f, 3.f, 4.f})))
                  .find("not a safetensors dtype"),
        std::string::npos);
    EXPECT_NE(
        refusal(safetensors("[1, 2]", QByteArray())).find("header is not a JSON object"), std::string::npos);
    // A 3-D tensor or an integer dtype is not a table.
    EXPECT_NE(refusal(safetensors(R"({"a": {"dtype": "F32", "shape": [1, 2, 2], "data_offsets": [0, 16]}})",
                          f32({1.f, 2.f, 3.f, 4.f})))
                  .find("3 axes"),
        std::string::npos);
    EXPECT_NE(refusal(safetensors(R"({"a": {"dtype": "I32", "shape": [2, 2], "data_offsets": [0, 16]}})",
                          f32({1.f, 2.f, 3.f, 4.f})))
                  .find("dtype I32"),
        std::string::npos);
}

} // namespace

// A checkpoint rewritten while it is read (a download or an export replacing it, a network
// share) gives a message, not SIGBUS: the reader reads the tensor, it does not map the file.
TEST_F(Safetensors, AFileThatShrinksAfterOpeningIsAnErrorNotACrash) {
    const QByteArray header = R"({"a": {"dtype": "F32", "shape": [2, 2], "data_offsets": [0, 16]}})";
    const QString path = write(safetensors(header, f32({1.f, 2.f, 3.f, 4.f})));
    const SafetensorsFile file(path);
    ASSERT_TRUE(QFile::resize(path, 8 + header.size() + 4));
    try {
        file.matrix(QStringLiteral("a"));
        ADD_FAILURE() << "read a shrunk file";
    } catch (const FileError& error) {
        EXPECT_NE(std::string(error.what()).find("4 of 16 bytes could be read"), std::string::npos)
            << error.what();
        EXPECT_NE(std::string(error.what()).find("changed or shrank since it was opened"), std::string::npos);
    }
}

// A FIFO named as a checkpoint is refused at once (opening it would wait for a writer forever).
TEST_F(Safetensors, AFifoIsRefusedWithoutBlocking) {
    const QString path = m_dir.filePath(QStringLiteral("fifo.safetensors"));
    ASSERT_EQ(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
    try {
        const SafetensorsFile file(path);
        ADD_FAILURE() << "opened a FIFO";
    } catch (const FileError& error) {
        EXPECT_NE(std::string(error.what()).find("is not a regular file"), std::string::npos) << error.what();
    }
}

// The T5 bias table's shape is checked before a byte of it is read: the data of this wrong
// tensor (3000 buckets) is gone from the file, and the message is about the shape.
TEST_F(Safetensors, T5BiasShapeIsCheckedBeforeReading) {
    const QByteArray header
        = R"({"encoder.relative_attention_bias.weight": {"dtype": "F32", "shape": [3000, 1], "data_offsets": [0, 12000]}})";
    const QString path = write(safetensors(header, QByteArray(12000, '\0')));
    const SafetensorsFile file(path);
    ASSERT_TRUE(QFile::resize(path, 8 + header.size()));
    try {
        pecards::app::readT5BiasTable(file, QStringLiteral("encoder.relative_attention_bias.weight"));
        ADD_FAILURE() << "accepted 3000 buckets";
    } catch (const FileError& error) {
        EXPECT_NE(
            std::string(error.what())
                .find("has shape [3000, 1]; num_buckets x heads with num_buckets in [2, 1024] is needed"),
            std::string::npos)
            << error.what();
    }
    const QString good = write(safetensors(
        R"({"b": {"dtype": "F32", "shape": [2, 2], "data_offsets": [0, 16]}})", f32({1.f, 2.f, 3.f, 4.f})));
    const Eigen::MatrixXd table = pecards::app::readT5BiasTable(SafetensorsFile(good), QStringLiteral("b"));
    EXPECT_EQ(table(1, 0), 3.0);
}
