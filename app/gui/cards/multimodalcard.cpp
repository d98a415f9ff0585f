#include "cards/multimodalcard.h"

#include "cards/controlgroups.h"
#include "cards/parameterform.h"
#include "cardtext/describe.h"
#include "views/patchpanel.h"

#include <QCoreApplication>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>
#include <pecards/errors.h>
#include <pecards/mrope.h>
#include <pecards/visionrope.h>

namespace pecards::gui {

using pecards::app::CurveKind;

namespace {

using Mp = pecards::CardParams;

QString familyName(pecards::MropeFamily family) {
    return QString::fromStdString(pecards::toString(family));
}

QString describeMrope(const Mp& p) {
    const pecards::MultimodalParams& m = p.multimodal;
    return MultimodalCard::tr("%1, [%2, %3, %4] %5")
        .arg(familyName(m.family))
        .arg(m.section.at(0))
        .arg(m.section.at(1))
        .arg(m.section.at(2))
        .arg(QString::fromStdString(pecards::toString(m.layout)));
}

QString multimodalViewTitle(const ViewSpec& spec, const Mp& p) {
    if (spec.id == QLatin1String("patch")) {
        const pecards::VisionTowerView& t = p.multimodal.tower;
        return MultimodalCard::tr("Vision tower 2-D RoPE (%1, head_dim %2, θ %3): score of patch (%4, %5) "
                                  "against every patch of %6 × %7, %8")
            .arg(QString::fromStdString(pecards::toString(t.rope.family)))
            .arg(t.rope.head_dim)
            .arg(t.rope.theta, 0, 'g', 12)
            .arg(t.query_row)
            .arg(t.query_col)
            .arg(t.rows)
            .arg(t.cols)
            .arg(pecards::app::describeProbe(p.probe));
    }
    if (spec.kind == ViewKind::Chart) {
        if (spec.curve == CurveKind::MropeIds) {
            QString delta;
            try {
                const pecards::MropePositions ids = pecards::mropePositionIds(
                    p.multimodal.family, p.multimodal.segments, p.multimodal.vision);
                delta = MultimodalCard::tr("; rope delta %1 for decoding").arg(ids.delta);
            } catch (const pecards::InvalidParameter&) {
                // the chart shows the message itself
            }
            return MultimodalCard::tr("Position ids t, h, w of each token (%1)%2")
                .arg(familyName(p.multimodal.family), delta);
        }
        return MultimodalCard::tr("Axis of each dimension for [%1, %2, %3]; rows: 2 blocked (Qwen2.5-VL), "
                                  "1 interleaved (Qwen3-VL), 0 blocked on adjacent dims (GLM-4.xV)")
            .arg(p.multimodal.section.at(0))
            .arg(p.multimodal.section.at(1))
            .arg(p.multimodal.section.at(2));
    }
    if (spec.quantity == pecards::Quantity::Attention)
        return MultimodalCard::tr("Attention softmax((Rᵢ q)·(Rⱼ k)/√d) over the tokens, %1")
            .arg(describeMrope(p));
    return MultimodalCard::tr("Score (Rᵢ q)·(Rⱼ k) between tokens, %1, %2")
        .arg(pecards::app::describeProbe(p.probe), describeMrope(p));
}

/// The segments as text, checked as they are typed in: the card keeps its segments until the
/// text composes, and the message under the field names what does not.
class SegmentsEditor : public QWidget {
public:
    SegmentsEditor(ParameterForm* form)
        : QWidget(form)
        , m_form(form)
        , m_text(new QLineEdit(this))
        , m_error(new QLabel(this)) {
        auto* layout = new QVBoxLayout(this);
        layout->setContentsMargins(0, 0, 0, 0);
        layout->addWidget(m_text);
        layout->addWidget(m_error);
        m_text->setObjectName(QStringLiteral("segments_text"));
        m_text->setPlaceholderText(QStringLiteral("text:3,image:4x6,text:2"));
        m_error->setObjectName(QStringLiteral("segments_error"));
        m_error->setWordWrap(true);
        m_error->setStyleSheet(QStringLiteral("color: #b00020"));
        m_error->hide();
        connect(m_text, &QLineEdit::editingFinished, this, &SegmentsEditor::apply);
    }

