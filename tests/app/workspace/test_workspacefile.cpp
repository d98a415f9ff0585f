// Workspace files: exact round trip, the JSON layout read back with an independent parser
// (nlohmann), rejection of corrupt / truncated / foreign / newer files with the key named,
// and saves that never damage the previous file.
#include "app/filebytes.h"
#include "app/qstringprinter.h"
#include "pecards/errors.h"
#include "pecards/view.h"
#include "support/paramcases.h"
#include "workspace/jsondocument.h"
#include "workspace/jsonreader.h"
#include "workspace/paramsjson.h"
#include "workspace/workspacefile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtEndian>
#include <cmath>
#include <csignal>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sys/resource.h>
#include <unistd.h>

using namespace pecards;
using namespace pecards::app;
using nlohmann::json;

namespace {

using pecards::testsupport::fileBytes;

/// Every kind of content: several cards with non-default parameters and views, a seed above
/// 2^53, explicit vectors, .npy content matrices and a compare pair.
Workspace richWorkspace() {
    Workspace ws;
    WorkspaceCard rope;
    rope.params.card = Card::Rope;
    rope.params.length = 8192;
    rope.params.causal = true;
    rope.params.attention_sinks = 4;
    rope.params.sliding_window = 4096;
    rope.params.rope.head_dim = 64;
    rope.params.rope.base = 500000.0;
    rope.params.rope.layout = RopeLayout::Interleaved;
    rope.params.rope.scaling.type = RopeScalingType::Yarn;
    rope.params.rope.scaling.factor = 4.0;
    rope.params.rope.scaling.original_max_position_embeddings = 2048;
    rope.params.rope.scaling.beta_fast = 16.5;
    rope.params.rope.scaling.mscale = 0.707;
    rope.params.probe.kind = ProbeKind::Random;
    rope.params.probe.seed = 18446744073709551557ULL; // > 2^53: exact only as a string
    rope.views = {
        CardView {Quantity::Score, {0, 8192, 0, 8192}, Reduction::Max, QStringLiteral("viridis"), {}, {}, {}},
        CardView {Quantity::Phase, {100, 200, 0, 32}, Reduction::Sample, QStringLiteral("twilight"),
            std::make_pair(0.5, 5.75), false, 3}}; // as the app saves it: locked range, scale, slot
    rope.charts = {CardChart {QStringLiteral("polar"), {0, 8, 31}, 37, 0, 2}};
    ws.cards.append(rope);

    WorkspaceCard t5;
    t5.params.card = Card::Relative;
    t5.params.length = 64;
    t5.params.relative.variant = RelativeVariant::T5;
    t5.params.relative.num_buckets = 4;
    t5.params.relative.max_distance = 16;
    t5.params.relative.bidirectional = false;
    t5.params.relative.bucket_values = {0.125, -1.5, 2.0, 1e-300};
    t5.views = {CardView {
        Quantity::Buckets, {0, 64, 0, 64}, Reduction::Sample, QStringLiteral("cividis"), {}, {}, {}}};
    ws.cards.append(t5);

    WorkspaceCard alibi;
    alibi.params.card = Card::Alibi;
    alibi.params.length = 3;
    alibi.params.alibi.heads = 4;
    alibi.params.alibi.head = 2;
    alibi.params.alibi.head_dim = 2;
    alibi.params.alibi.form = AlibiForm::RowOffsetBloom;
    Eigen::MatrixXd q(3, 2);
    q << 0.1, -0.2, 1.0 / 3.0, 4e-17, -5.5, 6.0;
    alibi.params.probe.content_q = std::make_shared<const Eigen::MatrixXd>(q);
    alibi.params.probe.content_k = std::make_shared<const Eigen::MatrixXd>(-q);
    alibi.params.probe.content_q_file = "queries.npy";
    alibi.params.probe.content_k_file = "keys layer 3.npy";
    alibi.params.probe.q = {1.0, 2.0};
    alibi.params.probe.k = {0.5, -0.5};
    alibi.views = {CardView {
        Quantity::ContentAttention, {0, 3, 0, 3}, Reduction::Sample, QStringLiteral("magma"), {}, {}, {}}};
    ws.cards.append(alibi);

    ComparePair pair;
    pair.left = rope.params;
    pair.right = rope.params;
    pair.right.rope.scaling = RopeScaling {};
    pair.quantity = Quantity::Attention;
    pair.reduction = Reduction::Max;
    pair.colormap = QStringLiteral("magma");
    ws.compare.append(pair);
    CheckSetup check; // File > Check an implementation… on a bf16 cache of the RoPE card's model
    check.table = CheckSetup::Table::CosSin;
    check.first = QStringLiteral("/data/engine dumps/cos.npy");
    check.second = QStringLiteral("/data/engine dumps/rope.safetensors:sin");
    check.format = CheckFormat::Bfloat16;
    check.firstPosition = 4096;
    check.params = rope.params;
    ws.check = check;
    ws.activeCard = 1;
    return ws;
}

void writeFile(const QString& path, const QByteArray& bytes) {
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(bytes);
}

/// The rich workspace's JSON, edited by `edit` with nlohmann, written to a file of `dir` and
/// opened: the workspace, or nullopt and the message in `error`.
std::optional<Workspace> openEditedIn(
    const QTemporaryDir& dir, const std::function<void(json&)>& edit, QString& path, QString& error) {
    json doc = json::parse(workspaceToJson(richWorkspace()).toStdString());
    edit(doc);
    path = dir.filePath(QStringLiteral("edited.pecards.json"));
    writeFile(path, QByteArray::fromStdString(doc.dump(2)));
    return openWorkspace(path, &error);
}

/// The edited rich workspace, which must be refused: the message.
QString openEdited(const std::function<void(json&)>& edit) {
    QTemporaryDir dir;
    QString path;
    QString error;
    EXPECT_FALSE(openEditedIn(dir, edit, path, error).has_value());
    EXPECT_TRUE(error.startsWith(QStringLiteral("Cannot open workspace ") + path + QStringLiteral(": ")))
        << error.toStdString();
    return error;
}

/// The rich workspace with keys of later versions removed by `edit`: an older file, which must open.
std::optional<Workspace> openOlder(const std::function<void(json&)>& edit) {
    QTemporaryDir dir;
    QString path;
    QString error;
    std::optional<Workspace> opened = openEditedIn(dir, edit, path, error);
    EXPECT_TRUE(opened.has_value()) << error.toStdString();
    return opened;
}

} // namespace

