<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AlibiCard</name>
    <message>
        <source>Bias per head (chart)</source>
        <translation>各头的偏置（曲线图）</translation>
    </message>
</context>
<context>
    <name>CardHandout</name>
    <message>
        <source>PE Cards %1 · card handout · %2</source>
        <translation>PE Cards %1 · 卡片讲义 · %2</translation>
    </message>
</context>
<context>
    <name>CardConvention</name>
    <message>
        <source>layout: %1; frequencies: %2; base %3, d_model %4</source>
        <translation>布局：%1；频率：%2；底数 %3，d_model %4</translation>
    </message>
    <message>
        <source>; fairseq padding_idx %1 (row zeroed)</source>
        <translation>；fairseq padding_idx %1（该行置零）</translation>
    </message>
    <message>
        <source>NoPE: no pair rotates (θᵢ = 0), q and k enter the score as they are; head_dim %1; probe %2</source>
        <translation>NoPE：没有频率对旋转（θᵢ = 0），q 与 k 原样进入得分；head_dim %1；探针 %2</translation>
    </message>
    <message>
        <source>%1 (proportional: %2 of %3 pairs (x[i], x[i + d/2]) rotate, the others have θ = 0)</source>
        <translation>%1（比例式：%3 个频率对 (x[i], x[i + d/2]) 中旋转 %2 个，其余 θ = 0）</translation>
    </message>
    <message>
        <source>layout: %1; scaling: %2; base %3, head_dim %4, rotary_dim %5; probe %6</source>
        <translation>布局：%1；缩放：%2；底数 %3，head_dim %4，rotary_dim %5；探针 %6</translation>
    </message>
    <message>
        <source>variant: %1</source>
        <translation>变体：%1</translation>
    </message>
    <message>
        <source>form: %1; H = %2 heads counted from 1, slopes %3; %4</source>
        <translation>形式：%1；H = %2 个头（从 1 开始编号），斜率 %3；%4</translation>
    </message>
    <message>
        <source>rotate projected q, k by RoPE (%1) → q·k/√d → add ALiBi bias (%2) → mask → softmax; %3</source>
        <translation>用 RoPE 旋转投影后的 q、k（%1）→ q·k/√d → 加 ALiBi 偏置（%2）→ 掩码 → softmax；%3</translation>
    </message>
    <message>
        <source>blocked (pairs in runs: t, then h, then w)</source>
        <translation>分块（频率对依次连续分给 t、h、w）</translation>
    </message>
    <message>
        <source>interleaved (pairs t, h, w in turn)</source>
        <translation>交错（频率对轮流分给 t、h、w）</translation>
    </message>
    <message>
        <source>M-RoPE of %1: mrope_section [%2, %3, %4] %5; merge %6 × %6; segments %7; %8</source>
        <translation>%1 的 M-RoPE：mrope_section [%2, %3, %4] %5；合并 %6 × %6；片段 %7；%8</translation>
    </message>
</context>
<context>
    <name>CardText</name>
    <message>
        <source>&lt;p&gt;&lt;i&gt;The text of this card side is missing (%1).&lt;/i&gt;&lt;/p&gt;&lt;p&gt;&lt;b&gt;Convention:&lt;/b&gt; %2&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;i&gt;此卡片面的文字缺失（%1）。&lt;/i&gt;&lt;/p&gt;&lt;p&gt;&lt;b&gt;约定：&lt;/b&gt;%2&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>ControlGroups</name>
    <message>
        <source>Sequence</source>
        <translation>序列</translation>
    </message>
    <message>
        <source>max length L</source>
        <translation>最大长度 L</translation>
    </message>
    <message>
        <source>causal mask</source>
        <translation>因果掩码</translation>
    </message>
    <message>
        <source>Mask keys j &gt; i (decoder attention). ALiBi&apos;s causal form -m(i-j) is masked by definition; its symmetric and row-offset forms follow this box</source>
        <translation>用掩码去掉 j &gt; i 的键（解码器注意力）。ALiBi 的因果形式 -m(i-j) 按定义即带掩码；其对称形式与行偏移形式按此复选框决定</translation>
    </message>
    <message>
        <source>RoPE</source>
        <translation>RoPE</translation>
    </message>
    <message>
        <source>head_dim d</source>
        <translation>head_dim d</translation>
    </message>
    <message>
        <source>base θ</source>
        <translation>底数 θ</translation>
    </message>
    <message>
        <source>θᵢ = base⁻²ⁱᐟʳ; 10000 in RoFormer and LLaMA 2, 500000 in Llama 3</source>
        <translation>θᵢ = base⁻²ⁱᐟʳ；RoFormer 和 LLaMA 2 中为 10000，Llama 3 中为 500000</translation>
    </message>
    <message>
        <source>rotary_dim r</source>
        <translation>rotary_dim r</translation>
    </message>
    <message>
        <source>Partial rotary (GPT-NeoX rotary_pct, GPT-J rotary_dim): only the first r dims rotate; 0 = head_dim</source>
        <translation>部分旋转（GPT-NeoX rotary_pct、GPT-J rotary_dim）：只旋转前 r 维；0 = head_dim</translation>
    </message>
    <message>
        <source>pair layout</source>
        <translation>频率对布局</translation>
    </message>
    <message>
        <source>half-split (x[i], x[i + r/2])</source>
        <translation>对半拆分 (x[i], x[i + r/2])</translation>
    </message>
    <message>
        <source>GPT-NeoX, HF LLaMA rotate_half</source>
        <translation>GPT-NeoX、HF LLaMA rotate_half</translation>
    </message>
    <message>
        <source>interleaved (x[2i], x[2i + 1])</source>
        <translation>交错 (x[2i], x[2i + 1])</translation>
    </message>
    <message>
        <source>RoFormer, GPT-J, Meta LLaMA</source>
        <translation>RoFormer、GPT-J、Meta LLaMA</translation>
    </message>
    <message>
        <source>Same maths, different memory order: porting weights needs a permutation of q/k rows</source>
        <translation>数学相同，内存顺序不同：移植权重时需要对 q/k 的行做置换</translation>
    </message>
    <message>
        <source>Context extension</source>
        <translation>上下文扩展</translation>
    </message>
    <message>
        <source>scaling type</source>
        <translation>缩放类型</translation>
    </message>
    <message>
        <source>factor s</source>
        <translation>因子 s</translation>
    </message>
    <message>
        <source>original max positions L0</source>
        <translation>原始最大位置数 L0</translation>
    </message>
    <message>
        <source>max_position_embeddings</source>
        <translation>max_position_embeddings</translation>
    </message>
    <message>
        <source>The model&apos;s max_position_embeddings (dynamic NTK, YaRN, longrope)</source>
        <translation>模型的 max_position_embeddings（dynamic NTK、YaRN、longrope）</translation>
    </message>
    <message>
        <source>beta_fast</source>
        <translation>beta_fast</translation>
    </message>
    <message>
        <source>beta_slow</source>
        <translation>beta_slow</translation>
    </message>
    <message>
        <source>low_freq_factor</source>
        <translation>low_freq_factor</translation>
    </message>
    <message>
        <source>Llama 3: wavelengths above L0/low_freq_factor are multiplied by s (their frequencies divided)</source>
        <translation>Llama 3：波长大于 L0/low_freq_factor 的乘以 s（频率除以 s）</translation>
    </message>
    <message>
        <source>high_freq_factor</source>
        <translation>high_freq_factor</translation>
    </message>
    <message>
        <source>Llama 3: wavelengths below L0/high_freq_factor are kept</source>
        <translation>Llama 3：波长小于 L0/high_freq_factor 的频率保持不变</translation>
    </message>
    <message>
        <source>ALiBi</source>
        <translation>ALiBi</translation>
    </message>
    <message>
        <source>heads H</source>
        <translation>头数 H</translation>
    </message>
    <message>
        <source>head shown h</source>
        <translation>显示的头 h</translation>
    </message>
    <message>
        <source>slope exponent B</source>
        <translation>斜率指数 B</translation>
    </message>
    <message>
        <source>The 8 in mₕ = 2⁻⁸ʰᐟᴴ (MPT alibi_bias_max)</source>
        <translation>mₕ = 2⁻⁸ʰᐟᴴ 中的 8（MPT alibi_bias_max）</translation>
    </message>
    <message>
        <source>bias form</source>
        <translation>偏置形式</translation>
    </message>
    <message>
        <source>causal -m(i-j)</source>
        <translation>因果 -m(i-j)</translation>
    </message>
    <message>
        <source>paper, GPT-NeoX; masked for j &gt; i</source>
        <translation>论文、GPT-NeoX；j &gt; i 被掩码</translation>
    </message>
    <message>
        <source>symmetric -m|i-j|</source>
        <translation>对称 -m|i-j|</translation>
    </message>
    <message>
        <source>encoder variant</source>
        <translation>编码器变体</translation>
    </message>
    <message>
        <source>row offset +m·j (BLOOM)</source>
        <translation>行偏移 +m·j（BLOOM）</translation>
    </message>
    <message>
        <source>ofirpress, HF BLOOM: equal after the causal softmax, not before</source>
        <translation>ofirpress、HF BLOOM：因果 softmax 之后相同，之前不同</translation>
    </message>
    <message>
        <source>row offset -m(L-1-j) (llm-foundry)</source>
        <translation>行偏移 -m(L-1-j)（llm-foundry）</translation>
    </message>
    <message>
        <source>MPT / llm-foundry: equal after the causal softmax, not before</source>
        <translation>MPT / llm-foundry：因果 softmax 之后相同，之前不同</translation>
    </message>
    <message>
        <source>Probe and content vectors</source>
        <translation>探针与内容向量</translation>
    </message>
    <message>
        <source>probe q, k</source>
        <translation>探针 q、k</translation>
    </message>
    <message>
        <source>ones (1, …, 1)</source>
        <translation>全一 (1, …, 1)</translation>
    </message>
    <message>
        <source>random N(0, I/d)</source>
        <translation>随机 N(0, I/d)</translation>
    </message>
    <message>
        <source>The fixed q and k of the positional-only views</source>
        <translation>纯位置视图所用的固定 q 和 k</translation>
    </message>
    <message>
        <source>seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <source>Seed of random probes, content vectors and learned tables (T5 buckets, Shaw, Transformer-XL)</source>
        <translation>随机探针、内容向量和学习表（T5 分桶、Shaw、Transformer-XL）的种子</translation>
    </message>
    <message>
        <source>HF transformers modeling_rope_utils.py rope_type; choosing one fills typical values for the keys it reads (factor 4, L0 4096, ...)</source>
        <translation>HF transformers modeling_rope_utils.py 的 rope_type；选择后为其读取的键填入典型值（factor 4、L0 4096 等）</translation>
    </message>
    <message>
        <source>truncate</source>
        <translation>truncate（取整）</translation>
    </message>
    <message>
        <source>YaRN: floor/ceil the correction range to whole pairs (HF truncate, default on)</source>
        <translation>YaRN：把校正范围向下/向上取整到整对（HF truncate，默认开启）</translation>
    </message>
    <message>
        <source>mscale</source>
        <translation>mscale</translation>
    </message>
    <message>
        <source>mscale_all_dim</source>
        <translation>mscale_all_dim</translation>
    </message>
    <message>
        <source>attention_factor</source>
        <translation>attention_factor（注意力因子）</translation>
    </message>
    <message>
        <source>longrope factors per pair</source>
        <translation>每对频率的 longrope 因子</translation>
    </message>
    <message>
        <source>short_factor and long_factor, one entry per frequency pair (rotary_dim/2)</source>
        <translation>short_factor 与 long_factor，每个频率对一项（rotary_dim/2 项）</translation>
    </message>
    <message>
        <source>original_max_position_embeddings: the context the model was trained on (also the training length L0 of the lab and the unseen-angles map)</source>
        <translation>original_max_position_embeddings：模型训练时的上下文长度（也是实验室与未见角度图的训练长度 L0）</translation>
    </message>
    <message>
        <source>Head shown in the heatmaps, counted from 1: [1, H] (as pecards-cli --head). Head 1 is the steepest when H is a power of two; otherwise head P + 1 is (P = largest power of two below H; 12 heads: head 9, slope 2⁻¹ᐟ²)</source>
        <translation>热力图中显示的头，从 1 开始编号：[1, H]（与 pecards-cli --head 相同）。H 为 2 的幂时第 1 个头最陡；否则第 P + 1 个头最陡（P 为不超过 H 的最大 2 的幂；12 个头：第 9 个头，斜率 2⁻¹ᐟ²）</translation>
    </message>
    <message>
        <source>Size of one head&apos;s q and k</source>
        <translation>单个头的 q 和 k 的维数</translation>
    </message>
    <message>
        <source>Scaling factor s</source>
        <translation>缩放因子 s</translation>
    </message>
    <message>
        <source>YaRN: rotations over L0 where the ramp ends on the fast side</source>
        <translation>YaRN：在 L0 内的旋转圈数，斜坡在快速一侧的终点</translation>
    </message>
    <message>
        <source>YaRN: rotations over L0 where the ramp ends on the slow side</source>
        <translation>YaRN：在 L0 内的旋转圈数，斜坡在慢速一侧的终点</translation>
    </message>
    <message>
        <source>YaRN, DeepSeek form: mscale</source>
        <translation>YaRN，DeepSeek 形式：mscale</translation>
    </message>
    <message>
        <source>YaRN, DeepSeek form: mscale_all_dim</source>
        <translation>YaRN，DeepSeek 形式：mscale_all_dim</translation>
    </message>
    <message>
        <source>YaRN, longrope: multiplies cos and sin</source>
        <translation>YaRN、longrope：乘到 cos 和 sin 上</translation>
    </message>
    <message>
        <source>Number of heads H; slopes mₕ = 2⁻⁸ʰᐟᴴ when H is a power of two, else the ofirpress interleaving (see the card)</source>
        <translation>头数 H；H 为 2 的幂时斜率 mₕ = 2⁻⁸ʰᐟᴴ，否则按 ofirpress 的交错规则（见卡片）</translation>
    </message>
    <message>
        <source>Size of q/k in the content views</source>
        <translation>内容视图中 q/k 的维数</translation>
    </message>
    <message>
        <source>Number of positions L (the content views stop at 2²⁰); the heatmaps show windows of L x L</source>
        <translation>位置数 L（内容视图最多到 2²⁰）；热图显示 L x L 的窗口</translation>
    </message>
    <message>
        <source>sliding window W</source>
        <translation>滑动窗口 W</translation>
    </message>
    <message>
        <source>Query i sees keys with |i - j| &lt; W (HF sliding_window; Mistral 7B: 4096); 0 = no window</source>
        <translation>查询 i 只看到 |i - j| &lt; W 的键（HF sliding_window；Mistral 7B：4096）；0 = 无窗口</translation>
    </message>
    <message>
        <source>attention chunk C</source>
        <translation>注意力分块 C</translation>
    </message>
    <message>
        <source>Query i sees only the keys of its own chunk of C positions, floor(i/C) = floor(j/C) (HF attention_chunk_size; Llama 4&apos;s RoPE layers: 8192); 0 = no chunks</source>
        <translation>查询 i 只看到自己所在的 C 个位置的块中的键，floor(i/C) = floor(j/C)（HF attention_chunk_size；Llama 4 的 RoPE 层：8192）；0 = 不分块</translation>
    </message>
    <message>
        <source>attention sinks</source>
        <translation>注意力汇点（sinks）</translation>
    </message>
    <message>
        <source>The first n keys stay visible outside the window (StreamingLLM keeps 4); positions are the text&apos;s, not StreamingLLM&apos;s cache slots</source>
        <translation>前 n 个键在窗口之外仍然可见（StreamingLLM 保留 4 个）；位置按原文计，而不是 StreamingLLM 的缓存槽位</translation>
    </message>
    <message>
        <source>partial rotary</source>
        <translation>部分旋转</translation>
    </message>
    <message>
        <source>classic: first r dims</source>
        <translation>经典：前 r 维</translation>
    </message>
    <message>
        <source>GPT-J, GPT-NeoX, partial_rotary_factor: θᵢ = base⁻²ⁱᐟʳ</source>
        <translation>GPT-J、GPT-NeoX、partial_rotary_factor：θᵢ = base⁻²ⁱᐟʳ</translation>
    </message>
    <message>
        <source>proportional: r/2 pairs of the head</source>
        <translation>比例式：整个头中的 r/2 个频率对</translation>
    </message>
    <message>
        <source>Gemma 4: pairs span the head, θᵢ = base⁻²ⁱᐟᵈ, the rest do not rotate</source>
        <translation>Gemma 4：频率对跨越整个头，θᵢ = base⁻²ⁱᐟᵈ，其余的不旋转</translation>
    </message>
    <message>
        <source>none: NoPE, no pair rotates</source>
        <translation>无：NoPE，没有频率对旋转</translation>
    </message>
    <message>
        <source>NoPE layers (Llama 4&apos;s every 4th, SmolLM3): θᵢ = 0, the score depends on content only</source>
        <translation>NoPE 层（Llama 4 每第 4 层、SmolLM3）：θᵢ = 0，得分只取决于内容</translation>
    </message>
    <message>
        <source>Which dims a partial rotary_dim rotates; the two agree at position 0 only</source>
        <translation>部分 rotary_dim 旋转哪些维；两种约定只在位置 0 一致</translation>
    </message>
</context>
<context>
    <name>Curves</name>
    <message>
        <source>pretraining context L0 = %1</source>
        <translation>预训练上下文 L0 = %1</translation>
    </message>
    <message>
        <source>position p</source>
        <translation>位置 p</translation>
    </message>
    <message>
        <source>PE[p, dim]</source>
        <translation>PE[p, dim]</translation>
    </message>
    <message>
        <source>dim %1</source>
        <translation>维 %1</translation>
    </message>
    <message>
        <source>position m</source>
        <translation>位置 m</translation>
    </message>
    <message>
        <source>cos / sin of m·θᵢ</source>
        <translation>m·θᵢ 的 cos / sin</translation>
    </message>
    <message>
        <source>cos, pair %1</source>
        <translation>cos，频率对 %1</translation>
    </message>
    <message>
        <source>sin, pair %1</source>
        <translation>sin，频率对 %1</translation>
    </message>
    <message>
        <source>pair %1</source>
        <translation>频率对 %1</translation>
    </message>
    <message>
        <source>pair %1, previous positions</source>
        <translation>频率对 %1，之前的位置</translation>
    </message>
    <message>
        <source>pair i</source>
        <translation>频率对 i</translation>
    </message>
    <message>
        <source>wavelength 2π/θᵢ (positions)</source>
        <translation>波长 2π/θᵢ（位置数）</translation>
    </message>
    <message>
        <source>unscaled θᵢ = b⁻²ⁱᐟʳ</source>
        <translation>未缩放 θᵢ = b⁻²ⁱᐟʳ</translation>
    </message>
    <message>
        <source>scaled (%1)</source>
        <translation>缩放后（%1）</translation>
    </message>
    <message>
        <source>context L = %1</source>
        <translation>上下文 L = %1</translation>
    </message>
    <message>
        <source>relative distance r = m - n</source>
        <translation>相对距离 r = m - n</translation>
    </message>
    <message>
        <source>bound B(r)</source>
        <translation>上界 B(r)</translation>
    </message>
    <message>
        <source>B(r), RoFormer §3.4.3</source>
        <translation>B(r)，RoFormer §3.4.3</translation>
    </message>
    <message>
        <source>distance i - j</source>
        <translation>距离 i - j</translation>
    </message>
    <message>
        <source>distance i - j (j ≤ i)</source>
        <translation>距离 i - j（j ≤ i）</translation>
    </message>
    <message>
        <source>bias -m·|i-j| (logit units)</source>
        <translation>偏置 -m·|i-j|（logit 单位）</translation>
    </message>
    <message>
        <source>bias -m·(i-j) (logit units)</source>
        <translation>偏置 -m·(i-j)（logit 单位）</translation>
    </message>
    <message>
        <source>h%1: %2</source>
        <translation>头 %1：%2</translation>
    </message>
    <message>
        <source>h%1: %2 (shown)</source>
        <translation>头 %1：%2（当前显示）</translation>
    </message>
    <message>
        <source>relative position n = j - i</source>
        <translation>相对位置 n = j - i</translation>
    </message>
    <message>
        <source>T5 bucket</source>
        <translation>T5 桶</translation>
    </message>
    <message>
        <source>Shaw index clip(j-i, -k, k) + k</source>
        <translation>Shaw 索引 clip(j-i, -k, k) + k</translation>
    </message>
    <message>
        <source>bucket(n)</source>
        <translation>桶(n)</translation>
    </message>
    <message>
        <source>index(n)</source>
        <translation>索引(n)</translation>
    </message>
    <message>
        <source>offset n = j - i (positions)</source>
        <translation>偏移 n = j - i（位置）</translation>
    </message>
    <message>
        <source>similarity PEᵢ·PEⱼ</source>
        <translation>相似度 PEᵢ·PEⱼ</translation>
    </message>
    <message>
        <source>score (logit units)</source>
        <translation>分数（logit 单位）</translation>
    </message>
    <message>
        <source>Σᵢ cos(n·ωᵢ)</source>
        <translation>Σᵢ cos(n·ωᵢ)</translation>
    </message>
    <message>
        <source>(Rᵢ q)·(Rⱼ k)</source>
        <translation>(Rᵢ q)·(Rⱼ k)</translation>
    </message>
    <message>
        <source>pair (radius |(q₁, q₂)|, largest = 1)</source>
        <translation>频率对（半径 |(q₁, q₂)|，最大 = 1）</translation>
    </message>
    <message>
        <source>|phase error| of pair %1 (rad)</source>
        <translation>第 %1 对的 |相位误差|（弧度）</translation>
    </message>
    <message>
        <source>positions</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>inv_freq</source>
        <translation>inv_freq</translation>
    </message>
    <message>
        <source>cos/sin cache</source>
        <translation>cos/sin 缓存</translation>
    </message>
    <message>
        <source>%1: first collision %2 → %3</source>
        <translation>%1：首次碰撞 %2 → %3</translation>
    </message>
    <message>
        <source>angle = start + m·θᵢ (°, counter-clockwise)</source>
        <translation>角度 = 起始角 + m·θᵢ（°，逆时针）</translation>
    </message>
