#pragma once
/// @file checkpointusage.h
/// @brief Per-pair usage (pecards/pairusage.h) of a checkpoint's attention layers (#28): finds each
/// RoPE layer's query and key projections by the names transformers gives them, splits fused ones as
/// the model's code splits them, and reads them one head at a time.
///
/// Projection forms (Hugging Face transformers v5 modeling files):
/// - `q_proj` / `k_proj` (`models/llama/modeling_llama.py` LlamaAttention and its many copies);
/// - Phi-3 `qkv_proj`: rows [query heads | key heads | value heads] (`models/phi3/modeling_phi3.py`
///   Phi3Attention.forward: qkv[..., :num_heads * head_dim], then num_key_value_heads * head_dim);
/// - GPT-NeoX `query_key_value`: per head [q | k | v] (`models/gpt_neox/modeling_gpt_neox.py`
///   GPTNeoXAttention.forward: view(..., -1, 3 * head_size), chunk(3));
/// - DeepSeek-V2/V3 MLA: each query head of `q_b_proj` (or `q_proj` when q_lora_rank is null) is
///   [qk_nope_head_dim | qk_rope_head_dim] and only its rope rows rotate; the one rotary key shared by
///   every head is the last qk_rope_head_dim rows of `kv_a_proj_with_mqa`
///   (`models/deepseek_v3/modeling_deepseek_v3.py` DeepseekV3Attention.forward, torch.split).
/// Falcon's and ChatGLM's fused `query_key_value` (grouped per key head) are refused by name.
/// The pairs of the rows are the config's layout (rotate_half for HF exports) unless the caller says
/// the weights are in Meta's interleaved export (never guessed from the weights).

#include "common/checkpoint.h"
#include "common/modelconfig.h"
#include "pecards/params.h"

#include <Eigen/Core>
#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace pecards::app {

/// @brief How a model stores its query and key rows (see the file comment).
enum class ProjectionForm { Separate, FusedQkv, NeoxQkv, Mla };

/// @brief One head's channels in a projection tensor: rows [first, first + count), and its bias
/// (`bias` empty: none) at the same rows of the bias vector.
struct HeadRows {
    QString tensor;
    qint64 first = 0;
    qint64 count = 0;
    QString bias;
};

/// @brief One RoPE layer's heads.
struct LayerHeads {
    int layer = 0; ///< the model's layer index
    pecards::RopeParams pairing; ///< the pairs of the rows (head_dim = rows per head) and the layer's scaling
    std::vector<HeadRows> query; ///< one per query head
    std::vector<HeadRows> key; ///< one per key head
};

/// @brief Where every RoPE layer's heads are.
struct AttentionWeights {
    ProjectionForm form = ProjectionForm::Separate;
    int heads = 0; ///< query heads
    int kvHeads = 0; ///< key heads (1 for MLA's shared rotary key)
    qint64 inputSize = 0; ///< columns of the projections (hidden size; q_lora_rank for q_b_proj)
    std::vector<LayerHeads> layers; ///< RoPE layers, ascending
    QStringList notes; ///< what the usage leaves out (skipped layers, per-head norms after the projection)
};

/// @brief Finds the projections of every RoPE layer of `config` in `checkpoint` and checks their
/// shapes against the config. Tensors of vision, audio and multi-token-prediction parts are not
/// candidates (names with "vision", "visual", "audio", and layer indices past num_hidden_layers).
/// @param layout the pair layout of the stored rows; nullopt: the config's
/// @throws FileError naming the tensor or the checkpoint: no attention projections found, names of
///         two models, a layer's tensor missing, a shape other than the config's (naming both and
///         the config keys), a fused form PE Cards does not split; ConfigError when the config has
///         no RoPE layer.
AttentionWeights locateAttentionWeights(
    const Checkpoint& checkpoint, const ModelConfig& config, std::optional<pecards::RopeLayout> layout);

/// @brief The usage of one located layer (entry `index` of weights.layers).
struct LayerUsage {
    int layer = 0; ///< the model's layer index
    Eigen::MatrixXd query; ///< heads x pairs, pecards::pairOperatorNorms of each query head
    Eigen::MatrixXd key; ///< kv heads x pairs
    Eigen::MatrixXd product; ///< heads x pairs, pecards::pairUsageProduct
};

/// @brief Reads layer weights.layers[index] one head at a time (memory: one head's rows, head_dim x
/// inputSize doubles plus their bytes on disk) and computes its usage in double.
/// @throws FileError from the reads (the file changed, a value not finite), std::out_of_range for an
///         index outside weights.layers.
LayerUsage layerUsage(const Checkpoint& checkpoint, const AttentionWeights& weights, std::size_t index);

/// @brief One head of a layer as the summaries list it (pecards-cli weights --summary, the app's table).
struct HeadSummary {
    int head = 0;
    int keyHead = 0; ///< the key head it reads (GQA)
    double usage = 0.0; ///< sum over its pairs of the usage product
    double movedFraction = 0.0; ///< its share in the moved pairs (pecards::movedUsageFraction)
    int topPair = 0; ///< the pair of its largest usage
};

/// @brief Every head of `usage`, with its share in the pairs `moved` marks (one entry per pair).
/// @throws pecards::InvalidParameter as pecards::movedUsageFraction
std::vector<HeadSummary> headSummaries(const LayerUsage& usage, const std::vector<bool>& moved);

/// @brief Barbero et al. 2024's measurement for layer weights.layers[index]: entry (h, i) is the mean
/// over the rows x of `inputs` (positions x inputSize: the layer's attention inputs, hidden states
/// after its input norm) of |q_i(x)| |k_i(x)|, query head h and its key head, q = W_q x + b.
/// Read one head at a time, as layerUsage.
/// @throws pecards::InvalidParameter naming activations when its columns are not inputSize, it has
///         no row, or the queries are not projected from the hidden state (MLA with q_lora_rank);
///         FileError as layerUsage.
Eigen::MatrixXd layerActivationUsage(const Checkpoint& checkpoint, const AttentionWeights& weights,
    std::size_t index, const Eigen::MatrixXd& inputs);

/// @brief The frequencies whose moves are counted: layer `layer`'s pairing with `chosen` in place of
/// its own scaling when given (a scaling the user tries), and the length they are taken at:
/// `seqLen` when > 0, else the context the scaling extends to, L0 x factor (L0 the scaling's
/// original_max_position_embeddings, else the config's max_position_embeddings), within [1, 2^24].
struct ScalingUnderTest {
    pecards::RopeParams rope;
    std::int64_t seqLen = 0;
};
ScalingUnderTest scalingUnderTest(const LayerHeads& layer, const std::optional<pecards::RopeScaling>& chosen,
    std::int64_t seqLen, const ModelConfig& config);

} // namespace pecards::app
