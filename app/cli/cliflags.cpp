#include "cliflags.h"

#include "figure/figureexporter.h"

#include <QHash>
#include <cctype>
#include <pecards/paramtable.h>

using namespace Qt::StringLiterals;

namespace pecards::cli {

namespace {

/// "in [2, 1024]" -> "In [2, 1024]": the range starts a sentence of the help.
std::string sentence(std::string text) {
    if (!text.empty()) {
        text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
    }
    return text;
}

/// The help of a flag that sets parameters of the descriptor table (paramtable.h): their meaning,
/// unit, range and default as the table states them, then the flag's own `note`.
std::string tableHelp(const std::array<const ParamSpec*, 2>& specs, const std::string& note) {
    std::string help;
    std::string defaults;
    for (const ParamSpec* spec : specs) {
        if (spec == nullptr) {
            continue;
        }
        const std::string owner = spec->owner.empty() ? "" : " (" + std::string(spec->owner) + ")";
        help += (help.empty() ? "" : ". ") + std::string(paramHelp(spec->id))
            + (spec->unit.empty() ? "" : " (" + std::string(spec->unit) + ")") + owner;
        // A card that starts elsewhere (the app's start values, which --card uses too) is named.
        std::string starts;
        for (std::size_t c = 0; c < spec->cardStart.size(); ++c) {
            const double start = spec->cardStart[c];
            if (start != kNoStart && start != spec->defaultValue) {
                starts += (starts.empty() ? "" : ", ") + toString(static_cast<Card>(c)) + " "
                    + formatParamValue(*spec, start);
            }
        }
        defaults += (defaults.empty() ? "" : ", ") + formatParamValue(*spec, spec->defaultValue) + owner
            + (starts.empty() ? "" : " (" + starts + ")");
    }
    std::string range = allowedText(*specs[0]);
    if (specs[1] != nullptr && allowedText(*specs[1]) != range) {
        range += " (" + std::string(specs[0]->owner) + "), " + allowedText(*specs[1]) + " ("
            + std::string(specs[1]->owner) + ")";
    }
    return help + ". " + sentence(range) + ". Default " + defaults + "." + (note.empty() ? "" : " " + note);
}

/// A figure dimension as the help writes it ("6", "4.5").
std::string inchesText(double value) {
    return QString::number(value).toStdString();
}

} // namespace

const std::vector<CliFlag>& cliFlags() {
    const app::FigureExportOptions exportDefaults;
    static const std::vector<CliFlag> flags = withTableHelp({
        // Request
        {"card", "CARD", "Request",
            "Card: sinusoidal, relative, alibi, rope or hybrid. Default: the first card of --config, else "
            "rope."},
        {"quantity", "NAME", "Request",
            "What to compute (see QUANTITIES). Required by `compute` and by `render` without --workspace "
            "(grid quantities only)."},
        {"model-preset", "NAME", "Request",
            "A model preset instead of --config: the config.json the app's Presets menu opens (bloom-560m, "
            "deepseek-v2-lite, llama-2-7b, llama-3.1-8b, mistral-7b, mpt-7b, phi-3.5-mini, t5-base). "
            "(--preset is a figure size.)"},
        {"config", "FILE", "Request",
            "Hugging Face config.json: its values become the defaults of the flags below, which still "
            "override them (RoPE: head_dim, rotary part, theta, layout, rope_scaling; ALiBi: heads, "
            "alibi_bias_max; T5: d_kv, buckets, max distance; sliding_window)."},
        {"out", "FILE", "Request",
            "Output file; the extension picks the format: .npy (float64, C order) or .csv (one line per "
            "row, %.17g). Written atomically: nothing is written when anything fails. `compute --out -` "
            "writes the .npy to standard output (np.load(io.BytesIO(...)), pipes). `config` also takes "
            ".json; `render` takes .png, .svg or .pdf (see Figures)."},
        {"device", "NAME", "Request",
            "Backend for grid quantities: cpu (double-precision reference, default: exact dumps), auto "
            "(by cost, per view: the CPU reference while the view's estimated work is below starting the "
            "OpenCL device, 1e8 operations or ~0.1 s; the best OpenCL device, started on the first view "
            "above it, for that view and every later one; the CPU reference if none works) or a "
            "case-insensitive part of an OpenCL \"platform / device\" name (see `devices`). `--dry-run` "
            "names the backend and why. The app takes the same values and defaults to auto (speed on "
            "screen)."},
        {"dry-run", nullptr, "Request",
            "Print the estimated work (operations, ~1 ns each on one core), peak memory and backend of "
            "`compute` or `render` on stdout and compute nothing. Requests over the memory limit (8 GiB, or "
            "half "
            "the physical memory) are refused with the estimate; there is no work limit (see PROGRESS) "
            "except the budgets attention-entropy, base-bound and the dense pitfall views state, which "
            "the estimate does not apply (see EXIT STATUS)."},
        // Window and output
        {"length", "L", "Window and output", ""},
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
        {"normaliser", "NAME", "Window and output",
            "attention, content-attention with --reduction sample: exact (each row's softmax over all its "
            "visible keys; default) or estimated (from about 64 + 16 log2 L stratified keys per row, "
            "docs/quantities.md: the app's first picture of a long view, at a cost that does not grow "
            "with L)."},
        {"full", nullptr, "Window and output",
            "compute: one value per position of the window (its rows x cols), for windows of up to 4096 "
            "positions a side; without it or --view, a window over 1024 a side is written at 1024 (stderr "
            "says so)."},
        {"causal", nullptr, "Window and output",
            "Mask keys after the query (j > i) in scores and attention."},
        {"sliding-window", "W", "Window and output", ""},
        {"attention-chunk", "C", "Window and output", ""},
        {"attention-sinks", "N", "Window and output", ""},
        // Figures
        {"dpi", "N", "Figures (render)",
            "Resolution in dots per inch, [" + std::to_string(app::kMinDpi) + ", "
                + std::to_string(app::kMaxDpi) + "]: a PNG has round(W*N) x round(H*N) pixels. Default "
                + std::to_string(exportDefaults.dpi) + "."},
        {"size", "WxH", "Figures (render)",
            "Figure (PDF page) size in inches, each in [" + inchesText(app::kMinFigureInches) + ", "
                + inchesText(app::kMaxFigureInches) + "], at most " + std::to_string(app::kMaxFigurePixels)
                + " pixels per side at --dpi. Default " + inchesText(exportDefaults.sizeInches.width()) + "x"
                + inchesText(exportDefaults.sizeInches.height())
                + ". (The app's window size in pixels is `pecards --window-size`.)"},
        {"preset", "NAME", "Figures (render)",
            "Size and font size for a target: column (3.5x2.625 in, 8 pt), two-column (7x4.2 in, 9 pt), "
            "slide (10x5.625 in, 16:9, 14 pt) or poster (16x12 in, 24 pt). --size and --font-size "
            "override its parts. (A model is --model-preset.)"},
        {"font-size", "PT", "Figures (render)",
            "Axis-label font size in points, [4, 48]; title, ticks, caption and lines scale with it. "
            "Default 9 (or the preset's)."},
        {"transparent", nullptr, "Figures (render)",
            "No background: PNG with alpha, SVG and PDF without the white page (for slides)."},
        {"no-title", nullptr, "Figures (render)",
            "No title line over the plot (a paper sets it in the document); the plot takes its room."},
        {"no-caption", nullptr, "Figures (render)",
            "No caption under the plot (a paper sets it in the document); the plot takes its room."},
        {"colormap", "NAME", "Figures (render)",
            "Colour map: viridis, cividis, magma or diverging (coolwarm, range symmetric about 0). "
            "Default: the quantity's map, as the app draws it (diverging for tables and signed scores, "
            "magma for attention and unseen angles, cividis for buckets, viridis for the phase and "
            "the ALiBi bias). With --workspace it replaces every view's own colour map."},
        {"range", "LO:HI", "Figures (render)",
            "Values at the two ends of the colour bar, finite, LO < HI. Default: the quantity's range "
            "(phase [0, 2pi], attention [0, max], table and diverging [-a, a], else [min, max])."},
        {"workspace", "FILE", "Figures (render)",
            "Renders a saved PE Cards workspace instead of the parameter flags: every view and chart of "
            "every card "
            "(its own window, reduction and colour map), then A, B and A - B of every compare pair (A "
            "and B share one range; A - B diverging; each pair in its own reduction and colour map as the "
            "app saved them, else the quantity's defaults; --reduction and --colormap replace them). "
            ".pdf: one page per "
            "figure; .png/.svg: numbered files BASE-01.png, BASE-02.png, ..."},
        {"lesson", "FILE", "Figures (render)",
            "Renders a PE Cards lesson as a handout (--out FILE.pdf): one page per step with its title, "
            "text, the figures of the views it shows and its question; a question's answer on the next "
            "page."},
        {"card-handout", nullptr, "Figures (render)",
            "Renders the card (--card, with its flags or --config) as a printable handout (--out FILE.pdf): "
            "the front text, the card's figures (the views the app shows when it starts, two per row; "
            "--size and --font-size default to the column preset) and the back text."},
        {"language", "LANG", "Figures (render)",
            "Language of --card-handout: en (default) or zh_CN (card texts, convention line, captions)."},
        // Charts
        {"channels", "I,I,..", "Charts (render)",
            "waves: dimensions (sinusoidal) or pairs i (RoPE); polar: pairs i. Default: 0, n/8, n/4 (polar "
            "also n-1), n = d_model or rotary_dim/2."},
        {"position", "M", "Charts (render)", "polar: the position m shown, [0, L-1]. Default 10."},
        {"reach", "N", "Charts (render)",
            "waves: positions 0..N-1; bias-vs-distance: distances up to N; buckets-vs-offset and "
            "score-vs-offset: offsets -N..N; [2, 16777216]. Default 100, 64, 300, 256."},
        // Sinusoidal
        {"d-model", "D", "Sinusoidal and relative", ""},
        {"base", "B", "Sinusoidal and relative", ""},
        {"layout", "NAME", "Sinusoidal and relative",
            "Column layout. Sinusoidal: interleaved (sin/cos alternate, default) or concatenated "
            "([sin | cos]). RoPE: half-split (pairs (x[i], x[i + r/2]), HF rotate_half, default) or "
            "interleaved (pairs (x[2i], x[2i + 1]), RoFormer/GPT-J)."},
        {"frequencies", "NAME", "Sinusoidal and relative",
            "Sinusoidal frequency rule: paper (w_i = b^(-2i/d), default) or tensor2tensor "
            "(w_i = exp(-i ln(b)/(d/2-1)), also fairseq)."},
        {"padding-idx", "P", "Sinusoidal and relative", ""},
        // RoPE
        {"head-dim", "D", "RoPE", ""},
        {"rotary-dim", "R", "RoPE", "At most head_dim."},
        {"partial", "NAME", "RoPE",
            "Partial rotary convention: classic (default: the first rotary-dim dims form the pairs, "
            "theta_i = b^(-2i/r), the rest pass through; GPT-J, GPT-NeoX, partial_rotary_factor) or "
            "proportional (Gemma 4 rope_type proportional: the pairs span the whole head, "
            "theta_i = b^(-2i/head_dim), only the first rotary-dim/2 pairs rotate, the others have "
            "frequency 0; scaling none or linear) or nope (no pair rotates: NoPE layers, theta_i = 0)."},
        {"seq-len", "N", "RoPE",
            "0 or not given: the view's --length L, with or without --config (dynamic NTK and longrope "
            "scale for an input of L tokens, as the app does); `config` and `check`: max_position_embeddings "
            "capped at the largest --length (the Hugging Face model's cache right after loading)."},
        // RoPE scaling
        {"scaling", "TYPE", "RoPE scaling",
            "Context-extension scaling (HF rope_type): none (default), linear, dynamic, yarn, llama3, "
            "longrope."},
        {"factor", "S", "RoPE scaling", "longrope: 1 = max_pos / L0."},
        {"original-max-pos", "L0", "RoPE scaling", "Not given: --max-pos."},
        {"max-pos", "N", "RoPE scaling", ""},
        {"beta-fast", "B", "RoPE scaling", ""},
        {"beta-slow", "B", "RoPE scaling", ""},
        {"no-truncate", nullptr, "RoPE scaling",
            "YaRN: do not floor/ceil the correction range (HF truncate = false)."},
        {"mscale", "M", "RoPE scaling", ""},
        {"mscale-all-dim", "M", "RoPE scaling", ""},
        {"attention-factor", "A", "RoPE scaling", ""},
        {"low-freq-factor", "F", "RoPE scaling", ""},
        {"high-freq-factor", "F", "RoPE scaling", ""},
        {"short-factor", "F,F,..", "RoPE scaling", "longrope short_factor list, r/2 positive entries."},
        {"long-factor", "F,F,..", "RoPE scaling", "longrope long_factor list, r/2 positive entries."},
        // ALiBi
        {"heads", "H", "ALiBi", ""},
        {"head", "h", "ALiBi",
            "With --bias-from: the T5 head. Head 1 has the steepest slope when H is a power of two."},
        {"alibi-bias-max", "B", "ALiBi", ""},
        {"form", "NAME", "ALiBi",
            "Bias form: causal (-m(i-j), default), symmetric (-m|i-j|), row-offset-bloom (+m j), "
            "row-offset-foundry (-m(L-1-j)). Causal softmax is the same for all but symmetric. Only "
            "causal masks by itself; the others follow --causal (BLOOM's +m j covers every key)."},
        // Relative
        {"variant", "NAME", "Relative", "Relative family: t5 (default), shaw or transformer-xl."},
        {"clip-k", "K", "Relative", ""},
        {"buckets", "N", "Relative", ""},
        {"max-distance", "N", "Relative", ""},
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
            "(default) or a pitfall of the card. Dense pitfall views need --length <= "
                + std::to_string(kMaxPitfallLength)
                + ". `render` draws what the app's Pitfalls view shows: the correct view (the fix "
                  "applied), the buggy one over the same colour range and buggy - correct, as three "
                  "figures (BASE-01..03 files, or three PDF pages; with --pitfall-fixed only the "
                  "correct one)."},
        {"pitfall-fixed", nullptr, "Pitfalls",
            "The pitfall's scenario with its fix applied (e.g. the HF q/k permute, cumsum positions)."},
        {"pitfall-format", "NAME", "Pitfalls",
            "Storage format of the precision pitfalls and BLOOM's bias: bf16 (default), fp16 or fp32."},
        {"small-base", "B", "Pitfalls", ""},
        {"small-clip-k", "K", "Pitfalls", ""},
        {"stale-seq-len", "N", "Pitfalls", ""},
        {"left-padding", "P", "Pitfalls", ""},
        // Tricks
        {"edge-positions", "N", "Tricks", "Used by domain-aware-similarity."},
        {"bias-scale", "S", "Tricks", "Used by domain-aware-similarity."},
        {"bias-seed", "N", "Tricks",
            "domain-aware-similarity: seed of the bias vectors, unsigned 64-bit. Default 0."},
        {"gate", "NAME", "Tricks",
            "gated-*: alpha(p) constant (alpha), ramp (alpha to alpha-end over 0..L-1) or sigmoid (alpha + "
            "(alpha-end - alpha) / (1 + exp(-(p - gate-center) / gate-width))). Default constant."},
        {"alpha", "A", "Tricks", "Used by gated-*."},
        {"alpha-end", "A", "Tricks", "Used by gated-*."},
        {"gate-center", "C", "Tricks", "Used by gated-* with --gate sigmoid."},
        {"gate-width", "W", "Tricks", "Used by gated-* with --gate sigmoid."},
        {"query", "I", "Tricks", "Checked by gated-*; `render` draws this row of the gated charts."},
        {"distill-dim", "D", "Tricks", "Used by distillation-error."},
        {"train-length", "N", "Tricks", "Used by distillation-error."},
        {"eval-length", "N", "Tricks", "Used by distillation-error."},
        {"hidden", "H", "Tricks", "Used by distillation-error."},
        {"epochs", "N", "Tricks",
            "Used by distillation-error, with epochs * train-length * hidden * (distill-dim + 1) <= 2^31."},
        {"learning-rate", "R", "Tricks", "Used by distillation-error."},
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
            "longrope), each at --factor (without one, and unscaled: at L / L0) with its typical keys (yarn "
            "beta 32/1, llama3 bands 1/4, longrope "
            "long_factor s^(2i/(r-2)); keys of --config for its own type are kept), training length "
            "--original-max-pos L0 and target --length L. Default: all six (scaling-ratio, "
            "score-vs-distance, attention-entropy); unseen-angles without it uses the card's scaling."},
        {"layers", "N", "Curves",
            "encoding-choice: transformer layers of the target, [1, 1024]. Default 32."},
        {"dtype-bytes", "N", "Curves",
            "encoding-choice: bytes per stored value, [1, 8] (2: bf16/fp16, 4: fp32). Default 2."},
        {"points", "N", "Curves",
            "Points of score-vs-distance, dynamic-base, pi-fit and partial-rope, [2, 65536], evenly spaced "
            "over the length; tuned bases of critical-dimension. Default 1024."},
        // Check
        {"inv-freq", "FILE", "Check",
            "check: the engine's inv_freq, r/2 frequencies in radians per position: a .npy (float16/32/64; "
            "uint16 holding bfloat16 bits with --dtype bf16) or FILE.safetensors:TENSOR (F64, F32, F16, "
            "BF16). Every check table is read this way; leading extents of 1 are dropped."},
        {"cos", "FILE", "Check",
            "check: the engine's cos cache, positions x r (the model's layout) or positions x r/2, "
            "attention factor included."},
        {"sin", "FILE", "Check", "check: the engine's sin cache, the shape of --cos."},
        {"rotated", "FILE", "Check",
            "check: q or k after the engine's RoPE, positions x head_dim (row k at position "
            "--first-position + k)."},
        {"unrotated", "FILE", "Check", "check: the same vectors before RoPE, the shape of --rotated."},
        {"gguf", "FILE", "Check",
            "check: a GGUF file (llama.cpp): the frequencies its rope metadata (freq_base, dimension_count, "
            "scaling type, factor, original context) and rope_freqs tensor give."},
        {"first-position", "N", "Check",
            "check: the position of the cache's first row, [0, 2^26]. Default 0."},
        {"layer", "N", "Check",
            "check: the layer whose RoPE the tables are from, for a --config whose layers differ "
            "(per-layer-type base or scaling, NoPE layers), [0, layers - 1]. Default: the model's "
            "full-attention RoPE layers. weights: the layer whose heads are written (else every RoPE "
            "layer, each the mean over its heads)."},
        {"position-ids", "FILE", "Check",
            "check of an M-RoPE model: the t, h, w ids of the rows, 3 x rows (HF position_ids) or rows x 3 "
            "or rows x 4 (the position-ids quantity's output); or give --segments. Without either, the "
            "rows are text (t = h = w = --first-position + row)."},
        {"dtype", "NAME", "Check",
            "check: the format the engine computed or stored the table in, which sets the tolerance (16 "
            "units of its roundoff): float64, float32, bfloat16, float16 (fp64, fp32, bf16, fp16). Default "
            "float32."},
        {"json", nullptr, "Check", "check: print the report as JSON (docs/cli.md, Check)."},
        // Weights
        {"checkpoint", "PATH", "Weights",
            "weights: the model's safetensors checkpoint: a .safetensors file, a "
            "model.safetensors.index.json with its shards beside it, or a folder holding either. Only "
            "the query and key projections are read, one head at a time."},
        {"pair-layout", "NAME", "Weights",
            "weights: the pairs of the stored rows: half-split (rotate_half, Hugging Face exports) or "
            "interleaved (Meta's original export, DeepSeek MLA). Default: the --config model's."},
        {"activations", "FILE", "Weights",
            "weights --quantity activation-usage: the layer's attention inputs (hidden states after its "
            "input norm), positions x hidden size, .npy; the output is the mean over them of |q_i| |k_i| per "
            "head and pair (Barbero et al. 2024's measure), with --layer N."},
        {"summary", "FILE", "Weights",
            "weights: one row per layer and head: layer, head, key_head, usage (sum over pairs), "
            "moved_fraction (its share in the pairs --scaling moves, else the layer's own scaling) and "
            "top_pair; .csv or .json (with the moved pairs of each layer and the notes)."},
        // M-RoPE
        {"segments", "LIST", "M-RoPE",
            "position-ids, mrope-score, check: the composed sequence, e.g. "
            "text:3,image:4x6,video:2x4x4,text:2 "
            "(text:N "
            "tokens; image:HxW and video:TxHxW in patches before merging, T temporal grids; qwen2.5-omni: "
            "audio:F in mel frames, 100 per second, and video:TxHxW+audio:F, a video with its audio track)."},
        {"mrope-family", "NAME", "M-RoPE",
            "Whose get_rope_index builds the ids (they differ for video only): qwen2-vl (t = grid index), "
            "qwen2.5-vl (t = seconds x tokens_per_second), qwen3-vl or glm4v (each frame its own grid after "
            "--frame-text tokens), qwen2.5-omni (TMRoPE: start and end tokens around each item, t = seconds "
            "x "
            "--position-id-per-seconds, audio and its video interleaved in chunks of --seconds-per-chunk). "
            "Default: the --config model's, else qwen2.5-vl."},
        {"mrope-section", "T,H,W", "M-RoPE",
            "pair-axes, mrope-score: rotary pairs per axis, summing to rotary_dim/2. Default: the --config "
            "model's (Qwen3-VL [24, 20, 20] when its file has none)."},
        {"mrope-layout", "NAME", "M-RoPE",
            "blocked (Qwen2-VL, Qwen2.5-VL, GLM-4.xV: consecutive pairs per axis) or interleaved (Qwen3-VL: "
            "t, h, w round-robin). Default: the --config model's, else blocked."},
        {"merge-size", "M", "M-RoPE",
            "Patches merged per token along each side, [1, 16]. Default: the --config model's "
            "vision_config.spatial_merge_size, else 2."},
        {"tokens-per-second", "X", "M-RoPE",
            "qwen2.5-vl: temporal ids per second of video, [0, 1e6]. Default: the --config model's, else 4 "
            "(Qwen2_5_VLVisionConfig)."},
        {"seconds-per-grid", "X", "M-RoPE",
            "qwen2.5-vl: seconds per temporal grid (the processor's temporal_patch_size / fps), [0, 1e6]. "
            "Default 1 (the model's value when the processor gives none)."},
        {"frame-text", "N", "M-RoPE",
            "qwen3-vl, glm4v: text tokens before each video frame (timestamp and frame marker; depends on "
            "the "
            "tokenizer), [0, 4096]. Default 0 (glm4v needs >= 1 for a video of several frames)."},
        {"position-id-per-seconds", "N", "M-RoPE",
            "qwen2.5-omni: temporal ids per second of video and audio, [1, 1e6]. Default: the --config "
            "model's thinker_config.position_id_per_seconds, else 25."},
        {"seconds-per-chunk", "X", "M-RoPE",
            "qwen2.5-omni: seconds per chunk when a video's audio is interleaved with it, > 0. Default: the "
            "--config model's thinker_config.seconds_per_chunk, else 2."},
        // Vision tower
        {"vision-family", "NAME", "Vision tower",
            "patch-pairs, patch-score: whose 2-D RoPE: pixtral (half-split over the head, even frequencies "
            "on the row) or gemma4 (the head's halves per axis). Default: the --config model's "
            "vision_config, else pixtral."},
        {"vision-head-dim", "D", "Vision tower",
            "Head dim of the vision tower, [4, 1024], even (gemma4: a multiple of 4). Default: the --config "
            "model's, else the family's class default (64)."},
        {"vision-theta", "B", "Vision tower",
            "Rotary base of the vision tower, [1, 1e12]. Default: the --config model's, else 1e4 (pixtral) "
            "or 100 (gemma4)."},
        {"patches-per-side", "N", "Vision tower",
            "pixtral: image_size / patch_size, the largest grid side its table covers, [0, 4096] (0: no "
            "limit). Default: the --config model's, else 64."},
        {"grid", "RxC", "Vision tower", "patch-score: the image's patches, rows x columns. Default 16x16."},
        {"query-patch", "R,C", "Vision tower",
            "patch-score: the query patch, row and column from 0. Default: the grid's centre."},
        // General
        {"help", nullptr, "General", "Show this help and exit."},
        {"version", nullptr, "General", "Show the version of pecards-cli and exit."},
    });
    return flags;
}

