#include "common/t5biastable.h"

#include "common/fileerror.h"

#include <QStringList>

using namespace Qt::StringLiterals;

namespace pecards::app {

Eigen::MatrixXd readT5BiasTable(const SafetensorsFile& file, const QString& name) {
    const std::vector<std::int64_t> shape = file.shape(name);
    if (shape.size() != 2 || shape[0] < 2 || shape[0] > kMaxT5Buckets || shape[1] < 1) {
        QStringList extents;
        for (const std::int64_t extent : shape)
            extents << QString::number(extent);
        throw FileError((file.path() + u": "_s + name + u" has shape ["_s + extents.join(u", "_s)
            + u"]; num_buckets x heads with num_buckets in [2, "_s + QString::number(kMaxT5Buckets)
            + u"] is needed"_s)
                            .toStdString());
    }
    return file.matrix(name);
}

} // namespace pecards::app
