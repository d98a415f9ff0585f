<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AlibiCard</name>
    <message>
        <source>ALiBi</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>form: %1; slopes m_h = 2^(-%2h/H), H = %3; %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Press et al. 2022 §3; slopes as ofirpress get_slopes / HF BLOOM build_alibi_tensor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bias per head (chart)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>head %1 of %2, slope %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bias against distance for all %1 heads (slopes 2^(-%2h/H)); thick: head %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ALiBi bias, %1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention softmax(bias), %1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Content score q_i·k_j/√d + bias, %1, seed %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Content attention, %1, seed %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Card</name>
    <message>
        <source>Turn the card over (Ctrl+F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Numbers follow:&lt;/b&gt; %1&lt;br&gt;&lt;b&gt;Convention:&lt;/b&gt; %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flip to back ⟲</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flip to front ⟲</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CardText</name>
    <message>
        <source>&lt;p&gt;&lt;i&gt;The text of this card side is missing (%1).&lt;/i&gt;&lt;/p&gt;&lt;p&gt;&lt;b&gt;Convention:&lt;/b&gt; %2&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CardView</name>
    <message>
        <source>Save…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save this view as a figure or its numbers</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ChartPanel</name>
    <message>
        <source>Comma-separated %1; empty = automatic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pair indices i</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dimensions / pairs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pairs:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>channels:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Position m: drag to rotate every pair by m·θ_i</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>m:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Positions shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest distance shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>positions:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reach:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>auto</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CompareController</name>
    <message>
        <source>masked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 = %2, %3 = %4 (%5):  A = %6,  B = %7,  A - B = %8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exact</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pixel %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CompareView</name>
    <message>
        <source>&lt;b&gt;Compare&lt;/b&gt; two cards or two parameter sets:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RoPE base 10⁴ vs 5·10⁵</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ALiBi vs RoPE+ALiBi</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ALiBi causal vs BLOOM form</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>quantity:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pixel:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;A&lt;/b&gt; card:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;B&lt;/b&gt; card:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A - B (%1), diverging colours centred at 0; masked on either side = grey</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ControlGroups</name>
    <message>
        <source>Sequence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max length L</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Number of positions L (8 to 2^20 = 1048576); the heatmaps show windows of L x L</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>causal mask</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mask keys j &gt; i (decoder attention)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RoPE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>head_dim d</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size of one head&apos;s q and k; must be even, in [2, 1024]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>base θ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>θ_i = base^(-2i/r); 10000 in RoFormer and LLaMA 2, 500000 in Llama 3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rotary_dim r</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Partial rotary (GPT-NeoX rotary_pct, GPT-J rotary_dim): only the first r dims rotate; 0 = head_dim</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pair layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>half-split (x_i, x_i+r/2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPT-NeoX, HF LLaMA rotate_half</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>interleaved (x_2i, x_2i+1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RoFormer, GPT-J, Meta LLaMA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Same maths, different memory order: porting weights needs a permutation of q/k rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context extension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scaling type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HF transformers modeling_rope_utils.py rope_type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>factor s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scaling factor s &gt;= 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>original max positions L0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>original_max_position_embeddings: the context the model was trained on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max_position_embeddings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model&apos;s max_position_embeddings (dynamic NTK, YaRN, longrope)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>beta_fast</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>YaRN: rotations over L0 where the ramp ends on the fast side (32)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>beta_slow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>YaRN: rotations over L0 where the ramp ends on the slow side (1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>low_freq_factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Llama 3: wavelengths above L0/low_freq_factor are divided by s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>high_freq_factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Llama 3: wavelengths below L0/high_freq_factor are kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ALiBi</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>heads H</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Number of heads; slopes m_h = 2^(-8h/H) for H a power of two</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>head shown h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Head shown in the heatmaps, 1..H (h = 1 has the steepest slope)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slope exponent B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The 8 in m_h = 2^(-8h/H) (MPT alibi_bias_max)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bias form</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>causal -m(i-j)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>paper, GPT-NeoX; masked for j &gt; i</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>symmetric -m|i-j|</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>encoder variant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>row offset +m·j (BLOOM)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ofirpress, HF BLOOM: equal after the causal softmax, not before</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>row offset -m(L-1-j) (llm-foundry)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MPT / llm-foundry: equal after the causal softmax, not before</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size of q/k in the content views; even, in [2, 1024]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Probe and content vectors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>probe q, k</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ones (1, …, 1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>random N(0, I/d)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The fixed q and k of the positional-only views</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed of random probes, content vectors and learned tables (T5 buckets, Shaw, Transformer-XL)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Describe</name>
    <message>
        <source>half-split (GPT-NeoX, HF LLaMA rotate_half)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>interleaved (RoFormer, GPT-J, Meta LLaMA)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, factor %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, L0 = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>causal -m(i-j) (paper, GPT-NeoX)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>symmetric -m|i-j| (encoder)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>row offset +m·j (ofirpress, HF BLOOM)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>row offset -m(L-1-j) (llm-foundry)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>explicit q, k</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>q = k = (1, …, 1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>q, k ~ N(0, I/d), seed %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>causal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bidirectional</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Encoding table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phase table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Positional score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention (softmax)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bucket map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Content score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Content attention</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DeviceStatus</name>
    <message>
        <source>device: starting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>device: %1%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (CPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>last compute: %1 ms (%2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HeatmapController</name>
    <message>
        <source>masked (-inf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 (exact, from the engine)  ·  %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 (exact entry)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pixel %1 of ~%2×%3 entries = %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: asking the engine…  ·  %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2–%3 × %4 %5–%6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exact: one entry per pixel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pixel = %1 of ~%2×%3 entries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1  ·  %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1.
Wheel or drag a rectangle to zoom (the engine recomputes the window exactly);
double-click to reset; hover for the exact value.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 = %2, %3 = %4</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HeatmapPanel</name>
    <message>
        <source>How one pixel summarises the block of entries it covers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>⟲ Full</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the full extent again (or double-click the heatmap)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset zoom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Colour map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Automatic</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HeatmapWidget</name>
    <message>
        <source>computing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n invalid value(s) (NaN or +inf) shown in magenta</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>masked</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HybridCard</name>
    <message>
        <source>RoPE + ALiBi</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rotate projected q, k by RoPE (%1) → q·k/√d → add ALiBi bias (%2) → mask → softmax; %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RoFormer eqs. 13-16 + Press et al. 2022 §3, in the order of encodings.md §5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ALiBi bias per head (chart)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RoPE long-term decay (chart)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RoPE spectrum (chart)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RoPE base %1, head_dim %2; ALiBi head %3 of %4, slope %5, %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ALiBi bias against distance for all %1 heads; thick: head %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RoPE long-term decay bound B(r), base %1, head_dim %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RoPE wavelength 2π/θ_i per pair (log axis), base %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Logits (R_i q)·(R_j k)/√d + bias, %1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention softmax(logits), %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Content logits, seed %1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Content attention, seed %1, %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open config…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a Hugging Face config.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model config (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load a model&apos;s positional-encoding parameters (or drop a config.json on the window)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Card</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Flip current card</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;ompare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RoPE base 10⁴ vs 5·10⁵</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ALiBi vs RoPE+ALiBi</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ALiBi causal vs BLOOM row offset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About PE Cards</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About PE Cards</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PE Cards</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare A | B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not load %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PE Cards — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loaded %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;workspace…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no recent workspaces)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save workspace &amp;as…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export card…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every visible heatmap of this card as one PDF, a page each</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save window &amp;image…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Preferences…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Presentation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Full screen for a classroom: arrows move through cards and views, Space flips, P pauses, Esc leaves</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P&amp;resets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;PE Cards&lt;/b&gt; shows how transformer positional encodings work: sinusoidal, relative (Shaw, Transformer-XL, T5), ALiBi, RoPE with its context-extension scalings, and the RoPE+ALiBi hybrid.&lt;br&gt;&lt;br&gt;Heatmaps: wheel or drag to zoom (exact values at every zoom), double-click to reset, hover for the exact value. Models: File &gt; Open config or drop a Hugging Face config.json on the window. Presentation mode: F5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export card</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show a card first: the compare tab is not a card.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PreferencesDialog</name>
    <message>
        <source>Preferences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Light</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>automatic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Theme:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Colour map:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Used by views without a map of their own (phase, one-signed scores).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Language:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OpenCL device:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Part of the device name; takes effect at the next start.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PresentationController</name>
    <message>
        <source>Presentation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  ←/→ card   ↑/↓ view   Space flip   P pause   +/− speed   Esc leave    </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>   speed (positions/s): </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>m = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>▶ Play</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>⏸ Pause</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>cannot write SVG to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write image to %1 (check the folder and the file suffix)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SVG drawing (*.svg)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PDF document (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NumPy array of the values (*.npy)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV table of the values (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG resolution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dots per inch (the figure is 6 × 4.5 in):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dpi = %1 is invalid: allowed: a whole number in [72, 2400]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This card shows no computed heatmap to export.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export card</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QuantityStyle</name>
    <message>
        <source>each pixel shows the first entry of its block</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>each pixel shows the exact mean of its block</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>each pixel shows the exact maximum of its block</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>each pixel shows the exact minimum of its block</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QuantityText</name>
    <message>
        <source>i</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>j</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>query position i</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>key position j</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dim</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>position p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dimension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>frequency pair i</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RelativeCard</name>
    <message>
        <source>T5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shaw</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transformer-XL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Relative</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>variant: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shaw, Uszkoreit, Vaswani 2018 (clip(j-i, -k, k) + k)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dai et al. 2019 §3.3; kimiyoung/transformer-xl RelPartialLearnableMultiHeadAttn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HF transformers T5Attention._relative_position_bucket (log in float32)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Index against distance (chart)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shaw et al. 2018, clip k = %1 (%2 learned vectors, from the seed), d_model %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transformer-XL (a)+(b)+(c)+(d), term %1, d_model %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T5 buckets, %1, %2 buckets, max_distance %3, bucket values from the seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bidirectional (encoder)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unidirectional (decoder)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Index against relative position n = j - i, %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bucket / index map of (i, j), %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Positional score, %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention (softmax), %1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Content score, seed %1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Content attention, seed %1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Relative position</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>variant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T5 buckets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shaw (clipped)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>buckets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>relative_attention_num_buckets (32 in T5); bidirectional halves them by sign</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max_distance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>relative_attention_max_distance (128 in T5): beyond it every distance shares the last bucket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bidirectional</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T5 encoder (on) or decoder (off)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>clip k</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shaw: offsets beyond ±k share one learned vector</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>score term</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(a) q·k, (b) q·W_R R_(i-j), (c) u·k, (d) v·W_R R_(i-j)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>d_model d</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shaw / Transformer-XL vector size; even, in [2, 1024]</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RopeCard</name>
    <message>
        <source>layout: %1; scaling: %2; base %3, head_dim %4, rotary_dim %5; probe %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RoPE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RoFormer (Su et al. 2021) eqs. 13-16, §3.4.3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RoFormer eqs. 13-16; scaling as HF transformers modeling_rope_utils.py</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rotating pairs (polar chart)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spectrum (chart)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Long-term decay (chart)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waves (chart)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>head_dim %1, base %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, rotary_dim %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pairs rotating with position m: angle m·θ_i, %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wavelength 2π/θ_i per pair (log axis), %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Long-term decay bound B(r) (RoFormer §3.4.3), %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cos and sin of m·θ_i over position m, %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rotated probe R_p q over positions, %1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phase m·θ_i mod 2π (radians), %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RoPE score (R_i q)·(R_j k), %1, %2 — depends on i-j only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention softmax(score / √d), %1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Content score (R_i q_i)·(R_j k_j), seed %1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Content attention, %1, seed %2, %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SinusoidalCard</name>
    <message>
        <source>Sinusoidal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vaswani et al. 2017 §3.5 (Annotated Transformer)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tensor2tensor get_timing_signal_1d / fairseq SinusoidalPositionalEmbedding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waves (chart)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spectrum (chart)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>interleaved (paper: PE[p,2i] = sin, PE[p,2i+1] = cos)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>concatenated [sin | cos] (Transformer-XL, GPT-J, GPT-NeoX)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>paper w_i = b^(-2i/d)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tensor2tensor/fairseq w_i = exp(-i ln b/(d/2-1))</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layout: %1; frequencies: %2; base %3, d_model %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; fairseq padding_idx %1 (row zeroed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>d_model %1, base %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PE[p, dim] over position p, %1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wavelength 2π/w_i per pair (log axis), %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Encoding table PE[p, dim], %1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phase p·w_i mod 2π (radians), %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Similarity PE_i·PE_j = Σ cos((i-j)w_i): depends on i-j only, %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention softmax(PE_i·PE_j / √d), %1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Content score (x_i + PE_i)·(y_j + PE_j), content seed %1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Content attention softmax(score / √d), %1, seed %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>d_model d</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model dimension; must be even (no slot for the last cosine otherwise), in [2, 1024]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>base b</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>w_i = b^(-2i/d): wavelengths run from 2π to 2π·b</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>column layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>interleaved (paper)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>concatenated [sin | cos]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>frequencies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>paper b^(-2i/d)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tensor2tensor / fairseq</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>padding_idx</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fairseq: row padding_idx is zero, tokens start at padding_idx + 1; -1 = none</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ViewFigure</name>
    <message>
        <source>Cannot export to %1: the file name must end in .png, .svg, .pdf, .npy or .csv</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot export to %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot export to %1: the card shows no computed heatmap</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ViewSlot</name>
    <message>
        <source>What this view shows</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WorkspaceController</name>
    <message>
        <source>Save workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PE Cards workspace (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot save workspace %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WorkspaceState</name>
    <message>
        <source>The %1 card has no %2 view.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 card shows %2 views; the workspace has %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A second card of the same type is not shown (the deck has one of each).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only the first of %1 compare pairs is shown.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
