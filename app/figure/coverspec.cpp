#include "figure/coverspec.h"

namespace pecards::app {

QString coverSpecError(const CoverSpec& spec) {
    if (spec.title.trimmed().isEmpty()) {
        return QStringLiteral("the cover page has no title");
    }
    return {};
}

} // namespace pecards::app