TEST(WorkspaceFile, SaveThenOpenReproducesTheStateExactly) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("session.pecards.json"));
    const Workspace original = richWorkspace();
    QString error;
    ASSERT_TRUE(saveWorkspace(path, original, &error)) << error.toStdString();
    const std::optional<Workspace> opened = openWorkspace(path, &error);
    ASSERT_TRUE(opened.has_value()) << error.toStdString();
    EXPECT_EQ(*opened, original);
    EXPECT_EQ(opened->cards[0].params.probe.seed, 18446744073709551557ULL);
    EXPECT_EQ(*opened->cards[2].params.probe.content_q, *original.cards[2].params.probe.content_q);
    EXPECT_EQ(opened->cards[2].params.probe.content_q_file, "queries.npy"); // File > Open Q/K vectors
    EXPECT_EQ(opened->cards[2].params.probe.content_k_file, "keys layer 3.npy");

    // Equality is by value: a different content matrix or view is noticed.
    Workspace changed = original;
    Eigen::MatrixXd other = *original.cards[2].params.probe.content_q;
    other(2, 1) = 6.0000000000000009;
    changed.cards[2].params.probe.content_q = std::make_shared<const Eigen::MatrixXd>(other);
    EXPECT_FALSE(changed == original);
    changed = original;
    changed.cards[0].views[1].colormap = QStringLiteral("magma");
    EXPECT_FALSE(changed == original);
    changed = original;
    changed.compare[0].reduction = Reduction::Mean;
    EXPECT_FALSE(changed == original);
    changed = original;
    changed.compare[0].colormap.reset();
    EXPECT_FALSE(changed == original);
    changed = original;
    changed.check->firstPosition = 0;
    EXPECT_FALSE(changed == original);
    changed = original;
    changed.check->params.rope.base = 10000;
    EXPECT_FALSE(changed == original);

    EXPECT_EQ(openWorkspace(path)->activeCard, 1);
    const Workspace empty;
    ASSERT_TRUE(saveWorkspace(path, empty, &error)) << error.toStdString();
    EXPECT_EQ(*openWorkspace(path), empty);
}