</context>
<context>
    <name>Describe</name>
    <message>
        <source>seed %1</source>
        <translation>种子 %1</translation>
    </message>
    <message>
        <source>q, k from %1, %2</source>
        <translation>q、k 取自 %1、%2</translation>
    </message>
    <message>
        <source>a file</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>, effective base %1 at seq_len %2</source>
        <translation>，seq_len %2 时的有效底数 %1</translation>
    </message>
    <message>
        <source>, long factors (seq_len %1 &gt; L0 %2)</source>
        <translation>，长因子（seq_len %1 &gt; L0 %2）</translation>
    </message>
    <message>
        <source>, short factors (seq_len %1 &lt;= L0 %2)</source>
        <translation>，短因子（seq_len %1 &lt;= L0 %2）</translation>
    </message>
    <message>
        <source>half-split (GPT-NeoX, HF LLaMA rotate_half)</source>
        <translation>对半拆分（GPT-NeoX、HF LLaMA rotate_half）</translation>
    </message>
    <message>
        <source>interleaved (RoFormer, GPT-J, Meta LLaMA)</source>
        <translation>交错（RoFormer、GPT-J、Meta LLaMA）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>, factor %1</source>
        <translation>，因子 %1</translation>
    </message>
    <message>
        <source>, L0 = %1</source>
        <translation>，L0 = %1</translation>
    </message>
    <message>
        <source>causal -m(i-j) (paper, GPT-NeoX)</source>
        <translation>因果 -m(i-j)（论文、GPT-NeoX）</translation>
    </message>
    <message>
        <source>symmetric -m|i-j| (encoder)</source>
        <translation>对称 -m|i-j|（编码器）</translation>
    </message>
    <message>
        <source>row offset +m·j (ofirpress, HF BLOOM)</source>
        <translation>行偏移 +m·j（ofirpress、HF BLOOM）</translation>
    </message>
    <message>
        <source>row offset -m(L-1-j) (llm-foundry)</source>
        <translation>行偏移 -m(L-1-j)（llm-foundry）</translation>
    </message>
    <message>
        <source>explicit q, k</source>
        <translation>显式 q、k</translation>
    </message>
    <message>
        <source>q = k = (1, …, 1)</source>
        <translation>q = k = (1, …, 1)</translation>
    </message>
    <message>
        <source>q, k ~ N(0, I/d), seed %1</source>
        <translation>q、k ~ N(0, I/d)，种子 %1</translation>
    </message>
    <message>
        <source>causal</source>
        <translation>因果</translation>
    </message>
    <message>
        <source>bidirectional</source>
        <translation>双向</translation>
    </message>
    <message>
        <source>effective base b&apos; = %1 at L = %2 (&gt; %3 trained)</source>
        <translation>有效底数 b&apos; = %1（L = %2 &gt; 训练长度 %3）</translation>
    </message>
    <message>
        <source>effective base b&apos; = %1: kept while L = %2 ≤ %3 trained</source>
        <translation>有效底数 b&apos; = %1：L = %2 ≤ 训练长度 %3，底数不变</translation>
    </message>
    <message>
        <source>correction range: pairs i = %1 … %2</source>
        <translation>修正范围：维度对 i = %1 … %2</translation>
    </message>
    <message>
        <source>long_factor in use (L = %1 &gt; L0 = %2)</source>
        <translation>使用 long_factor（L = %1 &gt; L0 = %2）</translation>
    </message>
    <message>
        <source>short_factor in use (L = %1 ≤ L0 = %2)</source>
        <translation>使用 short_factor（L = %1 ≤ L0 = %2）</translation>
    </message>
    <message>
        <source>wavelengths &lt; %1 kept, &gt; %2 multiplied by %3</source>
        <translation>波长 &lt; %1 保持不变，&gt; %2 乘以 %3</translation>
    </message>
    <message>
        <source>attention factor %1</source>
        <translation>注意力因子 %1</translation>
    </message>
    <message>
        <source>total logit multiplier %1</source>
        <translation>logit 总倍数 %1</translation>
    </message>
    <message>
        <source>%1 for h ≤ %2, then %3 for h = %2 + k</source>
        <translation>h ≤ %2 时 %1，之后 h = %2 + k 时为 %3</translation>
    </message>
    <message>
        <source>%1; steepest: head %2, %3</source>
        <translation>%1；最陡：第 %2 个头，%3</translation>
    </message>
    <message>
        <source>%1, window %2, %3 sinks</source>
        <translation>%1，窗口 %2，%3 个汇点</translation>
    </message>
    <message>
        <source>%1, chunks of %2</source>
        <translation>%1，每块 %2 个位置</translation>
    </message>
    <message>
        <source>interleaved (paper: PE[p,2i] = sin, PE[p,2i+1] = cos)</source>
        <translation>交错（论文：PE[p,2i] = sin，PE[p,2i+1] = cos）</translation>
    </message>
    <message>
        <source>concatenated [sin | cos] (Transformer-XL, tensor2tensor, fairseq)</source>
        <translation>拼接 [sin | cos]（Transformer-XL、tensor2tensor、fairseq）</translation>
    </message>
    <message>
        <source>paper wᵢ = b⁻²ⁱᐟᵈ</source>
        <translation>论文 wᵢ = b⁻²ⁱᐟᵈ</translation>
    </message>
    <message>
        <source>tensor2tensor/fairseq wᵢ = exp(-i ln b/(d/2-1))</source>
        <translation>tensor2tensor/fairseq wᵢ = exp(-i ln b/(d/2-1))</translation>
    </message>
    <message>
        <source>head %1 of %2, slope %3</source>
        <translation>第 %1 个头（共 %2 个），斜率 %3</translation>
    </message>
    <message>
        <source>Shaw et al. 2018, clip k = %1 (%2 learned vectors, from the seed), d_model %3</source>
        <translation>Shaw 等人 2018，裁剪 k = %1（%2 个学习向量，由种子生成），d_model %3</translation>
    </message>
    <message>
        <source>Transformer-XL (a)+(b)+(c)+(d), term %1, d_model %2</source>
        <translation>Transformer-XL (a)+(b)+(c)+(d)，项 %1，d_model %2</translation>
    </message>
    <message>
        <source>T5 buckets, %1, %2 buckets, max_distance %3, %4</source>
        <translation>T5 分桶，%1，%2 个桶，max_distance %3，%4</translation>
    </message>
    <message>
        <source>bidirectional (encoder)</source>
        <translation>双向（编码器）</translation>
    </message>
    <message>
        <source>unidirectional (decoder)</source>
        <translation>单向（解码器）</translation>
    </message>
    <message>
        <source>bucket values from the seed</source>
        <translation>桶值由种子生成</translation>
    </message>
    <message>
        <source>RoPE base %1, head_dim %2; ALiBi head %3 of %4, slope %5, %6</source>
        <translation>RoPE 底数 %1，head_dim %2；ALiBi 第 %3 个头（共 %4 个），斜率 %5，%6</translation>
    </message>
    <message>
        <source>bucket values given (a model&apos;s weights or a file)</source>
        <translation>桶值为给定值（模型权重或文件）</translation>
    </message>
</context>
<context>
    <name>DeviceStatus</name>
    <message>
        <source>device cpu chosen: every view in double precision</source>
        <translation>已选择设备 cpu：所有视图均为双精度</translation>
    </message>
</context>
<context>
    <name>ExtrapolationCurves</name>
    <message>
        <source>tuned base β</source>
        <translation>微调底数 β</translation>
    </message>
    <message>
        <source>extrapolation limit T_extra (positions)</source>
        <translation>外推上限 T_extra（位置）</translation>
    </message>
    <message>
        <source>every pair turns inside L0 = %1: no limit</source>
        <translation>所有频率对都在 L0 = %1 内转满一圈：没有上限</translation>
    </message>
    <message>
        <source>T_extra(β), d_extra = %1 of %2</source>
        <translation>T_extra(β)，d_extra = %1（共 %2）</translation>
    </message>
    <message>
        <source>b = %1: T_extra = %2</source>
        <translation>b = %1：T_extra = %2</translation>
    </message>
    <message>
        <source>L0 = %1</source>
        <translation>L0 = %1</translation>
    </message>
    <message>
        <source>L = %1</source>
        <translation>L = %1</translation>
    </message>
    <message>
        <source>base b</source>
        <translation>底数 b</translation>
    </message>
    <message>
        <source>first m with B(m) &lt; 0 (positions)</source>
        <translation>B(m) &lt; 0 的第一个 m（位置）</translation>
    </message>
    <message>
        <source>first m with B(m) &lt; 0</source>
        <translation>B(m) &lt; 0 的第一个 m</translation>
    </message>
    <message>
        <source>B(m) ≥ 0 on [0, %1]</source>
        <translation>在 [0, %1] 上 B(m) ≥ 0</translation>
    </message>
    <message>
        <source>smallest passing base %1</source>
        <translation>通过的最小底数 %1</translation>
    </message>
    <message>
        <source>model base %1</source>
        <translation>模型底数 %1</translation>
    </message>
    <message>
        <source>relative distance s (positions)</source>
        <translation>相对距离 s（位置）</translation>
    </message>
    <message>
        <source>|a(s)|</source>
        <translation>|a(s)|</translation>
    </message>
    <message>
        <source>a(s): ≤ %1 in L0, %2 past</source>
        <translation>a(s)：L0 内 ≤ %1，之后 %2</translation>
    </message>
    <message>
        <source>a(s·L0/L): ≤ %1</source>
        <translation>a(s·L0/L)：≤ %1</translation>
    </message>
    <message>
        <source>fitted on integer s in [0, L0 = %1]</source>
        <translation>在 [0, L0 = %1] 的整数 s 上拟合</translation>
    </message>
    <message>
        <source>distance (positions)</source>
        <translation>距离（位置）</translation>
    </message>
    <message>
        <source>E[(Rᵢ q)·(Rⱼ q)], q ~ N(0, I/r)</source>
        <translation>E[(Rᵢ q)·(Rⱼ q)]，q ~ N(0, I/r)</translation>
    </message>
    <message>
        <source>p = %1: %2 rotate, %3 &gt; L0</source>
        <translation>p = %1：%2 个旋转，%3 个 &gt; L0</translation>
    </message>
</context>
<context>
    <name>HeatmapDataExport</name>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>The window is %1 × %2 entries: every entry can be written for windows of at most %3 a side; zoom in, or write the view&apos;s pixels</source>
        <translation>窗口为 %1 × %2 个条目：只有每边不超过 %3 的窗口才能写出全部条目；请放大，或写出视图的像素</translation>
    </message>
    <message>
        <source>Computing %1 with the double-precision reference…</source>
        <translation>正在用双精度参考实现计算 %1…</translation>
    </message>
    <message>
        <source>Saved %1: %2 × %3 double-precision reference values (%4)</source>
        <translation>已保存 %1：%2 × %3 个双精度参考值（%4）</translation>
    </message>
    <message>
        <source>The view&apos;s pixels, %1 × %2 (each by its pixel rule)</source>
        <translation>视图的像素，%1 × %2（各按其像素规则）</translation>
    </message>
    <message>
        <source>Every entry of the window, %1 × %2</source>
        <translation>窗口的全部条目，%1 × %2</translation>
    </message>
    <message>
        <source>Save the numbers</source>
        <translation>保存数值</translation>
    </message>
    <message>
        <source>Double-precision reference values of:</source>
        <translation>双精度参考值，范围：</translation>
    </message>
</context>
<context>
    <name>HybridCard</name>
    <message>
        <source>ALiBi bias per head (chart)</source>
        <translation>各头的 ALiBi 偏置（曲线图）</translation>
    </message>
    <message>
        <source>RoPE long-term decay (chart)</source>
        <translation>RoPE 远程衰减（曲线图）</translation>
    </message>
    <message>
        <source>RoPE spectrum (chart)</source>
        <translation>RoPE 频谱（曲线图）</translation>
    </message>
    <message>
        <source>Lab: scaling ratio per pair (chart)</source>
        <translation>实验室：每对的缩放比（曲线图）</translation>
    </message>
    <message>
        <source>Lab: score against distance (chart)</source>
        <translation>实验室：得分随距离（曲线图）</translation>
    </message>
    <message>
        <source>Lab: dynamic NTK base (chart)</source>
        <translation>实验室：动态 NTK 底数（曲线图）</translation>
    </message>
    <message>
        <source>Lab: critical dimension (chart)</source>
        <translation>实验室：临界维度（图表）</translation>
    </message>
    <message>
        <source>Lab: base bound on context (chart)</source>
        <translation>实验室：上下文的底数下界（图表）</translation>
    </message>
    <message>
        <source>Lab: interpolation vs extrapolation fit (chart)</source>
        <translation>实验室：插值与外推的拟合（图表）</translation>
    </message>
    <message>
        <source>Lab: partial-frequency RoPE (chart)</source>
        <translation>实验室：部分频率 RoPE（图表）</translation>
    </message>
</context>
<context>
    <name>LabCurves</name>
    <message>
        <source>unscaled</source>
        <translation>未缩放</translation>
    </message>
    <message>
        <source>pair i</source>
        <translation>频率对 i</translation>
    </message>
    <message>
        <source>θ&apos;_i / θᵢ at L = %1 (s = %2)</source>
        <translation>L = %1 时的 θ&apos;_i / θᵢ（s = %2）</translation>
    </message>
    <message>
        <source>YaRN ramp [low, high] = [%1, %2]</source>
        <translation>YaRN 过渡区 [low, high] = [%1, %2]</translation>
    </message>
    <message>
        <source>Llama 3 smoothed band (pairs %1-%2)</source>
        <translation>Llama 3 平滑带（频率对 %1-%2）</translation>
    </message>
    <message>
        <source>wavelength &gt; L0 = %1 (from pair %2)</source>
        <translation>波长 &gt; L0 = %1（自频率对 %2 起）</translation>
    </message>
    <message>
        <source>distance i - j (positions)</source>
        <translation>距离 i - j（位置）</translation>
    </message>
    <message>
        <source>E[(Rᵢ q)·(Rⱼ q)], q ~ N(0, I/d)</source>
        <translation>E[(Rᵢ q)·(Rⱼ q)]，q ~ N(0, I/d)</translation>
    </message>
    <message>
        <source>decay bound B(r)/B(0), unscaled</source>
        <translation>衰减上界 B(r)/B(0)，未缩放</translation>
    </message>
    <message>
        <source>L0 = %1</source>
        <translation>L0 = %1</translation>
    </message>
    <message>
        <source>sequence length n (positions)</source>
        <translation>序列长度 n（位置）</translation>
    </message>
    <message>
        <source>dynamic NTK base b&apos;</source>
        <translation>动态 NTK 底数 b&apos;</translation>
    </message>
    <message>
        <source>b&apos;(n), s = %1, L0 = %2</source>
        <translation>b&apos;(n)，s = %1，L0 = %2</translation>
    </message>
    <message>
        <source>n = %1: b&apos; = %2, θ&apos;_1 = %3</source>
        <translation>n = %1：b&apos; = %2，θ&apos;_1 = %3</translation>
    </message>
    <message>
        <source>%1 (this card)</source>
        <translation>%1（本卡片）</translation>
    </message>
</context>
<context>
    <name>LabDemonstration</name>
    <message>
        <source> · no L0 on the card: shown for L0 = L/4 = %1</source>
        <translation> · 卡片未给出 L0：按 L0 = L/4 = %1 显示</translation>
    </message>
</context>
<context>
    <name>LearnedCurves</name>
    <message>
        <source>position p</source>
        <translation>位置 p</translation>
    </message>
    <message>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>learned P[p, %1]</source>
        <translation>学习的 P[p, %1]</translation>
    </message>
    <message>
        <source>sinusoid PE[p, %1]</source>
        <translation>正弦 PE[p, %1]</translation>
    </message>
    <message>
        <source>key position j</source>
        <translation>键位置 j</translation>
    </message>
    <message>
        <source>cosine similarity of Pᵢ and Pⱼ</source>
        <translation>Pᵢ 与 Pⱼ 的余弦相似度</translation>
    </message>
    <message>
        <source>row %1, learned</source>
        <translation>第 %1 行，学习的</translation>
    </message>
    <message>
        <source>row %1, sinusoid</source>
        <translation>第 %1 行，正弦</translation>
    </message>
    <message>
        <source>L2 norm</source>
        <translation>L2 范数</translation>
    </message>
    <message>
        <source>‖Pₚ − PEₚ‖ (learned − sinusoid)</source>
        <translation>‖Pₚ − PEₚ‖（学习的 − 正弦）</translation>
    </message>
    <message>
        <source>‖Pₚ‖ (learned)</source>
        <translation>‖Pₚ‖（学习的）</translation>
    </message>
