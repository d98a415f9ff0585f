#include "common/checkinputs.h"

#include "common/fileerror.h"
#include "common/npyfile.h"
#include "pecards/viewrules.h"

namespace pecards::app {

Eigen::VectorXd readInvFreqTable(const QString& path) {
    const Eigen::MatrixXd table = readNpyTable(path);
    if (table.cols() != 1) {
        throw FileError(QStringLiteral("%1 is %2 x %3: allowed: a 1-D array of r/2 frequencies")
                            .arg(path)
                            .arg(table.rows())
                            .arg(table.cols())
                            .toStdString());
    }
    return table.col(0);
}

std::int64_t checkSeqLen(const CheckInputs& inputs, const CardParams& params, bool lengthGiven) {
    if (lengthGiven || !(inputs.cache || inputs.vectors)) {
        return effectiveSeqLen(params.rope, params.length);
    }
    return inputs.firstPosition + (inputs.cache ? inputs.cos.rows() : inputs.rotated.rows());
}

CheckReport runCheck(const CheckInputs& inputs, const RopeParams& rope) {
    if (inputs.cache) {
        return checkCosSin(rope, inputs.seqLen, inputs.cos, inputs.sin, inputs.firstPosition, inputs.format);
    }
    if (inputs.vectors) {
        return checkRotated(
            rope, inputs.seqLen, inputs.unrotated, inputs.rotated, inputs.firstPosition, inputs.format);
    }
    return checkInvFreq(rope, inputs.seqLen, inputs.invFreq, inputs.format);
}

} // namespace pecards::app