TEST(WorkspaceFile, JsonNamesEveryFieldAsTheFormatSays) {
    const json doc = json::parse(workspaceToJson(richWorkspace()).toStdString());
    EXPECT_EQ(doc.at("format"), "pecards-workspace");
    EXPECT_EQ(doc.at("version"), 1);
    EXPECT_EQ(doc.at("app_version"), PECARDS_PROJECT_VERSION); // CMake's project(VERSION)
    EXPECT_EQ(doc.at("active_card"), 1);
    const json& rope = doc.at("cards").at(0).at("params");
    EXPECT_EQ(rope.at("card"), "rope");
    EXPECT_EQ(rope.at("length"), 8192);
    EXPECT_EQ(rope.at("causal"), true);
    EXPECT_EQ(rope.at("attention_sinks"), 4);
    EXPECT_EQ(rope.at("sliding_window"), 4096);
    EXPECT_EQ(rope.at("rope").at("head_dim"), 64);
    EXPECT_EQ(rope.at("rope").at("base"), 500000.0);
    EXPECT_EQ(rope.at("rope").at("layout"), "interleaved");
    EXPECT_EQ(rope.at("rope").at("scaling").at("type"), "yarn");
    EXPECT_EQ(rope.at("rope").at("scaling").at("original_max_position_embeddings"), 2048);
    EXPECT_EQ(rope.at("rope").at("scaling").at("beta_fast"), 16.5);
    EXPECT_EQ(rope.at("probe").at("seed"), "18446744073709551557");
    EXPECT_EQ(rope.at("probe").at("kind"), "random");
    EXPECT_EQ(rope.at("sinusoidal").at("layout"), "interleaved"); // other sections are kept
    EXPECT_EQ(rope.at("alibi").at("form"), "causal");
    const json& view = doc.at("cards").at(0).at("views").at(0);
    EXPECT_EQ(view.at("quantity"), "score");
    EXPECT_EQ(view.at("reduction"), "max");
    EXPECT_EQ(view.at("colormap"), "viridis");
    EXPECT_EQ(
        view.at("window"), (json {{"row_begin", 0}, {"row_end", 8192}, {"col_begin", 0}, {"col_end", 8192}}));
    EXPECT_FALSE(view.contains("color_range")); // unset optional keys are left out
    EXPECT_FALSE(view.contains("logarithmic"));
    EXPECT_FALSE(view.contains("slot"));
    const json& locked = doc.at("cards").at(0).at("views").at(1);
    EXPECT_EQ(locked.at("color_range"), (json {0.5, 5.75}));
    EXPECT_EQ(locked.at("logarithmic"), false);
    EXPECT_EQ(locked.at("slot"), 3);
    EXPECT_EQ(doc.at("cards").at(0).at("charts"),
        (json {{{"chart", "polar"}, {"channels", {0, 8, 31}}, {"position", 37}, {"reach", 0}, {"slot", 2}}}));
    const json& t5 = doc.at("cards").at(1).at("params").at("relative");
    EXPECT_EQ(t5.at("variant"), "t5");
    EXPECT_EQ(t5.at("bucket_values"), (json {0.125, -1.5, 2.0, 1e-300}));
    const json& content = doc.at("cards").at(2).at("params").at("probe").at("content_q");
    EXPECT_EQ(content.at("rows"), 3);
    EXPECT_EQ(content.at("cols"), 2);
    EXPECT_EQ(content.at("float64_le_base64").get<std::string>().size(), 4U * ((3 * 2 * 8 + 2) / 3));
    EXPECT_TRUE(doc.at("cards").at(0).at("params").at("probe").at("content_q").is_null());
    EXPECT_EQ(doc.at("cards").at(2).at("params").at("probe").at("content_q_file"), "queries.npy");
    EXPECT_EQ(doc.at("cards").at(2).at("params").at("probe").at("content_k_file"), "keys layer 3.npy");
    EXPECT_EQ(doc.at("compare").at(0).at("quantity"), "attention");
    EXPECT_EQ(doc.at("compare").at(0).at("reduction"), "max");
    EXPECT_EQ(doc.at("compare").at(0).at("colormap"), "magma");
    EXPECT_EQ(doc.at("compare").at(0).at("right").at("rope").at("scaling").at("type"), "none");
    const json& check = doc.at("check");
    EXPECT_EQ(check.at("table"), "cos-sin");
    EXPECT_EQ(
        check.at("files"), (json {"/data/engine dumps/cos.npy", "/data/engine dumps/rope.safetensors:sin"}));
    EXPECT_EQ(check.at("format"), "bfloat16");
    EXPECT_EQ(check.at("first_position"), 4096);
    EXPECT_EQ(check.at("params").at("rope").at("base"), 500000.0);
}

