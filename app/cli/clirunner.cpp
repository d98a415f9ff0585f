#include "clirunner.h"

#include "clicheck.h"
#include "clicommands.h"
#include "cliflags.h"
#include "clihelp.h"
#include "cliparser.h"
#include "clirender.h"
#include "common/fileerror.h"
#include "common/version.h"
#include "pecards/errors.h"
#include "usageerror.h"

#include <QIODevice>

using namespace Qt::StringLiterals;

namespace pecards::cli {

namespace {

/// One line: newlines in engine or Qt messages become spaces.
void printError(QTextStream& err, const QString& flag, const QString& message) {
    QString line = u"pecards-cli: "_s;
    if (!flag.isEmpty()) {
        line += flag + u": "_s;
    }
    line += message;
    line.replace(u'\n', u' ');
    err << line << Qt::endl;
}

} // namespace

int runCli(const QStringList& arguments, QTextStream& out, QTextStream& err) {
    try {
        const CliRequest request = parseCommandLine(arguments);
        switch (request.command) {
        case CliRequest::Command::Help:
            out << helpText();
            out.flush();
            break;
        case CliRequest::Command::Version:
            out << u"pecards-cli "_s << QLatin1String(app::kVersion) << u'\n';
            out.flush();
            break;
        case CliRequest::Command::Compute:
            runCompute(request, out, err);
            break;
        case CliRequest::Command::Render:
            runRender(request, out, err);
            break;
        case CliRequest::Command::Config:
            runConfig(request, out, err);
            break;
        case CliRequest::Command::Devices:
            runDevices(out, err);
            break;
        case CliRequest::Command::Pitfalls:
            runPitfalls(out);
            break;
        case CliRequest::Command::Weights:
            runWeights(request, out, err);
            break;
        case CliRequest::Command::Check:
            if (runCheck(request, out) != 0) {
                return ExitMismatch;
            }
            break;
        }
        // A full disk or a closed pipe behind stdout must not pass for success.
        out.flush();
        if (out.status() != QTextStream::Ok) {
            const QIODevice* device = out.device();
            printError(err, u"stdout"_s,
                u"cannot be written ("_s + (device != nullptr ? device->errorString() : QString()) + u')');
            return ExitFailure;
        }
        return ExitSuccess;
    } catch (const UsageError& error) {
        printError(err, error.flag(), QString::fromUtf8(error.what()));
        return ExitUsage;
    } catch (const pecards::InvalidParameter& error) {
        printError(err, flagForParameter(error.name()), QString::fromUtf8(error.what()));
        return ExitUsage;
    } catch (const pecards::ComputeLimitExceeded& error) {
        printError(err, u"compute limit"_s, QString::fromUtf8(error.what()));
        return ExitComputeLimit;
    } catch (const pecards::app::FileError& error) {
        printError(err, u"--out"_s, QString::fromUtf8(error.what()));
        return ExitFailure;
    } catch (const std::exception& error) {
        printError(err, QString(), QString::fromUtf8(error.what()));
        return ExitFailure;
    }
}

} // namespace pecards::cli