</context>
<context>
    <name>LogitScaleCurves</name>
    <message>
        <source>query position p</source>
        <translation>查询位置 p</translation>
    </message>
    <message>
        <source>multiplier of the logit q·k</source>
        <translation>logit q·k 的乘数</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n layer(s)): %2</source>
        <translation>
            <numerusform>%1（%n 层）：%2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PairMapCurves</name>
    <message>
        <source>dimension k of the head</source>
        <translation>头的第 k 维</translation>
    </message>
    <message>
        <source>dimension k rotates with</source>
        <translation>与第 k 维成对旋转的维</translation>
    </message>
    <message>
        <source>rotates (θᵢ &gt; 0)</source>
        <translation>旋转（θᵢ &gt; 0）</translation>
    </message>
    <message>
        <source>paired, never turns (θᵢ = 0)</source>
        <translation>成对但从不旋转（θᵢ = 0）</translation>
    </message>
    <message>
        <source>passes through (k ≥ rotary dim)</source>
        <translation>不旋转，原样通过（k ≥ 旋转维数）</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Saved %1 without the views that show no picture now: %2. Export again once they show one to include them.</source>
        <translation>已保存 %1，但未包含当前没有图像的视图：%2。待它们显示图像后再次导出即可包含。</translation>
    </message>
    <message>
        <source>cannot write SVG to %1</source>
        <translation>无法将 SVG 写入 %1</translation>
    </message>
    <message>
        <source>cannot write image to %1 (check the folder and the file suffix)</source>
        <translation>无法将图像写入 %1（请检查文件夹和文件后缀）</translation>
    </message>
    <message>
        <source>Export view</source>
        <translation>导出视图</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>PNG 图像 (*.png);;SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>SVG drawing (*.svg)</source>
        <translation>SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <source>PDF document (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>NumPy array of the values (*.npy)</source>
        <translation>数值的 NumPy 数组 (*.npy)</translation>
    </message>
    <message>
        <source>CSV table of the values (*.csv)</source>
        <translation>数值的 CSV 表格 (*.csv)</translation>
    </message>
    <message>
        <source>CSV table of the curves (*.csv)</source>
        <translation>曲线的 CSV 表格 (*.csv)</translation>
    </message>
    <message>
        <source>Save view</source>
        <translation>保存视图</translation>
    </message>
    <message>
        <source>Export card</source>
        <translation>导出卡片</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Save chart</source>
        <translation>保存图表</translation>
    </message>
    <message>
        <source>Computing %1 at print resolution…</source>
        <translation>正在以打印分辨率计算 %1…</translation>
    </message>
    <message>
        <source>This card shows no computed view to export.</source>
        <translation>此卡片没有可导出的已计算视图。</translation>
    </message>
    <message>
        <source>Copied the figure &quot;%1&quot; to the clipboard</source>
        <translation>已将图形“%1”复制到剪贴板</translation>
    </message>
    <message>
        <source>Export card handout</source>
        <translation>导出卡片讲义</translation>
    </message>
</context>
<context>
    <name>QuantityStyle</name>
    <message>
        <source>each pixel shows the first entry of its block</source>
        <translation>每个像素显示其块中的第一个条目</translation>
    </message>
    <message>
        <source>each pixel shows the exact mean of its block</source>
        <translation>每个像素显示其块的精确平均值</translation>
    </message>
    <message>
        <source>each pixel shows the exact maximum of its block</source>
        <translation>每个像素显示其块的精确最大值</translation>
    </message>
    <message>
        <source>each pixel shows the exact minimum of its block</source>
        <translation>每个像素显示其块的精确最小值</translation>
    </message>
    <message>
        <source>sample</source>
        <translation>采样</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>均值</translation>
    </message>
    <message>
        <source>max</source>
        <translation>最大值</translation>
    </message>
    <message>
        <source>min</source>
        <translation>最小值</translation>
    </message>
</context>
<context>
    <name>QuantityText</name>
    <message>
        <source>Encoding table</source>
        <translation>编码表</translation>
    </message>
    <message>
        <source>Phase table</source>
        <translation>相位表</translation>
    </message>
    <message>
        <source>Positional score</source>
        <translation>位置得分</translation>
    </message>
    <message>
        <source>Attention (softmax)</source>
        <translation>注意力（softmax）</translation>
    </message>
    <message>
        <source>Bucket map</source>
        <translation>分桶图</translation>
    </message>
    <message>
        <source>Content score</source>
        <translation>内容得分</translation>
    </message>
    <message>
        <source>Content attention</source>
        <translation>内容注意力</translation>
    </message>
    <message>
        <source>Angles never seen in training</source>
        <translation>训练中从未出现的角度</translation>
    </message>
    <message>
        <source>i</source>
        <translation>i</translation>
    </message>
    <message>
        <source>j</source>
        <translation>j</translation>
    </message>
    <message>
        <source>query position i</source>
        <translation>查询位置 i</translation>
    </message>
    <message>
        <source>key position j</source>
        <translation>键位置 j</translation>
    </message>
    <message>
        <source>p</source>
        <translation>p</translation>
    </message>
    <message>
        <source>dim</source>
        <translation>dim</translation>
    </message>
    <message>
        <source>position p</source>
        <translation>位置 p</translation>
    </message>
    <message>
        <source>dimension</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>pair</source>
        <translation>频率对</translation>
    </message>
    <message>
        <source>frequency pair i</source>
        <translation>频率对 i</translation>
    </message>
    <message>
        <source>query token i</source>
        <translation>查询词元 i</translation>
    </message>
    <message>
        <source>key token j</source>
        <translation>键词元 j</translation>
    </message>
</context>
<context>
    <name>RelativeCard</name>
    <message>
        <source>Index against distance (chart)</source>
        <translation>索引随距离变化（曲线图）</translation>
    </message>
    <message>
        <source>_rel_shift alignment (table)</source>
        <translation>_rel_shift 对齐（表格）</translation>
    </message>
</context>
<context>
    <name>RopeCard</name>
    <message>
        <source>Rotating pairs (polar chart)</source>
        <translation>旋转的频率对（极坐标图）</translation>
    </message>
    <message>
        <source>Spectrum (chart)</source>
        <translation>频谱（曲线图）</translation>
    </message>
    <message>
        <source>Long-term decay (chart)</source>
        <translation>远程衰减（曲线图）</translation>
    </message>
    <message>
        <source>Waves (chart)</source>
        <translation>波形（曲线图）</translation>
    </message>
    <message>
        <source>Lab: scaling ratio per pair (chart)</source>
        <translation>实验室：每对的缩放比（曲线图）</translation>
    </message>
    <message>
        <source>Lab: score against distance (chart)</source>
        <translation>实验室：得分随距离（曲线图）</translation>
    </message>
    <message>
        <source>Lab: dynamic NTK base (chart)</source>
        <translation>实验室：动态 NTK 底数（曲线图）</translation>
    </message>
    <message>
        <source>Trick: distillation error (chart)</source>
        <translation>技巧：蒸馏误差（图表）</translation>
    </message>
    <message>
        <source>Lab: critical dimension (chart)</source>
        <translation>实验室：临界维度（图表）</translation>
    </message>
    <message>
        <source>Lab: base bound on context (chart)</source>
        <translation>实验室：上下文的底数下界（图表）</translation>
    </message>
    <message>
        <source>Lab: interpolation vs extrapolation fit (chart)</source>
        <translation>实验室：插值与外推的拟合（图表）</translation>
    </message>
    <message>
        <source>Lab: partial-frequency RoPE (chart)</source>
        <translation>实验室：部分频率 RoPE（图表）</translation>
    </message>
    <message>
        <source>Pair map (chart)</source>
        <translation>频率对映射（曲线图）</translation>
    </message>
</context>
<context>
    <name>SinusoidalCard</name>
    <message>
        <source>Learned table beside the sinusoid (chart)</source>
        <translation>学习的位置表与正弦编码对照（图表）</translation>
    </message>
    <message>
        <source>Learned table: similarity (chart)</source>
        <translation>学习的位置表：相似度（图表）</translation>
    </message>
    <message>
        <source>Learned table minus the sinusoid (chart)</source>
        <translation>学习的位置表减去正弦编码（图表）</translation>
    </message>
    <message>
        <source>Waves (chart)</source>
        <translation>波形（曲线图）</translation>
    </message>
    <message>
        <source>Spectrum (chart)</source>
        <translation>频谱（曲线图）</translation>
    </message>
    <message>
        <source>Trick: domain-aware similarity (chart)</source>
        <translation>技巧：领域感知相似度（图表）</translation>
    </message>
    <message>
        <source>Trick: gated score (chart)</source>
        <translation>技巧：门控分数（图表）</translation>
    </message>
    <message>
        <source>Trick: gated attention (chart)</source>
        <translation>技巧：门控注意力（图表）</translation>
    </message>
    <message>
        <source>Trick: distillation error (chart)</source>
        <translation>技巧：蒸馏误差（图表）</translation>
    </message>
</context>
<context>
    <name>TrickControls</name>
    <message>
        <source>Trick: domain-aware PE</source>
        <translation>技巧：领域感知 PE</translation>
    </message>
    <message>
        <source>edge positions n</source>
        <translation>边缘位置数 n</translation>
    </message>
    <message>
        <source>bias scale</source>
        <translation>偏置尺度</translation>
    </message>
    <message>
        <source>Trick: gated PE α(p)·PE</source>
        <translation>技巧：门控 PE α(p)·PE</translation>
    </message>
    <message>
        <source>gate α(p)</source>
        <translation>门控 α(p)</translation>
    </message>
    <message>
        <source>constant α</source>
        <translation>常数 α</translation>
    </message>
    <message>
        <source>ramp α → α_end</source>
        <translation>线性 α → α_end</translation>
    </message>
    <message>
        <source>sigmoid α → α_end</source>
        <translation>sigmoid α → α_end</translation>
    </message>
    <message>
        <source>α</source>
        <translation>α</translation>
    </message>
    <message>
        <source>α_end</source>
        <translation>α_end</translation>
    </message>
    <message>
        <source>sigmoid centre</source>
        <translation>sigmoid 中心</translation>
    </message>
    <message>
        <source>Position where α(p) is halfway between α and α_end</source>
        <translation>α(p) 位于 α 与 α_end 正中间的位置</translation>
    </message>
    <message>
        <source>sigmoid width</source>
        <translation>sigmoid 宽度</translation>
    </message>
    <message>
        <source>Positions over which α(p) rises by a factor e of its remaining way</source>
        <translation>α(p) 的剩余变化缩小为 1/e 所需的位置数</translation>
    </message>
    <message>
        <source>query row i</source>
        <translation>查询行 i</translation>
    </message>
    <message>
        <source>Trick: PE distillation</source>
        <translation>技巧：PE 蒸馏</translation>
    </message>
    <message>
        <source>training positions</source>
        <translation>训练位置数</translation>
    </message>
    <message>
        <source>evaluated positions</source>
        <translation>评估位置数</translation>
    </message>
    <message>
        <source>Positions [0, L_eval) where the error is shown, at least L_train</source>
        <translation>显示误差的位置 [0, L_eval)，至少为 L_train</translation>
    </message>
    <message>
        <source>hidden units</source>
        <translation>隐藏单元</translation>
    </message>
    <message>
        <source>Adam steps</source>
        <translation>Adam 步数</translation>
    </message>
    <message>
        <source>Bias vectors are added to the first n and the last n positions</source>
        <translation>偏置向量加在前 n 个和后 n 个位置上</translation>
    </message>
    <message>
        <source>Standard deviation of every bias entry (random stand-ins for trained vectors)</source>
        <translation>每个偏置元素的标准差（随机值，代替训练得到的向量）</translation>
    </message>
    <message>
        <source>Constant gate, ramp start, or sigmoid low end</source>
        <translation>常数门值、斜坡起点，或 sigmoid 的低端</translation>
    </message>
    <message>
        <source>Ramp end (last position) or sigmoid high end</source>
        <translation>斜坡终点（最后一个位置）或 sigmoid 的高端</translation>
    </message>
    <message>
        <source>Query whose score and attention rows the gated charts show, at most L-1</source>
        <translation>门控图表显示其分数行和注意力行的查询，最大为 L-1</translation>
    </message>
    <message>
        <source>The MLP learns (cos, sin) of every pair on positions [0, L_train)</source>
        <translation>MLP 在位置 [0, L_train) 上学习每一对的 (cos, sin)</translation>
    </message>
    <message>
        <source>tanh units of the one hidden layer</source>
        <translation>唯一隐藏层的 tanh 单元数</translation>
    </message>
    <message>
        <source>Full-batch training steps</source>
        <translation>全批量训练步数</translation>
    </message>
</context>
<context>
    <name>TrickCurves</name>
    <message>
        <source>key position j</source>
        <translation>键位置 j</translation>
    </message>
    <message>
        <source>similarity Tᵢ·Tⱼ</source>
        <translation>相似度 Tᵢ·Tⱼ</translation>
    </message>
    <message>
        <source>row %1, PE + bias</source>
        <translation>第 %1 行，PE + 偏置</translation>
    </message>
    <message>
        <source>row %1, plain PE</source>
        <translation>第 %1 行，普通 PE</translation>
    </message>
    <message>
        <source>first %1 positions: start bias</source>
        <translation>前 %1 个位置：起始偏置</translation>
    </message>
    <message>
        <source>last %1 positions: end bias</source>
        <translation>后 %1 个位置：末尾偏置</translation>
    </message>
    <message>
        <source>α = %1</source>
        <translation>α = %1</translation>
    </message>
    <message>
        <source>α ramp %1 → %2</source>
        <translation>α 线性 %1 → %2</translation>
    </message>
    <message>
        <source>α sigmoid %1 → %2 at %3 ± %4</source>
        <translation>α sigmoid %1 → %2，中心 %3 ± %4</translation>
    </message>
    <message>
        <source>attention of query %1</source>
        <translation>查询 %1 的注意力</translation>
    </message>
    <message>
        <source>score of query %1</source>
        <translation>查询 %1 的分数</translation>
    </message>
    <message>
        <source>α = 1 (plain PE)</source>
        <translation>α = 1（普通 PE）</translation>
    </message>
    <message>
        <source>query i = %1</source>
        <translation>查询 i = %1</translation>
    </message>
    <message>
        <source>position p</source>
        <translation>位置 p</translation>
    </message>
    <message>
        <source>max error over %1 outputs</source>
        <translation>%1 个输出上的最大误差</translation>
    </message>
    <message>
        <source>inside %1, beyond %2</source>
        <translation>范围内 %1，范围外 %2</translation>
    </message>
    <message>
        <source>training range [0, %1)</source>
        <translation>训练范围 [0, %1)</translation>
    </message>
</context>
<context>
    <name>ViewFigure</name>
    <message>
        <source>Cannot export to %1: the file name must end in .png, .svg, .pdf, .npy or .csv</source>
        <translation>无法导出到 %1：文件名必须以 .png、.svg、.pdf、.npy 或 .csv 结尾</translation>
    </message>
    <message>
        <source>Cannot export to %1: %2</source>
        <translation>无法导出到 %1：%2</translation>
    </message>
    <message>
        <source>Cannot export to %1: the file name must end in .png, .svg or .pdf</source>
        <translation>无法导出到 %1：文件名必须以 .png、.svg 或 .pdf 结尾</translation>
    </message>
</context>
<context>
    <name>WorkspaceState</name>
    <message>
        <source>The %1 card has no %2 view.</source>
        <translation>%1 卡片没有 %2 视图。</translation>
    </message>
    <message>
        <source>The %1 card shows %2 views; the workspace has %3.</source>
        <translation>%1 卡片显示 %2 个视图；工作区中有 %3 个。</translation>
    </message>
    <message>
        <source>A second card of the same type is not shown (the deck has one of each).</source>
        <translation>同类型的第二张卡片不会显示（卡组中每种只有一张）。</translation>
    </message>
    <message>
        <source>Only the first of %1 compare pairs is shown.</source>
        <translation>%1 组比较中只显示第一组。</translation>
    </message>
</context>
<context>
    <name>pecards::app::CoverRenderer</name>
    <message>
        <source>Model: %1</source>
        <translation>模型：%1</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Figures</source>
        <translation>图</translation>
    </message>
    <message>
        <source>page %1: %2</source>
        <translation>第 %1 页：%2</translation>
    </message>
</context>
<context>
    <name>pecards::app::Difference</name>
    <message>
        <source>encoding value PE[p, c]</source>
        <translation>编码值 PE[p, c]</translation>
    </message>
    <message>
        <source>rotated probe component (Rₚ q)[c]</source>
        <translation>旋转后探针的分量 (Rₚ q)[c]</translation>
    </message>
    <message>
        <source>radians</source>
        <translation>弧度</translation>
    </message>
    <message>
        <source>similarity PEᵢ·PEⱼ</source>
        <translation>相似度 PEᵢ·PEⱼ</translation>
    </message>
    <message>
        <source>logit units</source>
        <translation>logit 单位</translation>
    </message>
    <message>
        <source>attention weight</source>
        <translation>注意力权重</translation>
    </message>
    <message>
        <source>clipped relative index</source>
        <translation>截断的相对索引</translation>
    </message>
    <message>
        <source>bucket index</source>
        <translation>桶索引</translation>
    </message>
    <message>
        <source>unseen (1) / seen (0)</source>
        <translation>未见过 (1) / 见过 (0)</translation>
    </message>
</context>
<context>
    <name>pecards::app::ChartBuilder</name>
    <message>
        <source>waves</source>
        <translation>波形</translation>
    </message>
    <message>
        <source>rotation of the pairs</source>
        <translation>频率对的旋转</translation>
    </message>
    <message>
        <source>wavelength spectrum</source>
        <translation>波长谱</translation>
    </message>
    <message>
        <source>long-term decay</source>
        <translation>远程衰减</translation>
    </message>
    <message>
        <source>bias per head</source>
        <translation>各头的偏置</translation>
    </message>
    <message>
        <source>relative-position index</source>
        <translation>相对位置索引</translation>
    </message>
    <message>
        <source>score against offset</source>
        <translation>得分随偏移变化</translation>
    </message>
    <message>
        <source>phase error of stored positions</source>
        <translation>存储精度造成的相位误差</translation>
    </message>
    <message>
        <source>scaling ratio per pair</source>
        <translation>各频率对的缩放比</translation>
    </message>
    <message>
        <source>score against distance per scaling</source>
        <translation>各缩放方式的得分随距离变化</translation>
    </message>
    <message>
        <source>dynamic NTK base</source>
        <translation>动态 NTK 底数</translation>
    </message>
    <message>
        <source>domain-aware PE: similarity rows</source>
        <translation>领域感知 PE：相似度行</translation>
    </message>
    <message>
        <source>gated PE: score row</source>
        <translation>门控 PE：分数行</translation>
    </message>
    <message>
        <source>gated PE: attention row</source>
        <translation>门控 PE：注意力行</translation>
    </message>
    <message>
        <source>PE distillation: error inside and beyond training</source>
        <translation>PE 蒸馏：训练范围内外的误差</translation>
    </message>
    <message>
        <source>learned position table beside the sinusoid</source>
        <translation>学习的位置表与正弦编码对照</translation>
    </message>
    <message>
        <source>learned table: similarity rows</source>
        <translation>学习的位置表：相似度行</translation>
    </message>
    <message>
        <source>learned table minus the sinusoid</source>
        <translation>学习的位置表减去正弦编码</translation>
    </message>
    <message>
        <source>critical dimension and extrapolation limit (Liu et al. 2023)</source>
        <translation>临界维度与外推上限（Liu et al. 2023）</translation>
    </message>
    <message>
        <source>base bound on context length (Men et al. 2024)</source>
        <translation>底数对上下文长度的下界（Men et al. 2024）</translation>
    </message>
    <message>
        <source>extrapolation against interpolation (Chen et al. 2023, Fig. 2)</source>
        <translation>外推与插值对比（Chen et al. 2023，图 2）</translation>
    </message>
    <message>
        <source>partial-frequency RoPE (p-RoPE, Barbero et al. 2024)</source>
        <translation>部分频率 RoPE（p-RoPE，Barbero et al. 2024）</translation>
    </message>
    <message>
        <source>pair map: which dimensions rotate together</source>
        <translation>频率对映射：哪些维一起旋转</translation>
    </message>
    <message>
        <source>position ids t, h, w of every token</source>
        <translation>每个词元的位置 id t、h、w</translation>
    </message>
    <message>
        <source>pair map: the axis each dimension follows</source>
        <translation>频率对映射：每一维跟随的轴</translation>
    </message>
</context>
<context>
    <name>pecards::app::FigureBuilder</name>
    <message>
        <source>hatched columns: sampled too coarsely for their wavelength, their pattern is aliasing (moiré); a smaller window or more rows shows them</source>
        <translation>斜线列：采样过粗，不足以分辨其波长，所见图案是混叠（摩尔纹）；缩小窗口或增加行数即可看清</translation>
    </message>
    <message>
        <source>relative-position index</source>
        <translation>相对位置索引</translation>
    </message>
    <message>
        <source>encoding table</source>
        <translation>编码表</translation>
    </message>
    <message>
        <source>rotation phase</source>
        <translation>旋转相位</translation>
    </message>
    <message>
        <source>positional score</source>
        <translation>位置得分</translation>
    </message>
    <message>
        <source>positional attention</source>
        <translation>位置注意力</translation>
    </message>
    <message>
        <source>content score</source>
        <translation>内容得分</translation>
    </message>
    <message>
        <source>content attention</source>
        <translation>内容注意力</translation>
    </message>
    <message>
        <source>angles never seen in training</source>
        <translation>训练中从未出现的角度</translation>
    </message>
    <message>
        <source>PE[p, c]</source>
        <translation>PE[p, c]</translation>
    </message>
    <message>
        <source>(Rₚ q)[c]</source>
        <translation>(Rₚ q)[c]</translation>
    </message>
    <message>
        <source>p·ωᵢ mod 2π (rad)</source>
        <translation>p·ωᵢ mod 2π（弧度）</translation>
    </message>
    <message>
        <source>p·θᵢ mod 2π (rad)</source>
        <translation>p·θᵢ mod 2π（弧度）</translation>
    </message>
    <message>
        <source>bias (logit units)</source>
        <translation>偏置（logit 单位）</translation>
    </message>
    <message>
        <source>similarity PEᵢ·PEⱼ</source>
        <translation>相似度 PEᵢ·PEⱼ</translation>
    </message>
    <message>
        <source>score (logit units)</source>
        <translation>得分（logit 单位）</translation>
    </message>
    <message>
        <source>attention weight</source>
        <translation>注意力权重</translation>
    </message>
    <message>
        <source>clipped index clip(j−i, −k, k)+k</source>
        <translation>截断索引 clip(j−i, −k, k)+k</translation>
    </message>
    <message>
        <source>bucket index</source>
        <translation>桶索引</translation>
    </message>
    <message>
        <source>logit</source>
        <translation>logit</translation>
    </message>
    <message>
        <source>unseen (1) / seen in training (0)</source>
        <translation>未见过 (1) / 训练中见过 (0)</translation>
    </message>
    <message>
        <source>dimension c</source>
        <translation>维度 c</translation>
    </message>
    <message>
        <source>frequency pair i</source>
        <translation>频率对 i</translation>
    </message>
    <message>
        <source>key position j</source>
        <translation>键位置 j</translation>
    </message>
    <message>
        <source>query position i</source>
        <translation>查询位置 i</translation>
    </message>
    <message>
        <source>position p</source>
        <translation>位置 p</translation>
    </message>
    <message>
        <source>query token i</source>
        <translation>查询词元 i</translation>
    </message>
    <message>
        <source>key token j</source>
        <translation>键词元 j</translation>
    </message>
</context>
<context>
    <name>pecards::app::FigureRenderer</name>
    <message>
        <source>masked</source>
        <translation>已掩码</translation>
    </message>
</context>
<context>
    <name>pecards::gui::AlibiCard</name>
    <message>
        <source>Bias against distance for all %1 heads (%2); thick: head %3</source>
        <translation>全部 %1 个头的偏置随距离的变化（%2）；粗线：第 %3 个头</translation>
    </message>
    <message>
        <source>ALiBi bias, %1, %2</source>
        <translation>ALiBi 偏置，%1，%2</translation>
    </message>
    <message>
        <source>Attention softmax(bias), %1, %2</source>
        <translation>注意力 softmax(偏置)，%1，%2</translation>
    </message>
    <message>
        <source>Content score qᵢ·kⱼ/√d + bias, %1, %2</source>
        <translation>内容得分 qᵢ·kⱼ/√d + 偏置，%1，%2</translation>
    </message>
    <message>
        <source>Content attention, %1, %2</source>
        <translation>内容注意力，%1，%2</translation>
    </message>
    <message>
        <source>ALiBi</source>
        <translation>ALiBi</translation>
    </message>
    <message>
        <source>Press et al. 2022 §3; slopes as ofirpress get_slopes / HF BLOOM build_alibi_tensor</source>
        <translation>Press 等人 2022 §3；斜率同 ofirpress get_slopes / HF BLOOM build_alibi_tensor</translation>
    </message>
</context>
<context>
    <name>pecards::gui::Autosave</name>
    <message>
        <source>Restore workspace</source>
        <translation>恢复工作区</translation>
    </message>
    <message>
        <source>PE Cards did not close normally last time. Restore the workspace it saved (%1)?</source>
        <translation>PE Cards 上次未正常关闭。要恢复它保存的工作区（%1）吗？</translation>
    </message>
    <message>
        <source>The crash-recovery copy was not saved: %1</source>
        <translation>崩溃恢复副本未能保存：%1</translation>
    </message>
    <message>
        <source>%1 PE Cards are running: this one keeps no copy</source>
        <translation>已有 %1 个 PE Cards 在运行：此窗口不保存副本</translation>
    </message>
    <message>
        <source>The workspace of the last session could not be restored.

%1

The file is kept as %2.</source>
        <translation>上次会话的工作区无法恢复。

%1

该文件已保留为 %2。</translation>
    </message>
</context>
<context>
    <name>pecards::gui::CardPage</name>
    <message>
        <source>Change parameters</source>
        <translation>修改参数</translation>
    </message>
    <message>
        <source>Reset %1 to defaults</source>
        <translation>将 %1 恢复默认值</translation>
    </message>
    <message>
        <source>Turn the card over (Card &gt; Flip, %1)</source>
        <translation>翻转卡片（卡片 &gt; 翻转，%1）</translation>
    </message>
    <message>
        <source>Back to views</source>
        <translation>返回视图</translation>
    </message>
    <message>
        <source>Pitfalls</source>
        <translation>陷阱</translation>
    </message>
    <message>
        <source>The classic bugs of this encoding next to the correct version</source>
        <translation>该编码的经典错误与正确版本的对比</translation>
    </message>
    <message>
        <source>&lt;b&gt;Numbers follow:&lt;/b&gt; %1&lt;br&gt;&lt;b&gt;Convention:&lt;/b&gt; %2</source>
        <translation>&lt;b&gt;数值依据：&lt;/b&gt;%1&lt;br&gt;&lt;b&gt;约定：&lt;/b&gt;%2</translation>
    </message>
    <message>
        <source>Flip to back ⟲</source>
        <translation>翻到背面 ⟲</translation>
    </message>
    <message>
        <source>Flip to front ⟲</source>
        <translation>翻到正面 ⟲</translation>
    </message>
    <message>
        <source>the Pitfalls view (still computing, or a side has an error)</source>
        <translation>陷阱视图（仍在计算，或某一侧出错）</translation>
    </message>
    <message>
        <source>Buggy − correct (its own Save… button saves it)</source>
        <translation>错误 − 正确（用它自己的“保存…”按钮保存）</translation>
    </message>
</context>
<context>
    <name>pecards::gui::ChartPanel</name>
    <message>
        <source>Comma-separated %1; empty = automatic</source>
        <translation>以逗号分隔的%1；留空 = 自动</translation>
    </message>
    <message>
        <source>pair indices i</source>
        <translation>频率对编号 i</translation>
    </message>
    <message>
        <source>dimensions / pairs</source>
        <translation>维度 / 频率对</translation>
    </message>
    <message>
        <source>pairs:</source>
        <translation>频率对：</translation>
    </message>
    <message>
        <source>channels:</source>
        <translation>通道：</translation>
    </message>
    <message>
        <source>Position m: drag to rotate every pair by m·θᵢ</source>
        <translation>位置 m：拖动使每个频率对旋转 m·θᵢ</translation>
    </message>
    <message>
        <source>Sequence length n: dynamic NTK recomputes the base b&apos; for it</source>
        <translation>序列长度 n：动态 NTK 按它重新计算底数 b&apos;</translation>
    </message>
    <message>
        <source>position m:</source>
        <translation>位置 m：</translation>
    </message>
    <message>
        <source>sequence length n:</source>
        <translation>序列长度 n：</translation>
    </message>
    <message>
        <source>Positions shown</source>
        <translation>显示的位置数</translation>
    </message>
    <message>
        <source>Largest distance shown</source>
        <translation>显示的最大距离</translation>
    </message>
    <message>
        <source>positions:</source>
        <translation>位置：</translation>
    </message>
    <message>
        <source>reach:</source>
        <translation>范围：</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>B: %1</source>
        <translation>B：%1</translation>
    </message>
    <message>
        <source>%1 &quot;%2&quot; is not a whole number: enter %3 from 0 to %4, separated by commas (empty: automatic)</source>
        <translation>%1“%2”不是整数：请输入 0 到 %4 之间的 %3，用逗号分隔（留空：自动）</translation>
    </message>
</context>
<context>
    <name>pecards::gui::ChartWidget</name>
    <message>
        <source>%1: x = %2, y = %3</source>
        <translation>%1：x = %2，y = %3</translation>
    </message>
</context>
<context>
    <name>pecards::gui::CheckDialog</name>
    <message>
        <source>Show this &amp;bug</source>
        <translation>查看此错误(&amp;B)</translation>
    </message>
    <message>
        <source>Open the diagnosed bug in the RoPE card&apos;s Pitfalls view, with the card&apos;s parameters</source>
        <translation>在 RoPE 卡片的陷阱视图中以卡片的参数打开诊断出的错误</translation>
    </message>
    <message>
        <source>head_dim %1, rotary_dim %2, base %3, layout %4, scaling %5</source>
        <translation>head_dim %1，rotary_dim %2，底数 %3，布局 %4，缩放 %5</translation>
    </message>
    <message>
        <source>position m</source>
        <translation>位置 m</translation>
    </message>
    <message>
        <source>pair i (error ÷ tolerance, log colours)</source>
        <translation>频率对 i（误差 ÷ 容差，对数色标）</translation>
    </message>
    <message>
        <source>&amp;Check</source>
        <translation>检查(&amp;C)</translation>
    </message>
    <message>
        <source>Check an implementation</source>
        <translation>检查实现</translation>
    </message>
    <message>
        <source>Your engine&apos;s RoPE numbers against the reference for the RoPE card&apos;s model: %1.</source>
        <translation>你的引擎的 RoPE 数值与 RoPE 卡片模型的参考值对比：%1。</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>positions × r (HF layout) or positions × r/2</source>
        <translation>位置数 × r（HF 布局）或位置数 × r/2</translation>
    </message>
    <message>
        <source>the shape of cos</source>
        <translation>与 cos 形状相同</translation>
    </message>
    <message>
        <source>The format your engine computed or stored the numbers in: it sets the tolerance</source>
        <translation>引擎计算或存储这些数值所用的格式：它决定容差</translation>
    </message>
    <message>
        <source>The position of the tables&apos; first row</source>
        <translation>表格第一行对应的位置</translation>
    </message>
    <message>
        <source>format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>first position</source>
        <translation>起始位置</translation>
    </message>
    <message>
        <source>variant</source>
        <translation>变体</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>吻合</translation>
    </message>
    <message>
        <source>max error ÷ tolerance</source>
        <translation>最大误差 ÷ 容差</translation>
    </message>
    <message>
        <source>the bug</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>cos</source>
        <translation>cos</translation>
    </message>
    <message>
        <source>sin</source>
        <translation>sin</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>检查中…</translation>
    </message>
    <message>
        <source>&lt;b style=&apos;color:#1b7a1b&apos;&gt;Matches the reference&lt;/b&gt;: max error %1 of the tolerance.</source>
        <translation>&lt;b style=&apos;color:#1b7a1b&apos;&gt;与参考值一致&lt;/b&gt;：最大误差为容差的 %1。</translation>
    </message>
    <message>
        <source>&lt;b style=&apos;color:#b00020&apos;&gt;Does not match the reference&lt;/b&gt;: another size than the model&apos;s table.</source>
        <translation>&lt;b style=&apos;color:#b00020&apos;&gt;与参考值不一致&lt;/b&gt;：尺寸与模型的表不同。</translation>
    </message>
    <message>
        <source>&lt;b style=&apos;color:#b00020&apos;&gt;Does not match the reference&lt;/b&gt;: max error %1 tolerances (%2 absolute)</source>
        <translation>&lt;b style=&apos;color:#b00020&apos;&gt;与参考值不一致&lt;/b&gt;：最大误差为 %1 个容差（绝对误差 %2）</translation>
    </message>
    <message>
        <source>, first at position %1, pair %2.</source>
        <translation>，最早出现在位置 %1、频率对 %2。</translation>
    </message>
    <message>
        <source>, first at pair %1.</source>
        <translation>，最早出现在频率对 %1。</translation>
    </message>
    <message>
        <source> Diagnosis: &lt;b&gt;%1&lt;/b&gt;, %2.</source>
        <translation> 诊断：&lt;b&gt;%1&lt;/b&gt;，%2。</translation>
    </message>
    <message>
        <source> No known bug reproduces these numbers: the error starts where marked.</source>
        <translation> 没有已知错误能复现这些数值：误差从标记处开始。</translation>
    </message>
    <message>
        <source>another size</source>
        <translation>尺寸不同</translation>
    </message>
    <message>
        <source>cos and sin cache</source>
        <translation>cos 与 sin 缓存</translation>
    </message>
    <message>
        <source>rotated q or k</source>
        <translation>旋转后的 q 或 k</translation>
    </message>
    <message>
        <source>inv_freq</source>
        <translation>inv_freq</translation>
    </message>
    <message>
        <source>GGUF file (llama.cpp)</source>
        <translation>GGUF 文件（llama.cpp）</translation>
    </message>
    <message>
        <source>What your engine gives: tables as .npy, or FILE.safetensors:TENSOR</source>
        <translation>你的引擎给出的内容：表为 .npy，或 文件.safetensors:张量名</translation>
    </message>
    <message>
        <source>your table</source>
        <translation>你的表</translation>
    </message>
    <message>
        <source>The engine&apos;s table</source>
        <translation>引擎的表</translation>
    </message>
    <message>
        <source>The engine&apos;s second table</source>
        <translation>引擎的第二个表</translation>
    </message>
    <message>
        <source>GGUF file (*.gguf)</source>
        <translation>GGUF 文件 (*.gguf)</translation>
    </message>
    <message>
        <source>Tables (*.npy *.safetensors);;NumPy array (*.npy)</source>
        <translation>表 (*.npy *.safetensors);;NumPy 数组 (*.npy)</translation>
    </message>
    <message>
        <source>rotated</source>
        <translation>旋转后</translation>
    </message>
    <message>
        <source>GGUF file</source>
        <translation>GGUF 文件</translation>
    </message>
    <message>
        <source>unrotated</source>
        <translation>旋转前</translation>
    </message>
    <message>
        <source>positions × head_dim, after your RoPE</source>
        <translation>位置数 × head_dim，经过你的 RoPE 之后</translation>
    </message>
    <message>
        <source>r/2 frequencies</source>
        <translation>r/2 个频率</translation>
    </message>
    <message>
        <source>its rope metadata and rope_freqs tensor</source>
        <translation>其 rope 元数据与 rope_freqs 张量</translation>
    </message>
    <message>
        <source>the same vectors before RoPE</source>
        <translation>RoPE 之前的同一批向量</translation>
    </message>
    <message>
        <source>Choose the engine&apos;s %1 file.</source>
        <translation>请选择引擎的 %1 文件。</translation>
    </message>
    <message>
        <source>%1 is missing: this table is checked with its %1.</source>
        <translation>缺少 %1：此表须与 %1 一起检查。</translation>
    </message>
</context>
<context>
    <name>pecards::gui::CompareView</name>
    <message>
        <source>Change compare</source>
        <translation>更改比较</translation>
    </message>
    <message>
        <source>&lt;b&gt;Compare&lt;/b&gt;</source>
        <translation>&lt;b&gt;比较&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Two cards, or one card with two parameter sets: A, B and A − B</source>
        <translation>两张卡片，或同一张卡片的两组参数：A、B 与 A − B</translation>
    </message>
    <message>
        <source>view:</source>
        <translation>视图：</translation>
    </message>
    <message>
        <source>&lt;b&gt;A&lt;/b&gt; card:</source>
        <translation>&lt;b&gt;A&lt;/b&gt; 卡片：</translation>
    </message>
    <message>
        <source>&lt;b&gt;B&lt;/b&gt; card:</source>
        <translation>&lt;b&gt;B&lt;/b&gt; 卡片：</translation>
    </message>
    <message>
        <source>RoPE base 10⁴ vs 5·10⁵</source>
        <translation>RoPE 底数 10⁴ 对比 5·10⁵</translation>
    </message>
    <message>
        <source>ALiBi vs RoPE+ALiBi</source>
        <translation>ALiBi 对比 RoPE+ALiBi</translation>
    </message>
    <message>
        <source>ALiBi causal vs BLOOM form</source>
        <translation>ALiBi 因果形式对比 BLOOM 形式</translation>
    </message>
    <message>
        <source>A: %1</source>
        <translation>A：%1</translation>
    </message>
    <message>
        <source>B: %1</source>
        <translation>B：%1</translation>
    </message>
    <message>
        <source>%1 — %2: %3</source>
        <translation>%1 — %2：%3</translation>
    </message>
    <message>
        <source>A − B (%1), diverging colours centred at 0</source>
        <translation>A − B（%1），发散色图以 0 为中心</translation>
    </message>
    <message>
        <source>A: %1
B: %2</source>
        <translation>A：%1
B：%2</translation>
    </message>
    <message>
        <source>A and B are still being computed; save again once they are shown.</source>
        <translation>A 和 B 仍在计算中；显示后请再次保存。</translation>
    </message>
</context>
<context>
    <name>pecards::gui::ComputeWorker</name>
    <message>
        <source>OpenCL failed while running (%1); using CPU reference</source>
        <translation>OpenCL 运行时出错（%1）；改用 CPU 参考实现</translation>
    </message>
    <message>
        <source>Not enough memory for this view (the system refused an allocation): a smaller zoom window, the sample reduction or a shorter sequence needs less</source>
        <translation>内存不足，无法计算此视图（系统拒绝了一次内存分配）：缩小缩放窗口、改用采样归约或缩短序列都能减少所需内存</translation>
    </message>
</context>
<context>
    <name>pecards::gui::DeviceStatus</name>
    <message>
        <source>device: starting…</source>
        <translation>设备：启动中…</translation>
    </message>
    <message>
        <source>device: %1</source>
        <translation>设备：%1</translation>
    </message>
    <message>
        <source>device: %1 — %2</source>
        <translation>设备：%1 — %2</translation>
    </message>
    <message>
        <source>%1: %2 ms</source>
        <translation>%1：%2 毫秒</translation>
    </message>
    <message>
        <source>view %1: %2 ms</source>
        <translation>视图 %1：%2 毫秒</translation>
    </message>
    <message>
        <source>%1: %2 ms · %3</source>
        <translation>%1：%2 毫秒 · %3</translation>
    </message>
    <message>
        <source>all exact</source>
        <translation>全部精确</translation>
    </message>
    <message>
        <source>not all exact yet</source>
        <translation>尚未全部精确</translation>
    </message>
    <message>
        <source>Compare A | B</source>
        <translation>比较 A | B</translation>
    </message>
    <message>
        <source>%1, view %2: %3</source>
        <translation>%1，视图 %2：%3</translation>
    </message>
    <message>
        <source>%1, one entry</source>
        <translation>%1，单个元素</translation>
    </message>
</context>
<context>
    <name>pecards::gui::DifferencePanel</name>
    <message>
        <source>masked</source>
        <translation>已掩码</translation>
    </message>
    <message>
        <source>⟲ Full</source>
        <translation>⟲ 全图</translation>
    </message>
    <message>
        <source>Show the full extent again in A, B and A − B (or double-click a heatmap)</source>
        <translation>在 A、B 和 A − B 中重新显示全部范围（或双击任一热图）</translation>
    </message>
    <message>
        <source>A − B of the heatmaps A and B.
Wheel or drag a rectangle to zoom A, B and A − B together;
double-click to reset; hover for the exact values of A, B and A − B.</source>
        <translation>热图 A 与 B 的差 A − B。
滚轮或拖出矩形可同时缩放 A、B 和 A − B；
双击复原；悬停可查看 A、B 和 A − B 的精确值。</translation>
    </message>
    <message>
        <source>A − B, masked on either side = grey; hover for exact values</source>
        <translation>A − B，任一侧被掩码处为灰色；悬停可查看精确值</translation>
    </message>
    <message>
        <source>pixel A − B = %1</source>
        <translation>像素 A − B = %1</translation>
    </message>
    <message>
        <source>%1 = %2, %3 = %4</source>
        <translation>%1 = %2，%3 = %4</translation>
    </message>
    <message>
        <source>%1: asking the double-precision reference…  ·  %2</source>
        <translation>%1：正在询问双精度参考实现…  ·  %2</translation>
    </message>
    <message>
        <source>%1: A − B = %2 (exact, double precision: A = %3, B = %4)  ·  %5</source>
        <translation>%1：A − B = %2（精确值，双精度：A = %3，B = %4）  ·  %5</translation>
    </message>
</context>
<context>
    <name>pecards::gui::EncodingChoiceDialog</name>
    <message>
        <source>Sinusoidal absolute</source>
        <translation>正弦绝对位置编码</translation>
    </message>
    <message>
        <source>Learned absolute</source>
        <translation>可学习绝对位置编码</translation>
    </message>
    <message>
        <source>Shaw relative (k = %1)</source>
        <translation>Shaw 相对位置（k = %1）</translation>
    </message>
    <message>
        <source>T5 buckets (%1, max %2)</source>
        <translation>T5 分桶（%1 个，最大距离 %2）</translation>
    </message>
    <message>
        <source>Transformer-XL</source>
        <translation>Transformer-XL</translation>
    </message>
    <message>
        <source>ALiBi</source>
        <translation>ALiBi</translation>
    </message>
    <message>
        <source>RoPE (base %1)</source>
        <translation>RoPE（base %1）</translation>
    </message>
    <message>
        <source>RoPE + ALiBi</source>
        <translation>RoPE + ALiBi</translation>
    </message>
    <message>
        <source>%1 of %2 pairs reach angles never seen (wavelength &gt; L0)</source>
        <translation>%2 对中有 %1 对到达训练中从未出现的角度（波长 &gt; L0）</translation>
    </message>
    <message>
        <source>%1 of %2 positions are new vectors (absolute code)</source>
        <translation>%2 个位置中有 %1 个是新向量（绝对编码）</translation>
    </message>
    <message>
        <source>%1 of %2 positions have no trained row</source>
        <translation>%2 个位置中有 %1 个没有训练过的行</translation>
    </message>
    <message>
        <source>%1 of %2 indices new; offsets beyond k share one</source>
        <translation>%2 个索引中有 %1 个是新的；超过 k 的偏移共用一个</translation>
    </message>
    <message>
        <source>%1 of %2 buckets new; beyond max_distance: last bucket</source>
        <translation>%2 个桶中有 %1 个是新的；超过 max_distance 落入最后一个桶</translation>
    </message>
    <message>
        <source>nothing learned is unseen: perplexity stays flat past L0, but far keys are not retrieved (steep heads stay local)</source>
        <translation>没有未见过的学习参数：超过 L0 后困惑度保持平稳，但远处的键检索不到（陡峭的头只关注附近）</translation>
    </message>
    <message>
        <source>added before Wₖ: cached keys never change</source>
        <translation>在 Wₖ 之前相加：缓存的键永不改变</translation>
    </message>
    <message>
        <source>plain keys; q·aᴷ and aⱽ looked up when scoring</source>
        <translation>键不变；打分时查表计算 q·aᴷ 和 aⱽ</translation>
    </message>
    <message>
        <source>plain keys; bias added to the scores</source>
        <translation>键不变；偏置加到分数上</translation>
    </message>
    <message>
        <source>caches hidden states; position terms recomputed with _rel_shift</source>
        <translation>缓存隐藏状态；位置项用 _rel_shift 重新计算</translation>
    </message>
    <message>
        <source>keys rotated once by their position when cached</source>
        <translation>键在写入缓存时按其位置旋转一次</translation>
    </message>
    <message>
        <source>keys rotated once when cached; bias added to the scores</source>
        <translation>键在写入缓存时旋转一次；偏置加到分数上</translation>
    </message>
    <message>
        <source>Choosing an encoding</source>
        <translation>选择位置编码</translation>
    </message>
    <message>
        <source>L</source>
        <translation>L</translation>
    </message>
    <message>
        <source>head_dim</source>
        <translation>head_dim</translation>
    </message>
    <message>
        <source>Size of one head, even, [2, 1024]; d_model = heads × head_dim</source>
        <translation>每个头的维度，偶数，[2, 1024]；d_model = 头数 × head_dim</translation>
    </message>
    <message>
        <source>Heads</source>
        <translation>头数</translation>
    </message>
    <message>
        <source>Attention heads H, [1, 128]</source>
        <translation>注意力头数 H，[1, 128]</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>Transformer layers, [1, 1024]</source>
        <translation>Transformer 层数，[1, 1024]</translation>
    </message>
    <message>
        <source>L0</source>
        <translation>L0</translation>
    </message>
    <message>
        <source>Bytes/value</source>
        <translation>字节/值</translation>
    </message>
    <message>
        <source>Bytes per stored value: 2 for bf16/fp16, 4 for fp32</source>
        <translation>每个存储值的字节数：bf16/fp16 为 2，fp32 为 4</translation>
    </message>
    <message>
        <source>Encoding</source>
        <translation>编码</translation>
    </message>
    <message>
        <source>Learned
parameters</source>
        <translation>可学习
参数</translation>
    </message>
    <message>
        <source>Parameter
memory</source>
        <translation>参数
内存</translation>
    </message>
    <message>
        <source>Position
tensors at L</source>
        <translation>长度 L 时的
位置张量</translation>
    </message>
    <message>
        <source>Extra work
per token</source>
        <translation>每个词元的
额外计算</translation>
    </message>
    <message>
        <source>Beyond L0
(what is unseen)</source>
        <translation>超出 L0
（未见过的部分）</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>Used by</source>
        <translation>使用的模型</translation>
    </message>
    <message>
        <source>Encoding family</source>
        <translation>编码家族</translation>
    </message>
    <message>
        <source>Learned position parameters of the whole model: a learned table has L0 × d_model, Shaw 2(2k+1) × head_dim per layer, T5 buckets × heads once (shared by the layers), Transformer-XL W_R, u, v per layer; fixed functions have none</source>
        <translation>整个模型的可学习位置参数：可学习表为 L × d_model，Shaw 每层 2(2k+1) × head_dim，T5 为桶数 × 头数且只有一份（各层共享），Transformer-XL 每层有 W_R、u、v；固定函数没有参数</translation>
    </message>
    <message>
        <source>Learned parameters × bytes per value, in bytes</source>
        <translation>可学习参数 × 每个值的字节数，单位为字节</translation>
    </message>
    <message>
        <source>Position tensors the reference builds for one sequence of L positions (one layer at a time, not counting the attention scores), in bytes</source>
        <translation>参考实现为一条长度为 L 的序列构建的位置张量（一次一层，不含注意力分数），单位为字节</translation>
    </message>
    <message>
        <source>Multiplies, adds and multiply-adds (one each) for the query at L-1 over its L keys, beyond plain attention, summed over layers and heads: operations per token</source>
        <translation>位置 L-1 的查询对其 L 个键所需的乘法、加法和乘加（各计一次），不含普通注意力本身，对所有层和头求和：每个词元的运算次数</translation>
    </message>
    <message>
        <source>What a sequence of L positions meets that training at L0 never did</source>
        <translation>长度为 L 的序列会遇到、而在长度 L0 的训练中从未出现的内容</translation>
    </message>
    <message>
        <source>How cached keys are used when the next token arrives</source>
        <translation>下一个 token 到来时如何使用缓存的键</translation>
    </message>
    <message>
        <source>Widely used models with this encoding</source>
        <translation>使用这种编码的常见模型</translation>
    </message>
    <message>
        <source>Every number is computed by the engine for this target (Shaw k, T5 buckets and the base from the current card). Sources and definitions: docs/choosing.md.</source>
        <translation>每个数字都由引擎针对该目标计算（Shaw 的 k、T5 的分桶和 base 取自当前卡片）。来源与定义：docs/choosing.md。</translation>
    </message>
    <message>
        <source>Target length L in positions, [1, %1]</source>
        <translation>目标长度 L（位置数），[1, %1]</translation>
    </message>
    <message>
        <source>Training length L0 in positions, [2, %1]</source>
        <translation>训练长度 L0（位置数），[2, %1]</translation>
    </message>
    <message>
        <source>RoPE + PI (s = L/L0)</source>
        <translation>RoPE + PI（s = L/L0）</translation>
    </message>
    <message>
        <source>RoPE + YaRN (s = L/L0)</source>
        <translation>RoPE + YaRN（s = L/L0）</translation>
    </message>
    <message>
        <source>RoPE + llama3 (s = L/L0)</source>
        <translation>RoPE + llama3（s = L/L0）</translation>
    </message>
    <message>
        <source>p-RoPE (p = 1/4, proportional)</source>
        <translation>p-RoPE（p = 1/4，proportional）</translation>
    </message>
    <message>
        <source>RoPE + NoPE every 4th layer</source>
        <translation>RoPE + 每第 4 层 NoPE</translation>
    </message>
    <message>
        <source>NoPE (no positional encoding)</source>
        <translation>NoPE（无位置编码）</translation>
    </message>
    <message>
        <source>%1, up to %2 positions past L0</source>
        <translation>%1，最多超出 L0 %2 个位置</translation>
    </message>
    <message>
        <source>; only the fastest %1 pairs rotate</source>
        <translation>；只有最快的 %1 对旋转</translation>
    </message>
    <message>
        <source> in the %1 RoPE layers; the NoPE layers temper their queries</source>
        <translation>（在 %1 个 RoPE 层中）；NoPE 层对查询做温度缩放</translation>
    </message>
    <message>
        <source>; the bias damps far keys</source>
        <translation>；偏置压低远处的键</translation>
    </message>
    <message>
        <source>s = %1: %2 of %3 pairs end up to %4 positions past their trained angles; after a fine-tune at L, none (%5)</source>
        <translation>s = %1：%3 对中有 %2 对的角度最多超出训练所见 %4 个位置；在 L 上微调后为 0（%5）</translation>
    </message>
    <message>
        <source>fine-tune: about 1000 steps in Chen et al. 2023</source>
        <translation>微调：Chen 等人 2023 中约 1000 步</translation>
    </message>
    <message>
        <source>fine-tune: about 400 steps in Peng et al. 2023</source>
        <translation>微调：Peng 等人 2023 中约 400 步</translation>
    </message>
    <message>
        <source>long-context continued pretraining (Llama 3.1)</source>
        <translation>长上下文继续预训练（Llama 3.1）</translation>
    </message>
    <message>
        <source>nothing positional is unseen; position is implicit in the causal mask, and past L0 attention spreads over more keys than training showed</source>
        <translation>没有未见过的位置信号；位置隐含在因果掩码中，超过 L0 后注意力分散到比训练时更多的键上</translation>
    </message>
    <message>
        <source>plain keys and scores: nothing positional</source>
        <translation>普通的键和分数：没有位置信息</translation>
    </message>
    <message>
        <source>L ≤ L0: s = 1, nothing to rescale and nothing unseen</source>
        <translation>L ≤ L0：s = 1，无需缩放，也没有未见过的角度</translation>
    </message>
    <message>
        <source>s = %1: no pair passes its trained angles (%2)</source>
        <translation>s = %1：没有频率对超出训练所见的角度（%2）</translation>
    </message>
</context>
<context>
    <name>pecards::gui::FactorTable</name>
    <message>
        <source>short_factor</source>
        <translation>short_factor</translation>
    </message>
    <message>
        <source>long_factor</source>
        <translation>long_factor</translation>
    </message>
    <message>
        <source>LongRoPE: pair i&apos;s wavelength is multiplied by short_factor[i] up to L0 and by long_factor[i] beyond it; one entry per pair (rotary_dim/2)</source>
        <translation>LongRoPE：第 i 对的波长在 L0 以内乘以 short_factor[i]，超过 L0 乘以 long_factor[i]；每对一项（rotary_dim/2 项）</translation>
    </message>
    <message>
        <source>i = %1</source>
        <translation>i = %1</translation>
    </message>
    <message>
        <source>Fit both lists to rotary_dim/2 = %1 entries</source>
        <translation>把两个列表调整为 rotary_dim/2 = %1 项</translation>
    </message>
</context>
<context>
    <name>pecards::gui::FigureOptionsDialog</name>
    <message>
        <source>One column (%1)</source>
        <translation>单栏（%1）</translation>
    </message>
    <message>
        <source>Two columns (%1)</source>
        <translation>双栏（%1）</translation>
    </message>
    <message>
        <source>Slide 16:9 (%1)</source>
        <translation>幻灯片 16:9（%1）</translation>
    </message>
    <message>
        <source>Poster (%1)</source>
        <translation>海报（%1）</translation>
    </message>
    <message>
        <source>Transparent background</source>
        <translation>透明背景</translation>
    </message>
    <message>
        <source>Figure options</source>
        <translation>图形选项</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <source> in</source>
        <translation> 英寸</translation>
    </message>
    <message>
        <source> pt</source>
        <translation> 磅</translation>
    </message>
    <message>
        <source> dpi</source>
        <translation> dpi</translation>
    </message>
    <message>
        <source>Pixels = inches × dpi</source>
        <translation>像素 = 英寸 × dpi</translation>
    </message>
    <message>
        <source>SVG and PDF are vector drawings</source>
        <translation>SVG 和 PDF 是矢量图</translation>
    </message>
    <message>
        <source>Preset:</source>
        <translation>预设：</translation>
    </message>
    <message>
        <source>Width:</source>
        <translation>宽度：</translation>
    </message>
    <message>
        <source>Height:</source>
        <translation>高度：</translation>
    </message>
    <message>
        <source>Font size:</source>
        <translation>字号：</translation>
    </message>
    <message>
        <source>Resolution:</source>
        <translation>分辨率：</translation>
    </message>
    <message>
        <source>Title over the plot</source>
        <translation>图上方的标题</translation>
    </message>
    <message>
        <source>Caption with every parameter</source>
        <translation>列出全部参数的图注</translation>
    </message>
    <message>
        <source>Off for a paper that sets it in the document: the plot takes its room</source>
        <translation>论文在正文中另写时关闭：空出的位置留给图</translation>
    </message>
</context>
<context>
    <name>pecards::gui::GuideBrowser</name>
    <message>
        <source>PE Cards user guide</source>
        <translation>PE Cards 用户指南</translation>
    </message>
    <message>
        <source>&amp;Back</source>
        <translation>后退(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Contents</source>
        <translation>目录(&amp;C)</translation>
    </message>
</context>
<context>
    <name>pecards::gui::HeatmapController</name>
    <message>
        <source>masked (-inf)</source>
        <translation>已掩码（-inf）</translation>
    </message>
    <message>
        <source>sampled picture</source>
        <translation>采样图</translation>
    </message>
    <message>
        <source>exact %1</source>
        <translation>精确%1</translation>
    </message>
    <message>
        <source>%1: %2 (exact, double-precision reference)  ·  %3</source>
        <translation>%1：%2（精确值，双精度参考实现）  ·  %3</translation>
    </message>
    <message>
        <source>%1: %2 (exact entry, double precision)</source>
        <translation>%1：%2（精确条目，双精度）</translation>
    </message>
    <message>
        <source>pixel = %1 (%2, %3)</source>
        <translation>像素 = %1（%2，%3）</translation>
    </message>
    <message>
        <source>pixel %1 of ~%2×%3 entries = %4 (%5)</source>
        <translation>像素 = 约 %2×%3 个条目的 %1 = %4（%5）</translation>
    </message>
    <message>
        <source>%1: asking the double-precision reference…  ·  %2</source>
        <translation>%1：正在询问双精度参考实现…  ·  %2</translation>
    </message>
    <message>
        <source>%1 %2–%3 × %4 %5–%6</source>
        <translation>%1 %2–%3 × %4 %5–%6</translation>
    </message>
    <message>
        <source>exact: one entry per pixel</source>
        <translation>精确：每像素一个条目</translation>
    </message>
    <message>
        <source>pixel = %1 of ~%2×%3 entries</source>
        <translation>像素 = 约 %2×%3 个条目的 %1</translation>
    </message>
    <message>
        <source>SAMPLED picture</source>
        <translation>采样图</translation>
    </message>
    <message>
        <source>ESTIMATED softmax (each row&apos;s normaliser from ≤%1 of its keys)</source>
        <translation>估计的 softmax（每行的归一化常数取自其至多 %1 个键）</translation>
    </message>
    <message>
        <source>softmax</source>
        <translation>softmax</translation>
    </message>
    <message>
        <source>  ·  %1: exact %2 computing in the background</source>
        <translation>  ·  %1：精确%2正在后台计算</translation>
    </message>
    <message>
        <source>  ·  %1: exact %2 cancelled (zoom or change a parameter to compute it)</source>
        <translation>  ·  %1：精确%2已取消（缩放或更改参数可重新计算）</translation>
    </message>
    <message>
        <source>exact softmax</source>
        <translation>精确 softmax</translation>
    </message>
    <message>
        <source>, estimated normaliser</source>
        <translation>，归一化常数为估计值</translation>
    </message>
    <message>
        <source>  ·  ALIASED: hatched columns oscillate faster than one sample per %1 rows can show; zoom in</source>
        <translation>  ·  混叠：带斜线的列振荡得比每 %1 行取一个样本所能显示的更快；请放大</translation>
    </message>
    <message>
        <source>%1  ·  %2</source>
        <translation>%1  ·  %2</translation>
    </message>
    <message>
        <source>%1.
Wheel or drag a rectangle to zoom (the engine recomputes the window exactly);
double-click to reset; hover for the exact value.</source>
        <translation>%1。
滚轮或拖出矩形可缩放（引擎精确重算该窗口）；
双击复原；悬停可查看精确值。</translation>
    </message>
    <message>
        <source>%1 = %2, %3 = %4</source>
        <translation>%1 = %2，%3 = %4</translation>
    </message>
    <message>
        <source>Cancelled before the picture of these parameters was drawn: the one shown is of the previous parameters. Zoom or change a parameter to compute it.</source>
        <translation>在这些参数的图画出之前已取消：显示的是先前参数的图。缩放或更改参数即可计算。</translation>
    </message>
</context>
<context>
    <name>pecards::gui::HeatmapPanel</name>
    <message>
        <source>How one pixel summarises the block of entries it covers</source>
        <translation>一个像素如何概括它覆盖的条目块</translation>
    </message>
    <message>
        <source>⟲ Full</source>
        <translation>⟲ 全图</translation>
    </message>
    <message>
        <source>Show the full extent again (or double-click the heatmap)</source>
        <translation>重新显示全部范围（或双击热图）</translation>
    </message>
    <message>
        <source>Reset zoom</source>
        <translation>复原缩放</translation>
    </message>
    <message>
        <source>Colour map</source>
        <translation>色图</translation>
    </message>
    <message>
        <source>Automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>Lock colour range</source>
        <translation>锁定颜色范围</translation>
    </message>
    <message>
        <source>Keep this colour range while zooming or changing parameters</source>
        <translation>缩放或修改参数时保持此颜色范围</translation>
    </message>
    <message>
        <source>Logarithmic colour scale</source>
        <translation>对数颜色刻度</translation>
    </message>
</context>
<context>
    <name>pecards::gui::HeatmapWidget</name>
    <message>
        <source>computing…</source>
        <translation>计算中…</translation>
    </message>
    <message numerus="yes">
        <source>%n invalid value(s) (NaN or +inf) shown in magenta</source>
        <translation>
            <numerusform>%n 个无效值（NaN 或 +inf）以品红色显示</numerusform>
        </translation>
    </message>
    <message>
        <source>aliased (hatched): sampled too coarsely</source>
        <translation>混叠（斜线）：采样过粗</translation>
    </message>
    <message>
        <source>ticks + %1</source>
        <translation>刻度 + %1</translation>
    </message>
    <message>
        <source>masked</source>
        <translation>已掩码</translation>
    </message>
    <message>
        <source>aliased (hatched)</source>
        <translation>混叠（斜线）</translation>
    </message>
    <message>
        <source>position m = %1 (row and column)</source>
        <translation>位置 m = %1（行与列）</translation>
    </message>
    <message>
        <source>position m = %1 (row)</source>
        <translation>位置 m = %1（行）</translation>
    </message>
</context>
<context>
    <name>pecards::gui::HybridCard</name>
    <message>
        <source>ALiBi bias against distance for all %1 heads; thick: head %2</source>
        <translation>全部 %1 个头的 ALiBi 偏置随距离变化；粗线：第 %2 个头</translation>
    </message>
    <message>
        <source>RoPE long-term decay bound B(r), base %1, head_dim %2</source>
        <translation>RoPE 远程衰减上界 B(r)，底数 %1，head_dim %2</translation>
    </message>
    <message>
        <source>Lab: every RoPE scaling&apos;s θ&apos;_i/θᵢ per pair at one factor, %1</source>
        <translation>实验室：同一因子下各 RoPE 缩放方式每对的 θ&apos;_i/θᵢ，%1</translation>
    </message>
    <message>
        <source>Lab: RoPE score against distance for every scaling, %1</source>
        <translation>实验室：各缩放方式的 RoPE 得分随距离变化，%1</translation>
    </message>
    <message>
        <source>Lab: dynamic NTK base b&apos; against sequence length n, %1</source>
        <translation>实验室：动态 NTK 底数 b&apos; 随序列长度 n 变化，%1</translation>
    </message>
    <message>
        <source>RoPE wavelength 2π/θᵢ per pair (log axis), base %1</source>
        <translation>各频率对的 RoPE 波长 2π/θᵢ（对数轴），底数 %1</translation>
    </message>
    <message>
        <source>Logits (Rᵢ q)·(Rⱼ k)/√d + bias, %1, %2</source>
        <translation>Logits (Rᵢ q)·(Rⱼ k)/√d + 偏置，%1，%2</translation>
    </message>
    <message>
        <source>Attention softmax(logits), %1</source>
        <translation>注意力 softmax(logits)，%1</translation>
    </message>
    <message>
        <source>Content logits, %1, %2</source>
        <translation>内容 logits，%1，%2</translation>
    </message>
    <message>
        <source>RoPE angles never seen in training positions [0, L0), %1</source>
        <translation>训练位置 [0, L0) 中从未出现过的 RoPE 角度，%1</translation>
    </message>
    <message>
        <source>Content attention, %1, %2</source>
        <translation>内容注意力，%1，%2</translation>
    </message>
    <message>
        <source>RoPE + ALiBi</source>
        <translation>RoPE + ALiBi</translation>
    </message>
    <message>
        <source>RoFormer eqs. 13-16 + Press et al. 2022 §3, in the order of docs/encodings.md §5</source>
        <translation>RoFormer 式 13-16 + Press 等人 2022 §3，顺序同 docs/encodings.md §5</translation>
    </message>
    <message>
        <source>Lab: RoPE critical dimension and extrapolation limit (Liu et al. 2023), %1</source>
        <translation>实验室：RoPE 临界维度与外推上限（Liu et al. 2023），%1</translation>
    </message>
    <message>
        <source>Lab: RoPE base bound on context length (Men et al. 2024), %1</source>
        <translation>实验室：RoPE 底数对上下文长度的下界（Men et al. 2024），%1</translation>
    </message>
    <message>
        <source>Lab: fitted a(s) extrapolated vs interpolated (Chen et al. 2023, Fig. 2), %1</source>
        <translation>实验室：拟合的 a(s)，外推与插值对比（Chen et al. 2023，图 2），%1</translation>
    </message>
    <message>
        <source>Lab: partial-frequency RoPE (Barbero et al. 2024), %1</source>
        <translation>实验室：部分频率 RoPE（Barbero et al. 2024），%1</translation>
    </message>
</context>
<context>
    <name>pecards::gui::LessonController</name>
    <message>
        <source>PE Cards lesson (*.pelesson *.json)</source>
        <translation>PE Cards 课程 (*.pelesson *.json)</translation>
    </message>
    <message>
        <source>%1, step %2</source>
        <translation>%1，第 %2 步</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>My lesson</source>
        <translation>我的课程</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>课程</translation>
    </message>
    <message>
        <source>Cannot open lesson</source>
        <translation>无法打开课程</translation>
    </message>
    <message>
        <source>Open lesson</source>
        <translation>打开课程</translation>
    </message>
    <message>
        <source>Save lesson</source>
        <translation>保存课程</translation>
    </message>
    <message>
        <source>Cannot save lesson</source>
        <translation>无法保存课程</translation>
    </message>
    <message>
        <source>&amp;Lessons</source>
        <translation>课程(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Play lesson</source>
        <translation>播放课程(&amp;P)</translation>
    </message>
    <message>
        <source>Full screen, one step at a time: Space or → next (a question first, then its answer with the picture), ← back, Esc leaves</source>
        <translation>全屏，一次一步：空格或 → 下一步（先提问，再连同图一起揭晓答案），← 上一步，Esc 退出</translation>
    </message>
    <message>
        <source>&amp;Built-in lessons</source>
        <translation>内置课程(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Add current state as step</source>
        <translation>将当前状态添加为一步(&amp;A)</translation>
    </message>
    <message>
        <source>The cards, their views and zoom windows and the compare pair as they are now become the lesson&apos;s next step</source>
        <translation>卡片、视图与缩放窗口以及对比组的当前状态成为课程的下一步</translation>
    </message>
    <message>
        <source>Lesson pa&amp;nel</source>
        <translation>课程面板(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Open lesson…</source>
        <translation>打开课程(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Save lesson</source>
        <translation>保存课程(&amp;S)</translation>
    </message>
    <message>
        <source>Save lesson &amp;as…</source>
        <translation>课程另存为(&amp;A)…</translation>
    </message>
</context>
<context>
    <name>pecards::gui::LessonEditor</name>
    <message>
        <source>Lesson title</source>
        <translation>课程标题</translation>
    </message>
    <message>
        <source>Add current state</source>
        <translation>添加当前状态</translation>
    </message>
    <message>
        <source>The deck as it is now (cards, views, zoom windows, colour maps, compare pair) becomes the next step</source>
        <translation>牌组的当前状态（卡片、视图、缩放窗口、配色、对比组）成为下一步</translation>
    </message>
    <message>
        <source>Move up</source>
        <translation>上移</translation>
    </message>
    <message>
        <source>Move down</source>
        <translation>下移</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Play from here</source>
        <translation>从这里播放</translation>
    </message>
    <message>
        <source>Step title</source>
        <translation>步骤标题</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>文字</translation>
    </message>
    <message>
        <source>Rich text, e.g. &lt;p&gt;θ&lt;sub&gt;i&lt;/sub&gt; = b&lt;sup&gt;−2i/d&lt;/sup&gt;&lt;/p&gt;</source>
        <translation>富文本，例如 &lt;p&gt;θ&lt;sub&gt;i&lt;/sub&gt; = b&lt;sup&gt;−2i/d&lt;/sup&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Ask a question first (predict, then reveal)</source>
        <translation>先提问（先预测，再揭晓）</translation>
    </message>
    <message>
        <source>The question</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Right answer</source>
        <translation>正确答案</translation>
    </message>
</context>
<context>
    <name>pecards::gui::LessonStepPanel</name>
    <message>
        <source>Step %1 of %2</source>
        <translation>第 %1 步，共 %2 步</translation>
    </message>
    <message>
        <source>Predict (click an answer or 1–4), then Space or → reveals · ← back · D pen · B blank · Esc leaves</source>
        <translation>先预测（点选答案或按 1–4），然后按空格或 → 揭晓 · ← 上一步 · D 画笔 · B 黑屏 · Esc 退出</translation>
    </message>
    <message>
        <source>Space or → next · ← back · D pen · B blank · Esc leaves</source>
        <translation>空格或 → 下一步 · ← 上一步 · D 画笔 · B 黑屏 · Esc 退出</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>上一步</translation>
    </message>
    <message>
        <source>Reveal</source>
        <translation>揭晓</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>下一步</translation>
    </message>
    <message>
        <source>Leave</source>
        <translation>退出</translation>
    </message>
    <message>
        <source>(chosen)</source>
        <translation>（已选）</translation>
    </message>
</context>
<context>
    <name>pecards::gui::MainWindow</name>
    <message>
        <source>A = current card</source>
        <translation>A = 当前卡片</translation>
    </message>
    <message>
        <source>B = current card</source>
        <translation>B = 当前卡片</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>Current card against a scaling…</source>
        <translation>当前卡片与一种缩放比较…</translation>
    </message>
    <message>
        <source>Load config into A…</source>
        <translation>将配置载入 A…</translation>
    </message>
    <message>
        <source>Load config into B…</source>
        <translation>将配置载入 B…</translation>
    </message>
    <message>
        <source>%1 uses no positional encoding PE Cards shows.</source>
        <translation>%1 未使用 PE Cards 所展示的任何位置编码。</translation>
    </message>
    <message>
        <source>%1 (%2) on side %3</source>
        <translation>%1（%2）位于 %3 侧</translation>
    </message>
    <message>
        <source>%1 on side %2: %3</source>
        <translation>%1 位于 %2 侧：%3</translation>
    </message>
    <message>
        <source>Show the RoPE or RoPE + ALiBi card first: the scalings are RoPE&apos;s.</source>
        <translation>请先显示 RoPE 或 RoPE + ALiBi 卡片：这些缩放属于 RoPE。</translation>
    </message>
    <message>
        <source>Compare two scalings</source>
        <translation>比较两种缩放</translation>
    </message>
    <message>
        <source>A: the card as it is. B: the same with the scaling</source>
        <translation>A：卡片原样。B：同一卡片加上缩放</translation>
    </message>
    <message>
        <source>&amp;Pair usage of a checkpoint…</source>
        <translation>检查点的频率对用量(&amp;P)…</translation>
    </message>
    <message>
        <source>Which rotary pairs a checkpoint&apos;s heads can use, and how much of each head&apos;s usage the RoPE card&apos;s scaling moves</source>
        <translation>检查点的各个头能用哪些旋转频率对，以及 RoPE 卡片的缩放改变了每个头多少用量</translation>
    </message>
    <message>
        <source>Check an &amp;implementation…</source>
        <translation>检查实现(&amp;I)…</translation>
    </message>
    <message>
        <source>Compare your engine&apos;s cos/sin cache, rotated vectors, inv_freq or GGUF file with the reference for the RoPE card&apos;s model, and name the bug</source>
        <translation>将引擎的 cos/sin 缓存、旋转后的向量、inv_freq 或 GGUF 文件与 RoPE 卡片模型的参考值比较，并指出错误</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;User guide</source>
        <translation>用户指南(&amp;U)</translation>
    </message>
    <message>
        <source>Cards, views, zoom, compare, configs, export, presentation and the CLI</source>
        <translation>卡片、视图、缩放、比较、配置、导出、演示和命令行</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;Choosing an encoding</source>
        <translation>选择位置编码(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;About PE Cards</source>
        <translation>关于 PE Cards(&amp;A)</translation>
    </message>
    <message>
        <source>About PE Cards</source>
        <translation>关于 PE Cards</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open config…</source>
        <translation>打开配置(&amp;O)…</translation>
    </message>
    <message>
        <source>Open a Hugging Face config.json</source>
        <translation>打开 Hugging Face config.json</translation>
    </message>
    <message>
        <source>Model config (*.json)</source>
        <translation>模型配置 (*.json)</translation>
    </message>
    <message>
        <source>Open &amp;weights…</source>
        <translation>打开权重(&amp;W)…</translation>
    </message>
    <message>
        <source>Open a T5 checkpoint</source>
        <translation>打开 T5 检查点</translation>
    </message>
    <message>
        <source>safetensors checkpoint (*.safetensors)</source>
        <translation>safetensors 检查点 (*.safetensors)</translation>
    </message>
    <message>
        <source>Open &amp;Q/K vectors…</source>
        <translation>打开 Q/K 向量(&amp;Q)…</translation>
    </message>
    <message>
        <source>Query vectors (rows = positions)</source>
        <translation>查询向量（行 = 位置）</translation>
    </message>
    <message>
        <source>NumPy array (*.npy)</source>
        <translation>NumPy 数组 (*.npy)</translation>
    </message>
    <message>
        <source>Key vectors (rows = positions)</source>
        <translation>键向量（行 = 位置）</translation>
    </message>
    <message>
        <source>Load a model&apos;s positional-encoding parameters (or drop a config.json on the window)</source>
        <translation>载入模型的位置编码参数（或把 config.json 拖到窗口上）</translation>
    </message>
    <message>
        <source>Open &amp;workspace…</source>
        <translation>打开工作区(&amp;W)…</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>(no recent workspaces)</source>
        <translation>（没有最近的工作区）</translation>
    </message>
    <message>
        <source>(removed, file not found: %1)</source>
        <translation>（已移除，文件不存在：%1）</translation>
    </message>
    <message>
        <source>&amp;Save workspace</source>
        <translation>保存工作区(&amp;S)</translation>
    </message>
    <message>
        <source>Save workspace &amp;as…</source>
        <translation>工作区另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Export card…</source>
        <translation>导出卡片(&amp;E)…</translation>
    </message>
    <message>
        <source>A cover page and every visible view of this card as one PDF, a page each</source>
        <translation>封面页及此卡片的每个可见视图合成一个 PDF，每页一个</translation>
    </message>
    <message>
        <source>&amp;Copy figure</source>
        <translation>复制图形(&amp;C)</translation>
    </message>
    <message>
        <source>The focused view as a figure on the clipboard, for slides</source>
        <translation>将当前视图作为图形复制到剪贴板，用于幻灯片</translation>
    </message>
    <message>
        <source>Save window &amp;image…</source>
        <translation>保存窗口图像(&amp;I)…</translation>
    </message>
    <message>
        <source>&amp;Preferences…</source>
        <translation>首选项(&amp;P)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <source>Reset card to &amp;defaults</source>
        <translation>卡片恢复默认值(&amp;D)</translation>
    </message>
    <message>
        <source>Every parameter of this card back to its first value (undoable)</source>
        <translation>本卡片的所有参数恢复为初始值（可撤销）</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Presentation</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <source>Full screen for a classroom: arrows move through cards and views, Space flips, P pauses, Esc leaves</source>
        <translation>课堂全屏：方向键切换卡片和视图，空格翻转，P 暂停，Esc 退出</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>P&amp;resets</source>
        <translation>预设(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Card</source>
        <translation>卡片(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Flip current card</source>
        <translation>翻转当前卡片(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Next card</source>
        <translation>下一张卡片(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Previous card</source>
        <translation>上一张卡片(&amp;P)</translation>
    </message>
    <message>
        <source>C&amp;ompare</source>
        <translation>比较(&amp;O)</translation>
    </message>
    <message>
        <source>RoPE base 10⁴ vs 5·10⁵</source>
        <translation>RoPE 底数 10⁴ 对比 5·10⁵</translation>
    </message>
    <message>
        <source>ALiBi vs RoPE+ALiBi</source>
        <translation>ALiBi 对比 RoPE+ALiBi</translation>
    </message>
    <message>
        <source>ALiBi causal vs BLOOM row offset</source>
        <translation>ALiBi 因果形式对比 BLOOM 行偏移</translation>
    </message>
    <message>
        <source>Could not load %1</source>
        <translation>无法载入 %1</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Model config</source>
        <translation>模型配置</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <source>Load %1</source>
        <translation>载入 %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Loaded %1 (%2)</source>
        <translation>已载入 %1（%2）</translation>
    </message>
    <message>
        <source>%1: %2 has shape [%3, %4]; num_buckets x heads with num_buckets in [2, 1024] is needed</source>
        <translation>%1：%2 的形状为 [%3, %4]；需要 num_buckets x heads，且 num_buckets 在 [2, 1024] 内</translation>
    </message>
    <message>
        <source>T5 bias from %1 (%2): %3 buckets x %4 heads, head 1 shown (pick another in the card header)</source>
        <translation>来自 %1 的 T5 偏置（%2）：%3 个桶 x %4 个头，显示头 1（可在卡片标题栏中选择其他头）</translation>
    </message>
    <message>
        <source>%1: %2 has shape [%3, %4]; positions x d_model with an even d_model in [2, 1024] is needed (%5)</source>
        <translation>%1：%2 的形状为 [%3, %4]；需要 positions x d_model，且 d_model 为 [2, 1024] 内的偶数（%5）</translation>
    </message>
    <message>
        <source>Learned position table from %1 (%2): %3 positions x d_model %4; see the learned views of the Sinusoidal card</source>
        <translation>来自 %1 的学习位置表（%2）：%3 个位置 x d_model %4；请看正弦卡片中的“学习的位置表”视图</translation>
    </message>
    <message>
        <source>Q/K vectors</source>
        <translation>Q/K 向量</translation>
    </message>
    <message>
        <source>Show a card first: the compare tab is not a card.</source>
        <translation>请先显示一张卡片：比较页不是卡片。</translation>
    </message>
    <message>
        <source>%1 has shape (%2, %3); this card needs (rows &gt;= L = %4, d = %5)</source>
        <translation>%1 的形状为 (%2, %3)；此卡片需要 (行数 &gt;= L = %4, d = %5)</translation>
    </message>
    <message>
        <source>Content vectors: %1 (queries), %2 (keys)</source>
        <translation>内容向量：%1（查询），%2（键）</translation>
    </message>
    <message>
        <source>Export card</source>
        <translation>导出卡片</translation>
    </message>
    <message>
        <source>Nothing to copy: show a card with a computed view first</source>
        <translation>没有可复制的内容：请先显示带有已计算视图的卡片</translation>
    </message>
    <message>
        <source>the card&apos;s default parameters</source>
        <translation>卡片的默认参数</translation>
    </message>
    <message>
        <source>untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>%1[*] — PE Cards</source>
        <translation>%1[*] — PE Cards</translation>
    </message>
    <message>
        <source>%1[*] — PE Cards — %2</source>
        <translation>%1[*] — PE Cards — %2</translation>
    </message>
    <message>
        <source>Compare A | B</source>
        <translation>比较 A | B</translation>
    </message>
    <message>
        <source>&amp;Model</source>
        <translation>模型(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Details of the open model...</source>
        <translation>已打开模型的详情(&amp;D)...</translation>
    </message>
    <message>
        <source>Model details</source>
        <translation>模型详情</translation>
    </message>
    <message>
        <source>No model is open: open a config.json with File &gt; Open config or choose one under Presets.</source>
        <translation>尚未打开模型：请用“文件 &gt; 打开配置”打开 config.json，或在“预设”中选择一个。</translation>
    </message>
    <message>
        <source>Export card &amp;handout…</source>
        <translation>导出卡片讲义(&amp;H)…</translation>
    </message>
    <message>
        <source>The card&apos;s front and back text with its visible views, printable (PDF)</source>
        <translation>卡片正反面文字及其可见视图，可打印（PDF）</translation>
    </message>
    <message>
        <source>Export card handout</source>
        <translation>导出卡片讲义</translation>
    </message>
</context>
<context>
    <name>pecards::gui::ModelDetailsDialog</name>
    <message>
        <source>Layer type</source>
        <translation>层类型</translation>
    </message>
    <message>
        <source>Treatment</source>
        <translation>处理方式</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层</translation>
    </message>
    <message>
        <source>head_dim</source>
        <translation>head_dim</translation>
    </message>
    <message>
        <source>Rotary</source>
        <translation>旋转</translation>
    </message>
    <message>
        <source>Base θ</source>
        <translation>底数 θ</translation>
    </message>
    <message>
        <source>Scaling</source>
        <translation>缩放</translation>
    </message>
    <message>
        <source>Span</source>
        <translation>注意力范围</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Where it came from</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Model details: %1 (%2)</source>
        <translation>模型详情：%1（%2）</translation>
    </message>
    <message>
        <source>no attention</source>
        <translation>无注意力</translation>
    </message>
    <message>
        <source>NoPE</source>
        <translation>NoPE</translation>
    </message>
    <message>
        <source>proportional: %1 of %2 pairs</source>
        <translation>比例式：%2 个频率对中的 %1 个</translation>
    </message>
    <message>
        <source>%1 dims, %2</source>
        <translation>%1 维，%2</translation>
    </message>
    <message>
        <source>, M-RoPE interleaved</source>
        <translation>，M-RoPE 交错</translation>
    </message>
    <message>
        <source>, M-RoPE blocked</source>
        <translation>，M-RoPE 分块</translation>
    </message>
    <message>
        <source>Vision tower (%1): 2-D RoPE, head_dim %2, θ = %3. %4 pairs turn with the patch&apos;s row (θ from %5 to %6 radians per patch), %7 with its column (%8 to %9).</source>
        <translation>视觉编码器（%1）：二维 RoPE，head_dim %2，θ = %3。%4 个频率对随图块的行转动（θ 从每图块 %5 到 %6 弧度），%7 个随其列转动（%8 到 %9）。</translation>
    </message>
    <message>
        <source>One frequency set over the head: even ones on the row, odd ones on the column; grids up to %1 patches a side.</source>
        <translation>整个头共用一组频率：偶数序号的给行，奇数序号的给列；网格每边最多 %1 个图块。</translation>
    </message>
    <message>
        <source>The head&apos;s first half turns with the column, the second with the row, with the same frequencies.</source>
        <translation>头的前一半随列转动，后一半随行转动，两者频率相同。</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>full</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>window %1</source>
        <translation>窗口 %1</translation>
    </message>
    <message>
        <source>chunks of %1</source>
        <translation>%1 一块</translation>
    </message>
    <message numerus="yes">
        <source>%n layer(s): %1</source>
        <translation>
            <numerusform>%n 层：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>No factor multiplies this model&apos;s logits: every one is 1 at every position.</source>
        <translation>没有因子作用于此模型的 logit：在每个位置上都为 1。</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Logit scales</source>
        <translation>logit 缩放</translation>
    </message>
    <message>
        <source>Position ids (%1): text tokens count on; an image of H × W patches becomes (H/%2) × (W/%2) tokens with t = start, h = start + row, w = start + column.</source>
        <translation>位置 id（%1）：文本词元依次计数；H × W 个图块的图像变为 (H/%2) × (W/%2) 个词元，t = 起点，h = 起点 + 行，w = 起点 + 列。</translation>
    </message>
    <message>
        <source>Video: t = start + the grid&apos;s index.</source>
        <translation>视频：t = 起点 + 网格序号。</translation>
    </message>
    <message>
        <source>Video: t = start + ⌊grid index × seconds per grid × %1⌋ (tokens_per_second).</source>
        <translation>视频：t = 起点 + ⌊网格序号 × 每个网格的秒数 × %1⌋（tokens_per_second）。</translation>
    </message>
    <message>
        <source>Video: every frame is a grid of its own after its timestamp text.</source>
        <translation>视频：每一帧在其时间戳文本之后自成一个网格。</translation>
    </message>
    <message>
        <source>TMRoPE: every image, video and audio sits between a start and an end token; video and audio time runs at %1 ids per second; a video&apos;s own audio is interleaved with it in chunks of %2 s (%3 ids).</source>
        <translation>TMRoPE：每个图像、视频和音频都位于一个起始词元和一个结束词元之间；视频和音频的时间以每秒 %1 个 id 计；视频自带的音频与视频按每 %2 秒（%3 个 id）一块交错排列。</translation>
    </message>
</context>
<context>
    <name>pecards::gui::ModelStrip</name>
    <message numerus="yes">
        <source>%1: %2, %n layer(s)</source>
        <translation>
            <numerusform>%1：%2，%n 层</numerusform>
        </translation>
    </message>
    <message>
        <source>, %1 ×%2</source>
        <translation>，%1 ×%2</translation>
    </message>
    <message>
        <source>, window %1</source>
        <translation>，窗口 %1</translation>
    </message>
    <message>
        <source>, chunks of %1</source>
        <translation>，分块 %1</translation>
    </message>
    <message>
        <source>, attn_temperature_tuning: the query at position p is multiplied by log(floor((p + 1) / %1) + 1) × %2 + 1 (longer inputs, sharper attention)</source>
        <translation>，attn_temperature_tuning：位置 p 的查询乘以 log(floor((p + 1) / %1) + 1) × %2 + 1（输入越长，注意力越尖锐）</translation>
    </message>
    <message>
        <source>Layer %1 — %2</source>
        <translation>第 %1 层 — %2</translation>
    </message>
    <message>
        <source>attention without positional encoding</source>
        <translation>有注意力但无位置编码</translation>
    </message>
    <message>
        <source>no attention (linear attention, convolution or state-space layer), so no positional encoding</source>
        <translation>无注意力（线性注意力、卷积或状态空间层），因此无位置编码</translation>
    </message>
    <message>
        <source>, θ = %1, head_dim %2, proportional: %3 of %4 pairs rotate</source>
        <translation>，θ = %1，head_dim %2，比例式：%4 个频率对中旋转 %3 个</translation>
    </message>
    <message>
        <source>, θ = %1, head_dim %2, r = %3</source>
        <translation>，θ = %1，head_dim %2，r = %3</translation>
    </message>
    <message>
        <source>, M-RoPE sections %1, interleaved (t, h, w round-robin)</source>
        <translation>，M-RoPE 分段 %1，交错（t、h、w 轮流）</translation>
    </message>
    <message>
        <source>, M-RoPE sections %1, blocked</source>
        <translation>，M-RoPE 分段 %1，分块</translation>
    </message>
    <message>
        <source>, llama_4_scaling_beta: the query at position p is multiplied by 1 + %2 × log(1 + floor(p / %1)) (longer inputs, sharper attention)</source>
        <translation>，llama_4_scaling_beta：位置 p 的查询乘以 1 + %2 × log(1 + floor(p / %1))（输入越长，注意力越尖锐）</translation>
    </message>
</context>
<context>
    <name>pecards::gui::ParameterForm</name>
    <message>
        <source>Allowed: %1</source>
        <translation>允许值：%1</translation>
    </message>
    <message>
        <source>= head_dim</source>
        <translation>= head_dim</translation>
    </message>
    <message>
        <source>= L</source>
        <translation>= L</translation>
    </message>
    <message>
        <source>= L/2</source>
        <translation>= L/2</translation>
    </message>
    <message>
        <source>not given</source>
        <translation>未给出</translation>
    </message>
    <message>
        <source>derived</source>
        <translation>由因子导出</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
</context>
<context>
    <name>pecards::gui::PrecisionChart</name>
    <message>
        <source>Save…</source>
        <translation>保存…</translation>
    </message>
    <message>
        <source>Save this chart as a figure (PNG, SVG, PDF) or its curves as CSV, as pecards-cli render --quantity phase-error draws it</source>
        <translation>将此图表保存为图片（PNG、SVG、PDF）或将曲线保存为 CSV，与 pecards-cli render --quantity phase-error 绘制的相同</translation>
    </message>
</context>
<context>
    <name>pecards::gui::PitfallView</name>
    <message>
        <source>Pitfall:</source>
        <translation>陷阱：</translation>
    </message>
    <message>
        <source>View:</source>
        <translation>视图：</translation>
    </message>
    <message>
        <source>Permute q/k weights (HF)</source>
        <translation>置换 q/k 权重（HF）</translation>
    </message>
    <message>
        <source>Apply convert_llama_weights_to_hf&apos;s permute to the exported q/k weights</source>
        <translation>对导出的 q/k 权重施加 convert_llama_weights_to_hf 的 permute</translation>
    </message>
    <message>
        <source>Back to views</source>
        <translation>返回视图</translation>
    </message>
    <message>
        <source>&lt;b&gt;Correct&lt;/b&gt; (the fix applied)</source>
        <translation>&lt;b&gt;正确&lt;/b&gt;（已修复）</translation>
    </message>
    <message>
        <source>&lt;b&gt;Buggy&lt;/b&gt; (what the code computes)</source>
        <translation>&lt;b&gt;错误&lt;/b&gt;（代码实际计算的）</translation>
    </message>
    <message>
        <source>&lt;b&gt;Buggy − correct&lt;/b&gt;</source>
        <translation>&lt;b&gt;错误 − 正确&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>分数</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>编码表</translation>
    </message>
    <message>
        <source>Buckets</source>
        <translation>桶</translation>
    </message>
    <message>
        <source>L = %1 (the pitfall lab evaluates every entry, so L is capped at %2); %3 x %3 pixels, mean reduction; random probes q, k when the card uses all-ones probes.</source>
        <translation>L = %1（陷阱实验室逐项计算，因此 L 上限为 %2）；%3 x %3 像素，均值归约；卡片使用全 1 探针时改用随机探针 q、k。</translation>
    </message>
    <message>
        <source>Shown at d_model = %1: the bug needs an odd d_model, the card holds even ones.</source>
        <translation>按 d_model = %1 显示：这个错误需要奇数 d_model，而卡片只接受偶数。</translation>
    </message>
    <message>
        <source>position m</source>
        <translation>位置 m</translation>
    </message>
    <message>
        <source>query position i</source>
        <translation>查询位置 i</translation>
    </message>
    <message>
        <source>dimension</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>key position j</source>
        <translation>键位置 j</translation>
    </message>
    <message>
        <source>No difference: one side has no values (see its message).</source>
        <translation>无差值：有一侧没有数值（见其提示）。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Invariants&lt;/b&gt; (first and last %1 positions)</source>
        <translation>&lt;b&gt;不变量&lt;/b&gt;（前后各 %1 个位置）</translation>
    </message>
    <message>
        <source>correct</source>
        <translation>正确</translation>
    </message>
    <message>
        <source>buggy</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>‖R&lt;sub&gt;m&lt;/sub&gt; x‖ = ‖x‖ (norm kept)</source>
        <translation>‖R&lt;sub&gt;m&lt;/sub&gt; x‖ = ‖x‖（范数保持）</translation>
    </message>
    <message>
        <source>depends on i − j only (Toeplitz)</source>
        <translation>只依赖 i − j（Toeplitz）</translation>
    </message>
    <message>
        <source>attention rows sum to 1</source>
        <translation>注意力各行之和为 1</translation>
    </message>
    <message>
        <source>bias ≤ 0 on/below the diagonal</source>
        <translation>对角线及以下偏置 ≤ 0</translation>
    </message>
    <message>
        <source>nearest key favoured</source>
        <translation>最近的键得分最高</translation>
    </message>
    <message>
        <source>The storage format of the low-precision quantity (bf16: 8 significant bits, fp16: 11, fp32: 24)</source>
        <translation>低精度量的存储格式（bf16：8 位有效位，fp16：11 位，fp32：24 位）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Odd d_model</source>
        <translation>奇数 d_model</translation>
    </message>
    <message>
        <source>Column index in the exponent</source>
        <translation>指数中用了列索引</translation>
    </message>
    <message>
        <source>Interleaved rotation on a half-split table</source>
        <translation>在对半拆分表上做交错旋转</translation>
    </message>
    <message>
        <source>Weights in the other pair layout</source>
        <translation>权重采用另一种配对布局</translation>
    </message>
    <message>
        <source>Positions in low precision</source>
        <translation>低精度位置</translation>
    </message>
    <message>
        <source>inv_freq in low precision</source>
        <translation>低精度 inv_freq</translation>
    </message>
    <message>
        <source>cos/sin cache in low precision</source>
        <translation>低精度 cos/sin 缓存</translation>
    </message>
    <message>
        <source>Stale dynamic-NTK cache</source>
        <translation>过期的动态 NTK 缓存</translation>
    </message>
    <message>
        <source>Partial rotary in the other convention</source>
        <translation>按另一种约定做部分旋转</translation>
    </message>
    <message>
        <source>Base too small for the context</source>
        <translation>底数相对上下文过小</translation>
    </message>
    <message>
        <source>Shaw clip too small</source>
        <translation>Shaw 截断距离过小</translation>
    </message>
    <message>
        <source>T5 buckets without the clamp</source>
        <translation>T5 分桶缺少截断</translation>
    </message>
    <message>
        <source>Transformer-XL shift off by one row</source>
        <translation>Transformer-XL 移位错一行</translation>
    </message>
    <message>
        <source>ALiBi slope with the wrong sign</source>
        <translation>ALiBi 斜率符号错误</translation>
    </message>
    <message>
        <source>Row-offset bias without the causal mask</source>
        <translation>行偏移偏置缺少因果掩码</translation>
    </message>
    <message>
        <source>Left padding with arange positions</source>
        <translation>左填充用 arange 位置</translation>
    </message>
    <message>
        <source>Rotation before the q/k projection</source>
        <translation>在 q/k 投影之前旋转</translation>
    </message>
    <message>
        <source>Bias added before the 1/√d scale</source>
        <translation>在 1/√d 缩放之前加偏置</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;On this card&lt;/b&gt; (base %1, head_dim %2, %3): θ&lt;sub&gt;1&lt;/sub&gt; = %4 is stored as %5; at position %6 the phase of pair 1 is %7 rad off.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;本卡片上&lt;/b&gt;（底数 %1，head_dim %2，%3）：θ&lt;sub&gt;1&lt;/sub&gt; = %4 被存为 %5；在位置 %6，第 1 对的相位偏差 %7 弧度。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>保存…</translation>
    </message>
    <message>
        <source>Save this map as a figure (PNG, SVG, PDF) computed at print resolution, as pecards-cli render --pitfall draws it</source>
        <translation>把这幅图按印刷分辨率重新计算后保存为图（PNG、SVG、PDF），与 pecards-cli render --pitfall 绘制的相同</translation>
    </message>
    <message>
        <source>The pitfall&apos;s views are being computed again; save once they are shown.</source>
        <translation>陷阱的视图正在重新计算；显示出来后再保存。</translation>
    </message>
    <message>
        <source>M-RoPE sections in the other layout</source>
        <translation>M-RoPE 分段用了另一种布局</translation>
    </message>
    <message>
        <source>M-RoPE without the partial rotary factor</source>
        <translation>M-RoPE 丢掉了部分旋转因子</translation>
    </message>
    <message>
        <source>query token i</source>
        <translation>查询词元 i</translation>
    </message>
    <message>
        <source>key token j</source>
        <translation>键词元 j</translation>
    </message>
</context>
<context>
    <name>pecards::gui::PreferencesDialog</name>
    <message>
        <source>Preferences</source>
        <translation>首选项</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>Theme:</source>
        <translation>主题：</translation>
    </message>
    <message>
        <source>Colour map:</source>
        <translation>色图：</translation>
    </message>
    <message>
        <source>Used by views without a map of their own (phase, one-signed scores).</source>
        <translation>用于没有专属色图的视图（相位、单一符号的得分）。</translation>
    </message>
    <message>
        <source>Language:</source>
        <translation>语言：</translation>
    </message>
    <message>
        <source>OpenCL device:</source>
        <translation>OpenCL 设备：</translation>
    </message>
    <message>
        <source>Part of the device name; takes effect at the next start.</source>
        <translation>设备名称的一部分；下次启动时生效。</translation>
    </message>
</context>
<context>
    <name>pecards::gui::PresentationController</name>
    <message>
        <source>Presentation</source>
        <translation>演示</translation>
    </message>
    <message>
        <source>  ←/→ card   ↑/↓ view   Space flip   P pause   +/− speed   Esc leave    </source>
        <translation>  ←/→ 卡片   ↑/↓ 视图   空格 翻转   P 暂停   +/− 速度   Esc 退出    </translation>
    </message>
    <message>
        <source>   speed (positions/s): </source>
        <translation>   速度（位置/秒）：</translation>
    </message>
    <message>
        <source>m = %1</source>
        <translation>m = %1</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
</context>
<context>
    <name>pecards::gui::ProgressStrip</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop the background computation; the sampled picture stays</source>
        <translation>停止后台计算；采样图保留</translation>
    </message>
</context>
<context>
    <name>pecards::gui::RelShiftPanel</name>
    <message>
        <source>zero_triu</source>
        <translation>zero_triu</translation>
    </message>
    <message>
        <source>Query length qlen (the segment)</source>
        <translation>查询长度 qlen（当前片段）</translation>
    </message>
    <message>
        <source>Memory length mlen: cached positions before the segment; klen = mlen + qlen</source>
        <translation>记忆长度 mlen：片段之前缓存的位置；klen = mlen + qlen</translation>
    </message>
    <message>
        <source>zero_triu: zero the entries above the valid region, as the reference can</source>
        <translation>zero_triu：把有效区域以上的元素置零（与参考实现的选项相同）</translation>
    </message>
    <message>
        <source>qlen:</source>
        <translation>qlen：</translation>
    </message>
    <message>
        <source>mlen:</source>
        <translation>mlen：</translation>
    </message>
    <message>
        <source>Cell: distance i + mlen − j the score uses. Hatched: reshape leftover (row:distance of another query row, or the padding 0), masked by the model.</source>
        <translation>单元格：分数使用的距离 i + mlen − j。带斜线：reshape 残留（另一查询行的 行:距离，或填充的 0），模型会用掩码将其去掉。</translation>
    </message>
    <message>
        <source>i=%1</source>
        <translation>i=%1</translation>
    </message>
    <message>
        <source>j=%1</source>
        <translation>j=%1</translation>
    </message>
    <message>
        <source>%1:%2</source>
        <translation>%1:%2</translation>
    </message>
    <message>
        <source>valid: distance %1 = i + mlen − j</source>
        <translation>有效：距离 %1 = i + mlen − j</translation>
    </message>
    <message>
        <source>reshape leftover (masked): %1</source>
        <translation>reshape 残留（被掩码）：%1</translation>
    </message>
</context>
<context>
    <name>pecards::gui::RelativeCard</name>
    <message>
        <source>Transformer-XL _rel_shift: the (b)+(d) matrix aligned to distance i + mlen - j</source>
        <translation>Transformer-XL _rel_shift：(b)+(d) 矩阵对齐到距离 i + mlen - j</translation>
    </message>
    <message>
        <source>Index against relative position n = j - i, %1</source>
        <translation>索引随相对位置 n = j - i 变化，%1</translation>
    </message>
    <message>
        <source>Bucket / index map of (i, j), %1</source>
        <translation>(i, j) 的桶 / 索引图，%1</translation>
    </message>
    <message>
        <source>Positional score, %1</source>
        <translation>位置得分，%1</translation>
    </message>
    <message>
        <source>Attention (softmax), %1, %2</source>
        <translation>注意力（softmax），%1，%2</translation>
    </message>
    <message>
        <source>Content score, %1, %2</source>
        <translation>内容得分，%1，%2</translation>
    </message>
    <message>
        <source>Content attention, %1, %2</source>
        <translation>内容注意力，%1，%2</translation>
    </message>
    <message>
        <source>Relative position</source>
        <translation>相对位置</translation>
    </message>
    <message>
        <source>variant</source>
        <translation>变体</translation>
    </message>
    <message>
        <source>T5 buckets</source>
        <translation>T5 分桶</translation>
    </message>
    <message>
        <source>Shaw (clipped)</source>
        <translation>Shaw（裁剪）</translation>
    </message>
    <message>
        <source>Transformer-XL</source>
        <translation>Transformer-XL</translation>
    </message>
    <message>
        <source>buckets</source>
        <translation>桶数</translation>
    </message>
    <message>
        <source>relative_attention_num_buckets (32 in T5); bidirectional halves them by sign</source>
        <translation>relative_attention_num_buckets（T5 中为 32）；双向时按符号各占一半</translation>
    </message>
    <message>
        <source>max_distance</source>
        <translation>max_distance</translation>
    </message>
    <message>
        <source>relative_attention_max_distance (128 in T5): beyond it every distance shares the last bucket</source>
        <translation>relative_attention_max_distance（T5 中为 128）：超出后所有距离共用最后一个桶</translation>
    </message>
    <message>
        <source>bidirectional</source>
        <translation>双向</translation>
    </message>
    <message>
        <source>T5 encoder (on) or decoder (off)</source>
        <translation>T5 编码器（开）或解码器（关）</translation>
    </message>
    <message>
        <source>clip k</source>
        <translation>裁剪 k</translation>
    </message>
    <message>
        <source>Shaw: offsets beyond ±k share one learned vector</source>
        <translation>Shaw：超过 ±k 的偏移共用一个学习向量</translation>
    </message>
    <message>
        <source>score term</source>
        <translation>得分项</translation>
    </message>
    <message>
        <source>(a) q·k, (b) q·W_R Rᵢ₋ⱼ, (c) u·k, (d) v·W_R Rᵢ₋ⱼ</source>
        <translation>(a) q·k，(b) q·W_R Rᵢ₋ⱼ，(c) u·k，(d) v·W_R Rᵢ₋ⱼ</translation>
    </message>
    <message>
        <source>d_model d</source>
        <translation>d_model d</translation>
    </message>
    <message>
        <source>T5</source>
        <translation>T5</translation>
    </message>
    <message>
        <source>Shaw</source>
        <translation>Shaw</translation>
    </message>
    <message>
        <source>T5 head %1</source>
        <translation>T5 头 %1</translation>
    </message>
    <message>
        <source>head</source>
        <translation>头</translation>
    </message>
    <message>
        <source>Head of the checkpoint&apos;s relative_attention_bias.weight shown (one column per head, from 1)</source>
        <translation>显示检查点 relative_attention_bias.weight 的哪个头（每个头一列，从 1 开始）</translation>
    </message>
    <message>
        <source>Relative</source>
        <translation>相对位置</translation>
    </message>
    <message>
        <source>Shaw, Uszkoreit, Vaswani 2018 (clip(j-i, -k, k) + k)</source>
        <translation>Shaw、Uszkoreit、Vaswani 2018（clip(j-i, -k, k) + k）</translation>
    </message>
    <message>
        <source>Dai et al. 2019 §3.3; kimiyoung/transformer-xl RelPartialLearnableMultiHeadAttn</source>
        <translation>Dai 等人 2019 §3.3；kimiyoung/transformer-xl RelPartialLearnableMultiHeadAttn</translation>
    </message>
    <message>
        <source>HF transformers T5Attention._relative_position_bucket (log in float32)</source>
        <translation>HF transformers T5Attention._relative_position_bucket（对数按 float32 计算）</translation>
    </message>
    <message>
        <source>Shaw / Transformer-XL vector size</source>
        <translation>Shaw / Transformer-XL 向量维数</translation>
    </message>
</context>
<context>
    <name>pecards::gui::RopeCard</name>
    <message>
        <source>head_dim %1, base %2</source>
        <translation>head_dim %1，底数 %2</translation>
    </message>
    <message>
        <source>head_dim %1, NoPE: no rotation (θᵢ = 0)</source>
        <translation>head_dim %1，NoPE：不旋转（θᵢ = 0）</translation>
    </message>
    <message>
        <source>, rotary_dim %1</source>
        <translation>，rotary_dim %1</translation>
    </message>
    <message>
        <source>, %1</source>
        <translation>，%1</translation>
    </message>
    <message>
        <source> (%1)</source>
        <translation>（%1）</translation>
    </message>
    <message>
        <source>Pairs rotating with position m: angle = the probe&apos;s start + m·θᵢ, %1</source>
        <translation>频率对随位置 m 旋转：角度 = 探针的起始角 + m·θᵢ，%1</translation>
    </message>
    <message>
        <source>Wavelength 2π/θᵢ per pair (log axis), %1</source>
        <translation>各频率对的波长 2π/θᵢ（对数轴），%1</translation>
    </message>
    <message>
        <source>Long-term decay bound B(r) (RoFormer §3.4.3), %1</source>
        <translation>远程衰减上界 B(r)（RoFormer §3.4.3），%1</translation>
    </message>
    <message>
        <source>Lab: every scaling&apos;s θ&apos;_i/θᵢ per pair at one factor, %1</source>
        <translation>实验室：同一因子下各缩放方式每对的 θ&apos;_i/θᵢ，%1</translation>
    </message>
    <message>
        <source>Lab: score against distance for every scaling, L0 marked, %1</source>
        <translation>实验室：各缩放方式的得分随距离变化（标出 L0），%1</translation>
    </message>
    <message>
        <source>Lab: dynamic NTK base b&apos; against sequence length n, %1</source>
        <translation>实验室：动态 NTK 底数 b&apos; 随序列长度 n 变化，%1</translation>
    </message>
    <message>
        <source>Trick: PE distillation, MLP error inside and beyond its training range, base %1</source>
        <translation>技巧：PE 蒸馏，MLP 在训练范围内外的误差，base %1</translation>
    </message>
    <message>
        <source>cos and sin of m·θᵢ over position m, %1</source>
        <translation>m·θᵢ 的 cos 与 sin 随位置 m 变化，%1</translation>
    </message>
    <message>
        <source>Rotated probe Rₚ q over positions, %1, %2</source>
        <translation>旋转后的探针 Rₚ q 随位置变化，%1，%2</translation>
    </message>
    <message>
        <source>Phase m·θᵢ mod 2π (radians), %1</source>
        <translation>相位 m·θᵢ mod 2π（弧度），%1</translation>
    </message>
    <message>
        <source>RoPE score (Rᵢ q)·(Rⱼ k), %1, %2 — depends on i-j only</source>
        <translation>RoPE 得分 (Rᵢ q)·(Rⱼ k)，%1，%2 — 只取决于 i-j</translation>
    </message>
    <message>
        <source>Attention softmax(score / √d), %1, %2</source>
        <translation>注意力 softmax(得分 / √d)，%1，%2</translation>
    </message>
    <message>
        <source>Content score (Rᵢ qᵢ)·(Rⱼ kⱼ)/√d, %1, %2</source>
        <translation>内容得分 (Rᵢ qᵢ)·(Rⱼ kⱼ)/√d，%1，%2</translation>
    </message>
    <message>
        <source>Angles m·θ&apos;_i never seen in training positions [0, L0), %1</source>
        <translation>训练位置 [0, L0) 中从未出现过的角度 m·θ&apos;_i，%1</translation>
    </message>
    <message>
        <source>Content attention, %1, %2, %3</source>
        <translation>内容注意力，%1，%2，%3</translation>
    </message>
    <message>
        <source>RoPE</source>
        <translation>RoPE</translation>
    </message>
    <message>
        <source>RoFormer (Su et al. 2021) eqs. 13-16, §3.4.3</source>
        <translation>RoFormer（Su 等人 2021）式 13-16，§3.4.3</translation>
    </message>
    <message>
        <source>RoFormer eqs. 13-16; scaling as HF transformers modeling_rope_utils.py</source>
        <translation>RoFormer 式 13-16；缩放同 HF transformers modeling_rope_utils.py</translation>
    </message>
    <message>
        <source>Lab: critical dimension and extrapolation limit (Liu et al. 2023), %1</source>
        <translation>实验室：临界维度与外推上限（Liu et al. 2023），%1</translation>
    </message>
    <message>
        <source>Lab: base bound on context length, B(m) = Σ cos(m·θᵢ) ≥ 0 (Men et al. 2024), %1</source>
        <translation>实验室：底数对上下文长度的下界，B(m) = Σ cos(m·θᵢ) ≥ 0（Men et al. 2024），%1</translation>
    </message>
    <message>
        <source>Lab: fitted a(s) extrapolated vs interpolated (Chen et al. 2023, Fig. 2), %1</source>
        <translation>实验室：拟合的 a(s)，外推与插值对比（Chen et al. 2023，图 2），%1</translation>
    </message>
    <message>
        <source>Lab: partial-frequency RoPE, top p of frequencies rotate (Barbero et al. 2024), %1</source>
        <translation>实验室：部分频率 RoPE，只有最高的 p 比例频率旋转（Barbero et al. 2024），%1</translation>
    </message>
    <message>
        <source>, rotary_dim %1 (proportional)</source>
        <translation>，rotary_dim %1（比例式）</translation>
    </message>
    <message>
        <source>Pair map: the dimension each dimension rotates with, %1</source>
        <translation>频率对映射：每一维与哪一维成对旋转，%1</translation>
    </message>
</context>
<context>
    <name>pecards::gui::ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation>快捷键</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>Heatmaps: wheel or drag to zoom, double-click to reset. In presentation mode the keys of View &gt; Presentation apply.</source>
        <translation>热图：滚轮或拖动缩放，双击复位。演示模式下使用“视图 &gt; 演示”中的按键。</translation>
    </message>
</context>
<context>
    <name>pecards::gui::SinusoidalCard</name>
    <message>
        <source>concatenated [sin | cos] (Transformer-XL, GPT-J, GPT-NeoX)</source>
        <translation>拼接 [sin | cos]（Transformer-XL、GPT-J、GPT-NeoX）</translation>
    </message>
    <message>
        <source>d_model %1, base %2</source>
        <translation>d_model %1，底数 %2</translation>
    </message>
    <message>
        <source>Trick: domain-aware PE, rows of (PE+b)_i·(PE+b)_j against plain PE, %1</source>
        <translation>技巧：领域感知 PE，(PE+b)_i·(PE+b)_j 的行与普通 PE 对比，%1</translation>
    </message>
    <message>
        <source>Trick: gated PE, score row of αᵢ αⱼ PEᵢ·PEⱼ against α = 1, %1</source>
        <translation>技巧：门控 PE，αᵢ αⱼ PEᵢ·PEⱼ 的分数行与 α = 1 对比，%1</translation>
    </message>
    <message>
        <source>Trick: gated PE, attention row softmax(αᵢ αⱼ PEᵢ·PEⱼ / √d), %1, %2</source>
        <translation>技巧：门控 PE，注意力行 softmax(αᵢ αⱼ PEᵢ·PEⱼ / √d)，%1，%2</translation>
    </message>
    <message>
        <source>Trick: PE distillation, MLP error inside and beyond its training range, base %1</source>
        <translation>技巧：PE 蒸馏，MLP 在训练范围内外的误差，base %1</translation>
    </message>
    <message>
        <source>Learned table %1: P[p, dim] beside the sinusoid PE[p, dim], %2</source>
        <translation>学习的位置表 %1：P[p, dim] 与正弦编码 PE[p, dim] 对照，%2</translation>
    </message>
    <message>
        <source>Learned table %1: similarity rows Pᵢ·Pⱼ against PEᵢ·PEⱼ, %2</source>
        <translation>学习的位置表 %1：相似度行 Pᵢ·Pⱼ 与 PEᵢ·PEⱼ 对照，%2</translation>
    </message>
    <message>
        <source>Learned table %1: ‖Pₚ − PEₚ‖ per position, %2</source>
        <translation>学习的位置表 %1：每个位置的 ‖Pₚ − PEₚ‖，%2</translation>
    </message>
    <message>
        <source>PE[p, dim] over position p, %1, %2</source>
        <translation>PE[p, dim] 随位置 p 变化，%1，%2</translation>
    </message>
    <message>
        <source>Wavelength 2π/wᵢ per pair (log axis), %1</source>
        <translation>各频率对的波长 2π/wᵢ（对数轴），%1</translation>
    </message>
    <message>
        <source>Encoding table PE[p, dim], %1, %2</source>
        <translation>编码表 PE[p, dim]，%1，%2</translation>
    </message>
    <message>
        <source>Phase p·wᵢ mod 2π (radians), %1</source>
        <translation>相位 p·wᵢ mod 2π（弧度），%1</translation>
    </message>
    <message>
        <source>Similarity PEᵢ·PEⱼ = Σ cos((i-j)wᵢ): depends on i-j only, %1</source>
        <translation>相似度 PEᵢ·PEⱼ = Σ cos((i-j)wᵢ)：只取决于 i-j，%1</translation>
    </message>
    <message>
        <source>Attention softmax(PEᵢ·PEⱼ / √d), %1, %2</source>
        <translation>注意力 softmax(PEᵢ·PEⱼ / √d)，%1，%2</translation>
    </message>
    <message>
        <source>Content score (xᵢ + PEᵢ)·(yⱼ + PEⱼ)/√d, %1, %2</source>
        <translation>内容得分 (xᵢ + PEᵢ)·(yⱼ + PEⱼ)/√d，%1，%2</translation>
    </message>
    <message>
        <source>Content attention softmax(score / √d), %1, %2</source>
        <translation>内容注意力 softmax(得分 / √d)，%1，%2</translation>
    </message>
    <message>
        <source>Sinusoidal</source>
        <translation>正弦</translation>
    </message>
    <message>
        <source>d_model d</source>
        <translation>d_model d</translation>
    </message>
    <message>
        <source>base b</source>
        <translation>底数 b</translation>
    </message>
    <message>
        <source>wᵢ = b⁻²ⁱᐟᵈ: wavelengths run from 2π to 2π·b</source>
        <translation>wᵢ = b⁻²ⁱᐟᵈ：波长从 2π 到 2π·b</translation>
    </message>
    <message>
        <source>column layout</source>
        <translation>列布局</translation>
    </message>
    <message>
        <source>interleaved (paper)</source>
        <translation>交错（论文）</translation>
    </message>
    <message>
        <source>concatenated [sin | cos]</source>
        <translation>拼接 [sin | cos]</translation>
    </message>
    <message>
        <source>frequencies</source>
        <translation>频率</translation>
    </message>
    <message>
        <source>paper b⁻²ⁱᐟᵈ</source>
        <translation>论文 b⁻²ⁱᐟᵈ</translation>
    </message>
    <message>
        <source>tensor2tensor / fairseq</source>
        <translation>tensor2tensor / fairseq</translation>
    </message>
    <message>
        <source>padding_idx</source>
        <translation>padding_idx</translation>
    </message>
    <message>
        <source>fairseq: row padding_idx is zero, tokens start at padding_idx + 1; -1 = none</source>
        <translation>fairseq：padding_idx 行为零，词元从 padding_idx + 1 开始；-1 = 无</translation>
    </message>
    <message>
        <source>Vaswani et al. 2017 §3.5 (Annotated Transformer)</source>
        <translation>Vaswani 等人 2017 §3.5（Annotated Transformer）</translation>
    </message>
    <message>
        <source>tensor2tensor get_timing_signal_1d / fairseq SinusoidalPositionalEmbedding</source>
        <translation>tensor2tensor get_timing_signal_1d / fairseq SinusoidalPositionalEmbedding</translation>
    </message>
    <message>
        <source>Model dimension; must be even (no slot for the last cosine otherwise)</source>
        <translation>模型维数；必须为偶数（否则最后一个余弦没有位置）</translation>
    </message>
</context>
<context>
    <name>pecards::gui::SliderSpin</name>
    <message>
        <source>%1 is too large for this field (at most %2 in magnitude); the value stays %3</source>
        <translation>%1 超出此字段的范围（绝对值最多 %2）；数值保持为 %3</translation>
    </message>
    <message>
        <source>“%1” is not a number this field takes (%2); the value stays %3</source>
        <translation>“%1” 不是此字段接受的数（%2）；数值保持为 %3</translation>
    </message>
    <message>
        <source>a whole number</source>
        <translation>整数</translation>
    </message>
    <message numerus="yes">
        <source>at most %n decimal(s)</source>
        <translation>
            <numerusform>最多 %n 位小数</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>pecards::gui::ViewPanel</name>
    <message>
        <source>Save…</source>
        <translation>保存…</translation>
    </message>
    <message>
        <source>Save this view as a figure or its numbers</source>
        <translation>将此视图保存为图或数据</translation>
    </message>
</context>
<context>
    <name>pecards::gui::ViewSlot</name>
    <message>
        <source>What this view shows</source>
        <translation>此视图显示的内容</translation>
    </message>
    <message>
        <source>Change view</source>
        <translation>更换视图</translation>
    </message>
    <message>
        <source>Change view settings</source>
        <translation>更改视图设置</translation>
    </message>
</context>
<context>
    <name>pecards::gui::WeightsLoader</name>
    <message>
        <source>: no tensor named *relative_attention_bias.weight (T5), *wpe.weight (GPT-2) or *position_embeddings.weight (BERT)</source>
        <translation>：没有名为 *relative_attention_bias.weight（T5）、*wpe.weight（GPT-2）或 *position_embeddings.weight（BERT）的张量</translation>
    </message>
</context>
<context>
    <name>pecards::gui::WorkspaceController</name>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>The cards have changes that are not saved in a workspace.</source>
        <translation>卡片有尚未保存到工作区的更改。</translation>
    </message>
    <message>
        <source>The cards have changes not saved in %1.</source>
        <translation>卡片有尚未保存到 %1 的更改。</translation>
    </message>
    <message>
        <source>Save them first?</source>
        <translation>先保存吗？</translation>
    </message>
    <message>
        <source>Save workspace</source>
        <translation>保存工作区</translation>
    </message>
    <message>
        <source>PE Cards workspace (*.pecards.json *.json)</source>
        <translation>PE Cards 工作区 (*.pecards.json *.json)</translation>
    </message>
    <message>
        <source>Cannot save workspace %1: %2</source>
        <translation>无法保存工作区 %1：%2</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Open workspace</source>
        <translation>打开工作区</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message>
        <source>Removed from Open recent, the file no longer exists: %1</source>
        <translation>已从“最近打开”中移除（文件已不存在）：%1</translation>
    </message>
</context>
<context>
    <name>pecards::gui::TeachingOverlay</name>
    <message>
        <source>&amp;Pen</source>
        <translation>画笔(&amp;P)</translation>
    </message>
    <message>
        <source>Presentation and lessons: draw on the picture with the mouse; E or Esc erases</source>
        <translation>演示与课程中：用鼠标在图上画；E 或 Esc 擦除</translation>
    </message>
    <message>
        <source>Poin&amp;ter</source>
        <translation>指示点(&amp;T)</translation>
    </message>
    <message>
        <source>Presentation and lessons: a large red dot where the mouse is</source>
        <translation>演示与课程中：在鼠标所在处显示一个大红点</translation>
    </message>
    <message>
        <source>&amp;Blank screen</source>
        <translation>黑屏(&amp;B)</translation>
    </message>
    <message>
        <source>Presentation and lessons: a black screen; B or Esc brings the picture back</source>
        <translation>演示与课程中：黑屏；按 B 或 Esc 恢复画面</translation>
    </message>
    <message>
        <source>&amp;Erase drawing</source>
        <translation>擦除笔迹(&amp;E)</translation>
    </message>
    <message>
        <source>Presentation and lessons: erase the pen&apos;s strokes</source>
        <translation>演示与课程中：擦除画笔的笔迹</translation>
    </message>
</context>
<context>
    <name>pecards::gui::PairUsageDialog</name>
    <message>
        <source>Strip: no scaling is under test, so no pair moves and every cell is grey.</source>
        <translation>条带：没有被测的缩放，因此没有频率对被改变，每一格都是灰色。</translation>
    </message>
    <message>
        <source>Not pooled here, as their number of pairs differs: layers %1; choose each under Show.</source>
        <translation>因频率对数目不同而未在此合并：第 %1 层；请在“显示”中逐一选择。</translation>
    </message>
    <message>
        <source>No scaling is under test, so no head&apos;s usage moves.</source>
        <translation>没有被测的缩放，因此没有头的用量受影响。</translation>
    </message>
    <message>
        <source>&amp;Save figure…</source>
        <translation>保存图(&amp;S)…</translation>
    </message>
    <message>
        <source>Save the figure</source>
        <translation>保存图</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)</source>
        <translation>PNG 图像 (*.png);;SVG 矢量图 (*.svg);;PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>Nothing to save yet: read a checkpoint first.</source>
        <translation>还没有可保存的内容：请先读取一个检查点。</translation>
    </message>
    <message>
        <source>%1 must end in .png, .svg or .pdf</source>
        <translation>%1 的扩展名必须是 .png、.svg 或 .pdf</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>已保存 %1。</translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation>未保存：%1</translation>
    </message>
    <message>
        <source>no scaling</source>
        <translation>无缩放</translation>
    </message>
    <message>
        <source>linear (PI)</source>
        <translation>线性（PI）</translation>
    </message>
    <message>
        <source>dynamic NTK</source>
        <translation>动态 NTK</translation>
    </message>
    <message>
        <source>RoPE layer</source>
        <translation>RoPE 层</translation>
    </message>
    <message>
        <source>query head</source>
        <translation>查询头</translation>
    </message>
    <message>
        <source>rotary pair i (usage |q_i| |k_i| bound, log colours)</source>
        <translation>旋转频率对 i（用量 |q_i| |k_i| 上界，对数颜色）</translation>
    </message>
    <message>
        <source>rotary pair i (usage |q_i| |k_i| bound, linear colours)</source>
        <translation>旋转频率对 i（用量 |q_i| |k_i| 上界，线性颜色）</translation>
    </message>
    <message>
        <source>&amp;Read</source>
        <translation>读取(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Log colours</source>
        <translation>对数颜色(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Use this head as q, k on the RoPE card</source>
        <translation>把这个头作为 RoPE 卡片的 q、k(&amp;U)</translation>
    </message>
    <message>
        <source>Pair usage of a checkpoint</source>
        <translation>检查点的频率对用量</translation>
    </message>
    <message>
        <source>Which rotary pairs a model&apos;s heads can use: for each pair, the longest (q_a, q_b) a unit input can make (the largest singular value of the two projection rows), times the same for its key head. Only the query and key projections are read, one head at a time.</source>
        <translation>模型的注意力头能用哪些旋转频率对：对每个频率对，单位输入能生成的最长 (q_a, q_b)（两行投影的最大奇异值），乘以其键头的同一个量。只读取查询和键投影，每次一个头。</translation>
    </message>
    <message>
        <source>model.safetensors, model.safetensors.index.json or their folder</source>
        <translation>model.safetensors、model.safetensors.index.json 或它们所在的文件夹</translation>
    </message>
    <message>
        <source>as the config says</source>
        <translation>按配置</translation>
    </message>
    <message>
        <source>half-split (rotate_half, Hugging Face export)</source>
        <translation>对半拆分（rotate_half，Hugging Face 导出）</translation>
    </message>
    <message>
        <source>interleaved (Meta&apos;s original export)</source>
        <translation>交错（Meta 原始导出）</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Model config:</source>
        <translation>模型配置：</translation>
    </message>
    <message>
        <source>File…</source>
        <translation>文件…</translation>
    </message>
    <message>
        <source>Folder…</source>
        <translation>文件夹…</translation>
    </message>
    <message>
        <source>Checkpoint:</source>
        <translation>检查点：</translation>
    </message>
    <message>
        <source>Pairs of the rows:</source>
        <translation>行的配对方式：</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>显示：</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>层</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>头</translation>
    </message>
    <message>
        <source>Key head</source>
        <translation>键头</translation>
    </message>
    <message>
        <source>Usage</source>
        <translation>用量</translation>
    </message>
    <message>
        <source>In moved pairs</source>
        <translation>在被改变的频率对上</translation>
    </message>
    <message>
        <source>Top pair</source>
        <translation>最大频率对</translation>
    </message>
    <message>
        <source>The model&apos;s config.json</source>
        <translation>模型的 config.json</translation>
    </message>
    <message>
        <source>Hugging Face config (*.json)</source>
        <translation>Hugging Face 配置 (*.json)</translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation>第 %1 层</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>第 %1 个头</translation>
    </message>
    <message>
        <source>%1, pair %2: usage %3</source>
        <translation>%1，频率对 %2：用量 %3</translation>
    </message>
    <message>
        <source>The checkpoint&apos;s folder</source>
        <translation>检查点所在的文件夹</translation>
    </message>
    <message>
        <source>The checkpoint</source>
        <translation>检查点</translation>
    </message>
    <message>
        <source>safetensors checkpoint (*.safetensors *.index.json)</source>
        <translation>safetensors 检查点 (*.safetensors *.index.json)</translation>
    </message>
    <message>
        <source>Give the model&apos;s config.json and its checkpoint.</source>
        <translation>请给出模型的 config.json 和它的检查点。</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <source>Not read: %1</source>
        <translation>未读取：%1</translation>
    </message>
    <message>
        <source>%1: %2 RoPE layers × %3 query heads (%4 key heads) × %5 pairs read from %6.</source>
        <translation>%1：从 %6 读取了 %2 个 RoPE 层 × %3 个查询头（%4 个键头）× %5 个频率对。</translation>
    </message>
    <message>
        <source>Every RoPE layer, each the mean over its heads</source>
        <translation>每个 RoPE 层，各取其所有头的平均</translation>
    </message>
    <message>
        <source>Layer %1: its heads</source>
        <translation>第 %1 层：各个头</translation>
    </message>
    <message>
        <source>Strip, per pair: orange where %1 changes the frequency, darker the further (at L = %2; %3 of %4 pairs), grey where it does not%5.</source>
        <translation>条带，每个频率对一格：橙色表示 %1 改变了频率，改变越多颜色越深（L = %2 时；%4 个频率对中的 %3 个），灰色表示没有改变%5。</translation>
    </message>
    <message>
        <source>, for layer %1&apos;s frequencies</source>
        <translation>，按第 %1 层的频率</translation>
    </message>
    <message>
        <source>Red line: pair %1 is the first whose wavelength 2π/θᵢ exceeds L0 = %2, so it never completed a turn in training (Liu et al. 2023&apos;s critical dimension).</source>
        <translation>红线：第 %1 个频率对是第一个波长 2π/θᵢ 超过 L0 = %2 的频率对，它在训练中从未转满一圈（Liu 等人 2023 的临界维度）。</translation>
    </message>
    <message>
        <source>Dashed line: pairs from %1 on do not rotate (proportional RoPE).</source>
        <translation>虚线：从第 %1 个频率对起不再旋转（比例式 RoPE）。</translation>
    </message>
    <message>
        <source>The RoPE card has no scaling, so each layer&apos;s own is used; set one on the card (e.g. YaRN ×4) to see which pairs it moves.</source>
        <translation>RoPE 卡片没有缩放，因此使用每层自己的缩放；在卡片上设置一种（例如 YaRN ×4），即可看到它改变哪些频率对。</translation>
    </message>
    <message>
        <source>Layer %1, head %2: %3 % of its usage is on the pairs %4 moves.</source>
        <translation>第 %1 层第 %2 个头：它 %3 % 的用量在 %4 改变的频率对上。</translation>
    </message>
    <message>
        <source>%1 moves no pair of these layers: no head&apos;s usage changes.</source>
        <translation>%1 没有改变这些层的任何频率对：没有头的用量受影响。</translation>
    </message>
    <message>
        <source>The RoPE card has %1 pairs and layer %2 has %3: open the model&apos;s config on the card first (File &gt; Open config).</source>
        <translation>RoPE 卡片有 %1 个频率对，而第 %2 层有 %3 个：请先在卡片上打开模型的配置（文件 &gt; 打开配置）。</translation>
    </message>
    <message>
        <source>Use head %1 of layer %2 as q, k</source>
        <translation>把第 %2 层第 %1 个头作为 q、k</translation>
    </message>
    <message>
        <source>The RoPE card&apos;s q, k are now head %1 of layer %2&apos;s longest pairs: its score views show that head&apos;s positional response.</source>
        <translation>RoPE 卡片的 q、k 现在是第 %2 层第 %1 个头的最长频率对：卡片的分数视图显示这个头的位置响应。</translation>
    </message>
</context>
<context>
    <name>pecards::gui::MultimodalCard</name>
    <message>
        <source>Multimodal</source>
        <translation>多模态</translation>
    </message>
    <message>
        <source>%1, [%2, %3, %4] %5</source>
        <translation>%1，[%2, %3, %4] %5</translation>
    </message>
    <message>
        <source>; rope delta %1 for decoding</source>
        <translation>；解码时的 rope 增量为 %1</translation>
    </message>
    <message>
        <source>Position ids t, h, w of each token (%1)%2</source>
        <translation>每个词元的位置 id t、h、w（%1）%2</translation>
    </message>
    <message>
        <source>Axis of each dimension for [%1, %2, %3]; rows: 2 blocked (Qwen2.5-VL), 1 interleaved (Qwen3-VL), 0 blocked on adjacent dims (GLM-4.xV)</source>
        <translation>[%1, %2, %3] 下每一维跟随的轴；行：2 分块（Qwen2.5-VL），1 交错（Qwen3-VL），0 相邻维度上分块（GLM-4.xV）</translation>
    </message>
    <message>
        <source>Attention softmax((Rᵢ q)·(Rⱼ k)/√d) over the tokens, %1</source>
        <translation>词元间的注意力 softmax((Rᵢ q)·(Rⱼ k)/√d)，%1</translation>
    </message>
    <message>
        <source>Score (Rᵢ q)·(Rⱼ k) between tokens, %1, %2</source>
        <translation>词元间的得分 (Rᵢ q)·(Rⱼ k)，%1，%2</translation>
    </message>
    <message>
        <source>Not applied: %1</source>
        <translation>未应用：%1</translation>
    </message>
    <message>
        <source>Sequence</source>
        <translation>序列</translation>
    </message>
    <message>
        <source>segments</source>
        <translation>片段</translation>
    </message>
    <message>
        <source>text:N tokens, image:H×W and video:T×H×W patches before merging, audio:F mel frames (Qwen2.5-Omni), comma-separated; Enter applies</source>
        <translation>text:N 个词元，image:H×W 和 video:T×H×W 为合并前的图块数，audio:F 为梅尔帧数（Qwen2.5-Omni），以逗号分隔；按回车应用</translation>
    </message>
    <message>
        <source>%1 tokens; the largest id is %2, so decoding adds %3 to each position</source>
        <translation>%1 个词元；最大 id 为 %2，因此解码时每个位置加上 %3</translation>
    </message>
    <message>
        <source>causal mask</source>
        <translation>因果掩码</translation>
    </message>
    <message>
        <source>Mask keys j &gt; i (the decoder's attention)</source>
        <translation>掩码 j &gt; i 的键（解码器的注意力）</translation>
    </message>
    <message>
        <source>M-RoPE</source>
        <translation>M-RoPE</translation>
    </message>
    <message>
        <source>family</source>
        <translation>模型族</translation>
    </message>
    <message>
        <source>Whose get_rope_index numbers the tokens: they differ for video time and Omni's start and end tokens</source>
        <translation>由哪个模型族的 get_rope_index 给词元编号：它们在视频时间和 Omni 的起止词元上不同</translation>
    </message>
    <message>
        <source>section layout</source>
        <translation>分段布局</translation>
    </message>
    <message>
        <source>blocked</source>
        <translation>分块</translation>
    </message>
    <message>
        <source>Qwen2-VL, Qwen2.5-VL, GLM-4.xV: pairs in runs of t, then h, then w</source>
        <translation>Qwen2-VL、Qwen2.5-VL、GLM-4.xV：频率对先连续分给 t，再给 h，再给 w</translation>
    </message>
    <message>
        <source>interleaved</source>
        <translation>交错</translation>
    </message>
    <message>
        <source>Qwen3-VL, Qwen3.5: pairs t, h, w in turn</source>
        <translation>Qwen3-VL、Qwen3.5：频率对轮流分给 t、h、w</translation>
    </message>
    <message>
        <source>How mrope_section assigns the rotary pairs to the three axes</source>
        <translation>mrope_section 如何把旋转频率对分给三条轴</translation>
    </message>
    <message>
        <source>pairs for %1</source>
        <translation>%1 的频率对</translation>
    </message>
    <message>
        <source>mrope_section: the three counts sum to rotary_dim / 2</source>
        <translation>mrope_section：三个数之和为 rotary_dim / 2</translation>
    </message>
    <message>
        <source>merge size</source>
        <translation>合并大小</translation>
    </message>
    <message>
        <source>vision_config.spatial_merge_size: m × m patches make one token</source>
        <translation>vision_config.spatial_merge_size：m × m 个图块合成一个词元</translation>
    </message>
    <message>
        <source>tokens per second</source>
        <translation>每秒词元数</translation>
    </message>
    <message>
        <source>Qwen2.5-VL vision_config.tokens_per_second: video t advances by seconds × this</source>
        <translation>Qwen2.5-VL vision_config.tokens_per_second：视频的 t 按秒数乘以该值前进</translation>
    </message>
    <message>
        <source>seconds per grid</source>
        <translation>每网格秒数</translation>
    </message>
    <message>
        <source>second_per_grid_t: temporal_patch_size / fps of the processor</source>
        <translation>second_per_grid_t：处理器的 temporal_patch_size / fps</translation>
    </message>
    <message>
        <source>text tokens per frame</source>
        <translation>每帧文本词元数</translation>
    </message>
    <message>
        <source>Qwen3-VL, GLM-4.xV: the timestamp text before each video frame</source>
        <translation>Qwen3-VL、GLM-4.xV：每个视频帧之前的时间戳文本</translation>
    </message>
    <message>
        <source>ids per second</source>
        <translation>每秒 id 数</translation>
    </message>
    <message>
        <source>Qwen2.5-Omni position_id_per_seconds: temporal ids per second of video and audio</source>
        <translation>Qwen2.5-Omni position_id_per_seconds：视频和音频每秒的时间 id 数</translation>
    </message>
    <message>
        <source>transformers v4.57 get_rope_index (%1) and apply_multimodal_rotary_pos_emb; RoFormer eq. 14 per pair</source>
        <translation>transformers v4.57 get_rope_index（%1）与 apply_multimodal_rotary_pos_emb；每个频率对按 RoFormer 式 14</translation>
    </message>
    <message>
        <source>Vision tower 2-D RoPE (%1, head_dim %2, θ %3): score of patch (%4, %5) against every patch of %6 × %7, %8</source>
        <translation>视觉塔的二维旋转位置编码（%1，head_dim %2，θ %3）：图块 (%4, %5) 与 %6 × %7 网格中每个图块的得分，%8</translation>
    </message>
    <message>
        <source>Vision tower</source>
        <translation>视觉塔</translation>
    </message>
    <message>
        <source>tower</source>
        <translation>视觉塔</translation>
    </message>
    <message>
        <source>Pixtral, Mistral 3: even frequencies on the row, odd on the column</source>
        <translation>Pixtral、Mistral 3：偶数频率给行，奇数频率给列</translation>
    </message>
    <message>
        <source>Gemma 4: the column's half of the head, then the row's, the same frequencies</source>
        <translation>Gemma 4：头的一半给列，另一半给行，频率相同</translation>
    </message>
    <message>
        <source>Whose vision tower: it decides which pairs turn with the row and which with the column</source>
        <translation>哪个模型的视觉塔：它决定哪些频率对随行旋转，哪些随列旋转</translation>
    </message>
    <message>
        <source>tower head_dim</source>
        <translation>视觉塔 head_dim</translation>
    </message>
    <message>
        <source>vision_config.head_dim (Pixtral-12B: 64; Gemma 4: 72)</source>
        <translation>vision_config.head_dim（Pixtral-12B：64；Gemma 4：72）</translation>
    </message>
    <message>
        <source>tower θ</source>
        <translation>视觉塔 θ</translation>
    </message>
    <message>
        <source>vision_config rope_theta (Pixtral: 10000; Gemma 4: 100)</source>
        <translation>vision_config 的 rope_theta（Pixtral：10000；Gemma 4：100）</translation>
    </message>
    <message>
        <source>patch rows</source>
        <translation>图块行数</translation>
    </message>
    <message>
        <source>Rows of the image's patch grid</source>
        <translation>图像图块网格的行数</translation>
    </message>
    <message>
        <source>patch columns</source>
        <translation>图块列数</translation>
    </message>
    <message>
        <source>Columns of the image's patch grid</source>
        <translation>图像图块网格的列数</translation>
    </message>
    <message>
        <source>query patch row</source>
        <translation>查询图块的行</translation>
    </message>
    <message>
        <source>Row of the patch compared with every other, from 0</source>
        <translation>与其他每个图块比较的图块所在行，从 0 起</translation>
    </message>
    <message>
        <source>query patch column</source>
        <translation>查询图块的列</translation>
    </message>
    <message>
        <source>Column of the patch compared with every other, from 0</source>
        <translation>与其他每个图块比较的图块所在列，从 0 起</translation>
    </message>
</context>
<context>
    <name>MultimodalCard</name>
    <message>
        <source>Position ids t, h, w (chart)</source>
        <translation>位置 id t、h、w（曲线图）</translation>
    </message>
    <message>
        <source>M-RoPE pair map (chart)</source>
        <translation>M-RoPE 频率对映射（曲线图）</translation>
    </message>
    <message>
        <source>Vision tower patch score (map)</source>
        <translation>视觉塔图块得分（图）</translation>
    </message>
</context>
<context>
    <name>MropeCurves</name>
    <message>
        <source>token of the sequence</source>
        <translation>序列中的词元</translation>
    </message>
    <message>
        <source>position id</source>
        <translation>位置 id</translation>
    </message>
    <message>
        <source>dimension k of the head</source>
        <translation>头的第 k 维</translation>
    </message>
    <message>
        <source>layout row</source>
        <translation>布局行</translation>
    </message>
    <message>
        <source>passes through (k ≥ rotary dim)</source>
        <translation>不旋转（k ≥ 旋转维数）</translation>
    </message>
</context>
<context>
    <name>pecards::gui::PatchPanel</name>
    <message>
        <source>patch row</source>
        <translation>图块行</translation>
    </message>
    <message>
        <source>patch column</source>
        <translation>图块列</translation>
    </message>
    <message>
        <source>query patch</source>
        <translation>查询图块</translation>
    </message>
</context>
</TS>