TEST(WorkspaceFile, WorkspacesWithoutACheckOpenWithNone) {
    const std::optional<Workspace> opened = openOlder([](json& d) { d.erase("check"); });
    ASSERT_TRUE(opened.has_value());
    EXPECT_FALSE(opened->check.has_value());
}

TEST(WorkspaceFile, WorkspacesWithoutTheMaskKeysOpenWithoutWindowOrSinks) {
    const std::optional<Workspace> opened = openOlder([](json& doc) {
        for (json& card : doc.at("cards")) {
            card.at("params").erase("attention_sinks");
            card.at("params").erase("sliding_window");
        }
    });
    ASSERT_TRUE(opened.has_value());
    EXPECT_EQ(opened->cards[0].params.sliding_window, 0);
    EXPECT_EQ(opened->cards[0].params.attention_sinks, 0);
}

TEST(WorkspaceFile, ComparePairsWithoutReductionOrColourMapOpenWithNeither) {
    const std::optional<Workspace> opened = openOlder([](json& doc) {
        doc.at("compare").at(0).erase("reduction");
        doc.at("compare").at(0).erase("colormap");
    });
    ASSERT_TRUE(opened.has_value());
    EXPECT_FALSE(opened->compare[0].reduction.has_value());
    EXPECT_FALSE(opened->compare[0].colormap.has_value());
    // Saved again, the keys stay absent (nothing is made up).
    const json again = json::parse(workspaceToJson(*opened).toStdString());
    EXPECT_FALSE(again.at("compare").at(0).contains("reduction"));
    EXPECT_FALSE(again.at("compare").at(0).contains("colormap"));
}

TEST(WorkspaceFile, ProportionalRopeRoundTripsAndClassicFilesStayAsTheyWere) {
    // A Gemma 4 global layer: 64 of 256 pairs of a 512-wide head rotate.
    Workspace proportional = richWorkspace();
    pecards::RopeParams& rope = proportional.cards[0].params.rope;
    rope.head_dim = 512;
    rope.rotary_dim = 128;
    rope.partial = pecards::RopePartial::Proportional;
    rope.scaling = {};
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("gemma4.pecards.json"));
    QString error;
    ASSERT_TRUE(saveWorkspace(path, proportional, &error)) << error.toStdString();
    const std::optional<Workspace> opened = openWorkspace(path, &error);
    ASSERT_TRUE(opened.has_value()) << error.toStdString();
    EXPECT_EQ(opened->cards[0].params.rope.partial, pecards::RopePartial::Proportional);
    EXPECT_EQ(*opened, proportional);
    EXPECT_EQ(json::parse(workspaceToJson(proportional).toStdString())
                  .at("cards")
                  .at(0)
                  .at("params")
                  .at("rope")
                  .at("partial"),
        "proportional");
    // Classic cards write no key, so files saved before the convention existed open unchanged.
    const json classic = json::parse(workspaceToJson(richWorkspace()).toStdString());
    EXPECT_FALSE(classic.at("cards").at(0).at("params").at("rope").contains("partial"));
}

