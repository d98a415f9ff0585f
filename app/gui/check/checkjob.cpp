#include "check/checkjob.h"

#include <common/checkinputs.h>
#include <common/fileerror.h>
#include <common/gguffile.h>
#include <common/ggufrope.h>
#include <pecards/errors.h>

namespace pecards::gui {

namespace {

using Table = pecards::app::CheckSetup::Table;

/// Reads the tables of `setup` into `inputs`; returns what was read, in words.
QString readInputs(const pecards::app::CheckSetup& setup, pecards::app::CheckInputs& inputs) {
    switch (setup.table) {
    case Table::CosSin:
    case Table::Rotated: {
        const bool cache = setup.table == Table::CosSin;
        (cache ? inputs.cache : inputs.vectors) = true;
        Eigen::MatrixXd& first = cache ? inputs.cos : inputs.rotated;
        first = pecards::app::readCheckTable(setup.first, setup.format);
        (cache ? inputs.sin : inputs.unrotated) = pecards::app::readCheckTable(setup.second, setup.format);
        return QStringLiteral("%1 of %2 positions (from %3) × %4 %5")
            .arg(cache ? QStringLiteral("cos/sin") : QStringLiteral("rotated vectors"))
            .arg(first.rows())
            .arg(inputs.firstPosition)
            .arg(first.cols())
            .arg(cache ? QStringLiteral("columns") : QStringLiteral("dims"));
    }
    case Table::InvFreq:
        inputs.invFreq = pecards::app::readInvFreqTable(setup.first, setup.format);
        return QStringLiteral("inv_freq of %1 pairs").arg(inputs.invFreq.size());
    case Table::Gguf: {
        const pecards::app::GgufFile file(setup.first);
        const pecards::app::GgufRope rope = pecards::app::ggufRope(file);
        inputs.invFreq = rope.invFreq;
        return rope.summary;
    }
    }
    return {};
}

} // namespace

CheckOutcome runCheckJob(const pecards::app::CheckSetup& setup) {
    CheckOutcome outcome;
    try {
        pecards::app::CheckInputs inputs;
        inputs.format = setup.format;
        inputs.firstPosition = setup.firstPosition;
        outcome.checked = readInputs(setup, inputs);
        inputs.seqLen = pecards::app::checkSeqLen(inputs, setup.params, false);
        outcome.checked += QStringLiteral(", %1, seq_len %2")
                               .arg(QString::fromStdString(pecards::toString(setup.format)))
                               .arg(inputs.seqLen);
        outcome.report = pecards::app::runCheck(inputs, setup.params.rope);
        outcome.ok = true;
    } catch (const pecards::app::FileError& error) {
        outcome.error = QString::fromUtf8(error.what());
    } catch (const pecards::InvalidParameter& error) {
        outcome.error = QString::fromUtf8(error.what());
    }
    return outcome;
}

} // namespace pecards::gui
