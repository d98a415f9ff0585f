#include "window/weightsloader.h"

#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>
#include <common/fileerror.h>
#include <common/npyfile.h>
#include <common/safetensorsfile.h>
#include <common/t5biastable.h>
#include <exception>
#include <variant>

namespace pecards::gui {

namespace {

struct Tensor {
    QString name;
    Eigen::MatrixXd values;
    bool t5 = true; ///< a T5 bias table, else a learned position table
};

struct Content {
    Eigen::MatrixXd queries;
    Eigen::MatrixXd keys;
};

/// Runs `read` on the thread pool; calls `done` with its result or `fail` with the message.
template <typename Result, typename Read, typename Done>
void runOffThread(WeightsLoader* loader, quint64& generation, const QString& path, Read read, Done done) {
    using Outcome = std::variant<Result, QString>;
    const quint64 mine = ++generation;
    auto* watcher = new QFutureWatcher<Outcome>(loader);
    QObject::connect(watcher, &QFutureWatcher<Outcome>::finished, loader,
        [loader, watcher, mine, &generation, path, done] {
            watcher->deleteLater();
            if (mine != generation)
                return; // superseded
            const Outcome outcome = watcher->result();
            if (const auto* result = std::get_if<Result>(&outcome))
                done(*result);
            else
                emit loader->failed(path, std::get<QString>(outcome));
        });
    watcher->setFuture(QtConcurrent::run([read]() -> Outcome {
        try {
            return read();
        } catch (const std::exception& error) { // FileError, and anything unexpected
            return QString::fromUtf8(error.what());
        }
    }));
}

} // namespace

WeightsLoader::WeightsLoader(QObject* parent)
    : QObject(parent) {
}

void WeightsLoader::loadWeights(const QString& path) {
    runOffThread<Tensor>(
        this, m_generation, path,
        [path] {
            const pecards::app::SafetensorsFile file(path);
            if (const std::optional<QString> t5
                = file.find(QStringLiteral("relative_attention_bias.weight"), QStringLiteral("encoder")))
                return Tensor {*t5, pecards::app::readT5BiasTable(file, *t5), true};
            for (const QString& suffix :
                {QStringLiteral("wpe.weight"), QStringLiteral("position_embeddings.weight")}) {
                if (const std::optional<QString> learned = file.find(suffix))
                    return Tensor {*learned, file.matrix(*learned), false};
            }
            throw pecards::app::FileError((path
                + WeightsLoader::tr(": no tensor named *relative_attention_bias.weight (T5), *wpe.weight "
                                    "(GPT-2) or *position_embeddings.weight (BERT)"))
                                              .toStdString());
        },
        [this, path](const Tensor& tensor) {
            if (tensor.t5)
                emit t5BiasLoaded(path, tensor.name, tensor.values);
            else
                emit learnedTableLoaded(path, tensor.name, tensor.values);
        });
}

void WeightsLoader::loadContent(const QString& queryPath, const QString& keyPath) {
    runOffThread<Content>(
        this, m_generation, queryPath,
        [queryPath, keyPath] {
            return Content {pecards::app::readNpyMatrix(queryPath), pecards::app::readNpyMatrix(keyPath)};
        },
        [this, queryPath, keyPath](const Content& content) {
            emit contentLoaded(queryPath, keyPath, content.queries, content.keys);
        });
}

} // namespace pecards::gui