TEST(WorkspaceFile, CorruptAndTruncatedFilesAreRejected) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bad.json"));
    QString error;
    writeFile(path, "\x89PNG not json at all");
    EXPECT_FALSE(openWorkspace(path, &error).has_value());
    EXPECT_TRUE(error.contains(QStringLiteral("not valid JSON"))) << error.toStdString();

    const QByteArray full = workspaceToJson(richWorkspace());
    writeFile(path, full.left(full.size() / 2));
    EXPECT_FALSE(openWorkspace(path, &error).has_value());
    EXPECT_TRUE(
        error.contains(QStringLiteral("not valid JSON")) && error.contains(QStringLiteral("truncated")))
        << error.toStdString();

    EXPECT_FALSE(openWorkspace(dir.filePath(QStringLiteral("missing.json")), &error).has_value());
    EXPECT_TRUE(error.contains(QStringLiteral("missing.json"))) << error.toStdString();
}

TEST(WorkspaceFile, WrongFormatAndNewerVersionAreNamed) {
    EXPECT_TRUE(openEdited([](json& d) {
        d["format"] = "pecards-figure";
    }).contains(QStringLiteral("not a PE Cards workspace: format is \"pecards-figure\"")));
    EXPECT_TRUE(openEdited([](json& d) {
        d = json::array({1, 2});
    }).contains(QStringLiteral("not a PE Cards workspace")));
    const QString newer = openEdited([](json& d) {
        d["version"] = 2;
        d.erase("app_version");
    });
    EXPECT_TRUE(newer.contains(QStringLiteral("version 2")) && newer.contains(QStringLiteral("newer")))
        << newer.toStdString();
    const QString named = openEdited([](json& d) {
        d["version"] = 2;
        d["app_version"] = "9.1.0";
    });
    EXPECT_TRUE(named.contains(QStringLiteral("written by PE Cards 9.1.0"))
        && named.contains(QStringLiteral("(PE Cards " PECARDS_PROJECT_VERSION ")")))
        << named.toStdString();
    EXPECT_TRUE(
        openEdited([](json& d) { d["version"] = 0; }).contains(QStringLiteral("version: 0 is invalid")));
}

