// pecards-cli: computes PE Cards quantities headlessly (see `pecards-cli --help`).

#include "clirunner.h"

#include <QCoreApplication>
#include <QTextStream>
#include <cstdio>

int main(int argc, char* argv[]) {
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("pecards-cli"));
    QTextStream out(stdout);
    QTextStream err(stderr);
    return pecards::cli::runCli(QCoreApplication::arguments(), out, err);
}