    void show(const Mp& params) {
        const QString text = QString::fromStdString(pecards::formatMropeSegments(params.multimodal.segments));
        if (!m_text->hasFocus() || m_error->isHidden())
            m_text->setText(text);
    }

private:
    void apply() {
        try {
            std::vector<pecards::MropeSegment> segments
                = pecards::parseMropeSegments(m_text->text().toStdString());
            const pecards::MultimodalParams& m = m_form->params().multimodal;
            pecards::mropeTokenCount(m.family, segments, m.vision); // refuses what does not compose
            m_error->hide();
            if (segments == m.segments)
                return;
            m_form->edit([&](Mp& p) {
                p.multimodal.segments = std::move(segments);
                syncMultimodalLength(p);
            });
        } catch (const pecards::InvalidParameter& e) {
            m_error->setText(MultimodalCard::tr("Not applied: %1").arg(QString::fromUtf8(e.what())));
            m_error->show();
        }
    }

    ParameterForm* m_form;
    QLineEdit* m_text;
    QLabel* m_error;
};

/// A whole-number control of the multimodal parameters that keeps the length in step.
void addCount(ParameterForm& form, const QString& id, const QString& label, double low, double high,
    std::function<double(const Mp&)> get, std::function<void(Mp&, double)> set, const QString& toolTip) {
    form.addNumber(
        id, label, {low, high, low, high, false, 0, 24, false, 1.0, 0.0}, std::move(get),
        [set = std::move(set)](Mp& p, double v) {
            set(p, v);
            syncMultimodalLength(p);
        },
        toolTip);
}

/// The vision tower's own 2-D RoPE and the grid of its patch view.
void addTowerControls(ParameterForm& form) {
    form.addSection(MultimodalCard::tr("Vision tower"));
    form.addChoice(
        QStringLiteral("tower_family"), MultimodalCard::tr("tower"),
        {{QStringLiteral("pixtral"), static_cast<int>(pecards::VisionRopeFamily::Pixtral),
             MultimodalCard::tr("Pixtral, Mistral 3: even frequencies on the row, odd on the column")},
            {QStringLiteral("gemma4"), static_cast<int>(pecards::VisionRopeFamily::Gemma4),
                MultimodalCard::tr(
                    "Gemma 4: the column's half of the head, then the row's, the same frequencies")}},
        [](const Mp& p) { return static_cast<int>(p.multimodal.tower.rope.family); },
        [](Mp& p, int v) { p.multimodal.tower.rope.family = static_cast<pecards::VisionRopeFamily>(v); },
        MultimodalCard::tr(
            "Whose vision tower: it decides which pairs turn with the row and which with the column"));
    form.addNumber(
        QStringLiteral("tower_head_dim"), MultimodalCard::tr("tower head_dim"),
        {4, 256, 4, 1024, false, 0, 24, false, 2.0, 0.0},
        [](const Mp& p) { return static_cast<double>(p.multimodal.tower.rope.head_dim); },
        [](Mp& p, double v) { p.multimodal.tower.rope.head_dim = static_cast<int>(std::lround(v)); },
        MultimodalCard::tr("vision_config.head_dim (Pixtral-12B: 64; Gemma 4: 72)"));
    form.addNumber(
        QStringLiteral("tower_theta"), MultimodalCard::tr("tower θ"),
        {1, 1e6, 1, 1e12, true, 1, 24, false, 1.0, 0.0},
        [](const Mp& p) { return p.multimodal.tower.rope.theta; },
        [](Mp& p, double v) { p.multimodal.tower.rope.theta = v; },
        MultimodalCard::tr("vision_config rope_theta (Pixtral: 10000; Gemma 4: 100)"));
    const auto grid = [&form](const QString& id, const QString& label, int pecards::VisionTowerView::*field,
                          const QString& toolTip) {
        form.addNumber(
            id, label, {1, 64, 1, 4096, false, 0, 24, false, 1.0, 0.0},
            [field](const Mp& p) { return static_cast<double>(p.multimodal.tower.*field); },
            [field](Mp& p, double v) { p.multimodal.tower.*field = static_cast<int>(std::lround(v)); },
            toolTip);
    };
    grid(QStringLiteral("tower_rows"), MultimodalCard::tr("patch rows"), &pecards::VisionTowerView::rows,
        MultimodalCard::tr("Rows of the image's patch grid"));
    grid(QStringLiteral("tower_cols"), MultimodalCard::tr("patch columns"), &pecards::VisionTowerView::cols,
        MultimodalCard::tr("Columns of the image's patch grid"));
    grid(QStringLiteral("tower_query_row"), MultimodalCard::tr("query patch row"),
        &pecards::VisionTowerView::query_row,
        MultimodalCard::tr("Row of the patch compared with every other, from 0"));
    form.setRangeWhen(QStringLiteral("tower_query_row"), [](const Mp& p) {
        return std::pair {0.0, std::max(0.0, p.multimodal.tower.rows - 1.0)};
    });
    grid(QStringLiteral("tower_query_col"), MultimodalCard::tr("query patch column"),
        &pecards::VisionTowerView::query_col,
        MultimodalCard::tr("Column of the patch compared with every other, from 0"));
    form.setRangeWhen(QStringLiteral("tower_query_col"), [](const Mp& p) {
        return std::pair {0.0, std::max(0.0, p.multimodal.tower.cols - 1.0)};
    });
}

void addMropeControls(ParameterForm& form) {
    form.addSection(MultimodalCard::tr("Sequence"));
    auto* segments = new SegmentsEditor(&form);
    form.addEditor(
        QStringLiteral("segments"), MultimodalCard::tr("segments"), segments,
        [segments](const Mp& p) { segments->show(p); },
        MultimodalCard::tr(
            "text:N tokens, image:H×W and video:T×H×W patches before merging, audio:F mel frames "
            "(Qwen2.5-Omni), comma-separated; Enter applies"));
    form.addNote(QStringLiteral("tokens"), [](const Mp& p) {
        try {
            const pecards::MropePositions ids
                = pecards::mropePositionIds(p.multimodal.family, p.multimodal.segments, p.multimodal.vision);
            return MultimodalCard::tr("%1 tokens; the largest id is %2, so decoding adds %3 to each position")
                .arg(ids.size())
                .arg(ids.size() + ids.delta - 1)
                .arg(ids.delta);
        } catch (const pecards::InvalidParameter&) {
            return QString();
        }
    });
    form.addToggle(
        QStringLiteral("causal"), MultimodalCard::tr("causal mask"), [](const Mp& p) { return p.causal; },
        [](Mp& p, bool on) { p.causal = on; },
        MultimodalCard::tr("Mask keys j > i (the decoder's attention)"));
    form.addSection(MultimodalCard::tr("M-RoPE"));
    QList<ParameterForm::Choice> families;
    for (const auto family : {pecards::MropeFamily::Qwen2VL, pecards::MropeFamily::Qwen25VL,
             pecards::MropeFamily::Qwen3VL, pecards::MropeFamily::Glm4V, pecards::MropeFamily::Qwen25Omni})
        families.push_back({familyName(family), static_cast<int>(family), {}});
    form.addChoice(
        QStringLiteral("mrope_family"), MultimodalCard::tr("family"), families,
        [](const Mp& p) { return static_cast<int>(p.multimodal.family); },
        [](Mp& p, int v) {
            p.multimodal.family = static_cast<pecards::MropeFamily>(v);
            syncMultimodalLength(p);
        },
        MultimodalCard::tr("Whose get_rope_index numbers the tokens: they differ for video time and Omni's "
                           "start and end tokens"));
    form.addChoice(
        QStringLiteral("mrope_layout"), MultimodalCard::tr("section layout"),
        {{MultimodalCard::tr("blocked"), static_cast<int>(pecards::MropeLayout::Blocked),
             MultimodalCard::tr("Qwen2-VL, Qwen2.5-VL, GLM-4.xV: pairs in runs of t, then h, then w")},
            {MultimodalCard::tr("interleaved"), static_cast<int>(pecards::MropeLayout::Interleaved),
                MultimodalCard::tr("Qwen3-VL, Qwen3.5: pairs t, h, w in turn")}},
        [](const Mp& p) { return static_cast<int>(p.multimodal.layout); },
        [](Mp& p, int v) { p.multimodal.layout = static_cast<pecards::MropeLayout>(v); },
        MultimodalCard::tr("How mrope_section assigns the rotary pairs to the three axes"));
    const char* axes[] = {"t", "h", "w"};
    for (std::size_t axis = 0; axis < 3; ++axis) {
        form.addNumber(
            QStringLiteral("mrope_section_%1").arg(QLatin1String(axes[axis])),
            MultimodalCard::tr("pairs for %1").arg(QLatin1String(axes[axis])),
            {1, 64, 1, 4096, false, 0, 24, false, 1.0, 0.0},
            [axis](const Mp& p) { return static_cast<double>(p.multimodal.section.at(axis)); },
            [axis](Mp& p, double v) { p.multimodal.section.at(axis) = static_cast<int>(std::lround(v)); },
            MultimodalCard::tr("mrope_section: the three counts sum to rotary_dim / 2"));
    }
    addCount(
        form, QStringLiteral("merge"), MultimodalCard::tr("merge size"), 1, 16,
        [](const Mp& p) { return static_cast<double>(p.multimodal.vision.spatial_merge_size); },
        [](Mp& p, double v) { p.multimodal.vision.spatial_merge_size = static_cast<int>(std::lround(v)); },
        MultimodalCard::tr("vision_config.spatial_merge_size: m × m patches make one token"));
    form.addNumber(
        QStringLiteral("tokens_per_second"), MultimodalCard::tr("tokens per second"),
        {0, 25, 0, 1e6, false, 2, 24, false, 0.5, 0.0},
        [](const Mp& p) { return p.multimodal.vision.tokens_per_second; },
        [](Mp& p, double v) { p.multimodal.vision.tokens_per_second = v; },
        MultimodalCard::tr("Qwen2.5-VL vision_config.tokens_per_second: video t advances by seconds × this"));
    form.setVisibleWhen(QStringLiteral("tokens_per_second"),
        [](const Mp& p) { return p.multimodal.family == pecards::MropeFamily::Qwen25VL; });
    form.addNumber(
        QStringLiteral("seconds_per_grid"), MultimodalCard::tr("seconds per grid"),
        {0, 4, 0, 1e6, false, 2, 24, false, 0.25, 0.0},
        [](const Mp& p) { return p.multimodal.vision.seconds_per_grid; },
        [](Mp& p, double v) { p.multimodal.vision.seconds_per_grid = v; },
        MultimodalCard::tr("second_per_grid_t: temporal_patch_size / fps of the processor"));
    form.setVisibleWhen(QStringLiteral("seconds_per_grid"), [](const Mp& p) {
        return p.multimodal.family == pecards::MropeFamily::Qwen25VL
            || p.multimodal.family == pecards::MropeFamily::Qwen25Omni;
    });
    addCount(
        form, QStringLiteral("frame_text"), MultimodalCard::tr("text tokens per frame"), 0, 16,
        [](const Mp& p) { return static_cast<double>(p.multimodal.vision.frame_text_tokens); },
        [](Mp& p, double v) { p.multimodal.vision.frame_text_tokens = static_cast<int>(std::lround(v)); },
        MultimodalCard::tr("Qwen3-VL, GLM-4.xV: the timestamp text before each video frame"));
    form.setVisibleWhen(QStringLiteral("frame_text"), [](const Mp& p) {
        return p.multimodal.family == pecards::MropeFamily::Qwen3VL
            || p.multimodal.family == pecards::MropeFamily::Glm4V;
    });
    form.addNumber(
        QStringLiteral("position_id_per_seconds"), MultimodalCard::tr("ids per second"),
        {1, 100, 1, 1e6, false, 0, 24, false, 1.0, 0.0},
        [](const Mp& p) { return static_cast<double>(p.multimodal.vision.position_id_per_seconds); },
        [](Mp& p, double v) {
            p.multimodal.vision.position_id_per_seconds = static_cast<int>(std::lround(v));
        },
        MultimodalCard::tr(
            "Qwen2.5-Omni position_id_per_seconds: temporal ids per second of video and audio"));
    form.setVisibleWhen(QStringLiteral("position_id_per_seconds"),
        [](const Mp& p) { return p.multimodal.family == pecards::MropeFamily::Qwen25Omni; });
    addTowerControls(form);
    addRopeControls(form, false);
    form.setVisibleWhen(QStringLiteral("rope_partial"), [](const Mp&) { return false; }); // classic only
    addProbeControls(form);
}

/// The vision tower's patch map: a panel of its own (patchpanel.h), not a quantity of the sequence.
ViewSpec patchView() {
    ViewSpec patch = chartView(QStringLiteral("patch"), "MultimodalCard",
        QT_TRANSLATE_NOOP("MultimodalCard", "Vision tower patch score (map)"), CurveKind::MropePairMap);
    patch.createPanel = [](const ViewSpec& spec, ComputeService*, const QString&,
                            QWidget* parent) -> ViewPanel* { return new PatchPanel(spec, parent); };
    return patch;
}

} // namespace

void syncMultimodalLength(pecards::CardParams& params) {
    try {
        params.length = pecards::mropeTokenCount(
            params.multimodal.family, params.multimodal.segments, params.multimodal.vision);
    } catch (const pecards::InvalidParameter&) {
        // validate() names the segment that does not compose
    }
}

CardEntry MultimodalCard::entry() {
    using pecards::Quantity;
    CardEntry e;
    e.id = QStringLiteral("multimodal");
    e.trContext = MultimodalCard::staticMetaObject.className();
    e.titleSource = QT_TR_NOOP("Multimodal");
    e.title = MultimodalCard::tr(e.titleSource);
    e.card = pecards::Card::Multimodal;
    e.create = [](const CardEntry& entry, ComputeService* service, DeckModel* deck, int card,
                   QWidget* parent) -> CardPage* {
        return new MultimodalCard(entry, service, deck, card, parent);
    };
    e.defaults = [] { return pecards::startParams(pecards::Card::Multimodal); }; // paramtable.h
    e.addControls = addMropeControls;
    e.reference = [](const Mp& p) {
        return MultimodalCard::tr(
            "transformers v4.57 get_rope_index (%1) and apply_multimodal_rotary_pos_emb; "
            "RoFormer eq. 14 per pair")
            .arg(familyName(p.multimodal.family));
    };
    e.viewTitle = multimodalViewTitle;
    e.views = {heatmapView(QStringLiteral("score"), Quantity::Score),
        chartView(QStringLiteral("position-ids"), "MultimodalCard",
            QT_TRANSLATE_NOOP("MultimodalCard", "Position ids t, h, w (chart)"), CurveKind::MropeIds),
        chartView(QStringLiteral("pair-map"), "MultimodalCard",
            QT_TRANSLATE_NOOP("MultimodalCard", "M-RoPE pair map (chart)"), CurveKind::MropePairMap),
        heatmapView(QStringLiteral("attention"), Quantity::Attention), patchView()};
    e.defaultViews = {QStringLiteral("score"), QStringLiteral("position-ids"), QStringLiteral("pair-map"),
        QStringLiteral("attention")};
    return e;
}

} // namespace pecards::gui