TEST(WorkspaceFile, BadKeysAreNamedByTheirPath) {
    const auto expectContains = [](const QString& error, const char* fragment) {
        EXPECT_TRUE(error.contains(QString::fromUtf8(fragment)))
            << error.toStdString() << "\n  expected: " << fragment;
    };
    expectContains(openEdited([](json& d) { d["cards"][0]["params"]["rope"].erase("head_dim"); }),
        "cards[0].params.rope.head_dim: missing");
    expectContains(openEdited([](json& d) { d["cards"][0]["params"]["rope"]["head_dim"] = "abc"; }),
        "cards[0].params.rope.head_dim: expected an integer, got \"abc\"");
    expectContains(openEdited([](json& d) { d["cards"][1]["params"]["length"] = 12.5; }),
        "cards[1].params.length: expected an integer, got 12.5");
    expectContains(openEdited([](json& d) { d["cards"][0]["params"]["rope"]["layout"] = "sideways"; }),
        "cards[0].params.rope.layout: unknown name \"sideways\"");
    expectContains(openEdited([](json& d) { d["cards"][0]["params"]["rope"]["scaling"]["factorr"] = 2; }),
        "cards[0].params.rope.scaling.factorr: unknown key");
    expectContains(openEdited([](json& d) { d["cards"][1]["params"]["relative"]["bucket_values"][2] = "x"; }),
        "cards[1].params.relative.bucket_values: element 2: expected a number");
    expectContains(openEdited([](json& d) { d["cards"][2]["params"]["probe"]["content_k"]["rows"] = 4; }),
        "cards[2].params.probe.content_k: float64_le_base64 holds 48 bytes: expected rows x cols x 8 = 64");
    // reliab/minor_workspace_content_unbounded.sh: a NaN in a saved Q matrix is refused at the key.
    expectContains(openEdited([](json& d) {
        QByteArray values(3 * 2 * 8, '\0');
        qToLittleEndian<double>(std::nan(""), values.data() + 2 * 8); // row 1, column 0
        d["cards"][2]["params"]["probe"]["content_q"]["float64_le_base64"] = values.toBase64().toStdString();
    }),
        "cards[2].params.probe.content_q: holds nan at [1, 0]: entries must be finite and in [-1000, 1000]");
    expectContains(
        openEdited([](json& d) { d["cards"][0]["params"]["rope"]["head_dim"] = 7; }), "cards[0].params: ");
    expectContains(
        openEdited([](json& d) { d["cards"][0]["params"]["rope"]["head_dim"] = 7; }), "= 7 is invalid");
    expectContains(openEdited([](json& d) { d["cards"][0]["views"][1]["window"]["col_end"] = 999; }),
        "cards[0].views[1]: ");
    expectContains(openEdited([](json& d) { d["cards"][0]["views"][0]["colormap"] = "Not A Name"; }),
        "cards[0].views[0]: colormap = Not A Name is invalid");
    expectContains(openEdited([](json& d) {
        d["cards"][0]["views"][1]["color_range"] = {6.0, 0.5};
    }),
        "cards[0].views[1]: color_range = [6, 0.5] is invalid: allowed: two finite numbers [low, high] with "
        "low < "
        "high");
    expectContains(openEdited([](json& d) { d["cards"][0]["views"][1]["color_range"] = {6.0}; }),
        "cards[0].views[1].color_range: expected two numbers [low, high], got 1");
    expectContains(openEdited([](json& d) { d["cards"][0]["views"][1]["logarithmic"] = 1; }),
        "cards[0].views[1].logarithmic: expected");
    expectContains(openEdited([](json& d) { d["cards"][0]["views"][1]["slot"] = 64; }),
        "cards[0].views[1]: slot = 64 is invalid: allowed: in [0, 63]");
    expectContains(openEdited([](json& d) { d["cards"][0]["charts"][0]["slot"] = -1; }),
        "cards[0].charts[0]: slot = -1 is invalid: allowed: in [0, 63]");
    expectContains(openEdited([](json& d) { d["compare"][0] = 5; }), "compare[0]: expected an object, got 5");
    expectContains(openEdited([](json& d) { d["compare"][0]["colormap"] = "Not A Name"; }),
        "compare[0]: colormap = Not A Name is invalid");
    expectContains(openEdited([](json& d) { d["compare"][0]["reduction"] = "median"; }),
        "compare[0].reduction: unknown name \"median\"");
    expectContains(
        openEdited([](json& d) { d["active_card"] = 3; }), "active_card: 3 is invalid: allowed: [-1, 2]");
    expectContains(openEdited([](json& d) { d["check"]["table"] = "logits"; }),
        "check.table: unknown name \"logits\" (allowed: cos-sin, rotated, inv-freq, gguf)");
    expectContains(openEdited([](json& d) { d["check"]["files"] = json::array({"cos.npy"}); }),
        "check: files = one file is invalid: allowed: two files (cos and sin, or rotated and unrotated)");
    expectContains(openEdited([](json& d) { d["check"]["files"][1] = 7; }),
        "check.files: entry 1 is 7: expected a file name");
    expectContains(
        openEdited([](json& d) { d["check"]["format"] = "int8"; }), "check.format: unknown name \"int8\"");
    expectContains(openEdited([](json& d) { d["check"]["first_position"] = 1 << 27; }),
        "check: first_position = 134217728 is invalid: allowed: in [0, 2^26]");
    expectContains(
        openEdited([](json& d) { d["check"]["params"]["rope"]["head_dim"] = 7; }), "check.params: ");
}

