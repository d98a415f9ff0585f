#pragma once
/// @file modelloader.h
/// @brief Reads a Hugging Face config.json off the UI thread (pecards::app::readModelConfig)
/// and reports the model or the ConfigError message.

#include <QObject>
#include <common/modelconfig.h>

namespace pecards::gui {

class ModelLoader : public QObject {
    Q_OBJECT
public:
    explicit ModelLoader(QObject* parent = nullptr);

    /// @brief Starts reading `path` (a file or a ":/presets/..." resource); a newer call
    /// supersedes an unfinished one.
    void load(const QString& path);

signals:
    void loaded(const pecards::app::ModelConfig& model);
    void failed(const QString& path, const QString& message);

private:
    quint64 m_generation = 0;
};

} // namespace pecards::gui
