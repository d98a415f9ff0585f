#include "pythonerrors.h"

#include "cliflags.h"
#include "common/configerror.h"
#include "common/fileerror.h"
#include "pecards/errors.h"
#include "usageerror.h"

#include <string>

namespace py = pybind11;

namespace pecards::python {

namespace {

/// "--head-dim: ..." as the keyword the Python caller wrote: "head_dim: ...".
std::string flagged(const QString& flag, const char* message) {
    if (flag.isEmpty()) {
        return message;
    }
    QString keyword = flag;
    if (keyword.startsWith(QStringLiteral("--"))) {
        keyword = keyword.mid(2).replace(u'-', u'_');
    }
    return keyword.toStdString() + ": " + message;
}

} // namespace

void registerErrors(py::module_& module) {
    static py::exception<cli::UsageError> error(module, "Error", PyExc_ValueError);
    error.doc() = "A value pecards refuses: the message names the keyword (as pecards-cli's flag), the value "
                  "and what is allowed.";
    py::register_exception_translator([](std::exception_ptr thrown) {
        try {
            if (thrown) {
                std::rethrow_exception(thrown);
            }
        } catch (const cli::UsageError& e) {
            error(flagged(e.flag(), e.what()).c_str());
        } catch (const InvalidParameter& e) {
            error(flagged(cli::flagForParameter(e.name()), e.what()).c_str());
        } catch (const app::ConfigError& e) {
            error(e.what());
        } catch (const ComputeLimitExceeded& e) {
            error((std::string("compute limit: ") + e.what()).c_str());
        } catch (const ComputeCancelled&) {
            PyErr_SetNone(PyExc_KeyboardInterrupt);
        } catch (const app::FileError& e) {
            PyErr_SetString(PyExc_OSError, e.what());
        }
    });
}

} // namespace pecards::python
