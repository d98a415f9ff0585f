// The Python module `pecards`: the engine's exact double-precision values as NumPy arrays, through
// the same request layer as pecards-cli (app/cli: flags, checks, messages, backends), so that a
// notebook, a script and the command line compute the same numbers.

#include "clicheck.h"
#include "clicommands.h"
#include "cliparser.h"
#include "cliquantities.h"
#include "clirender.h"
#include "common/version.h"
#include "modelsummary.h"
#include "pecards/rope.h"
#include "pecards/rope_scaling.h"
#include "pecards/view.h"
#include "pecards/viewrules.h"
#include "pythonarguments.h"
#include "pythonerrors.h"
#include "quietmessages.h"
#include "usageerror.h"

#include <QCoreApplication>
#include <QGuiApplication>
#include <QJsonDocument>
#include <QString>
#include <QTextStream>
#include <algorithm>
#include <cmath>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <thread>
#include <vector>

namespace py = pybind11;
using namespace Qt::StringLiterals;

namespace pecards::python {

namespace {

/// Largest output side of a view (pecards/view.h ViewRequest::out_rows).

/// Passes the messages pecards-cli prints on stderr (fallback notices, config warnings) to Python's
/// warnings, one per line.
void warn(const QString& messages) {
    for (const QString& line : messages.split(u'\n', Qt::SkipEmptyParts)) {
        PyErr_WarnEx(PyExc_UserWarning, line.toStdString().c_str(), 2);
    }
}

/// The RoPE card when neither `card` nor `config` names one: the helpers below are RoPE's.
py::kwargs withRopeCard(const py::kwargs& kwargs) {
    py::kwargs copy(kwargs);
    if (!hasArgument(copy, "card") && !hasArgument(copy, "config")) {
        copy["card"] = "rope";
    }
    return copy;
}

/// `compute` of `quantity` as pecards-cli parses it. A view without `view=` is computed at full
/// resolution when its window fits 4096 x 4096 output pixels, and refused otherwise: never
/// subsampled without being asked.
cli::CliRequest computeRequest(const std::string& quantity, const py::kwargs& kwargs) {
    QStringList arguments {
        u"pecards"_s, u"compute"_s, u"--quantity"_s, QString::fromStdString(quantity), u"--out"_s, u"-"_s};
    arguments += cliArguments(kwargs);
    cli::CliRequest request = cli::parseCommandLine(arguments);
    if (request.quantity->curve == cli::Curve::None && !hasArgument(kwargs, "view")) {
        const std::int64_t rows = request.view.window.rows();
        const std::int64_t cols = request.view.window.cols();
        if (rows > kMaxOutputPixels || cols > kMaxOutputPixels) {
            throw cli::UsageError(u"view"_s,
                u"the window is "_s + QString::number(rows) + u" x "_s + QString::number(cols)
                    + u" positions, over %1 output pixels a side: allowed: pass view=(rows, cols) <= "
                      "(%1, %1) with reduction='max', 'mean', 'min' or 'sample', or a smaller window "
                      "(rows=(a, b), cols=(a, b))"_s.arg(kMaxOutputPixels));
        }
        arguments << u"--view"_s << QString::number(rows) + u'x' + QString::number(cols);
        request = cli::parseCommandLine(arguments);
    }
    return request;
}

/// The result buffer handed to NumPy without a copy: the array owns the vector.
py::array_t<double> toNumpy(cli::OutputArray&& array) {
    auto* values = new std::vector<double>(std::move(array.values));
    const py::capsule owner(values, [](void* pointer) { delete static_cast<std::vector<double>*>(pointer); });
    const std::vector<py::ssize_t> shape(array.shape.begin(), array.shape.end());
    return py::array_t<double>(shape, values->data(), owner);
}

py::array_t<double> compute(const std::string& quantity, const py::kwargs& kwargs) {
    const cli::CliRequest request = computeRequest(quantity, kwargs);
    cli::OutputArray result;
    QString messages;
    {
        const py::gil_scoped_release release;
        QTextStream err(&messages);
        // Ctrl+C in a notebook: Python's signal flag is checked between the tiles of a view.
        result = cli::computeOutput(request, err, false, [] {
            const py::gil_scoped_acquire acquire;
            return PyErr_CheckSignals() != 0;
        });
    }
    warn(messages);
    return toNumpy(std::move(result));
}

/// The cos/sin cache in T: double (the reference), or float as transformers' float32 tensors hold
/// it: theta rounded to float32, the position as float32 (`position_ids.float()`), m * theta,
/// cos, sin and the attention factor each in float32.
template <typename T>
py::tuple cacheTables(
    const double* m, py::ssize_t n, const Eigen::VectorXd& theta, double attention, bool interleaved) {
    const int pairs = static_cast<int>(theta.size());
    py::array_t<T> cosTable({n, static_cast<py::ssize_t>(2 * pairs)});
    py::array_t<T> sinTable({n, static_cast<py::ssize_t>(2 * pairs)});
    T* c = cosTable.mutable_data();
    T* s = sinTable.mutable_data();
    std::vector<T> frequencies(static_cast<std::size_t>(pairs));
    for (int i = 0; i < pairs; ++i) {
        frequencies[static_cast<std::size_t>(i)] = static_cast<T>(theta[i]);
    }
    const T factor = static_cast<T>(attention);
    const auto fill = [&](py::ssize_t first, py::ssize_t last) {
        for (py::ssize_t row = first; row < last; ++row) {
            const T position = static_cast<T>(m[row]);
            for (int i = 0; i < pairs; ++i) {
                // HF: emb = cat(freqs, freqs) (rotate_half) or freqs repeated per pair (GPT-J);
                // cos and sin times attention_scaling.
                const T angle = position * frequencies[static_cast<std::size_t>(i)];
                const T cv = std::cos(angle) * factor;
                const T sv = std::sin(angle) * factor;
                const py::ssize_t a = row * 2 * pairs + (interleaved ? 2 * i : i);
                const py::ssize_t b = row * 2 * pairs + (interleaved ? 2 * i + 1 : i + pairs);
                c[a] = c[b] = cv;
                s[a] = s[b] = sv;
            }
        }
    };
    {
        // Rows split over the cores: each value is computed once, by one thread, as in order.
        const py::gil_scoped_release release;
        const py::ssize_t threads
            = n < 4096 ? 1 : std::clamp<py::ssize_t>(std::thread::hardware_concurrency(), 1, 8);
        std::vector<std::thread> workers;
        for (py::ssize_t t = 1; t < threads; ++t) {
            workers.emplace_back(fill, n * t / threads, n * (t + 1) / threads);
        }
        fill(0, n / threads);
        for (std::thread& worker : workers) {
            worker.join();
        }
    }
    return py::make_tuple(cosTable, sinTable);
}

py::tuple cosSin(const py::array_t<double, py::array::c_style | py::array::forcecast>& positions,
    const std::string& dtype, const py::kwargs& kwargs) {
    if (positions.ndim() != 1) {
        throw cli::UsageError(u"positions"_s,
            QString::number(positions.ndim()) + u" dimensions: allowed: a 1-D array of positions"_s);
    }
    if (dtype != "float64" && dtype != "float32") {
        throw cli::UsageError(u"dtype"_s,
            u'"' + QString::fromStdString(dtype) + u"\" is not a dtype: allowed: float64, float32"_s);
    }
    const cli::CliRequest request = computeRequest("inv-freq", withRopeCard(kwargs));
    const CardParams& params = request.view.params;
    const RopeScalingResult scaled = ropeScaling(params.rope, effectiveSeqLen(params.rope, params.length));
    const bool interleaved = params.rope.layout == RopeLayout::Interleaved;
    return dtype == "float32" ? cacheTables<float>(
               positions.data(), positions.shape(0), scaled.inv_freq, scaled.attention_factor, interleaved)
                              : cacheTables<double>(positions.data(), positions.shape(0), scaled.inv_freq,
                                  scaled.attention_factor, interleaved);
}

py::tuple positionIds(const std::string& segments, const py::kwargs& kwargs) {
    py::kwargs copy = withRopeCard(kwargs);
    copy["segments"] = segments;
    const py::array_t<double> table = compute("position-ids", copy);
    const py::ssize_t n = table.shape(0);
    py::array_t<std::int64_t> ids({py::ssize_t {3}, n});
    std::int64_t largest = -1;
    for (py::ssize_t token = 0; token < n; ++token) {
        for (py::ssize_t axis = 0; axis < 3; ++axis) {
            const auto id = static_cast<std::int64_t>(table.at(token, axis + 1));
            ids.mutable_at(axis, token) = id;
            largest = std::max(largest, id);
        }
    }
    return py::make_tuple(ids, largest + 1 - static_cast<std::int64_t>(n));
}

py::object config(const std::string& path, const std::optional<std::int64_t>& seqLen) {
    QStringList arguments {u"pecards"_s, u"config"_s, QString::fromStdString(path)};
    if (seqLen) {
        arguments << u"--seq-len"_s << QString::number(*seqLen);
    }
    const cli::CliRequest request = cli::parseCommandLine(arguments);
    const app::ModelConfig& model = *request.config;
    warn(model.warnings.join(u'\n'));
    const std::int64_t length = effectiveSeqLen(request.view.params.rope, cli::defaultSeqLen(model));
    const QByteArray json = QJsonDocument(cli::modelSummary(model, length)).toJson(QJsonDocument::Compact);
    return py::module_::import("json").attr("loads")(
        py::str(json.constData(), static_cast<std::size_t>(json.size())));
}

/// Figures need a QGuiApplication (fonts), never a display: the offscreen platform unless the
/// caller chose one, as pecards-cli does (app/cli/main.cpp). Made once, on first use.
void ensureGuiApplication() {
    if (QCoreApplication::instance() != nullptr) {
        return;
    }
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    cli::installQuietMessageHandler();
    static int argc = 1;
    static char name[] = "pecards";
    static char* argv[] = {name, nullptr};
    static QGuiApplication application(argc, argv);
}

void render(const std::string& out, const std::optional<std::string>& quantity, const py::kwargs& kwargs) {
    QStringList arguments {u"pecards"_s, u"render"_s, u"--out"_s, QString::fromStdString(out)};
    if (quantity) {
        arguments << u"--quantity"_s << QString::fromStdString(*quantity);
    }
    arguments += cliArguments(kwargs);
    const cli::CliRequest request = cli::parseCommandLine(arguments);
    ensureGuiApplication();
    QString printed;
    QString messages;
    {
        QTextStream outStream(&printed);
        QTextStream err(&messages);
        cli::runRender(request, outStream, err);
    }
    warn(messages);
}

using DoubleArray = py::array_t<double, py::array::c_style | py::array::forcecast>;

Eigen::MatrixXd matrixOf(const DoubleArray& array, const char* name) {
    if (array.ndim() != 2) {
        throw cli::UsageError(QString::fromLatin1(name),
            QString::number(array.ndim()) + u" dimensions: allowed: positions x columns"_s);
    }
    Eigen::MatrixXd matrix(array.shape(0), array.shape(1));
    for (py::ssize_t r = 0; r < array.shape(0); ++r) {
        for (py::ssize_t c = 0; c < array.shape(1); ++c) {
            matrix(r, c) = array.at(r, c);
        }
    }
    return matrix;
}

/// The tables given to check(): exactly one of inv_freq, cos + sin, rotated + unrotated.
struct CheckTables {
    std::optional<DoubleArray> invFreq;
    std::optional<DoubleArray> cos;
    std::optional<DoubleArray> sin;
    std::optional<DoubleArray> rotated;
    std::optional<DoubleArray> unrotated;
};

py::object check(const CheckTables& tables, std::int64_t firstPosition, const std::string& dtype,
    const py::kwargs& kwargs) {
    const auto& [invFreq, cos, sin, rotated, unrotated] = tables;
    cli::CheckInputs inputs;
    inputs.cache = cos.has_value() || sin.has_value();
    inputs.vectors = rotated.has_value() || unrotated.has_value();
    if ((invFreq ? 1 : 0) + (inputs.cache ? 1 : 0) + (inputs.vectors ? 1 : 0) != 1) {
        throw cli::UsageError(u"inv_freq"_s,
            u"needs exactly one table: inv_freq=, cos= and sin=, or rotated= and unrotated="_s);
    }
    if (inputs.cache && !(cos && sin)) {
        throw cli::UsageError(cos ? u"sin"_s : u"cos"_s, u"is missing: a cache is checked as cos and sin"_s);
    }
    if (inputs.vectors && !(rotated && unrotated)) {
        throw cli::UsageError(rotated ? u"unrotated"_s : u"rotated"_s,
            u"is missing: rotated vectors are checked against the same vectors before RoPE"_s);
    }
    for (const char* unread : {"layer", "position_ids", "segments"}) {
        if (hasArgument(kwargs, unread)) { // compute's parser would take them and leave them unused
            throw cli::UsageError(QString::fromLatin1(unread),
                u"is read by pecards-cli check only (per-layer and M-RoPE checks): allowed here: the "
                "primary RoPE group's tables, one position per row"_s);
        }
    }
    inputs.format = cli::parseCheckFormat(QString::fromStdString(dtype));
    inputs.firstPosition = firstPosition;
    if (invFreq) {
        if (invFreq->ndim() != 1) {
            throw cli::UsageError(u"inv_freq"_s,
                QString::number(invFreq->ndim()) + u" dimensions: allowed: a 1-D array of r/2 frequencies"_s);
        }
        inputs.invFreq = Eigen::Map<const Eigen::VectorXd>(invFreq->data(), invFreq->shape(0));
    } else if (inputs.cache) {
        inputs.cos = matrixOf(*cos, "cos");
        inputs.sin = matrixOf(*sin, "sin");
    } else {
        inputs.rotated = matrixOf(*rotated, "rotated");
        inputs.unrotated = matrixOf(*unrotated, "unrotated");
    }
    const cli::CliRequest request = computeRequest("inv-freq", withRopeCard(kwargs));
    inputs.seqLen = app::checkSeqLen(
        inputs, request.view.params, hasArgument(kwargs, "seq_len") || hasArgument(kwargs, "length"));
    CheckReport report;
    {
        const py::gil_scoped_release release;
        report = app::runCheck(inputs, request.view.params.rope);
    }
    const QByteArray json
        = QJsonDocument(cli::checkReportJson(report, inputs)).toJson(QJsonDocument::Compact);
    return py::module_::import("json").attr("loads")(
        py::str(json.constData(), static_cast<std::size_t>(json.size())));
}

py::list quantities() {
    py::list list;
    for (const cli::CliQuantity& quantity : cli::cliQuantities()) {
        py::list cards;
        for (const Card card : quantity.cards) {
            cards.append(toString(card));
        }
        list.append(py::dict(py::arg("name") = quantity.name, py::arg("cards") = cards,
            py::arg("shape") = quantity.shape, py::arg("help") = quantity.help));
    }
    return list;
}

} // namespace

} // namespace pecards::python

