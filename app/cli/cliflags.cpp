#include "cliflags.h"

#include <QHash>

using namespace Qt::StringLiterals;

namespace pecards::cli {

const std::vector<CliFlag>& cliFlags() {
    static const std::vector<CliFlag> flags {
        // Request
        {"card", "CARD", "Request",
            "Card: sinusoidal, relative, alibi, rope or hybrid. Default: the first card of --config, else "
            "rope."},
        {"quantity", "NAME", "Request",
            "What to compute (see QUANTITIES). Required by `compute` and by `render` without --workspace "
            "(grid quantities only)."},
        {"config", "FILE", "Request",
            "Hugging Face config.json: its values become the defaults of the flags below, which still "
            "override them (RoPE: head_dim, rotary part, theta, layout, rope_scaling; ALiBi: heads, "
            "alibi_bias_max; T5: d_kv, buckets, max distance)."},
        {"out", "FILE", "Request",
            "Output file; the extension picks the format: .npy (float64, C order) or .csv (one line per "
            "row, %.17g). Written atomically: nothing is written when anything fails. `config` also takes "
            ".json; `render` takes .png, .svg or .pdf (see Figures)."},
        {"device", "NAME", "Request",
            "Backend for grid quantities: cpu (double-precision reference, default: exact dumps), auto "
            "(best OpenCL device, CPU reference if none works) or a case-insensitive part of an OpenCL "
            "\"platform / device\" name (see `devices`)."},
        {"dry-run", nullptr, "Request",
            "Print the estimated work (operations, ~1 ns each on one core) and peak memory of `compute` "
            "or `render` on stdout and compute nothing. Requests over the memory limit (8 GiB, or half "
            "the physical memory) are refused with the estimate; there is no work limit (see PROGRESS)."},
        // Window and output
        {"length", "L", "Window and output", "Sequence length L in positions, [1, 1048576]. Default 4096."},
        {"rows", "A:B", "Window and output",
            "Half-open row window [A, B) in entries (positions; dims for none). Default: all rows."},
        {"cols", "A:B", "Window and output",
            "Half-open column window [A, B) in entries (key positions, or dimensions/frequency pairs for "
            "table/phase). Default: all columns."},
        {"view", "RxC", "Window and output",
            "Output size in pixels, each in [1, 4096]; a pixel summarises its block of entries. Default: "
            "the window size, capped at 1024 per axis (so small windows are dumped exactly)."},
        {"reduction", "NAME", "Window and output",
            "How a pixel summarises its block: sample (first entry), mean, max or min (exact over the "
            "unmasked entries). Default sample."},
        {"causal", nullptr, "Window and output",
            "Mask keys after the query (j > i) in scores and attention."},
        // Figures
        {"dpi", "N", "Figures (render)",
            "Resolution in dots per inch, [72, 1200]: a PNG has round(W*N) x round(H*N) pixels. Default "
            "300."},
        {"size", "WxH", "Figures (render)",
            "Figure (PDF page) size in inches, each in [1, 40], at most 16384 pixels per side at --dpi. "
            "Default 6x4.5."},
        {"preset", "NAME", "Figures (render)",
            "Size and font size for a target: column (3.5x2.625 in, 8 pt), two-column (7x4.2 in, 9 pt), "
            "slide (10x5.625 in, 16:9, 14 pt) or poster (16x12 in, 24 pt). --size and --font-size "
            "override its parts."},
        {"font-size", "PT", "Figures (render)",
            "Axis-label font size in points, [4, 48]; title, ticks, caption and lines scale with it. "
            "Default 9 (or the preset's)."},
        {"transparent", nullptr, "Figures (render)",
            "No background: PNG with alpha, SVG and PDF without the white page (for slides)."},
        {"colormap", "NAME", "Figures (render)",
            "Colour map: viridis (default), cividis, magma or diverging (coolwarm, range symmetric "
            "about 0). With --workspace it replaces every view's own colour map."},
        {"range", "LO:HI", "Figures (render)",
            "Values at the two ends of the colour bar, finite, LO < HI. Default: the quantity's range "
            "(phase [0, 2pi], attention [0, max], table and diverging [-a, a], else [min, max])."},
        {"workspace", "FILE", "Figures (render)",
            "Renders a saved PE Cards workspace instead of the parameter flags: every view and chart of "
            "every card "
            "(its own window, reduction and colour map), then A, B and A - B of every compare pair (A "
            "and B share one range; A - B diverging; compare pairs use --reduction). .pdf: one page per "
            "figure; .png/.svg: numbered files BASE-01.png, BASE-02.png, ..."},
        {"lesson", "FILE", "Figures (render)",
            "Renders a PE Cards lesson as a handout (--out FILE.pdf): one page per step with its title, "
            "text, the figure of its first view and its question; a question's answer on the next page."},
        // Charts
        {"channels", "I,I,..", "Charts (render)",
            "waves: dimensions (sinusoidal) or pairs i (RoPE); polar: pairs i. Default: 0, n/8, n/4 (polar "
            "also n-1), n = d_model or rotary_dim/2."},
        {"position", "M", "Charts (render)", "polar: the position m shown, [0, L-1]. Default 10."},
        {"reach", "N", "Charts (render)",
            "waves: positions 0..N-1; bias-vs-distance: distances up to N; buckets-vs-offset and "
            "score-vs-offset: offsets -N..N; [2, 1048576]. Default 100, 64, 300, 256."},
        // Sinusoidal
        {"d-model", "D", "Sinusoidal and relative",
            "Model dimension d_model (sinusoidal) or vector size (relative: Shaw/Transformer-XL/T5 "
            "content), even, [2, 1024]. Default 128 (sinusoidal), 64 (relative)."},
        {"base", "B", "Sinusoidal and relative",
            "Frequency base b (sinusoidal) or RoPE theta, finite, > 1. Default 10000."},
        {"layout", "NAME", "Sinusoidal and relative",
            "Column layout. Sinusoidal: interleaved (sin/cos alternate, default) or concatenated "
            "([sin | cos]). RoPE: half-split (pairs (x_i, x_i+r/2), HF rotate_half, default) or "
            "interleaved (pairs (x_2i, x_2i+1), RoFormer/GPT-J)."},
        {"frequencies", "NAME", "Sinusoidal and relative",
            "Sinusoidal frequency rule: paper (w_i = b^(-2i/d), default) or tensor2tensor "
            "(w_i = exp(-i ln(b)/(d/2-1)), also fairseq)."},
        {"padding-idx", "P", "Sinusoidal and relative",
            "fairseq padding row: -1 = none (default); else row P is zero and tokens start at row P+1."},
        // RoPE
        {"head-dim", "D", "RoPE",
            "Head dimension of q/k, even, [2, 1024] (RoPE and hybrid; ALiBi content views). "
            "Default 128 (RoPE), 64 (ALiBi)."},
        {"rotary-dim", "R", "RoPE",
            "Rotary dimension r (partial rotary: GPT-J rotary_dim, NeoX rotary_pct * head_dim), even, "
            "[2, head_dim]; 0 = head_dim (default). Dims >= r pass through."},
        {"seq-len", "N", "RoPE",
            "Sequence length that selects dynamic-NTK and longrope frequencies, [0, 1048576]. 0 or not "
            "given: with a model config (`config`, --config) min(max_position_embeddings, 2^20), else the "
            "view's --length."},
        // RoPE scaling
        {"scaling", "TYPE", "RoPE scaling",
            "Context-extension scaling (HF rope_type): none (default), linear, dynamic, yarn, llama3, "
            "longrope."},
        {"factor", "S", "RoPE scaling",
            "Scaling factor s, [0.0001, 10000] (below 1 only as HF allows it, with a warning): linear, "
            "dynamic, yarn, llama3; longrope: the factor of its attention factor (1 = max_pos / L0). "
            "Default 1."},
        {"original-max-pos", "L0", "RoPE scaling",
            "original_max_position_embeddings L0 in positions (yarn, llama3, longrope); 0 = use --max-pos. "
            "Default 0."},
        {"max-pos", "N", "RoPE scaling",
            "max_position_embeddings in positions (dynamic, yarn, longrope). Default 0 (not given)."},
        {"beta-fast", "B", "RoPE scaling", "YaRN beta_fast in rotations over L0. Default 32."},
        {"beta-slow", "B", "RoPE scaling",
            "YaRN beta_slow in rotations over L0, > 0, <= beta_fast. Default 1."},
        {"no-truncate", nullptr, "RoPE scaling",
            "YaRN: do not floor/ceil the correction range (HF truncate = false)."},
        {"mscale", "M", "RoPE scaling", "YaRN DeepSeek mscale, >= 0; 0 = not given (default)."},
        {"mscale-all-dim", "M", "RoPE scaling",
            "YaRN DeepSeek mscale_all_dim, >= 0; 0 = not given (default)."},
        {"attention-factor", "A", "RoPE scaling",
            "Explicit attention factor multiplying cos/sin (yarn, longrope), >= 0; 0 = the type's rule "
            "(default)."},
        {"low-freq-factor", "F", "RoPE scaling", "Llama 3 low_freq_factor, > 0. Default 1."},
        {"high-freq-factor", "F", "RoPE scaling", "Llama 3 high_freq_factor, > low_freq_factor. Default 4."},
        {"short-factor", "F,F,..", "RoPE scaling", "longrope short_factor list, r/2 positive entries."},
        {"long-factor", "F,F,..", "RoPE scaling", "longrope long_factor list, r/2 positive entries."},
        // ALiBi
        {"heads", "H", "ALiBi", "Number of heads H, [1, 128]. Default 8."},
        {"head", "h", "ALiBi",
            "Head shown, counted from 1: [1, H] (with --bias-from the T5 head). Default 1 (the steepest "
            "slope when H is a power of two)."},
        {"alibi-bias-max", "B", "ALiBi",
            "The 8 of m_h = 2^(-8h/H) (MPT alibi_bias_max), finite, > 0. Default 8."},
        {"form", "NAME", "ALiBi",
            "Bias form: causal (-m(i-j), default), symmetric (-m|i-j|), row-offset-bloom (+m j), "
            "row-offset-foundry (-m(L-1-j)). Causal softmax is the same for all but symmetric."},
        // Relative
        {"variant", "NAME", "Relative", "Relative family: t5 (default), shaw or transformer-xl."},
        {"clip-k", "K", "Relative", "Shaw clipping distance k, [0, 1048576]. Default 16."},
        {"buckets", "N", "Relative", "T5 num_buckets, [4, 1024] (bidirectional) or [2, 1024]. Default 32."},
        {"max-distance", "N", "Relative", "T5 max_distance in positions, > num_buckets/4. Default 128."},
        {"unidirectional", nullptr, "Relative",
            "T5 decoder buckets (default: bidirectional encoder buckets)."},
        {"term", "NAME", "Relative", "Transformer-XL score term: total (default), a, b, c or d."},
        {"learned-from", "FILE", "Sinusoidal",
            "Learned absolute position table from a .safetensors checkpoint (wpe.weight or "
            "position_embeddings.weight; F32, F16, BF16) for the learned-* quantities."},
        {"bias-from", "FILE", "Relative",
            "T5 bias per bucket from a .safetensors checkpoint: relative_attention_bias.weight "
            "(num_buckets x heads; F32, F16, BF16; the encoder's if both), column --head; sets --buckets."},
        {"bucket-values", "V,V,..", "Relative",
            "T5 bias per bucket (num_buckets entries). Default: N(0,1) values from --seed."},
        // Probe and content
        {"probe", "KIND", "Probe and content",
            "Positional-only probe q, k: ones (default) or random (N(0, I/d) from --seed)."},
        {"seed", "N", "Probe and content",
            "Seed of random probes and content vectors, unsigned 64-bit. Default 0."},
        {"q", "X,X,..", "Probe and content", "Explicit probe query (d entries); overrides --probe."},
        {"k", "X,X,..", "Probe and content", "Explicit probe key (d entries); overrides --probe."},
        {"q-npy", "FILE", "Probe and content",
            "Content queries for content-score/-attention: .npy of shape (rows >= L, d), float32/float64."},
        {"k-npy", "FILE", "Probe and content", "Content keys, as --q-npy."},
        // Pitfalls
        {"pitfall", "NAME", "Pitfalls",
            "Compute what a classic buggy implementation computes (see `pecards-cli pitfalls`): none "
            "(default) or a pitfall of the card. Dense pitfall views need --length <= 4096."},
        {"pitfall-fixed", nullptr, "Pitfalls",
            "The pitfall's scenario with its fix applied (e.g. the HF q/k permute, cumsum positions)."},
        {"pitfall-format", "NAME", "Pitfalls",
            "Storage format of the precision pitfalls and BLOOM's bias: bf16 (default), fp16 or fp32."},
        {"small-base", "B", "Pitfalls", "small-base: the RoPE base used, finite, > 1. Default 100."},
        {"small-clip-k", "K", "Pitfalls", "shaw-small-clip: the clip k used, [0, 1048576]. Default 2."},
        {"stale-seq-len", "N", "Pitfalls",
            "stale-dynamic-ntk: the earlier, longer sequence whose base the cached keys keep, (seq_len, "
            "1048576]. Default 16384."},
        {"left-padding", "P", "Pitfalls",
            "alibi-left-padding-arange: pad tokens before the sequence, [0, L-1]. Default 64."},
        // Tricks
        {"edge-positions", "N", "Tricks",
            "domain-aware-similarity: positions n with a bias vector at each end of the sequence, [0, 2048]. "
            "Default 10."},
        {"bias-scale", "S", "Tricks",
            "domain-aware-similarity: standard deviation of the bias entries, [0, 100]. Default 0.5."},
        {"bias-seed", "N", "Tricks",
            "domain-aware-similarity: seed of the bias vectors, unsigned 64-bit. Default 0."},
        {"gate", "NAME", "Tricks",
            "gated-*: alpha(p) constant (alpha), ramp (alpha to alpha-end over 0..L-1) or sigmoid (alpha + "
            "(alpha-end - alpha) / (1 + exp(-(p - gate-center) / gate-width))). Default constant."},
        {"alpha", "A", "Tricks",
            "gated-*: alpha of the constant gate, ramp start, sigmoid low end; [0, 100]. Default 0.5."},
        {"alpha-end", "A", "Tricks", "gated-*: ramp end, sigmoid high end; [0, 100]. Default 1."},
        {"gate-center", "C", "Tricks", "gated-*: sigmoid centre in positions, [0, 1048576]. Default 256."},
        {"gate-width", "W", "Tricks", "gated-*: sigmoid width in positions, [0.001, 1048576]. Default 32."},
        {"distill-dim", "D", "Tricks",
            "distillation-error: d of the frequency set w_i = base^(-2i/d), even, [2, 64]. Default 16."},
        {"train-length", "N", "Tricks",
            "distillation-error: positions trained on, [0, N), N in [2, 1024]. Default 32."},
        {"eval-length", "N", "Tricks",
            "distillation-error: positions evaluated, [train-length, 65536]. Default 128."},
        {"hidden", "H", "Tricks", "distillation-error: hidden tanh units, [1, 256]. Default 64."},
        {"epochs", "N", "Tricks",
            "distillation-error: full-batch Adam steps, [1, 20000], with epochs * train-length * hidden * "
            "(distill-dim + 1) <= 2^31. Default 4000."},
        {"learning-rate", "R", "Tricks", "distillation-error: Adam step size, (0, 1]. Default 0.01."},
        {"distill-seed", "N", "Tricks",
            "distillation-error: seed of the initial weights, unsigned 64-bit. Default 0."},
        // Curves
        {"distances", "A:B|X,..", "Curves",
            "Distances r = i - j >= 0 in positions for decay and bias-vs-distance: a half-open range A:B "
            "or a list. Default 0:--length."},
        {"offsets", "A:B|X,..", "Curves",
            "Signed offsets n = j - i (key minus query, HF's relative_position) for score-vs-offset and "
            "buckets-vs-offset: range or list. Default -(L-1):L."},
        {"positions", "A:B|X,..", "Curves", "Positions m for rotate: range or list. Default 0:--length."},
        {"vector", "X,X,..", "Curves", "The vector rotate turns (head_dim entries)."},
        {"in", "FILE", "Curves", "txl-rel-shift input x (qlen x klen .npy, float32/float64)."},
        {"zero-triu", nullptr, "Curves", "txl-rel-shift: zero the reshape leftovers above the valid region."},
        {"clamp-len", "N", "Curves",
            "txl-pos-emb: clamp distances to N when N > 0; -1 = no clamp (default)."},
        {"scalings", "NAME,..", "Curves",
            "Context-extension lab: the RoPE scalings compared (none, linear, dynamic, yarn, llama3, "
            "longrope), each at --factor with its typical keys (yarn beta 32/1, llama3 bands 1/4, longrope "
            "long_factor s^(2i/(r-2)); keys of --config for its own type are kept), training length "
            "--original-max-pos L0 and target --length L. Default: all six (scaling-ratio, "
            "score-vs-distance, attention-entropy); unseen-angles without it uses the card's scaling."},
        {"layers", "N", "Curves",
            "encoding-choice: transformer layers of the target, [1, 1024]. Default 32."},
        {"dtype-bytes", "N", "Curves",
            "encoding-choice: bytes per stored value, [1, 8] (2: bf16/fp16, 4: fp32). Default 2."},
        {"points", "N", "Curves",
            "Points of score-vs-distance and dynamic-base, [2, 65536], evenly spaced over the length. "
            "Default 1024."},
        // General
        {"help", nullptr, "General", "Show this help and exit."},
        {"version", nullptr, "General", "Show the version of pecards-cli and exit."},
    };
    return flags;
}

QString flagForParameter(const std::string& name) {
    static const QHash<QString, QString> flags {
        {u"card"_s, u"--card"_s},
        {u"quantity"_s, u"--quantity"_s},
        {u"length"_s, u"--length"_s},
        {u"causal"_s, u"--causal"_s},
        {u"row_begin"_s, u"--rows"_s},
        {u"row_end"_s, u"--rows"_s},
        {u"col_begin"_s, u"--cols"_s},
        {u"col_end"_s, u"--cols"_s},
        {u"out_rows"_s, u"--view"_s},
        {u"out_cols"_s, u"--view"_s},
        {u"reduction"_s, u"--reduction"_s},
        {u"d_model"_s, u"--d-model"_s},
        {u"base"_s, u"--base"_s},
        {u"layout"_s, u"--layout"_s},
        {u"frequencies"_s, u"--frequencies"_s},
        {u"padding_idx"_s, u"--padding-idx"_s},
        {u"head_dim"_s, u"--head-dim"_s},
        {u"rotary_dim"_s, u"--rotary-dim"_s},
        {u"seq_len"_s, u"--seq-len"_s},
        {u"rope_type"_s, u"--scaling"_s},
        {u"factor"_s, u"--factor"_s},
        {u"original_max_position_embeddings"_s, u"--original-max-pos"_s},
        {u"max_position_embeddings"_s, u"--max-pos"_s},
        {u"beta_fast"_s, u"--beta-fast"_s},
        {u"beta_slow"_s, u"--beta-slow"_s},
        {u"truncate"_s, u"--no-truncate"_s},
        {u"mscale"_s, u"--mscale"_s},
        {u"mscale_all_dim"_s, u"--mscale-all-dim"_s},
        {u"attention_factor"_s, u"--attention-factor"_s},
        {u"low_freq_factor"_s, u"--low-freq-factor"_s},
        {u"high_freq_factor"_s, u"--high-freq-factor"_s},
        {u"short_factor"_s, u"--short-factor"_s},
        {u"long_factor"_s, u"--long-factor"_s},
        {u"heads"_s, u"--heads"_s},
        {u"layers"_s, u"--layers"_s},
        {u"dtype_bytes"_s, u"--dtype-bytes"_s},
        {u"head"_s, u"--head"_s},
        {u"alibi_bias_max"_s, u"--alibi-bias-max"_s},
        {u"form"_s, u"--form"_s},
        {u"variant"_s, u"--variant"_s},
        {u"clip_k"_s, u"--clip-k"_s},
        {u"num_buckets"_s, u"--buckets"_s},
        {u"max_distance"_s, u"--max-distance"_s},
        {u"bidirectional"_s, u"--unidirectional"_s},
        {u"term"_s, u"--term"_s},
        {u"bucket_values"_s, u"--bucket-values"_s},
        {u"kind"_s, u"--probe"_s},
        {u"seed"_s, u"--seed"_s},
        {u"q"_s, u"--q"_s},
        {u"k"_s, u"--k"_s},
        {u"content_q"_s, u"--q-npy"_s},
        {u"content_k"_s, u"--k-npy"_s},
        {u"device"_s, u"--device"_s},
        {u"colormap"_s, u"--colormap"_s},
        {u"x"_s, u"--vector"_s},
        {u"m"_s, u"--positions"_s},
        {u"r"_s, u"--distances"_s},
        {u"relative_position"_s, u"--offsets"_s},
        {u"delta_first"_s, u"--offsets"_s},
        {u"klen"_s, u"--length"_s},
        {u"clamp_len"_s, u"--clamp-len"_s},
        {u"pitfall"_s, u"--pitfall"_s},
        {u"format"_s, u"--pitfall-format"_s},
        {u"small_base"_s, u"--small-base"_s},
        {u"small_clip_k"_s, u"--small-clip-k"_s},
        {u"stale_seq_len"_s, u"--stale-seq-len"_s},
        {u"left_padding"_s, u"--left-padding"_s},
        {u"bucket"_s, u"--length"_s},
        {u"scalings"_s, u"--scalings"_s},
        {u"count"_s, u"--points"_s},
        {u"distance"_s, u"--points"_s},
        {u"edge_positions"_s, u"--edge-positions"_s},
        {u"bias_scale"_s, u"--bias-scale"_s},
        {u"gate"_s, u"--gate"_s},
        {u"alpha"_s, u"--alpha"_s},
        {u"alpha_end"_s, u"--alpha-end"_s},
        {u"gate_center"_s, u"--gate-center"_s},
        {u"gate_width"_s, u"--gate-width"_s},
        {u"distill_head_dim"_s, u"--distill-dim"_s},
        {u"train_length"_s, u"--train-length"_s},
        {u"eval_length"_s, u"--eval-length"_s},
        {u"hidden"_s, u"--hidden"_s},
        {u"epochs"_s, u"--epochs"_s},
        {u"learning_rate"_s, u"--learning-rate"_s},
    };
    // Names may carry the part they belong to ("rope_scaling.factor", "window.row_end").
    const QString field = QString::fromStdString(name).section(u'.', -1);
    return flags.value(field);
}

} // namespace pecards::cli
