#include "workspace/workspacefile.h"

#include "pecards/errors.h"
#include "workspace/jsondocument.h"
#include "workspace/jsonreader.h"
#include "workspace/paramsjson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QStringList>
#include <cmath>
#include <initializer_list>

namespace pecards::app {

namespace {

const QString kWorkspaceFormat = QStringLiteral("pecards-workspace");

bool isColormapName(const QString& colormap) {
    static const QRegularExpression pattern(QStringLiteral("^[a-z0-9_-]+$"));
    return pattern.match(colormap).hasMatch();
}

/// Throws InvalidParameter for a slot index outside [0, kMaxSlot].
void checkSlot(const std::optional<int>& slot) {
    if (slot && (*slot < 0 || *slot > kMaxSlot)) {
        throw InvalidParameter("slot", std::to_string(*slot), "in [0, " + std::to_string(kMaxSlot) + "]");
    }
}

/// Throws InvalidParameter for a view that does not fit its card. A content view longer than the
/// content views' limit is kept: it shows that limit, and the card's other views are computed.
void checkView(const CardParams& params, const CardView& view) {
    ViewRequest request;
    request.params = params;
    request.quantity = view.quantity;
    request.window = view.window;
    request.reduction = view.reduction;
    validateSettings(request);
    if (!isColormapName(view.colormap)) {
        throw InvalidParameter("colormap", view.colormap.toStdString(), "a name of [a-z0-9_-]+");
    }
    if (view.colorRange) {
        const auto [low, high] = *view.colorRange;
        if (!std::isfinite(low) || !std::isfinite(high) || !(low < high)) {
            throw InvalidParameter("color_range", "[" + formatValue(low) + ", " + formatValue(high) + "]",
                "two finite numbers [low, high] with low < high");
        }
    }
    checkSlot(view.slot);
}

/// Throws InvalidParameter for a compare pair's colour map name that is not [a-z0-9_-]+.
void checkCompareColormap(const ComparePair& pair) {
    if (pair.colormap && !isColormapName(*pair.colormap)) {
        throw InvalidParameter("colormap", pair.colormap->toStdString(), "a name of [a-z0-9_-]+");
    }
}

/// Throws InvalidParameter for a check without its files or with a first position out of range.
void checkCheckSetup(const CheckSetup& check) {
    if (check.first.isEmpty()) {
        throw InvalidParameter("files", "none", "the engine's table file");
    }
    const bool two = check.table == CheckSetup::Table::CosSin || check.table == CheckSetup::Table::Rotated;
    if (two == check.second.isEmpty()) {
        throw InvalidParameter("files", two ? "one file" : "two files",
            two ? "two files (cos and sin, or rotated and unrotated)" : "one file");
    }
    if (check.firstPosition < 0 || check.firstPosition > (qint64 {1} << 26)) {
        throw InvalidParameter("first_position", std::to_string(check.firstPosition), "in [0, 2^26]");
    }
    validate(check.params);
}

QJsonObject checkToJson(const CheckSetup& check) {
    QJsonArray files {check.first};
    if (!check.second.isEmpty()) {
        files.append(check.second);
    }
    return {{QStringLiteral("table"), toString(check.table)}, {QStringLiteral("files"), files},
        {QStringLiteral("format"), QString::fromStdString(toString(check.format))},
        {QStringLiteral("first_position"), check.firstPosition},
        {QStringLiteral("params"), cardParamsToJson(check.params)}};
}

/// The value of `values` whose name (`text` of it) is the string at `key`; fails naming them all.
template <typename Enum, typename Text>
Enum byName(JsonReader& reader, const char* key, std::initializer_list<Enum> values, Text text) {
    const QString given = reader.string(key);
    QStringList names;
    for (const Enum value : values) {
        if (text(value) == given) {
            return value;
        }
        names << text(value);
    }
    reader.fail(key,
        QStringLiteral("unknown name \"%1\" (allowed: %2)")
            .arg(given.left(40), names.join(QStringLiteral(", "))));
}

CheckSetup checkFromJson(JsonReader reader) {
    CheckSetup check;
    check.table = byName(reader, "table",
        {CheckSetup::Table::CosSin, CheckSetup::Table::Rotated, CheckSetup::Table::InvFreq,
            CheckSetup::Table::Gguf},
        [](CheckSetup::Table table) { return toString(table); });
    const QJsonArray files = reader.array("files");
    for (qsizetype i = 0; i < files.size(); ++i) {
        if (!files[i].isString()) {
            reader.fail("files",
                QStringLiteral("entry %1 is %2: expected a file name").arg(i).arg(describeJson(files[i])));
        }
    }
    if (files.size() < 1 || files.size() > 2) {
        reader.fail("files", QStringLiteral("%1 entries: allowed: 1 or 2 file names").arg(files.size()));
    }
    check.first = files[0].toString();
    check.second = files.size() > 1 ? files[1].toString() : QString();
    check.format = byName(reader, "format",
        {pecards::CheckFormat::Float64, pecards::CheckFormat::Float32, pecards::CheckFormat::Bfloat16,
            pecards::CheckFormat::Float16},
        [](pecards::CheckFormat format) { return QString::fromStdString(toString(format)); });
    check.firstPosition = reader.int64("first_position");
    check.params = cardParamsFromJson(reader.object("params"));
    reader.finish();
    try {
        validate(check.params);
    } catch (const InvalidParameter& e) {
        throw WorkspaceFormatError(
            (reader.path() + QStringLiteral(".params: ") + QString::fromStdString(e.what())).toStdString());
    }
    try {
        checkCheckSetup(check);
    } catch (const InvalidParameter& e) {
        throw WorkspaceFormatError(
            (reader.path() + QStringLiteral(": ") + QString::fromStdString(e.what())).toStdString());
    }
    return check;
}

/// Throws InvalidParameter (saving) for a chart entry out of range.
void checkChart(const CardChart& chart) {
    static const QRegularExpression pattern(QStringLiteral("^[a-z-]+$"));
    if (!pattern.match(chart.chart).hasMatch()) {
        throw InvalidParameter("chart", chart.chart.toStdString(), "a chart name of [a-z-]+ (e.g. spectrum)");
    }
    if (chart.position < 0) {
        throw InvalidParameter("position", std::to_string(chart.position), ">= 0");
    }
    if (chart.reach < 0) {
        throw InvalidParameter("reach", std::to_string(chart.reach), ">= 0 (0 = the chart's default)");
    }
    checkSlot(chart.slot);
}

QJsonObject chartToJson(const CardChart& chart) {
    QJsonArray channels;
    for (const int channel : chart.channels) {
        channels.append(channel);
    }
    QJsonObject json {{QStringLiteral("chart"), chart.chart}, {QStringLiteral("channels"), channels},
        {QStringLiteral("position"), chart.position}, {QStringLiteral("reach"), chart.reach}};
    if (chart.slot)
        json.insert(QStringLiteral("slot"), *chart.slot);
    return json;
}

CardChart chartFromJson(JsonReader r) {
    CardChart chart;
    chart.chart = r.string("chart");
    for (const double channel : r.numbers("channels")) {
        if (channel != static_cast<int>(channel)) {
            r.fail("channels", QStringLiteral("%1 is not a whole index").arg(channel));
        }
        chart.channels.push_back(static_cast<int>(channel));
    }
    chart.position = r.int64("position");
    chart.reach = r.int64("reach");
    if (r.has("slot"))
        chart.slot = r.integer("slot");
    r.finish();
    try {
        checkChart(chart);
    } catch (const InvalidParameter& e) {
        throw WorkspaceFormatError(
            (r.path() + QStringLiteral(": ") + QString::fromStdString(e.what())).toStdString());
    }
    return chart;
}

QJsonObject viewToJson(const CardView& view) {
    const Window& w = view.window;
    QJsonObject json {{QStringLiteral("quantity"), QString::fromStdString(toString(view.quantity))},
        {QStringLiteral("window"),
            QJsonObject {{QStringLiteral("row_begin"), static_cast<qint64>(w.row_begin)},
                {QStringLiteral("row_end"), static_cast<qint64>(w.row_end)},
                {QStringLiteral("col_begin"), static_cast<qint64>(w.col_begin)},
                {QStringLiteral("col_end"), static_cast<qint64>(w.col_end)}}},
        {QStringLiteral("reduction"), QString::fromStdString(toString(view.reduction))},
        {QStringLiteral("colormap"), view.colormap}};
    if (view.colorRange)
        json.insert(
            QStringLiteral("color_range"), QJsonArray {view.colorRange->first, view.colorRange->second});
    if (view.logarithmic)
        json.insert(QStringLiteral("logarithmic"), *view.logarithmic);
    if (view.slot)
        json.insert(QStringLiteral("slot"), *view.slot);
    return json;
}

CardView viewFromJson(JsonReader r, const CardParams& params) {
    CardView view;
    view.quantity = r.enumeration<Quantity>("quantity");
    {
        JsonReader w = r.object("window");
        view.window = {w.int64("row_begin"), w.int64("row_end"), w.int64("col_begin"), w.int64("col_end")};
        w.finish();
    }
    view.reduction = r.enumeration<Reduction>("reduction");
    view.colormap = r.string("colormap");
    if (r.has("color_range")) {
        const std::vector<double> range = r.numbers("color_range");
        if (range.size() != 2)
            r.fail(
                "color_range", QStringLiteral("expected two numbers [low, high], got %1").arg(range.size()));
        view.colorRange = std::make_pair(range[0], range[1]);
    }
    if (r.has("logarithmic"))
        view.logarithmic = r.boolean("logarithmic");
    if (r.has("slot"))
        view.slot = r.integer("slot");
    r.finish();
    try {
        checkView(params, view);
    } catch (const InvalidParameter& e) {
        throw WorkspaceFormatError(
            (r.path() + QStringLiteral(": ") + QString::fromStdString(e.what())).toStdString());
    }
    return view;
}

} // namespace

QJsonObject workspaceStateToJson(const Workspace& workspace) {
    if (workspace.activeCard < -1 || workspace.activeCard >= workspace.cards.size()) {
        throw InvalidParameter("active_card", std::to_string(workspace.activeCard),
            "in [-1, " + std::to_string(workspace.cards.size() - 1) + "] (the number of cards - 1)");
    }
    QJsonArray cards;
    for (qsizetype i = 0; i < workspace.cards.size(); ++i) {
        const WorkspaceCard& card = workspace.cards[i];
        const std::string where = "cards[" + std::to_string(i) + "]";
        withKeyPath(where + ".params", [&] { validate(card.params); });
        QJsonArray views;
        for (qsizetype v = 0; v < card.views.size(); ++v) {
            withKeyPath(
                where + ".views[" + std::to_string(v) + "]", [&] { checkView(card.params, card.views[v]); });
            views.append(viewToJson(card.views[v]));
        }
        QJsonObject cardJson {
            {QStringLiteral("params"), cardParamsToJson(card.params)}, {QStringLiteral("views"), views}};
        if (!card.charts.isEmpty()) {
            QJsonArray charts;
            for (qsizetype c = 0; c < card.charts.size(); ++c) {
                withKeyPath(
                    where + ".charts[" + std::to_string(c) + "]", [&] { checkChart(card.charts[c]); });
                charts.append(chartToJson(card.charts[c]));
            }
            cardJson.insert(QStringLiteral("charts"), charts);
        }
        cards.append(cardJson);
    }
    QJsonArray compare;
    for (qsizetype i = 0; i < workspace.compare.size(); ++i) {
        const ComparePair& pair = workspace.compare[i];
        const std::string where = "compare[" + std::to_string(i) + "]";
        withKeyPath(where + ".left", [&] { validate(pair.left); });
        withKeyPath(where + ".right", [&] { validate(pair.right); });
        withKeyPath(where, [&] { checkCompareColormap(pair); });
        QJsonObject pairJson {{QStringLiteral("left"), cardParamsToJson(pair.left)},
            {QStringLiteral("right"), cardParamsToJson(pair.right)},
            {QStringLiteral("quantity"), QString::fromStdString(toString(pair.quantity))}};
        if (pair.reduction)
            pairJson.insert(QStringLiteral("reduction"), QString::fromStdString(toString(*pair.reduction)));
        if (pair.colormap)
            pairJson.insert(QStringLiteral("colormap"), *pair.colormap);
        compare.append(pairJson);
    }
    QJsonObject state {{QStringLiteral("active_card"), workspace.activeCard},
        {QStringLiteral("cards"), cards}, {QStringLiteral("compare"), compare}};
    if (workspace.check) {
        withKeyPath("check", [&] { checkCheckSetup(*workspace.check); });
        state.insert(QStringLiteral("check"), checkToJson(*workspace.check));
    }
    return state;
}

QByteArray workspaceToJson(const Workspace& workspace) {
    QJsonObject root = workspaceStateToJson(workspace);
    const QJsonObject envelope = documentEnvelope(kWorkspaceFormat, kWorkspaceFormatVersion);
    for (auto key = envelope.begin(); key != envelope.end(); ++key)
        root.insert(key.key(), key.value());
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

Workspace workspaceStateFromJson(JsonReader& reader) {
    Workspace workspace;
    const QJsonArray cards = reader.array("cards");
    for (qsizetype i = 0; i < cards.size(); ++i) {
        JsonReader cardReader = arrayElement(reader, "cards", cards, i);
        WorkspaceCard card;
        card.params = cardParamsFromJson(cardReader.object("params"));
        const QJsonArray views = cardReader.array("views");
        for (qsizetype v = 0; v < views.size(); ++v) {
            card.views.append(viewFromJson(arrayElement(cardReader, "views", views, v), card.params));
        }
        if (cardReader.has("charts")) {
            const QJsonArray charts = cardReader.array("charts");
            for (qsizetype c = 0; c < charts.size(); ++c) {
                card.charts.append(chartFromJson(arrayElement(cardReader, "charts", charts, c)));
            }
        }
        cardReader.finish();
        workspace.cards.append(std::move(card));
    }
    const QJsonArray compare = reader.array("compare");
    for (qsizetype i = 0; i < compare.size(); ++i) {
        JsonReader pairReader = arrayElement(reader, "compare", compare, i);
        ComparePair pair;
        pair.left = cardParamsFromJson(pairReader.object("left"));
        pair.right = cardParamsFromJson(pairReader.object("right"));
        pair.quantity = pairReader.enumeration<Quantity>("quantity");
        if (pairReader.has("reduction"))
            pair.reduction = pairReader.enumeration<Reduction>("reduction");
        if (pairReader.has("colormap"))
            pair.colormap = pairReader.string("colormap");
        pairReader.finish();
        try {
            checkCompareColormap(pair);
        } catch (const InvalidParameter& e) {
            throw WorkspaceFormatError(
                (pairReader.path() + QStringLiteral(": ") + QString::fromStdString(e.what())).toStdString());
        }
        workspace.compare.append(std::move(pair));
    }
    if (reader.has("check")) {
        workspace.check = checkFromJson(reader.object("check"));
    }
    workspace.activeCard = reader.integer("active_card");
    if (workspace.activeCard < -1 || workspace.activeCard >= workspace.cards.size()) {
        reader.fail("active_card",
            QStringLiteral("%1 is invalid: allowed: [-1, %2] (the number of cards - 1)")
                .arg(workspace.activeCard)
                .arg(workspace.cards.size() - 1));
    }
    return workspace;
}

Workspace workspaceFromJson(const QByteArray& json) {
    JsonReader reader(documentRoot(json, QStringLiteral("workspace"), kWorkspaceFormat), QString());
    readDocumentVersion(reader, QStringLiteral("workspace"), kWorkspaceFormatVersion);
    Workspace workspace = workspaceStateFromJson(reader);
    reader.finish();
    return workspace;
}

std::optional<Workspace> openWorkspace(const QString& path, QString* error) {
    return openJsonDocument<Workspace>(path, QStringLiteral("workspace"), workspaceFromJson, error);
}

bool saveWorkspace(const QString& path, const Workspace& workspace, QString* error) {
    return saveJsonDocument(
        path, QStringLiteral("workspace"), [&workspace] { return workspaceToJson(workspace); }, error);
}

} // namespace pecards::app
