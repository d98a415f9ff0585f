#pragma once
/// @file weightsloader.h
/// @brief Reads tensors a card can show from a `.safetensors` checkpoint off the UI thread
/// (pecards::app::SafetensorsFile): T5's `relative_attention_bias.weight` (num_buckets x heads)
/// for the Relative card, and Q/K content vectors from `.npy` files.

#include <Eigen/Core>
#include <QObject>
#include <QString>

class WeightsLoader : public QObject {
    Q_OBJECT
public:
    explicit WeightsLoader(QObject* parent = nullptr);

    /// @brief Starts reading the T5 bias table of `path` (the encoder's when both stacks have
    /// one); a newer call supersedes an unfinished one.
    void loadT5Bias(const QString& path);
    /// @brief Starts reading two .npy files of content vectors (rows = positions, d columns).
    void loadContent(const QString& queryPath, const QString& keyPath);

signals:
    /// @brief `table` is num_buckets x heads; `tensor` names it in the file.
    void t5BiasLoaded(const QString& path, const QString& tensor, const Eigen::MatrixXd& table);
    void contentLoaded(const QString& queryPath, const QString& keyPath, const Eigen::MatrixXd& queries,
        const Eigen::MatrixXd& keys);
    void failed(const QString& path, const QString& message);

private:
    quint64 m_generation = 0;
};
