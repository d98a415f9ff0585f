#include "common/configerror.h"

namespace pecards::app {

ConfigError::ConfigError(QString key, const QString& message)
    : std::runtime_error(message.toStdString())
    , m_key(std::move(key)) {
}

} // namespace pecards::app
