// English help texts of the parameter descriptor table (paramtable.h), one per ParamId, in
// ParamId order. They live here, not in the header, so that editing one rebuilds this file only.

#include "pecards/paramtable.h"

namespace pecards {

namespace {

// clang-format off
constexpr std::array<std::string_view, kParamTable.size()> kParamHelp {{
    /* Length */ "Sequence length L (the content views content-score and content-attention stop at 2^20)",
    /* SinusoidalDModel */ "Model dimension d_model",
    /* Base */ "Frequency base b (sinusoidal) or RoPE theta",
    /* PaddingIdx */ "fairseq padding row: row P is zero and tokens start at row P+1",
    /* RopeHeadDim */ "Head dimension of q/k",
    /* RotaryDim */ "Rotary dimension r (partial rotary: GPT-J rotary_dim, NeoX rotary_pct * head_dim); dims >= r "
        "pass through",
    /* SeqLen */ "Sequence length that selects dynamic-NTK and longrope frequencies",
    /* Factor */ "Scaling factor s (linear, dynamic, yarn, llama3; longrope: the factor of its attention factor); "
        "below 1 only as HF allows it, with a warning",
    /* OriginalMaxPositionEmbeddings */ "original_max_position_embeddings L0, the context the model was trained on (yarn, llama3, "
        "longrope); not given: max_position_embeddings",
    /* MaxPositionEmbeddings */ "The model's max_position_embeddings (dynamic, yarn, longrope)",
    /* BetaFast */ "YaRN beta_fast: where the ramp ends on the fast side",
    /* BetaSlow */ "YaRN beta_slow: where the ramp ends on the slow side, <= beta_fast",
    /* Mscale */ "YaRN DeepSeek mscale",
    /* MscaleAllDim */ "YaRN DeepSeek mscale_all_dim",
    /* AttentionFactor */ "Explicit attention factor multiplying cos/sin (yarn, longrope)",
    /* LowFreqFactor */ "Llama 3 low_freq_factor: wavelengths above L0/low_freq_factor are divided by s",
    /* HighFreqFactor */ "Llama 3 high_freq_factor: wavelengths below L0/high_freq_factor are kept, > low_freq_factor",
    /* Heads */ "Number of heads H",
    /* Head */ "Head shown, counted from 1, at most H",
    /* AlibiBiasMax */ "The 8 of m_h = 2^(-8h/H) (MPT alibi_bias_max)",
    /* AlibiHeadDim */ "Head dimension of q/k in ALiBi content views",
    /* RelativeDModel */ "Vector size of the Shaw, Transformer-XL and T5 content vectors",
    /* ClipK */ "Shaw clipping distance k",
    /* NumBuckets */ "T5 num_buckets (bidirectional: at least 4)",
    /* MaxDistance */ "T5 max_distance, > num_buckets/4 (bidirectional) or num_buckets/2",
    /* AttentionSinks */ "Attention sinks n_sink: keys j < n_sink stay visible outside the sliding window (StreamingLLM "
        "keeps 4); at most L, no effect without a window",
    /* SlidingWindow */ "Sliding window W: query i sees keys with |i - j| < W (HF sliding_window, Mistral 7B 4096) and the "
        "attention sinks",
    /* AttentionChunk */ "Chunked attention C: query i sees only the keys of its own chunk, floor(i/C) = floor(j/C) (HF "
        "attention_chunk_size, Llama 4's RoPE layers 8192)",
    /* SmallBase */ "small-base pitfall: the RoPE base used instead of --base",
    /* SmallClipK */ "shaw-small-clip pitfall: the Shaw clip k used instead of --clip-k",
    /* StaleSeqLen */ "stale-dynamic-ntk pitfall: the earlier, longer sequence whose base the cached keys keep, > seq_len",
    /* LeftPadding */ "alibi-left-padding-arange pitfall: pad tokens P before the sequence, <= L-1",
    /* EdgePositions */ "Domain-aware PE: positions n with a bias vector at each end of the sequence",
    /* BiasScale */ "Domain-aware PE: standard deviation of every bias entry (random stand-ins for trained vectors)",
    /* Alpha */ "Gated PE: alpha of the constant gate, ramp start, sigmoid low end",
    /* AlphaEnd */ "Gated PE: ramp end (position L-1), sigmoid high end",
    /* GateCenter */ "Gated PE: sigmoid centre c, where alpha(p) is halfway between alpha and alpha_end",
    /* GateWidth */ "Gated PE: sigmoid width w, the positions over which alpha(p) rises by a factor e of its remaining way",
    /* Query */ "Gated PE: query row i whose score and attention the gated charts show, <= L-1",
    /* DistillHeadDim */ "PE distillation: d of the frequency set w_i = base^(-2i/d)",
    /* TrainLength */ "PE distillation: the MLP learns (cos, sin) of every pair on positions [0, L_train)",
    /* EvalLength */ "PE distillation: positions [0, L_eval) where the error is shown, >= train_length",
    /* Hidden */ "PE distillation: tanh units of the one hidden layer",
    /* Epochs */ "PE distillation: full-batch Adam steps",
    /* LearningRate */ "PE distillation: Adam step size",
}};
// clang-format on

} // namespace

std::string_view paramHelp(ParamId id) {
    return kParamHelp[static_cast<std::size_t>(id)];
}

} // namespace pecards
