#pragma once
/// @file weightsloader.h
/// @brief Reads tensors a card can show from a `.safetensors` checkpoint off the UI thread
/// (pecards::app::SafetensorsFile): T5's `relative_attention_bias.weight` (num_buckets x heads)
/// for the Relative card, a learned absolute position table (GPT-2 `wpe.weight`, BERT
/// `position_embeddings.weight`) for the Sinusoidal card, and Q/K content vectors from `.npy` files.

#include <Eigen/Core>
#include <QObject>
#include <QString>

namespace pecards::gui {

class WeightsLoader : public QObject {
    Q_OBJECT
public:
    explicit WeightsLoader(QObject* parent = nullptr);

    /// @brief Starts reading what a card can show from `path`: the T5 bias table when the file
    /// has one (the encoder's when both stacks have one; t5BiasLoaded), else a learned position table
    /// (learnedTableLoaded), else failed() naming the tensors looked for. A newer call supersedes an
    /// unfinished one.
    void loadWeights(const QString& path);
    /// @brief Starts reading two .npy files of content vectors (rows = positions, d columns).
    void loadContent(const QString& queryPath, const QString& keyPath);

signals:
    /// @brief `table` is num_buckets x heads; `tensor` names it in the file.
    void t5BiasLoaded(const QString& path, const QString& tensor, const Eigen::MatrixXd& table);
    /// @brief `table` is positions x d_model; `tensor` names it in the file.
    void learnedTableLoaded(const QString& path, const QString& tensor, const Eigen::MatrixXd& table);
    void contentLoaded(const QString& queryPath, const QString& keyPath, const Eigen::MatrixXd& queries,
        const Eigen::MatrixXd& keys);
    void failed(const QString& path, const QString& message);

private:
    quint64 m_generation = 0;
};

} // namespace pecards::gui
