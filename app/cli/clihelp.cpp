#include "clihelp.h"

#include "cliflags.h"
#include "cliquantities.h"

#include <QStringList>

using namespace Qt::StringLiterals;

namespace pecards::cli {

namespace {

constexpr qsizetype kWidth = 100;
constexpr qsizetype kQuantityIndent = 22;
constexpr qsizetype kFlagIndent = 28;

/// Appends `head` padded to `indent` columns, then `text` wrapped at kWidth with that indent
/// (a head too long for the column gets a line of its own).
void appendEntry(QString& help, const QString& head, const QString& text, qsizetype indent) {
    QString line = head;
    if (line.size() >= indent) {
        help += line + u'\n';
        line.clear();
    }
    line = line.leftJustified(indent);
    bool lineHasWords = false;
    for (const QString& word : text.split(u' ', Qt::SkipEmptyParts)) {
        if (lineHasWords && line.size() + 1 + word.size() > kWidth) {
            help += line + u'\n';
            line = QString(indent, u' ');
            lineHasWords = false;
        }
        line += (lineHasWords ? u" "_s : QString()) + word;
        lineHasWords = true;
    }
    help += line + u'\n';
}

} // namespace

const char* helpSummary() {
    return "compute and render what the PE Cards show, headless";
}

const char* helpDescription() {
    return R"(pecards-cli computes what the PE Cards show (positional encodings of transformers) and
dumps it as .npy or .csv, or renders it as PNG / SVG / PDF figures, headless (no display needed).
Grid quantities default to the double-precision CPU reference, so dumps are exact; flags are in
the field's terms (d_model, head_dim, base, heads, buckets, ...).)";
}

const std::vector<HelpSection>& helpSections() {
    static const std::vector<HelpSection> sections {
        {"USAGE", R"(  pecards-cli compute --card CARD --quantity NAME [FLAGS] --out FILE.npy|FILE.csv
  pecards-cli compute --config config.json --quantity NAME [FLAGS] --out FILE
  pecards-cli render --card CARD --quantity NAME [FLAGS] [FIGURE FLAGS] --out FILE.png|svg|pdf
  pecards-cli render --workspace FILE.json [FIGURE FLAGS] --out FILE.pdf|png|svg
  pecards-cli render --lesson FILE [FIGURE FLAGS] --out FILE.pdf
  pecards-cli render --card-handout --card CARD [FLAGS] [--language en|zh_CN] --out FILE.pdf
  pecards-cli config FILE.json [--seq-len N] [--out SUMMARY.json]
  pecards-cli check --config config.json [--layer N] (--inv-freq F | --cos C --sin S | --rotated R
      --unrotated U | --gguf FILE.gguf) [--position-ids IDS | --segments LIST] [--dtype bf16] [--json]
  pecards-cli weights --config config.json --checkpoint DIR|FILE [--quantity pair-usage|query-usage|
      key-usage|activation-usage] [--layer N] [--activations X.npy] [--pair-layout NAME] [--scaling TYPE ...]
      [--out FILE] [--summary FILE]
  pecards-cli devices
  pecards-cli pitfalls
  pecards-cli --help
  pecards-cli --version)",
            HelpSection::Kind::Text},
        {"COMMANDS", R"(  compute   Computes one quantity of one card and writes it to --out.
  render    Draws the figure of one grid quantity (title, axes, colour bar, caption with every
            parameter) at --size and --dpi, the same file the GUI's export writes; or, with
            --workspace, every view and compare pair of a saved workspace: one PDF page each
            (a handout), or numbered PNG / SVG files; or, with --lesson, a lesson's handout: a
            page per step, a question's answer overleaf; or, with --card-handout, a card's
            printable handout: its front text, its figures and its back text. Fonts come from the offscreen Qt platform
            unless QT_QPA_PLATFORM is set.
  config    Reads a Hugging Face config.json and prints, as JSON, what it means for the cards:
            heads, head_dim, rotary_dim, rope_theta, rope_type, layout, scaled inv_freq,
            attention_factor, YaRN correction_range, logit_scale_multiplier_total, ALiBi slopes,
            T5 buckets. Unknown scalings and missing keys are errors naming the key.
  check     Compares an engine's own inv_freq or cos/sin cache (.npy) with what the model
            computes (--config or RoPE card flags), within the tolerance of --dtype, and with
            every known bug of that model (scaling ignored, truncate, partial rotary, base,
            bf16 frequencies or positions, attention factor, pair layout, ...): prints the
            first failing position and pair and the bug that fits; exit 0 match, 1 mismatch.
  weights   Reads a checkpoint's query and key projections (q_proj/k_proj, Phi-3 qkv_proj,
            GPT-NeoX query_key_value, DeepSeek MLA) and writes how much each rotary pair can
            carry: per pair, the largest singular value of the two rows that make it (|q_i| of a
            unit input), for queries and keys, and their product (pair-usage: the most pair i
            adds to a logit); the summary gives each head's share in the pairs a scaling moves.
            --out .npy or .csv writes the numbers, .png, .svg or .pdf their figure.
  devices   Lists the OpenCL devices as "platform / device", one per line (for --device).
  pitfalls  Lists the classic positional-encoding bugs --pitfall reproduces, one line each:
            card, name, what the buggy code does and the public code or report it comes from.)",
            HelpSection::Kind::Text},
        {"CARDS", R"(  sinusoidal  Sinusoidal absolute PE (Vaswani et al. 2017, sec. 3.5): --d-model, --base,
              --layout, --frequencies, --padding-idx.
  relative    Relative positions (--variant): Shaw et al. 2018 clipping (--clip-k),
              Transformer-XL (Dai et al. 2019, --term), T5 buckets (Raffel et al. 2020,
              --buckets, --max-distance, --unidirectional).
  alibi       ALiBi linear biases (Press et al. 2022): --heads, --head, --alibi-bias-max, --form.
  rope        Rotary position embedding (Su et al. 2021): --head-dim, --base, --rotary-dim,
              --layout, and the context-extension --scaling (linear, dynamic, yarn, llama3, longrope).
  hybrid      RoPE + ALiBi: rotate projected q, k, score q.k/sqrt(d), then add the ALiBi bias.)",
            HelpSection::Kind::Text},
        {"QUANTITIES", R"(  Rows are query positions i and columns key positions j unless said otherwise. Grid
  quantities take --length, --rows, --cols, --view and --reduction; curves are computed
  exactly (double) at every point given. `render` draws the grids as heatmaps (computed at
  the figure's plot size unless --view is given) and decay, spectrum, waves, polar,
  bias-vs-distance, buckets-vs-offset and score-vs-offset as charts (--channels,
  --position, --reach).)",
            HelpSection::Kind::Quantities},
        {"FLAGS", R"(  Flags of other cards (and other scalings, quantities) are ignored, but a card, scaling,
  pitfall or trick parameter outside its own range is refused all the same. --config values
  are defaults that flags override.)",
            HelpSection::Kind::Flags},
        {"EXIT STATUS", R"(  0  success.
  1  runtime failure (output not writable, OpenCL failure); for check: the numbers do not
     match the reference (the report names the bug that fits, if one does).
  2  invalid input (a flag out of range, an unreadable or corrupt --config / --workspace): one
     line on stderr naming the flag and the allowed range; nothing is written.
  3  compute limit: a valid request too large for memory (8 GiB, or half the physical
     memory), or over the work budget (2^32 operations) that attention-entropy, base-bound
     and the dense pitfall views state in QUANTITIES; the message gives the estimate. Other
     long requests are not refused: see PROGRESS.)",
            HelpSection::Kind::Text},
        {"PROGRESS",
            R"(  Any request whose memory fits is computed, however long it takes (exact reductions in
  tiles). When stderr is a terminal, a request estimated at over a second first prints its
  estimate ("pecards-cli: working: ..."), and a view that runs longer than a second shows how
  far it is on one line, rewritten in place, e.g.
    pecards-cli: exact max of content-attention over 1048576 x 1048576: 37%
  When stderr is not a terminal (a pipe, a file, a log) nothing is printed, so scripts get
  only errors there. --dry-run prints the estimate first.)",
            HelpSection::Kind::Text},
        {"CHECK",
            R"(  check reads the engine's table as .npy (float16, float32 or float64; uint16 as bfloat16
  bits with --dtype bf16) or as FILE.safetensors:TENSOR (F64, F32, F16, BF16), leading extents
  of 1 dropped, and compares it, entry by entry, with the double-precision reference and with
  every known bug variant of the same model (of --layer N's group for per-layer models). An
  entry fits when it is within 16 u of the variant's value, u the unit roundoff of --dtype
  (inv_freq: 16 u |theta_i|; cos/sin: 16 u (1 + |m theta_i|) times the attention factor, since
  the angle m theta_i is rounded first). For an M-RoPE model, --position-ids or --segments give
  each row's t, h, w ids (rows are then tokens). --json prints: matches, table (inv-freq,
  cos-sin, rotated), source, mrope_layout (blocked, interleaved; null: one position per row),
  format, unit_roundoff, seq_len, max_error (in tolerances; null when the table has another
  size than the model's), max_abs_error, max_phase_error (radians), first_position (the token
  for M-RoPE) and first_pair (-1: none), and diagnosis: every variant (name, explanation,
  comparable, max_error, fits), the
  best fit first.)",
            HelpSection::Kind::Text},
        {"EXAMPLES",
            R"(  pecards-cli compute --card rope --quantity score --length 16777216 --view 1024x1024 \
      --reduction max --out score.npy
  pecards-cli compute --card sinusoidal --quantity table --length 8 --d-model 16 \
      --layout concatenated --frequencies tensor2tensor --out pe.csv
  pecards-cli compute --config llama-3.1-8b.json --quantity inv-freq --out theta.npy
  pecards-cli compute --card rope --quantity rotate --head-dim 8 --vector 0.3,-1.2,0.5,0.9,-0.7,1.1,0.2,-0.4 \
      --positions 0,1,2,5,17 --out rotated.npy
  pecards-cli compute --card alibi --quantity content-attention --heads 2 --head 1 --head-dim 4 \
      --length 5 --q-npy q.npy --k-npy k.npy --out probs.npy
  pecards-cli compute --card relative --variant t5 --quantity buckets-vs-offset --offsets -300:301 \
      --out buckets.csv
  pecards-cli render --card rope --quantity score --head-dim 128 --length 4096 --view 512x512 \
      --reduction max --colormap diverging --dpi 300 --size 6x4.5 --out rope-score.png
  pecards-cli render --card rope --quantity spectrum --scaling yarn --factor 4 \
      --original-max-pos 4096 --preset column --out spectrum.svg
  pecards-cli render --workspace tests/data/workspaces/handout.json --out handout.pdf
  pecards-cli render --workspace docs/gallery.json --out docs/gallery/
  pecards-cli render --lesson resources/lessons/03-alibi.en.json --out alibi-lesson.pdf
  pecards-cli render --card-handout --card alibi --language zh_CN --out alibi-card.pdf
  pecards-cli config deepseek-v2-lite.json
  pecards-cli weights --model-preset llama-3.1-8b --checkpoint Llama-3.1-8B/ --layer 12 \
      --scaling yarn --factor 4 --original-max-pos 8192 --out usage.npy --summary heads.csv
  pecards-cli check --config llama-3.1-8b.json --cos cos.npy --sin sin.npy --dtype fp32 --json)",
            HelpSection::Kind::Text},
    };
    return sections;
}