TEST(WorkspaceFile, EveryTableParameterJustOutsideItsRangeIsRefusedWithTheTablesRange) {
    for (const ParamSpec& spec : kParamTable) {
        if (spec.group != ParamGroup::Card) {
            continue; // a workspace keeps the cards' parameters, not the pitfall and trick settings
        }
        for (const double value : test::valuesOutside(spec)) {
            if (!std::isfinite(value)) {
                continue; // JSON has no NaN or infinity (the reader refuses them as non-numbers)
            }
            const QJsonObject saved = cardParamsToJson(test::paramsReading(spec, value));
            try {
                static_cast<void>(cardParamsFromJson(JsonReader(saved, QStringLiteral("params"))));
                ADD_FAILURE() << spec.path << " = " << value << " was read";
            } catch (const WorkspaceFormatError& e) {
                const std::string message = e.what();
                EXPECT_NE(message.find(std::string(spec.path) + " = "), std::string::npos) << message;
                EXPECT_NE(message.find(allowedText(spec)), std::string::npos) << message;
            }
        }
    }
}

TEST(WorkspaceFile, InvalidStateIsNotSavedAndTheOldFileSurvives) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("session.json"));
    writeFile(path, "previous workspace");
    Workspace ws = richWorkspace();
    ws.activeCard = 5;
    QString error;
    EXPECT_FALSE(saveWorkspace(path, ws, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("active_card = 5 is invalid"))) << error.toStdString();
    ws = richWorkspace();
    ws.cards[1].params.relative.num_buckets = 1;
    EXPECT_FALSE(saveWorkspace(path, ws, &error));
    EXPECT_TRUE(error.startsWith(
        QStringLiteral("Cannot save workspace ") + path + QStringLiteral(": cards[1].params.")))
        << error.toStdString();
    EXPECT_EQ(fileBytes(path), QByteArray("previous workspace"));
}

// Found with #33: at L = 10^7 the crash-recovery autosave failed ("cards[2].views[2].length =
// 10000000 is invalid") because a content view's settings were checked against the content views'
// compute limit (2^20). The view is kept, and computing it still names that limit.
TEST(WorkspaceFile, AContentViewOfACardLongerThanTheContentLimitIsSavedAndOpened) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("session.json"));
    Workspace ws;
    WorkspaceCard alibi;
    alibi.params.card = Card::Alibi;
    alibi.params.length = 10'000'000;
    alibi.views = {CardView {Quantity::Score, {0, 10'000'000, 0, 10'000'000}, Reduction::Mean,
                       QStringLiteral("viridis"), {}, {}, {}},
        CardView {Quantity::ContentAttention, {0, 10'000'000, 0, 10'000'000}, Reduction::Sample,
            QStringLiteral("magma"), {}, {}, {}}};
    ws.cards.append(alibi);
    QString error;
    ASSERT_TRUE(saveWorkspace(path, ws, &error)) << error.toStdString();
    const std::optional<Workspace> opened = openWorkspace(path, &error);
    ASSERT_TRUE(opened.has_value()) << error.toStdString();
    EXPECT_EQ(*opened, ws);
    ViewRequest request;
    request.params = opened->cards[0].params;
    request.quantity = Quantity::ContentAttention;
    request.window = opened->cards[0].views[1].window;
    try {
        validate(request);
        ADD_FAILURE() << "a content view at L = 10^7 was accepted for computing";
    } catch (const InvalidParameter& e) {
        EXPECT_NE(std::string(e.what()).find("for content-attention"), std::string::npos) << e.what();
    }
    // Settings that do not fit the card are still refused: a window beyond L.
    ws.cards[0].views[1].window.row_end = 10'000'001;
    EXPECT_FALSE(saveWorkspace(path, ws, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("views[1]"))) << error.toStdString();
}

