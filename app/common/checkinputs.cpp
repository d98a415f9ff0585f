#include "common/checkinputs.h"

#include "common/fileerror.h"
#include "common/npyfile.h"
#include "common/safetensorsfile.h"
#include "pecards/viewrules.h"

#include <QStringList>
#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace pecards::app {

Eigen::MatrixXd readCheckTable(const QString& spec, CheckFormat format) {
    const qsizetype suffix = spec.lastIndexOf(u".safetensors"_s);
    if (suffix < 0) {
        return readNpyTable(spec, format == CheckFormat::Bfloat16);
    }
    const qsizetype end = suffix + qsizetype {12};
    const QString path = spec.left(end);
    const SafetensorsFile file(path);
    if (end == spec.size() || spec[end] != u':' || end + 1 == spec.size()) {
        const QStringList names = file.names();
        throw FileError((path + u": which tensor? write "_s + path + u":NAME, NAME one of: "_s
            + names.mid(0, 20).join(u", "_s) + (names.size() > 20 ? u", ..."_s : QString()))
                            .toStdString());
    }
    return file.table(spec.mid(end + 1));
}

Eigen::VectorXd readInvFreqTable(const QString& spec, CheckFormat format) {
    const Eigen::MatrixXd table = readCheckTable(spec, format);
    if (table.cols() != 1) {
        throw FileError(QStringLiteral("%1 is %2 x %3: allowed: a 1-D array of r/2 frequencies")
                            .arg(spec)
                            .arg(table.rows())
                            .arg(table.cols())
                            .toStdString());
    }
    return table.col(0);
}

std::array<std::vector<std::int64_t>, 3> mropeIdsOfTable(
    const Eigen::MatrixXd& table, Eigen::Index rows, const QString& what) {
    const bool byAxis = table.rows() == 3 && table.cols() == rows;
    if (!byAxis && !(table.rows() == rows && (table.cols() == 3 || table.cols() == 4))) {
        throw FileError(QStringLiteral("%1 is %2 x %3: allowed: 3 x %4 (t, h, w rows), %4 x 3 or %4 x 4 "
                                       "(segment, t, h, w), one id per checked row")
                            .arg(what)
                            .arg(table.rows())
                            .arg(table.cols())
                            .arg(rows)
                            .toStdString());
    }
    std::array<std::vector<std::int64_t>, 3> ids;
    for (int axis = 0; axis < 3; ++axis) {
        const Eigen::VectorXd column = byAxis ? Eigen::VectorXd(table.row(axis).transpose())
                                              : Eigen::VectorXd(table.col(table.cols() - 3 + axis));
        for (Eigen::Index k = 0; k < column.size(); ++k) {
            const double id = column[k];
            if (!(id >= 0 && id <= static_cast<double>(std::int64_t {1} << 26)) || std::floor(id) != id) {
                throw FileError(QStringLiteral("%1: %2 (axis %3, token %4) is not a position id: allowed: "
                                               "whole numbers in [0, 2^26]")
                                    .arg(what)
                                    .arg(id)
                                    .arg(axis)
                                    .arg(k)
                                    .toStdString());
            }
            ids[static_cast<std::size_t>(axis)].push_back(static_cast<std::int64_t>(id));
        }
    }
    return ids;
}

std::int64_t checkSeqLen(const CheckInputs& inputs, const CardParams& params, bool lengthGiven) {
    if (lengthGiven || !(inputs.cache || inputs.vectors)) {
        return effectiveSeqLen(params.rope, params.length);
    }
    if (inputs.mrope) {
        std::int64_t longest = 0;
        for (const std::vector<std::int64_t>& ids : inputs.mrope->ids) {
            for (const std::int64_t id : ids) {
                longest = std::max(longest, id);
            }
        }
        return longest + 1;
    }
    return inputs.firstPosition + (inputs.cache ? inputs.cos.rows() : inputs.rotated.rows());
}

CheckReport runCheck(const CheckInputs& inputs, const RopeParams& rope) {
    if (inputs.cache) {
        return inputs.mrope
            ? checkCosSin(rope, inputs.seqLen, inputs.cos, inputs.sin, *inputs.mrope, inputs.format)
            : checkCosSin(rope, inputs.seqLen, inputs.cos, inputs.sin, inputs.firstPosition, inputs.format);
    }
    if (inputs.vectors && inputs.mrope) {
        return checkRotated(
            rope, inputs.seqLen, inputs.unrotated, inputs.rotated, *inputs.mrope, inputs.format);
    }
    if (inputs.vectors) {
        return checkRotated(
            rope, inputs.seqLen, inputs.unrotated, inputs.rotated, inputs.firstPosition, inputs.format);
    }
    return checkInvFreq(rope, inputs.seqLen, inputs.invFreq, inputs.format);
}

} // namespace pecards::app