PYBIND11_MODULE(pecards, module) {
    using namespace pecards::python;
    module.doc() = "PE Cards' engine: positional encodings of transformers as their reference code computes "
                   "them, in double precision, as NumPy arrays. Keyword arguments are pecards-cli's flags "
                   "with underscores (head_dim=128, base=500000, scaling='llama3', config='config.json'); "
                   "docs/python.md has the guide.";
    module.attr("__version__") = pecards::app::kVersion;
    registerErrors(module);
    module.def("compute", &compute, py::arg("quantity"),
        "compute(quantity, **flags) -> numpy.ndarray (float64)\n\n"
        "Any quantity pecards-cli computes (pecards.quantities() lists them with their shapes), with the\n"
        "keyword arguments as its flags: card='rope', length=4096, head_dim=128, config='config.json',\n"
        "view=(rows, cols), reduction='max', ... (Hugging Face key names work too: rope_theta,\n"
        "rope_type, original_max_position_embeddings, truncate=False, ...). A view without view= comes at "
        "full resolution\n"
        "(one value per position) when the window fits 4096 x 4096, and raises pecards.Error otherwise:\n"
        "nothing is subsampled without being asked. Computed on the double-precision CPU reference\n"
        "unless device='auto' or a device name; the GIL is released meanwhile.\n"
        "Raises pecards.Error (a ValueError) naming the keyword, the value and the allowed range.");
    module.def(
        "inv_freq", [](const py::kwargs& kwargs) { return compute("inv-freq", withRopeCard(kwargs)); },
        "inv_freq(**flags) -> numpy.ndarray, shape (rotary_dim/2,)\n\n"
        "RoPE frequencies theta_i in radians per position after the scaling (default, linear, dynamic,\n"
        "yarn, llama3, longrope as transformers v5 modeling_rope_utils.py computes them), e.g.\n"
        "inv_freq(head_dim=128, base=500000, scaling='llama3', factor=8,\n"
        "original_max_position_embeddings=8192), or inv_freq(config='config.json').");
    module.def("cos_sin", &cosSin, py::arg("positions"), py::kw_only(), py::arg("dtype") = "float64",
        "cos_sin(positions, **flags) -> (cos, sin), each numpy.ndarray of shape (len(positions), "
        "rotary_dim)\n\n"
        "The cos/sin cache of transformers' rotary embedding for the given positions (1-D, any length):\n"
        "angle m * theta_i in double, times the attention factor (YaRN, LongRoPE), laid out as the model's\n"
        "pairing: half-split models repeat the r/2 columns (emb = cat(freqs, freqs), rotate_half),\n"
        "interleaved ones (GPT-J, GLM, DeepSeek) repeat each column twice. Frequencies are scaled for\n"
        "seq_len (or length) as inv_freq. dtype='float32' gives the cache as transformers' float32\n"
        "tensors hold it: theta rounded to float32, then the position, m * theta, cos, sin and the\n"
        "attention factor in float32 (the angle's rounding, up to m * 2^-24 rad, is what float32\n"
        "costs; HF's own float32 theta and cos may differ from these in the last bit).");
    module.def(
        "rotate",
        [](const py::object& x, const py::object& positions, const py::kwargs& kwargs) {
            py::kwargs copy = withRopeCard(kwargs);
            copy["vector"] = x;
            copy["positions"] = positions;
            return compute("rotate", copy);
        },
        py::arg("x"), py::arg("positions"),
        "rotate(x, positions, **flags) -> numpy.ndarray, shape (len(positions), head_dim)\n\n"
        "R_m x for every position m: each pair of the model's layout turned by m * theta_i (RoFormer\n"
        "eq. 14), pass-through dims unchanged. x has head_dim entries.");
    module.def("position_ids", &positionIds, py::arg("segments"),
        "position_ids(segments, **flags) -> (ids, delta): ids int64 of shape (3, tokens), delta int\n\n"
        "M-RoPE temporal, height and width ids of a composed sequence ('text:3,image:4x6,text:2'; video\n"
        "TxHxW; Omni's audio:F mel frames and video:TxHxW+audio:F) as transformers' get_rope_index builds\n"
        "them (mrope_family='qwen2-vl', 'qwen2.5-vl', 'qwen3-vl', 'glm4v', 'qwen2.5-omni', or a config=),\n"
        "and mrope_position_deltas: what decoding adds to the cache position.");
    module.def("config", &config, py::arg("path"), py::arg("seq_len") = py::none(),
        "config(path, seq_len=None) -> dict\n\n"
        "What a Hugging Face config.json means for the cards, as pecards-cli config prints it: heads,\n"
        "head_dim, rotary dim, base, scaling, layout, scaled inv_freq, the per-layer groups (NoPE,\n"
        "linear attention, sliding windows, M-RoPE sections), where every value came from. Config\n"
        "warnings become Python warnings.");
    module.def("render", &render, py::arg("out"), py::arg("quantity") = py::none(),
        "render(out, quantity=None, **flags) -> None\n\n"
        "The publication figure pecards-cli render writes (title, axes, colour bar, caption with every\n"
        "parameter), to out (.png, .svg or .pdf): of one quantity (render('fig.pdf', 'score',\n"
        "card='rope', length=4096, reduction='max')), of a saved workspace (workspace='w.json') or a\n"
        "lesson's handout (lesson='l.json'). Fonts come from Qt's offscreen platform unless\n"
        "QT_QPA_PLATFORM is set.");
    module.def(
        "check",
        [](const std::optional<DoubleArray>& invFreq, const std::optional<DoubleArray>& cos,
            const std::optional<DoubleArray>& sin, const std::optional<DoubleArray>& rotated,
            const std::optional<DoubleArray>& unrotated, std::int64_t firstPosition, const std::string& dtype,
            const py::kwargs& kwargs) {
            return check({invFreq, cos, sin, rotated, unrotated}, firstPosition, dtype, kwargs);
        },
        py::kw_only(), py::arg("inv_freq") = py::none(), py::arg("cos") = py::none(),
        py::arg("sin") = py::none(), py::arg("rotated") = py::none(), py::arg("unrotated") = py::none(),
        py::arg("first_position") = 0, py::arg("dtype") = "float32",
        "check(*, inv_freq=None, cos=None, sin=None, rotated=None, unrotated=None, first_position=0,\n"
        "      dtype='float32', **flags) -> dict\n\n"
        "An engine's own inv_freq (r/2,), cos/sin cache (positions x r in the model's layout, or\n"
        "positions x r/2), or rotated q/k vectors with the same vectors before RoPE (positions x\n"
        "head_dim), rows from first_position, against the reference for the model of **flags\n"
        "(config='config.json' or RoPE card flags), within 16 units of dtype's roundoff, and against\n"
        "every known bug variant of that model: the report pecards-cli check --json prints\n"
        "(matches, max_error, first_position, first_pair, diagnosis: the best fit first).");
    module.def("quantities", &quantities,
        "quantities() -> list of dict(name, cards, shape, help): what compute() takes.");
}