std::vector<CliFlag> withTableHelp(std::vector<CliFlag> flags) {
    for (CliFlag& flag : flags) {
        const auto specs = paramsOfFlag(flag.name);
        if (specs[0] != nullptr) {
            flag.help = tableHelp(specs, flag.help);
        }
    }
    return flags;
}

QString flagForParameter(const std::string& name) {
    static const QHash<QString, QString> flags {
        {u"card"_s, u"--card"_s},
        {u"quantity"_s, u"--quantity"_s},
        {u"causal"_s, u"--causal"_s},
        {u"row_begin"_s, u"--rows"_s},
        {u"row_end"_s, u"--rows"_s},
        {u"col_begin"_s, u"--cols"_s},
        {u"col_end"_s, u"--cols"_s},
        {u"out_rows"_s, u"--view"_s},
        {u"out_cols"_s, u"--view"_s},
        {u"reduction"_s, u"--reduction"_s},
        {u"normaliser"_s, u"--normaliser"_s},
        {u"layout"_s, u"--layout"_s},
        {u"partial"_s, u"--partial"_s},
        {u"frequencies"_s, u"--frequencies"_s},
        {u"rope_type"_s, u"--scaling"_s},
        {u"truncate"_s, u"--no-truncate"_s},
        {u"short_factor"_s, u"--short-factor"_s},
        {u"long_factor"_s, u"--long-factor"_s},
        {u"layers"_s, u"--layers"_s},
        {u"dtype_bytes"_s, u"--dtype-bytes"_s},
        {u"form"_s, u"--form"_s},
        {u"variant"_s, u"--variant"_s},
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
        {u"bucket"_s, u"--length"_s},
        {u"scalings"_s, u"--scalings"_s},
        {u"count"_s, u"--points"_s},
        {u"distance"_s, u"--points"_s},
        {u"gate"_s, u"--gate"_s},
        {u"segments"_s, u"--segments"_s},
        {u"learned table"_s, u"--learned-from"_s},
        {u"cos"_s, u"--cos"_s},
        {u"sin"_s, u"--sin"_s},
        {u"inv_freq"_s, u"--inv-freq"_s},
        {u"first_position"_s, u"--first-position"_s},
        {u"position_ids"_s, u"--position-ids"_s},
        {u"rotated"_s, u"--rotated"_s},
        {u"tokens"_s, u"--segments"_s},
        {u"height"_s, u"--segments"_s},
        {u"width"_s, u"--segments"_s},
        {u"grids"_s, u"--segments"_s},
        {u"mrope_section"_s, u"--mrope-section"_s},
        {u"vision_family"_s, u"--vision-family"_s},
        {u"vision_head_dim"_s, u"--vision-head-dim"_s},
        {u"vision_theta"_s, u"--vision-theta"_s},
        {u"patches_per_side"_s, u"--patches-per-side"_s},
        {u"grid_rows"_s, u"--grid"_s},
        {u"grid_cols"_s, u"--grid"_s},
        {u"query_row"_s, u"--query-patch"_s},
        {u"query_col"_s, u"--query-patch"_s},
        {u"spatial_merge_size"_s, u"--merge-size"_s},
        {u"tokens_per_second"_s, u"--tokens-per-second"_s},
        {u"seconds_per_grid"_s, u"--seconds-per-grid"_s},
        {u"frame_text_tokens"_s, u"--frame-text"_s},
        {u"position_id_per_seconds"_s, u"--position-id-per-seconds"_s},
        {u"seconds_per_chunk"_s, u"--seconds-per-chunk"_s},
    };
    // The table's parameters (cards, pitfalls, tricks) by path or name; the others by the hash.
    for (const ParamSpec& spec : kParamTable) {
        if (spec.path == name || spec.name == name) {
            return u"--"_s + QLatin1StringView(spec.flag.data(), static_cast<qsizetype>(spec.flag.size()));
        }
    }
    // Names may carry the part they belong to ("pitfall.small_base", "window.row_end").
    const QString field = QString::fromStdString(name).section(u'.', -1);
    return flags.value(field);
}

} // namespace pecards::cli