// The review's dataloss_workspace_over_4mib: a workspace holding GPT-2's learned table (1024 x 768,
// 8.4 MB) was written but every reader refused files over 4 MiB. Writer and reader now share one
// bound (kMaxDocumentBytes): what is saved opens again, and what could not is not written.
TEST(WorkspaceFile, WhatIsSavedOpensAgainAndWhatCouldNotIsNotWritten) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("learned.pecards.json"));
    Workspace ws = richWorkspace();
    ws.cards[0].params.card = Card::Sinusoidal;
    ws.cards[0].params.sinusoidal.learned
        = std::make_shared<const Eigen::MatrixXd>(Eigen::MatrixXd::Random(1024, 768) * 0.02);
    ws.cards[0].params.sinusoidal.learned_file = "gpt2.safetensors";
    ws.cards[0].views.clear();
    QString error;
    ASSERT_TRUE(saveWorkspace(path, ws, &error)) << error.toStdString();
    EXPECT_NEAR(static_cast<double>(QFileInfo(path).size()) / 1e6, 8.4, 0.05)
        << "README: GPT-2's table makes 8.4 MB";
    const std::optional<Workspace> opened = openWorkspace(path, &error);
    ASSERT_TRUE(opened) << error.toStdString();
    EXPECT_EQ(*opened->cards[0].params.sinusoidal.learned, *ws.cards[0].params.sinusoidal.learned);

    // Two cards with a 4096 x 1024 table each: 90 MB, more than the bound.
    const auto big = std::make_shared<const Eigen::MatrixXd>(Eigen::MatrixXd::Constant(4096, 1024, 0.25));
    Workspace large = ws;
    large.cards[0].params.sinusoidal.learned = big;
    large.cards.append(large.cards[0]);
    EXPECT_FALSE(saveWorkspace(path, large, &error));
    EXPECT_TRUE(error.startsWith(
        QStringLiteral("Cannot save workspace ") + path + QStringLiteral(": the workspace is ")))
        << error.toStdString();
    EXPECT_TRUE(error.contains(QStringLiteral("more than the 67108864 bytes (64 MiB) a workspace may hold")))
        << error.toStdString();
    EXPECT_EQ(openWorkspace(path, &error)->cards.size(), ws.cards.size()) << "the previous file stays";
    QFile readme(QStringLiteral(PECARDS_SOURCE_DIR "/README.md"));
    ASSERT_TRUE(readme.open(QIODevice::ReadOnly));
    EXPECT_TRUE(QString::fromUtf8(readme.readAll())
                    .simplified()
                    .contains(QStringLiteral("holds at most %1 MiB").arg(kMaxDocumentBytes >> 20)));
}

TEST(WorkspaceFile, AFailedWriteLeavesThePreviousFileIntact) {
    // A 4 KiB file-size limit fails the write with EFBIG (even for root), as a full disk would.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("session.json"));
    QString error;
    ASSERT_TRUE(saveWorkspace(path, Workspace {}, &error)) << error.toStdString();
    const QByteArray before = fileBytes(path);
    ASSERT_GT(workspaceToJson(richWorkspace()).size(), 4096);
    rlimit saved {};
    ASSERT_EQ(getrlimit(RLIMIT_FSIZE, &saved), 0);
    const auto previousHandler = std::signal(SIGXFSZ, SIG_IGN);
    rlimit limited = saved;
    limited.rlim_cur = 4096;
    ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &limited), 0);
    const bool ok = saveWorkspace(path, richWorkspace(), &error);
    setrlimit(RLIMIT_FSIZE, &saved);
    std::signal(SIGXFSZ, previousHandler);
    EXPECT_FALSE(ok);
    EXPECT_TRUE(error.startsWith(QStringLiteral("Cannot save workspace ") + path)) << error.toStdString();
    EXPECT_EQ(fileBytes(path), before);
    EXPECT_EQ(*openWorkspace(path), Workspace {});
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files), QStringList {QStringLiteral("session.json")});
}

TEST(WorkspaceFile, ReadOnlyDirectoryIsReported) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("session.json"));
    writeFile(path, "previous workspace");
    QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::ExeOwner);
    if (access(dir.path().toLocal8Bit().constData(), W_OK) == 0) {
        QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        GTEST_SKIP() << "running with privileges that ignore directory permissions (root)";
    }
    QString error;
    EXPECT_FALSE(saveWorkspace(path, richWorkspace(), &error));
    QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    EXPECT_TRUE(error.startsWith(QStringLiteral("Cannot save workspace ") + path)) << error.toStdString();
    EXPECT_EQ(fileBytes(path), QByteArray("previous workspace"));
}
