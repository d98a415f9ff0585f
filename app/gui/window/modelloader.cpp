#include "window/modelloader.h"

#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>
#include <common/configerror.h>
#include <exception>
#include <variant>

namespace pecards::gui {

ModelLoader::ModelLoader(QObject* parent)
    : QObject(parent) {
}

void ModelLoader::load(const QString& path) {
    using Outcome = std::variant<pecards::app::ModelConfig, QString>;
    const quint64 generation = ++m_generation;
    auto* watcher = new QFutureWatcher<Outcome>(this);
    connect(watcher, &QFutureWatcher<Outcome>::finished, this, [this, watcher, generation, path] {
        watcher->deleteLater();
        if (generation != m_generation)
            return; // superseded
        const Outcome outcome = watcher->result();
        if (const auto* model = std::get_if<pecards::app::ModelConfig>(&outcome))
            emit loaded(*model);
        else
            emit failed(path, std::get<QString>(outcome));
    });
    watcher->setFuture(QtConcurrent::run([path]() -> Outcome {
        try {
            return pecards::app::readModelConfig(path);
        } catch (const std::exception& error) { // ConfigError, and anything unexpected
            return QString::fromUtf8(error.what());
        }
    }));
}

} // namespace pecards::gui
