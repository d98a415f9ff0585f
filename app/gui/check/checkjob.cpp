#include "check/checkjob.h"

#include <common/fileerror.h>
#include <common/npyfile.h>
#include <pecards/errors.h>

namespace pecards::gui {

CheckOutcome runCheckJob(const CheckFiles& files, const pecards::CardParams& params) {
    CheckOutcome outcome;
    try {
        pecards::app::CheckInputs inputs;
        inputs.format = files.format;
        inputs.firstPosition = files.firstPosition;
        inputs.cache = !files.cos.isEmpty();
        if (inputs.cache) {
            inputs.cos = pecards::app::readNpyTable(files.cos);
            inputs.sin = pecards::app::readNpyTable(files.sin);
            outcome.checked = QStringLiteral("cos/sin of %1 positions (from %2) × %3 columns")
                                  .arg(inputs.cos.rows())
                                  .arg(inputs.firstPosition)
                                  .arg(inputs.cos.cols());
        } else {
            inputs.invFreq = pecards::app::readInvFreqTable(files.invFreq);
            outcome.checked = QStringLiteral("inv_freq of %1 pairs").arg(inputs.invFreq.size());
        }
        inputs.seqLen = pecards::app::checkSeqLen(inputs, params, false);
        outcome.checked += QStringLiteral(", %1, seq_len %2")
                               .arg(QString::fromStdString(pecards::toString(files.format)))
                               .arg(inputs.seqLen);
        outcome.report = pecards::app::runCheck(inputs, params.rope);
        outcome.ok = true;
    } catch (const pecards::app::FileError& error) {
        outcome.error = QString::fromUtf8(error.what());
    } catch (const pecards::InvalidParameter& error) {
        outcome.error = QString::fromUtf8(error.what());
    }
    return outcome;
}

} // namespace pecards::gui