QString quantityHelp(const CliQuantity& quantity) {
    return u"["_s + cardNames(quantity.cards) + u"; "_s + QString::fromLatin1(quantity.shape) + u"] "_s
        + QString::fromLatin1(quantity.help);
}

QString helpText() {
    QString help = QString::fromUtf8(helpDescription()) + u'\n';
    for (const HelpSection& section : helpSections()) {
        help += u'\n' + QString::fromLatin1(section.title) + u'\n' + QString::fromUtf8(section.text) + u'\n';
        if (section.kind == HelpSection::Kind::Quantities) {
            for (const CliQuantity& quantity : cliQuantities()) {
                appendEntry(help, u"  "_s + QString::fromLatin1(quantity.name), quantityHelp(quantity),
                    kQuantityIndent);
            }
        } else if (section.kind == HelpSection::Kind::Flags) {
            QString group;
            for (const CliFlag& flag : cliFlags()) {
                if (QString::fromLatin1(flag.group) != group) {
                    group = QString::fromLatin1(flag.group);
                    help += u"\n  "_s + group + u'\n';
                }
                QString head = u"    --"_s + QString::fromLatin1(flag.name);
                if (flag.valueName) {
                    head += u' ' + QString::fromLatin1(flag.valueName);
                }
                appendEntry(help, head, QString::fromStdString(flag.help), kFlagIndent);
            }
        }
    }
    return help;
}

} // namespace pecards::cli
