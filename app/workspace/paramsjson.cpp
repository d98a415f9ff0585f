#include "workspace/paramsjson.h"

#include "pecards/mrope.h"
#include "pecards/probe.h"
#include "pecards/visionrope.h"
#include "workspace/jsonreader.h"

#include <Eigen/Core>
#include <QByteArray>
#include <QJsonArray>
#include <QLocale>
#include <QtEndian>
#include <cmath>

namespace pecards::app {

namespace {

QString name(const std::string& text) {
    return QString::fromStdString(text);
}

QJsonArray toArray(const std::vector<double>& values) {
    QJsonArray array;
    for (const double v : values) {
        array.append(v);
    }
    return array;
}

QJsonValue seedToJson(std::uint64_t seed) {
    if (static_cast<double>(seed) <= kMaxExactJsonInteger) {
        return QJsonValue(static_cast<qint64>(seed));
    }
    return QJsonValue(QString::number(seed)); // exact beyond 2^53
}

QJsonValue matrixToJson(const std::shared_ptr<const Eigen::MatrixXd>& matrix) {
    if (!matrix) {
        return QJsonValue(QJsonValue::Null);
    }
    QByteArray bytes(static_cast<qsizetype>(matrix->size()) * 8, Qt::Uninitialized);
    qsizetype at = 0;
    for (Eigen::Index r = 0; r < matrix->rows(); ++r) {
        for (Eigen::Index c = 0; c < matrix->cols(); ++c) {
            qToLittleEndian<double>((*matrix)(r, c), bytes.data() + at);
            at += 8;
        }
    }
    return QJsonObject {{QStringLiteral("rows"), static_cast<qint64>(matrix->rows())},
        {QStringLiteral("cols"), static_cast<qint64>(matrix->cols())},
        {QStringLiteral("float64_le_base64"), QString::fromLatin1(bytes.toBase64())}};
}

std::shared_ptr<const Eigen::MatrixXd> matrixFromJson(JsonReader& parent, const char* key) {
    if (parent.isNull(key)) {
        return nullptr;
    }
    JsonReader reader = parent.object(key);
    const qint64 rows = reader.int64("rows");
    const qint64 cols = reader.int64("cols");
    if (rows < 1 || rows > kMaxContentLength || cols < 1 || cols > kMaxDim) {
        parent.fail(key,
            QStringLiteral("shape %1 x %2 is invalid: allowed: rows in [1, %3], cols in [1, %4]")
                .arg(rows)
                .arg(cols)
                .arg(kMaxContentLength)
                .arg(kMaxDim));
    }
    const QByteArray text = reader.string("float64_le_base64").toLatin1();
    const auto decoded = QByteArray::fromBase64Encoding(text, QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded) {
        parent.fail(key, QStringLiteral("float64_le_base64 is not valid base64"));
    }
    const QByteArray& bytes = decoded.decoded;
    if (bytes.size() != rows * cols * 8) {
        parent.fail(key,
            QStringLiteral("float64_le_base64 holds %1 bytes: expected rows x cols x 8 = %2")
                .arg(bytes.size())
                .arg(rows * cols * 8));
    }
    reader.finish();
    auto matrix = std::make_shared<Eigen::MatrixXd>(rows, cols);
    qsizetype at = 0;
    for (Eigen::Index r = 0; r < rows; ++r) {
        for (Eigen::Index c = 0; c < cols; ++c) {
            (*matrix)(r, c) = qFromLittleEndian<double>(bytes.constData() + at);
            at += 8;
        }
    }
    // As the .npy reader bounds content vectors and the engine learned tables: a NaN or 1e300 here
    // would become a grid value the figures cannot draw.
    if (const Eigen::Index entry = firstEntryBeyond(*matrix); entry >= 0) {
        parent.fail(key,
            QStringLiteral("holds %1 at [%2, %3]: entries must be finite and in [-%4, %4]")
                .arg(QString::number(matrix->data()[entry], 'g', QLocale::FloatingPointShortest))
                .arg(entry % rows)
                .arg(entry / rows)
                .arg(kMaxProbeEntry));
    }
    return matrix;
}

QJsonObject scalingToJson(const RopeScaling& s) {
    return {{QStringLiteral("type"), name(toString(s.type))}, {QStringLiteral("factor"), s.factor},
        {QStringLiteral("original_max_position_embeddings"),
            static_cast<qint64>(s.original_max_position_embeddings)},
        {QStringLiteral("max_position_embeddings"), static_cast<qint64>(s.max_position_embeddings)},
        {QStringLiteral("beta_fast"), s.beta_fast}, {QStringLiteral("beta_slow"), s.beta_slow},
        {QStringLiteral("truncate"), s.truncate}, {QStringLiteral("mscale"), s.mscale},
        {QStringLiteral("mscale_all_dim"), s.mscale_all_dim},
        {QStringLiteral("deepseek_softmax_mscale"), s.deepseek_softmax_mscale},
        {QStringLiteral("attention_factor"), s.attention_factor},
        {QStringLiteral("low_freq_factor"), s.low_freq_factor},
        {QStringLiteral("high_freq_factor"), s.high_freq_factor},
        {QStringLiteral("short_factor"), toArray(s.short_factor)},
        {QStringLiteral("long_factor"), toArray(s.long_factor)}};
}

RopeScaling scalingFromJson(JsonReader r) {
    RopeScaling s;
    s.type = r.enumeration<RopeScalingType>("type");
    s.factor = r.number("factor");
    s.original_max_position_embeddings = r.int64("original_max_position_embeddings");
    s.max_position_embeddings = r.int64("max_position_embeddings");
    s.beta_fast = r.number("beta_fast");
    s.beta_slow = r.number("beta_slow");
    s.truncate = r.boolean("truncate");
    s.mscale = r.number("mscale");
    s.mscale_all_dim = r.number("mscale_all_dim");
    if (r.has("deepseek_softmax_mscale")) { // absent in workspaces saved before it existed
        s.deepseek_softmax_mscale = r.boolean("deepseek_softmax_mscale");
    }
    s.attention_factor = r.number("attention_factor");
    s.low_freq_factor = r.number("low_freq_factor");
    s.high_freq_factor = r.number("high_freq_factor");
    s.short_factor = r.numbers("short_factor");
    s.long_factor = r.numbers("long_factor");
    r.finish();
    return s;
}

} // namespace

/// The multimodal card's M-RoPE fields; the segments as their text (formatMropeSegments).
QJsonObject multimodalToJson(const MultimodalParams& m) {
    QJsonArray section;
    for (const int count : m.section)
        section.append(count);
    return {{QStringLiteral("family"), name(toString(m.family))},
        {QStringLiteral("layout"), name(toString(m.layout))}, {QStringLiteral("section"), section},
        {QStringLiteral("segments"), QString::fromStdString(formatMropeSegments(m.segments))},
        {QStringLiteral("spatial_merge_size"), m.vision.spatial_merge_size},
        {QStringLiteral("tokens_per_second"), m.vision.tokens_per_second},
        {QStringLiteral("seconds_per_grid"), m.vision.seconds_per_grid},
        {QStringLiteral("frame_text_tokens"), m.vision.frame_text_tokens},
        {QStringLiteral("position_id_per_seconds"), m.vision.position_id_per_seconds},
        {QStringLiteral("seconds_per_chunk"), m.vision.seconds_per_chunk},
        {QStringLiteral("tower"),
            QJsonObject {{QStringLiteral("family"), name(toString(m.tower.rope.family))},
                {QStringLiteral("head_dim"), m.tower.rope.head_dim},
                {QStringLiteral("theta"), m.tower.rope.theta},
                {QStringLiteral("max_patches_per_side"), m.tower.rope.max_patches_per_side},
                {QStringLiteral("rows"), m.tower.rows}, {QStringLiteral("cols"), m.tower.cols},
                {QStringLiteral("query_row"), m.tower.query_row},
                {QStringLiteral("query_col"), m.tower.query_col}}}};
}

MultimodalParams multimodalFromJson(JsonReader r) {
    MultimodalParams m;
    m.family = r.enumeration<MropeFamily>("family");
    m.layout = r.enumeration<MropeLayout>("layout");
    m.section.clear();
    for (const double count : r.numbers("section")) {
        if (count != std::floor(count) || count < 0 || count > 1e6)
            throw WorkspaceFormatError((r.pathOf(QStringLiteral("section")) + QStringLiteral(": ")
                + QString::number(count) + QStringLiteral(" is not a pair count (a whole number)"))
                                           .toStdString());
        m.section.push_back(static_cast<int>(count));
    }
    try {
        m.segments = parseMropeSegments(r.string("segments").toStdString());
    } catch (const InvalidParameter& e) {
        throw WorkspaceFormatError(
            (r.pathOf(QStringLiteral("segments")) + QStringLiteral(": ") + QString::fromStdString(e.what()))
                .toStdString());
    }
    m.vision.spatial_merge_size = r.integer("spatial_merge_size");
    m.vision.tokens_per_second = r.number("tokens_per_second");
    m.vision.seconds_per_grid = r.number("seconds_per_grid");
    m.vision.frame_text_tokens = r.integer("frame_text_tokens");
    m.vision.position_id_per_seconds = r.integer("position_id_per_seconds");
    m.vision.seconds_per_chunk = r.number("seconds_per_chunk");
    JsonReader tower = r.object("tower");
    const QString family = tower.string("family");
    try {
        m.tower.rope.family = parseVisionRopeFamily(family.toStdString());
    } catch (const InvalidParameter& e) {
        throw WorkspaceFormatError(
            (tower.pathOf(QStringLiteral("family")) + QStringLiteral(": ") + QString::fromStdString(e.what()))
                .toStdString());
    }
    m.tower.rope.head_dim = tower.integer("head_dim");
    m.tower.rope.theta = tower.number("theta");
    m.tower.rope.max_patches_per_side = tower.integer("max_patches_per_side");
    m.tower.rows = tower.integer("rows");
    m.tower.cols = tower.integer("cols");
    m.tower.query_row = tower.integer("query_row");
    m.tower.query_col = tower.integer("query_col");
    tower.finish();
    r.finish();
    return m;
}

QJsonObject cardParamsToJson(const CardParams& p) {
    const SinusoidalParams& s = p.sinusoidal;
    const RopeParams& rope = p.rope;
    const AlibiParams& a = p.alibi;
    const RelativeParams& rel = p.relative;
    const ProbeParams& probe = p.probe;
    QJsonObject json {{QStringLiteral("card"), name(toString(p.card))},
        {QStringLiteral("length"), static_cast<qint64>(p.length)}, {QStringLiteral("causal"), p.causal},
        {QStringLiteral("attention_sinks"), static_cast<qint64>(p.attention_sinks)},
        {QStringLiteral("sliding_window"), static_cast<qint64>(p.sliding_window)},
        {QStringLiteral("attention_chunk"), static_cast<qint64>(p.attention_chunk)},
        {QStringLiteral("sinusoidal"),
            QJsonObject {{QStringLiteral("d_model"), s.d_model}, {QStringLiteral("base"), s.base},
                {QStringLiteral("layout"), name(toString(s.layout))},
                {QStringLiteral("frequencies"), name(toString(s.frequencies))},
                {QStringLiteral("padding_idx"), s.padding_idx},
                {QStringLiteral("learned"), matrixToJson(s.learned)},
                {QStringLiteral("learned_file"), QString::fromStdString(s.learned_file)}}},
        {QStringLiteral("rope"),
            QJsonObject {{QStringLiteral("head_dim"), rope.head_dim}, {QStringLiteral("base"), rope.base},
                {QStringLiteral("rotary_dim"), rope.rotary_dim},
                {QStringLiteral("layout"), name(toString(rope.layout))},
                {QStringLiteral("scaling"), scalingToJson(rope.scaling)},
                {QStringLiteral("seq_len"), static_cast<qint64>(rope.seq_len)}}},
        {QStringLiteral("alibi"),
            QJsonObject {{QStringLiteral("heads"), a.heads}, {QStringLiteral("head"), a.head},
                {QStringLiteral("head_dim"), a.head_dim},
                {QStringLiteral("alibi_bias_max"), a.alibi_bias_max},
                {QStringLiteral("form"), name(toString(a.form))}}},
        {QStringLiteral("relative"),
            QJsonObject {{QStringLiteral("variant"), name(toString(rel.variant))},
                {QStringLiteral("clip_k"), rel.clip_k}, {QStringLiteral("num_buckets"), rel.num_buckets},
                {QStringLiteral("max_distance"), rel.max_distance},
                {QStringLiteral("bidirectional"), rel.bidirectional},
                {QStringLiteral("term"), name(toString(rel.term))}, {QStringLiteral("d_model"), rel.d_model},
                {QStringLiteral("bucket_values"), toArray(rel.bucket_values)}}},
        {QStringLiteral("probe"),
            QJsonObject {{QStringLiteral("kind"), name(toString(probe.kind))},
                {QStringLiteral("seed"), seedToJson(probe.seed)}, {QStringLiteral("q"), toArray(probe.q)},
                {QStringLiteral("k"), toArray(probe.k)},
                {QStringLiteral("content_q"), matrixToJson(probe.content_q)},
                {QStringLiteral("content_k"), matrixToJson(probe.content_k)},
                {QStringLiteral("content_q_file"), QString::fromStdString(probe.content_q_file)},
                {QStringLiteral("content_k_file"), QString::fromStdString(probe.content_k_file)}}}};
    if (rope.partial != RopePartial::Classic) { // optional key: classic files stay as they were
        QJsonObject ropeJson = json.value(QStringLiteral("rope")).toObject();
        ropeJson.insert(QStringLiteral("partial"), name(toString(rope.partial)));
        json.insert(QStringLiteral("rope"), ropeJson);
    }
    if (p.card == Card::Multimodal) { // only the multimodal card reads them
        json.insert(QStringLiteral("multimodal"), multimodalToJson(p.multimodal));
    }
    return json;
}

CardParams cardParamsFromJson(JsonReader r) {
    CardParams p;
    p.card = r.enumeration<Card>("card");
    p.length = r.int64("length");
    p.causal = r.boolean("causal");
    if (r.has("sliding_window")) { // absent in workspaces saved before the window existed
        p.sliding_window = r.int64("sliding_window");
        p.attention_sinks = r.int64("attention_sinks");
    }
    if (r.has("attention_chunk")) { // absent in workspaces saved before chunked attention
        p.attention_chunk = r.int64("attention_chunk");
    }
    {
        JsonReader s = r.object("sinusoidal");
        p.sinusoidal.d_model = s.integer("d_model");
        p.sinusoidal.base = s.number("base");
        p.sinusoidal.layout = s.enumeration<SinusoidalLayout>("layout");
        p.sinusoidal.frequencies = s.enumeration<SinusoidalFrequencies>("frequencies");
        p.sinusoidal.padding_idx = s.integer("padding_idx");
        if (s.has("learned")) { // absent in workspaces saved before learned tables were kept
            p.sinusoidal.learned = matrixFromJson(s, "learned");
            p.sinusoidal.learned_file = s.string("learned_file").toStdString();
        }
        s.finish();
    }
    {
        JsonReader rope = r.object("rope");
        p.rope.head_dim = rope.integer("head_dim");
        p.rope.base = rope.number("base");
        p.rope.rotary_dim = rope.integer("rotary_dim");
        p.rope.layout = rope.enumeration<RopeLayout>("layout");
        if (rope.has("partial")) { // optional: files before proportional RoPE are classic
            p.rope.partial = rope.enumeration<RopePartial>("partial");
        }
        p.rope.scaling = scalingFromJson(rope.object("scaling"));
        p.rope.seq_len = rope.int64("seq_len");
        rope.finish();
    }
    {
        JsonReader a = r.object("alibi");
        p.alibi.heads = a.integer("heads");
        p.alibi.head = a.integer("head");
        p.alibi.head_dim = a.integer("head_dim");
        p.alibi.alibi_bias_max = a.number("alibi_bias_max");
        p.alibi.form = a.enumeration<AlibiForm>("form");
        a.finish();
    }
    {
        JsonReader rel = r.object("relative");
        p.relative.variant = rel.enumeration<RelativeVariant>("variant");
        p.relative.clip_k = rel.integer("clip_k");
        p.relative.num_buckets = rel.integer("num_buckets");
        p.relative.max_distance = rel.integer("max_distance");
        p.relative.bidirectional = rel.boolean("bidirectional");
        p.relative.term = rel.enumeration<TxlTerm>("term");
        p.relative.d_model = rel.integer("d_model");
        p.relative.bucket_values = rel.numbers("bucket_values");
        rel.finish();
    }
    {
        JsonReader probe = r.object("probe");
        p.probe.kind = probe.enumeration<ProbeKind>("kind");
        p.probe.seed = probe.uint64("seed");
        p.probe.q = probe.numbers("q");
        p.probe.k = probe.numbers("k");
        p.probe.content_q = matrixFromJson(probe, "content_q");
        p.probe.content_k = matrixFromJson(probe, "content_k");
        for (const auto& [key, name] : {std::pair {"content_q_file", &p.probe.content_q_file},
                 std::pair {"content_k_file", &p.probe.content_k_file}}) {
            if (probe.has(key)) { // absent in workspaces saved before the names were kept
                *name = probe.string(key).toStdString();
            }
        }
        probe.finish();
    }
    if (r.has("multimodal")) { // written for the multimodal card only
        p.multimodal = multimodalFromJson(r.object("multimodal"));
    }
    r.finish();
    try {
        validate(p);
    } catch (const InvalidParameter& e) {
        throw WorkspaceFormatError(
            (r.path() + QStringLiteral(": ") + QString::fromStdString(e.what())).toStdString());
    }
    return p;
}

} // namespace pecards::app
