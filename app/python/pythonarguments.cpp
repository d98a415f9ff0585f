#include "pythonarguments.h"

#include <QHash>
#include <QString>
#include <pybind11/numpy.h>
#include <string>

namespace py = pybind11;
using namespace Qt::StringLiterals;

namespace pecards::python {

namespace {

using DoubleArray = py::array_t<double, py::array::c_style | py::array::forcecast>;

/// Hugging Face config keys that name a pecards-cli flag differently.
const QHash<QString, QString> kConfigKeys {
    {u"rope_theta"_s, u"base"_s},
    {u"rope_type"_s, u"scaling"_s},
    {u"original_max_position_embeddings"_s, u"original-max-pos"_s},
    {u"max_position_embeddings"_s, u"max-pos"_s},
    {u"num_attention_heads"_s, u"heads"_s},
    {u"num_buckets"_s, u"buckets"_s},
    {u"relative_attention_num_buckets"_s, u"buckets"_s},
    {u"relative_attention_max_distance"_s, u"max-distance"_s},
    {u"spatial_merge_size"_s, u"merge-size"_s},
};

/// The flag a keyword sets: a config key's flag, else the keyword with dashes.
QString flagOf(const std::string& name) {
    const QString key = QString::fromStdString(name);
    return u"--"_s + kConfigKeys.value(key, QString(key).replace(u'_', u'-'));
}

/// A 1-D sequence of numbers joined by `separator`, each with 17 significant digits.
QString joined(const std::string& name, const py::handle& value, const QString& separator) {
    DoubleArray values;
    try {
        values = DoubleArray::ensure(value);
    } catch (const py::error_already_set&) { }
    if (!values || values.ndim() != 1) {
        throw py::type_error(name + ": a 1-D sequence of numbers is needed");
    }
    QStringList parts;
    for (py::ssize_t i = 0; i < values.shape(0); ++i) {
        parts << QString::number(values.at(i), 'g', 17);
    }
    return parts.join(separator);
}

} // namespace

QStringList cliArguments(const py::kwargs& kwargs) {
    QStringList arguments;
    for (const auto& [key, value] : kwargs) {
        const std::string name = key.cast<std::string>();
        const QString flag = flagOf(name);
        if (value.is_none()) {
            continue;
        }
        if (name == "truncate" && py::isinstance<py::bool_>(value)) { // YaRN truncate (HF key)
            if (!value.cast<bool>()) {
                arguments << u"--no-truncate"_s;
            }
            continue;
        }
        if (py::isinstance<py::bool_>(value)) {
            if (value.cast<bool>()) {
                arguments << flag;
            }
            continue;
        }
        QString text;
        if (py::isinstance<py::str>(value)) {
            text = QString::fromStdString(value.cast<std::string>());
        } else if (py::isinstance<py::int_>(value) || py::isinstance<py::float_>(value)) {
            text = py::isinstance<py::int_>(value) ? QString::number(value.cast<long long>())
                                                   : QString::number(value.cast<double>(), 'g', 17);
        } else if (py::isinstance<py::sequence>(value) || py::isinstance<py::array>(value)) {
            const bool range = name == "rows" || name == "cols";
            text = joined(name, value, name == "view" ? u"x"_s : range ? u":"_s : u","_s);
        } else {
            throw py::type_error(name + ": " + py::str(py::type::of(value)).cast<std::string>()
                + " is not a value pecards takes: allowed: str, int, float, bool, a sequence of numbers");
        }
        arguments << flag << text;
    }
    return arguments;
}

bool hasArgument(const py::kwargs& kwargs, const char* name) {
    return kwargs.contains(name) && !kwargs[name].is_none();
}

} // namespace pecards::python
