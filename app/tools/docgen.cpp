// pecards-docgen: writes the documents made from the programs' own flag tables, at build time:
//
//   pecards-docgen man-gui OUT.1        pecards(1)
//   pecards-docgen man-cli OUT.1        pecards-cli(1)
//   pecards-docgen cli-markdown OUT.md  docs/cli.md
//
// Exit status 0 on success, 2 on bad arguments, 1 when OUT cannot be written.

#include "climarkdown.h"
#include "manpages.h"

#include <QCoreApplication>
#include <QSaveFile>
#include <QTextStream>

using namespace Qt::StringLiterals;

int main(int argc, char* argv[]) {
    const QCoreApplication app(argc, argv);
    QTextStream err(stderr);
    const QStringList args = QCoreApplication::arguments();
    const QString document = args.value(1);
    if (args.size() != 3
        || (document != u"man-gui"_s && document != u"man-cli"_s && document != u"cli-markdown"_s)) {
        err << "usage: pecards-docgen man-gui|man-cli|cli-markdown OUT" << Qt::endl;
        return 2;
    }
    const QString text = document == u"man-gui"_s ? guiManPage()
        : document == u"man-cli"_s                ? cliManPage()
                                                  : cliMarkdown();
    QSaveFile file(args[2]);
    const QByteArray bytes = text.toUtf8();
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        err << "pecards-docgen: cannot write " << args[2] << ": " << file.errorString() << Qt::endl;
        return 1;
    }
    return 0;
}
