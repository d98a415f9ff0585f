#include "clicommands.h"

#include "clibackend.h"
#include "clicurves.h"
#include "common/csvfile.h"
#include "common/fileerror.h"
#include "common/npyfile.h"
#include "modelsummary.h"

#include <QJsonDocument>
#include <QSaveFile>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace pecards::cli {

void writeOutput(const QString& path, const OutputArray& array) {
    if (path.endsWith(u".npy"_s, Qt::CaseInsensitive)) {
        app::writeNpy(path, array.shape, array.values);
    } else {
        app::writeCsv(path, array.shape.front(), array.shape.size() == 2 ? array.shape[1] : 1, array.values);
    }
}

void runCompute(const CliRequest& request, QTextStream& err) {
    const CliQuantity& quantity = *request.quantity;
    if (quantity.curve != Curve::None) {
        writeOutput(request.outPath, computeCurve(quantity, request.view.params, request.curve));
        return;
    }
    QString notice;
    const std::unique_ptr<Backend> backend = makeCliBackend(request.device, notice);
    if (!notice.isEmpty()) {
        err << "pecards-cli: " << notice << Qt::endl;
    }
    Grid grid = backend->compute(request.view);
    writeOutput(request.outPath, OutputArray {{grid.rows, grid.cols}, std::move(grid.values)});
}

void runConfig(const CliRequest& request, QTextStream& out, QTextStream& err) {
    const app::ModelConfig& config = *request.config;
    const std::int64_t seqLen
        = request.view.params.rope.seq_len > 0 ? request.view.params.rope.seq_len : defaultSeqLen(config);
    for (const QString& warning : config.warnings) {
        err << "pecards-cli: warning: " << config.filePath << ": " << warning << Qt::endl;
    }
    const QByteArray json = QJsonDocument(modelSummary(config, seqLen)).toJson(QJsonDocument::Indented);
    if (request.outPath.isEmpty()) {
        out << QString::fromUtf8(json);
        out.flush();
        return;
    }
    QSaveFile file(request.outPath);
    if (!file.open(QIODevice::WriteOnly) || file.write(json) != json.size() || !file.commit()) {
        throw app::FileError(
            (request.outPath + u": cannot be written ("_s + file.errorString() + u')').toStdString());
    }
}

void runDevices(QTextStream& out, QTextStream& err) {
    const QStringList devices = openClDevices();
    if (devices.isEmpty()) {
        err << "pecards-cli: no OpenCL device found (compute uses the CPU reference)" << Qt::endl;
        return;
    }
    for (const QString& device : devices) {
        out << device << '\n';
    }
    out.flush();
}

} // namespace pecards::cli
