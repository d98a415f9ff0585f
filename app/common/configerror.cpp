#include "common/configerror.h"

#include "common/messagetext.h"

namespace pecards::app {

ConfigError::ConfigError(QString key, const QString& message)
    : std::runtime_error(elidedMessage(message).toStdString())
    , m_key(std::move(key)) {
}

} // namespace pecards::app
