#include "clicommands.h"

#include "clibackend.h"
#include "clicost.h"
#include "clicurves.h"
#include "clilab.h"
#include "common/csvfile.h"
#include "common/fileerror.h"
#include "common/npyfile.h"
#include "common/outputfile.h"
#include "modelsummary.h"
#include "pecards/pitfall.h"
#include "pecards/viewrules.h"
#include "progressbackend.h"

#include <QFile>
#include <QJsonDocument>
#include <algorithm>
#include <cstdlib>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace pecards::cli {

void writeOutput(const QString& path, const OutputArray& array) {
    if (path.endsWith(u".npy"_s, Qt::CaseInsensitive)) {
        app::writeNpy(path, array.shape, array.values);
    } else {
        // CSV lines are the rows of the last two axes, stacked (S x L x P: S*L lines of P values).
        std::int64_t rows = 1;
        for (std::size_t axis = 0; axis + 1 < array.shape.size(); ++axis) {
            rows *= array.shape[axis];
        }
        app::writeCsv(path, array.shape.size() == 1 ? array.shape.front() : rows,
            array.shape.size() == 1 ? 1 : array.shape.back(), array.values);
    }
}

void writeNpyToStdout(const OutputArray& array, QTextStream& out) {
    const QByteArray bytes = app::npyBytes(array.shape, array.values, u"stdout"_s);
    out.flush();
    QFile stdoutFile;
    if (!stdoutFile.open(stdout, QIODevice::WriteOnly) || stdoutFile.write(bytes) != bytes.size()
        || !stdoutFile.flush()) {
        throw app::FileError(
            (u"stdout: cannot be written ("_s + stdoutFile.errorString() + u')').toStdString());
    }
}

void printCost(const CliRequest& request, QTextStream& out) {
    const pecards::RequestCost cost = cliCost(request);
    out << "estimate: " << QString::fromStdString(pecards::describeCost(cost)) << '\n'
        << "work: " << cost.work << " operations (" << QString::fromStdString(cost.counted) << ")\n"
        << "peak memory: " << cost.bytes << " bytes\n";
    const pecards::CostLimits limits = pecards::defaultCostLimits();
    out << "limits: " << limits.bytes << " bytes: " << (cost.bytes <= limits.bytes ? "within" : "over")
        << " the memory limit (no work limit, except the 2^32-operation budgets of attention-entropy, "
           "base-bound and"
           " dense pitfall views: a long request runs, with a progress line on a terminal)\n";
    out << describeBackendChoice(request.device, largestViewWork(request)) << '\n';
}

void runCompute(const CliRequest& request, QTextStream& out, QTextStream& err) {
    if (request.dryRun) {
        printCost(request, out);
        return;
    }
    const OutputArray array = computeOutput(request, err, ::isatty(STDERR_FILENO) == 1);
    if (request.outPath == u"-"_s) {
        writeNpyToStdout(array, out);
    } else {
        writeOutput(request.outPath, array);
    }
    if (request.quantity->curve == Curve::PositionIds) {
        const std::int64_t delta = mropeDelta(request.curve.mrope);
        err << "pecards-cli: mrope_position_deltas = " << delta << " (decoding continues at cache position "
            << (delta < 0 ? "- " : "+ ") << std::abs(delta) << ")" << Qt::endl;
    }
}

OutputArray computeOutput(
    const CliRequest& request, QTextStream& err, bool terminal, const std::function<bool()>& stop) {
    checkCliCost(request, err, terminal);
    const CliQuantity& quantity = *request.quantity;
    if (quantity.curve != Curve::None) {
        return computeCurve(quantity, request.view.params, request.curve);
    }
    // Views are computed tile by tile: no work limit, a progress line on a terminal (progressbackend.h).
    ProgressBackend backend(makeCliBackend(request.device, noticePrinter(err)), err, terminal, stop);
    if (!request.curve.scalings.empty()) {
        return computeLabGrids(backend, request.view, request.curve.scalings);
    }
    Grid grid = backend.compute(request.view);
    const Window& window = request.view.window;
    if (!request.outputSizeChosen && (grid.rows < window.rows() || grid.cols < window.cols())) {
        const QString each = request.view.reduction == Reduction::Sample
            ? u"one position sampled per block"_s
            : u"each the "_s + QString::fromStdString(toString(request.view.reduction)) + u" of its block"_s;
        err << "pecards-cli: the " << window.rows() << " x " << window.cols() << " window is written as "
            << grid.rows << " x " << grid.cols << " values, " << each
            << " (--full: every position of windows up to 4096 a side; --view RxC)" << Qt::endl;
    }
    return OutputArray {{grid.rows, grid.cols}, std::move(grid.values)};
}

void runConfig(const CliRequest& request, QTextStream& out, QTextStream& err) {
    const app::ModelConfig& config = *request.config;
    const std::int64_t seqLen = effectiveSeqLen(request.view.params.rope, defaultSeqLen(config));
    for (const QString& warning : config.warnings) {
        err << "pecards-cli: warning: " << config.filePath << ": " << warning << Qt::endl;
    }
    const QByteArray json = QJsonDocument(modelSummary(config, seqLen)).toJson(QJsonDocument::Indented);
    if (request.outPath.isEmpty()) {
        out << QString::fromUtf8(json);
        out.flush();
        return;
    }
    app::writeOutputFile(request.outPath, json);
}

void runPitfalls(QTextStream& out) {
    for (const Card card : {Card::Sinusoidal, Card::Relative, Card::Alibi, Card::Rope, Card::Hybrid}) {
        for (const Pitfall pitfall : pitfallsOf(card)) {
            out << QString::fromStdString(toString(card)).leftJustified(11) << u' '
                << QString::fromStdString(toString(pitfall)).leftJustified(27) << u' '
                << QString::fromStdString(pitfallSummary(pitfall)) << u'\n';
        }
    }
    out.flush();
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
