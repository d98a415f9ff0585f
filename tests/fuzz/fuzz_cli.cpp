// libFuzzer target: pecards-cli argument lists -> parseCommandLine. The input is split at NUL
// bytes into arguments after "pecards-cli". Every list parses to a request or throws one of the
// errors pecards-cli turns into an exit code (UsageError, InvalidParameter, FileError,
// ConfigError, ComputeLimitExceeded); anything else is a bug.

#include "cliparser.h"
#include "common/configerror.h"
#include "common/fileerror.h"
#include "pecards/errors.h"
#include "usageerror.h"

#include <QCoreApplication>
#include <QStringList>
#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static int argc = 1;
    static char name[] = "pecards-cli";
    static char* argv[] = {name, nullptr};
    static QCoreApplication app(argc, argv);
    QStringList arguments {QStringLiteral("pecards-cli")};
    const char* text = reinterpret_cast<const char*>(data);
    std::size_t start = 0;
    for (std::size_t i = 0; i <= size; ++i) {
        if (i == size || text[i] == '\0') {
            arguments << QString::fromUtf8(text + start, static_cast<qsizetype>(i - start));
            start = i + 1;
        }
    }
    try {
        static_cast<void>(pecards::cli::parseCommandLine(arguments));
    } catch (const pecards::cli::UsageError&) {
    } catch (const pecards::InvalidParameter&) {
    } catch (const pecards::ComputeLimitExceeded&) {
    } catch (const pecards::app::FileError&) {
    } catch (const pecards::app::ConfigError&) { }
    return 0;
}
