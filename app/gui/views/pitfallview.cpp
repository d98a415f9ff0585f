#include "views/pitfallview.h"

#include "compute/computeservice.h"
#include "views/figuresavedialog.h"
#include "views/invarianttable.h"
#include "views/pairexportjob.h"
#include "views/pitfallgrid.h"
#include "views/precisionchart.h"
#include "views/quantitystyle.h"
#include "widgets/heatmapframe.h"
#include "widgets/heatmapwidget.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFile>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>
#include <algorithm>
#include <array>
#include <cmath>
#include <figure/mathtext.h>
#include <figure/quantitydefaults.h>
#include <functional>
#include <limits>
#include <pecards/errors.h>
#include <pecards/pitfall.h>
#include <pecards/rope_scaling.h>
#include <pecards/viewrules.h>

namespace pecards::gui {

namespace {

/// The three maps' object names, in grid order; their figures' names (pitfallFigureSpecs, the
/// CLI's gallery names).
const std::array<QString, 3> kMapNames {
    QStringLiteral("correctMap"), QStringLiteral("buggyMap"), QStringLiteral("differenceMap")};
const std::array<QString, 3> kFigureNames {
    QStringLiteral("correct"), QStringLiteral("buggy"), QStringLiteral("difference")};

/// The diagnosis paragraph of a pitfall: resources/pitfalls/<name>.<lang>.html, English fallback.
QString diagnosisHtml(pecards::Pitfall pitfall, const QString& language) {
    const QString name = QString::fromStdString(pecards::toString(pitfall));
    for (const QString& lang : {language, QStringLiteral("en")}) {
        QFile file(QStringLiteral(":/pitfalls/%1.%2.html").arg(name, lang));
        if (file.open(QIODevice::ReadOnly))
            return QString::fromUtf8(file.readAll());
    }
    return QString::fromStdString(pecards::pitfallSummary(pitfall)).toHtmlEscaped();
}

/// Finite minimum and maximum over the grids given.
std::pair<double, double> finiteRange(std::initializer_list<const pecards::Grid*> grids) {
    double low = std::numeric_limits<double>::infinity();
    double high = -low;
    for (const pecards::Grid* grid : grids) {
        if (!grid)
            continue;
        for (double v : grid->values) {
            if (std::isfinite(v)) {
                low = std::min(low, v);
                high = std::max(high, v);
            }
        }
    }
    return {low, high};
}

} // namespace

PitfallView::PitfallView(ComputeService* service, pecards::Card card, const QString& cardId, QWidget* parent)
    : QWidget(parent)
    , m_service(service)
    , m_card(card)
    , m_tag(cardId + QStringLiteral("/pitfalls"))
    , m_precisionTag(cardId + QStringLiteral("/pitfalls/precision")) {
    setObjectName(cardId + QStringLiteral("-pitfalls"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* controls = new QHBoxLayout;
    m_pitfallLabel = new QLabel(this);
    m_pitfalls = new QComboBox(this);
    m_pitfalls->setObjectName(QStringLiteral("pitfallList"));
    m_pitfalls->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_pitfalls->setMinimumContentsLength(14);
    for (const pecards::Pitfall pitfall : pecards::pitfallsOf(card)) {
        m_pitfalls->addItem(pitfallTitle(pitfall), static_cast<int>(pitfall));
        m_pitfalls->setItemData(m_pitfalls->count() - 1,
            QString::fromStdString(pecards::pitfallSummary(pitfall)), Qt::ToolTipRole);
    }
    m_quantityLabel = new QLabel(this);
    m_quantity = new QComboBox(this);
    m_permute = new QCheckBox(this);
    m_format = new QComboBox(this);
    m_format->setObjectName(QStringLiteral("pitfallFormat"));
    for (const auto format :
        {pecards::StorageFormat::Bfloat16, pecards::StorageFormat::Float16, pecards::StorageFormat::Float32})
        m_format->addItem(QString::fromStdString(pecards::toString(format)), static_cast<int>(format));
    m_back = new QPushButton(this);
    controls->addWidget(m_pitfallLabel);
    controls->addWidget(m_pitfalls, 1);
    controls->addWidget(m_quantityLabel);
    controls->addWidget(m_quantity);
    controls->addWidget(m_permute);
    controls->addWidget(m_format);
    controls->addWidget(m_back);
    m_back->setVisible(false); // the card header's button goes back; kept for the closeRequested API
    layout->addLayout(controls);

    std::array<QWidget*, 3> cells {};
    for (int n = 0; n < 3; ++n) {
        cells[n] = new QWidget(this);
        m_titles[n] = new QLabel(cells[n]);
        m_titles[n]->setAlignment(Qt::AlignCenter);
        m_titles[n]->setWordWrap(true); // three titles and Save… buttons fit a 1024 px window
        m_maps[n] = new HeatmapWidget(cells[n]);
        m_maps[n]->setObjectName(kMapNames[n]);
        m_maps[n]->setMinimumSize(160, 150);
        m_maps[n]->setReadoutRoom(false); // no hover read-out here
        m_save[n] = new QPushButton(cells[n]);
        m_save[n]->setObjectName(QStringLiteral("save-") + kFigureNames[n]);
        m_save[n]->setEnabled(false);
        connect(m_save[n], &QPushButton::clicked, this, [this, n] { saveFigure(n); });
        auto* cell = new QVBoxLayout(cells[n]);
        cell->setContentsMargins(0, 0, 0, 0);
        cell->setSpacing(2);
        auto* head = new QHBoxLayout;
        head->addWidget(m_titles[n], 1);
        head->addWidget(m_save[n]);
        cell->addLayout(head);
        cell->addWidget(m_maps[n], 1);
    }

    auto* textSide = new QWidget(this);
    textSide->setObjectName(QStringLiteral("pitfallText"));
    auto* text = new QVBoxLayout(textSide);
    text->setContentsMargins(0, 0, 0, 0);
    m_caption = new QLabel(textSide);
    m_caption->setObjectName(QStringLiteral("pitfallCaption"));
    m_caption->setWordWrap(true);
    text->addWidget(m_caption);
    auto* textParts = new QBoxLayout(QBoxLayout::LeftToRight);
    m_diagnosis = new QLabel(textSide);
    m_diagnosis->setObjectName(QStringLiteral("diagnosis"));
    m_diagnosis->setWordWrap(true);
    m_diagnosis->setTextFormat(Qt::RichText);
    m_diagnosis->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    auto* scroll = new QScrollArea(textSide);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(m_diagnosis);
    m_invariants = new QLabel;
    m_invariants->setObjectName(QStringLiteral("invariants"));
    m_invariants->setTextFormat(Qt::RichText);
    m_invariants->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_invariants->setWordWrap(true); // the names wrap to the cell's width (it scrolled sideways at 1280x720)
    // A table still wider (an engine message in a cell) scrolls sideways rather than widening its
    // cell past the maps' (Grid).
    auto* table = new QScrollArea(textSide);
    table->setWidgetResizable(true);
    table->setFrameShape(QFrame::NoFrame);
    table->setWidget(m_invariants);
    textParts->addWidget(scroll, 3);
    textParts->addWidget(table, 2);
    text->addLayout(textParts, 1);
    m_grid = new PitfallGrid(cells, {m_maps[0], m_maps[1], m_maps[2]}, m_save[0], textSide, textParts, this);
    layout->addWidget(m_grid, 3);
    m_precision = new PrecisionChart(m_service, this);
    m_precision->setVisible(false);
    layout->addWidget(m_precision, 1);

    connect(m_pitfalls, &QComboBox::currentIndexChanged, this, [this] {
        refillQuantities();
        refreshDiagnosis();
        submit();
    });
    connect(m_quantity, &QComboBox::currentIndexChanged, this, &PitfallView::submit);
    connect(m_permute, &QCheckBox::toggled, this, &PitfallView::submit);
    connect(m_format, &QComboBox::currentIndexChanged, this, [this] {
        refreshDiagnosis();
        submit();
    });
    connect(m_back, &QPushButton::clicked, this, &PitfallView::closeRequested);
    retranslate();
    refillQuantities();
    refreshDiagnosis();
}

void PitfallView::retranslate() {
    m_pitfallLabel->setText(tr("Pitfall:"));
    m_quantityLabel->setText(tr("View:"));
    m_permute->setText(tr("Permute q/k weights (HF)"));
    m_permute->setToolTip(tr("Apply convert_llama_weights_to_hf's permute to the exported q/k weights"));
    m_format->setToolTip(tr("The storage format of the low-precision quantity (bf16: 8 significant bits, "
                            "fp16: 11, fp32: 24)"));
    for (int n = 0; n < m_pitfalls->count(); ++n)
        m_pitfalls->setItemText(
            n, pitfallTitle(static_cast<pecards::Pitfall>(m_pitfalls->itemData(n).toInt())));
    m_back->setText(tr("Back to views"));
    m_titles[0]->setText(tr("<b>Correct</b> (the fix applied)"));
    m_titles[1]->setText(tr("<b>Buggy</b> (what the code computes)"));
    m_titles[2]->setText(tr("<b>Buggy − correct</b>"));
    for (QPushButton* save : m_save) {
        save->setText(tr("Save…"));
        save->setToolTip(tr("Save this map as a figure (PNG, SVG, PDF) computed at print resolution, "
                            "as pecards-cli render --pitfall draws it"));
    }
    refillQuantities();
}

PitfallView::Arrangement PitfallView::arrangement() const {
    return m_grid->arrangement();
}

void PitfallView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        // The maps' axis titles, the caption and the invariants' names are texts of the result:
        // the view shown asks again, in the new language.
        if (!isHidden())
            submit();
    }
    QWidget::changeEvent(event);
}

void PitfallView::refillQuantities() {
    const pecards::Pitfall current = pitfall();
    const QVariant selected = m_quantity->currentData();
    const QSignalBlocker blocker(m_quantity);
    m_quantity->clear();
    const std::pair<pecards::Quantity, QString> choices[]
        = {{pecards::Quantity::Score, tr("Score")}, {pecards::Quantity::Attention, tr("Attention")},
            {pecards::Quantity::Table, tr("Table")}, {pecards::Quantity::Buckets, tr("Buckets")}};
    pecards::CardParams params = m_params;
    params.card = m_card;
    params.pitfall.kind = current;
    for (const auto& [quantity, label] : choices) {
        if (!pecards::hasQuantity(m_card, quantity))
            continue;
        try {
            pecards::validatePitfallQuantity(params, quantity);
        } catch (const pecards::InvalidParameter&) {
            continue;
        }
        m_quantity->addItem(label, static_cast<int>(quantity));
    }
    const int index = m_quantity->findData(selected);
    m_quantity->setCurrentIndex(std::max(index, 0));
    m_permute->setVisible(current == pecards::Pitfall::RopeLayoutMismatch);
    m_format->setVisible(pecards::pitfallInputs(current).format);
}

QString PitfallView::pitfallTitle(pecards::Pitfall pitfall) {
    QString title;
    switch (pitfall) {
    case pecards::Pitfall::None:
        return tr("none");
    case pecards::Pitfall::SinusoidalOddDModel:
        title = tr("Odd d_model");
        break;
    case pecards::Pitfall::SinusoidalDimensionExponent:
        title = tr("Column index in the exponent");
        break;
    case pecards::Pitfall::RopeRotateOnHalfSplitTable:
        title = tr("Interleaved rotation on a half-split table");
        break;
    case pecards::Pitfall::RopeLayoutMismatch:
        title = tr("Weights in the other pair layout");
        break;
    case pecards::Pitfall::RopePositionsLowPrecision:
        title = tr("Positions in low precision");
        break;
    case pecards::Pitfall::RopeInvFreqLowPrecision:
        title = tr("inv_freq in low precision");
        break;
    case pecards::Pitfall::RopeCacheLowPrecision:
        title = tr("cos/sin cache in low precision");
        break;
    case pecards::Pitfall::RopeStaleDynamicNtk:
        title = tr("Stale dynamic-NTK cache");
        break;
    case pecards::Pitfall::RopePartialConvention:
        title = tr("Partial rotary in the other convention");
        break;
    case pecards::Pitfall::RopeSmallBase:
        title = tr("Base too small for the context");
        break;
    case pecards::Pitfall::ShawSmallClip:
        title = tr("Shaw clip too small");
        break;
    case pecards::Pitfall::T5NoMaxDistanceClamp:
        title = tr("T5 buckets without the clamp");
        break;
    case pecards::Pitfall::TxlRelShiftWrongRow:
        title = tr("Transformer-XL shift off by one row");
        break;
    case pecards::Pitfall::AlibiFlippedSlope:
        title = tr("ALiBi slope with the wrong sign");
        break;
    case pecards::Pitfall::AlibiRowOffsetNoMask:
        title = tr("Row-offset bias without the causal mask");
        break;
    case pecards::Pitfall::AlibiLeftPaddingArange:
        title = tr("Left padding with arange positions");
        break;
    case pecards::Pitfall::HybridRotateBeforeProjection:
        title = tr("Rotation before the q/k projection");
        break;
    case pecards::Pitfall::HybridBiasBeforeScale:
        title = tr("Bias added before the 1/√d scale");
        break;
    case pecards::Pitfall::MropeLayoutMismatch:
        title = tr("M-RoPE sections in the other layout");
        break;
    case pecards::Pitfall::MropePartialFactorDropped:
        title = tr("M-RoPE without the partial rotary factor");
        break;
    }
    return tr("%1 (%2)").arg(title, QString::fromStdString(pecards::toString(pitfall)));
}

pecards::Pitfall PitfallView::pitfall() const {
    return static_cast<pecards::Pitfall>(m_pitfalls->currentData().toInt());
}

void PitfallView::showPitfall(pecards::Pitfall pitfall) {
    const int index = m_pitfalls->findData(static_cast<int>(pitfall));
    if (index >= 0 && index != m_pitfalls->currentIndex())
        m_pitfalls->setCurrentIndex(index); // recomputes
    else
        submit();
}

void PitfallView::setParams(const pecards::CardParams& params) {
    if (params.pitfall.format != m_params.pitfall.format) { // a workspace or lesson names one
        const QSignalBlocker block(m_format);
        m_format->setCurrentIndex(m_format->findData(static_cast<int>(params.pitfall.format)));
    }
    m_params = params;
    refreshDiagnosis();
    if (!isHidden()) // the current page of the card (hidden pages wait for showPitfall)
        submit();
}

void PitfallView::setLanguage(const QString& language) {
    m_language = language;
    refreshDiagnosis();
}

void PitfallView::refreshDiagnosis() {
    m_diagnosis->setText(diagnosisHtml(pitfall(), m_language) + cardExample());
}

QString PitfallView::cardExample() const {
    // The pitfall text's example is at base 10^4, d = 128 (the public report); the card's own
    // numbers follow, computed from its parameters (the engineer's review C15).
    if (pitfall() != pecards::Pitfall::RopeInvFreqLowPrecision || m_card != pecards::Card::Rope)
        return {};
    try {
        pecards::validate(m_params.rope);
        const Eigen::VectorXd theta
            = pecards::ropeScaling(m_params.rope, pecards::effectiveSeqLen(m_params.rope, m_params.length))
                  .inv_freq;
        if (theta.size() < 2)
            return {};
        const auto format = static_cast<pecards::StorageFormat>(m_format->currentData().toInt());
        const double stored = pecards::roundToFormat(theta[1], format);
        const auto last = static_cast<double>(m_params.length - 1);
        return tr("<p><b>On this card</b> (base %1, head_dim %2, %3): θ<sub>1</sub> = %4 is stored as %5; at "
                  "position %6 the phase of pair 1 is %7 rad off.</p>")
            .arg(pecards::app::displayNumber(m_params.rope.base, 10))
            .arg(m_params.rope.head_dim)
            .arg(QString::fromStdString(pecards::toString(format)))
            .arg(pecards::app::displayNumber(theta[1], 10))
            .arg(pecards::app::displayNumber(stored, 10))
            .arg(m_params.length - 1)
            .arg(pecards::app::displayNumber(std::abs(stored - theta[1]) * last, 4));
    } catch (const pecards::InvalidParameter&) {
        return {}; // the views say what is invalid
    }
}

pecards::ViewRequest PitfallView::labRequest(pecards::CardParams params, pecards::Pitfall pitfall,
    pecards::Quantity quantity, bool fixed, std::optional<pecards::StorageFormat> format) {
    pecards::ViewRequest request;
    params.length = std::min(params.length, kMaxLength);
    params.pitfall.kind = pitfall;
    params.pitfall.fixed = fixed;
    if (format)
        params.pitfall.format = *format;
    request.params = pecards::pitfallShownParams(params); // an odd d_model for odd-d-model
    request.quantity = quantity;
    try {
        request.window = pecards::fullExtent(request.params, request.quantity);
    } catch (const pecards::InvalidParameter&) {
        request.window = {0, 1, 0, 1}; // the worker reports the error in place of the view
    }
    // All-ones probes are blind to several pitfalls (a permutation or pair swap leaves them
    // unchanged): the lab uses random probes from the card's seed instead, and says so.
    if (request.params.probe.kind == pecards::ProbeKind::Ones && request.params.probe.q.empty()
        && request.params.probe.k.empty())
        request.params.probe.kind = pecards::ProbeKind::Random;
    request.out_rows = kPixels;
    request.out_cols = kPixels;
    // Mean over each pixel's block: every entry counts (a sample would skip, e.g., the odd
    // positions that bf16 rounds).
    request.reduction = pecards::Reduction::Mean;
    return request;
}

pecards::ViewRequest PitfallView::request(bool fixed) const {
    pecards::CardParams params = m_params;
    params.card = m_card;
    std::optional<pecards::StorageFormat> format;
    if (!m_format->isHidden())
        format = static_cast<pecards::StorageFormat>(m_format->currentData().toInt());
    // The permute toggle is the layout-mismatch fix applied to the buggy side too.
    return labRequest(params, pitfall(), static_cast<pecards::Quantity>(m_quantity->currentData().toInt()),
        fixed || (!m_permute->isHidden() && m_permute->isChecked()), format);
}

void PitfallView::submit() {
    if (m_quantity->count() == 0)
        return;
    m_answered = false;
    for (int n = 0; n < 2; ++n)
        m_shown[n].reset();
    for (QPushButton* save : m_save)
        save->setEnabled(false);
    const PitfallRequest job {request(false), request(true)};
    m_caption->setText(
        tr("L = %1 (the pitfall lab evaluates every entry, so L is capped at %2); %3 x %3 pixels, "
           "mean reduction; random probes q, k when the card uses all-ones probes.")
            .arg(job.buggy.params.length)
            .arg(kMaxLength)
            .arg(kPixels)
        + (job.buggy.params.sinusoidal.d_model != m_params.sinusoidal.d_model
                    && m_card == pecards::Card::Sinusoidal
                ? QStringLiteral(" ")
                    + tr("Shown at d_model = %1: the bug needs an odd d_model, the card holds even ones.")
                          .arg(job.buggy.params.sinusoidal.d_model)
                : QString()));
    JobReplies replies;
    replies.pitfall = [this](const PitfallResult& result) { onResult(result); };
    replies.failed = [this](const ComputeFailure& failure) { onFailed(failure); };
    m_pending = m_service->UI_submit(this, m_tag, job, std::move(replies));
    m_precision->setVisible(precisionPitfall());
    if (precisionPitfall()) {
        // Precision view: phase error of pair 1 up to position 4095, all three formats.
        pecards::app::CurveRequest curves;
        curves.params = job.correct.params;
        curves.kind = pecards::app::CurveKind::PhaseError;
        curves.extent = 4096;
        JobReplies precision;
        precision.curves = [this](const CurveResult& result) { onCurves(result); };
        precision.failed = [this](const ComputeFailure& failure) {
            if (failure.id == m_precisionPending)
                m_precision->setMessage(failure.message);
        };
        m_precisionPending = m_service->UI_submit(this, m_precisionTag, curves, std::move(precision));
    }
}

void PitfallView::saveFigure(int side) {
    if (side < 0 || side > 2 || !m_shown[0] || !m_shown[1])
        return;
    const FigureMaker make = [this, side](const pecards::app::FigureExportOptions& options,
                                 std::function<void(const pecards::app::Figure&)> done,
                                 std::function<void(const QString&)> failed) {
        const bool started = exportFigures(
            options, this,
            [side, done](const pecards::app::PitfallFigureSet& figures) {
                done(side == 0 ? figures.correct : side == 1 ? figures.buggy : figures.difference);
            },
            failed);
        if (!started)
            failed(tr("The pitfall's views are being computed again; save once they are shown."));
    };
    // "rope-small-base-score-buggy": the pitfall, the view and the side.
    const pecards::ViewRequest& buggy = m_shown[1]->request;
    const QString name = QString::fromStdString(pecards::toString(buggy.params.pitfall.kind)) + u'-'
        + QString::fromStdString(pecards::toString(buggy.quantity)) + u'-' + kFigureNames[side];
    askAndSaveMadeFigure(name, make, side < 2 ? m_shown[side] : std::nullopt, m_save[side]);
}

bool PitfallView::exportFigures(const pecards::app::FigureExportOptions& options, QObject* context,
    std::function<void(const pecards::app::PitfallFigureSet&)> done,
    std::function<void(const QString&)> failed) const {
    if (!m_shown[0] || !m_shown[1])
        return false;
    PairExportJob::start(
        m_service, *m_shown[0], *m_shown[1], options, context,
        [done = std::move(done)](const ShownHeatmap& correct, const ShownHeatmap& buggy) {
            done(pecards::app::pitfallFigureSpecs(correct, buggy));
        },
        std::move(failed));
    return true;
}

bool PitfallView::precisionPitfall() const {
    const pecards::Pitfall kind = pitfall();
    return kind == pecards::Pitfall::RopePositionsLowPrecision
        || kind == pecards::Pitfall::RopeInvFreqLowPrecision
        || kind == pecards::Pitfall::RopeCacheLowPrecision;
}

void PitfallView::onCurves(const CurveResult& result) {
    if (result.id == m_precisionPending)
        m_precision->setCurves(result.request, result.curves);
}

void PitfallView::onFailed(const ComputeFailure& failure) {
    if (failure.id != m_pending)
        return;
    for (HeatmapWidget* map : m_maps)
        map->setMessage(failure.message);
    m_answered = true;
}

void PitfallView::onResult(const PitfallResult& result) {
    if (result.id != m_pending)
        return;
    const pecards::Quantity quantity = result.request.buggy.quantity;
    const bool table = quantity == pecards::Quantity::Table;
    // A multimodal card's rows and columns are tokens, whose positions are their t, h, w ids.
    const bool tokens = m_card == pecards::Card::Multimodal;
    const QString rowLabel = table ? tr("position m") : tokens ? tr("query token i") : tr("query position i");
    const QString colLabel = table ? tr("dimension") : tokens ? tr("key token j") : tr("key position j");
    const auto [low, high]
        = finiteRange({result.correct ? &*result.correct : nullptr, result.buggy ? &*result.buggy : nullptr});
    // The quantity's colour map, as the card's views and the saved figures draw it.
    const QString colormap = pecards::app::defaultColormap(quantity, m_card);
    const bool diverging = colormap == QStringLiteral("diverging");
    ColorScaling shared;
    if (std::isfinite(low) && high > low) {
        shared.fixedLow = diverging ? -std::max(std::abs(low), std::abs(high)) : low;
        shared.fixedHigh = diverging ? std::max(std::abs(low), std::abs(high)) : high;
    }
    shared.colorMap = colormap;
    for (HeatmapWidget* map : m_maps) // positions x positions stay square (a table does not)
        map->setSquarePlot(quantityStyle(quantity).square);
    const std::optional<pecards::Grid>* sides[2] = {&result.correct, &result.buggy};
    const QString* errors[2] = {&result.correctError, &result.buggyError};
    for (int n = 0; n < 2; ++n) {
        if (*sides[n]) {
            const pecards::Window extent = pecards::fullExtent(
                n == 0 ? result.request.correct.params : result.request.buggy.params, quantity);
            m_maps[n]->setFrame(makeHeatmapFrame(**sides[n], extent, shared, rowLabel, colLabel));
            const pecards::ViewRequest& asked = n == 0 ? result.request.correct : result.request.buggy;
            m_shown[n] = ShownHeatmap {asked, **sides[n], colormap};
        } else {
            m_maps[n]->setMessage(*errors[n]);
        }
    }
    if (result.difference) {
        ColorScaling centred;
        centred.colorMap = QStringLiteral("diverging");
        centred.symmetric = true;
        m_maps[2]->setFrame(makeHeatmapFrame(*result.difference,
            pecards::fullExtent(result.request.buggy.params, quantity), centred, rowLabel, colLabel));
    } else {
        m_maps[2]->setMessage(tr("No difference: one side has no values (see its message)."));
    }
    const bool both = m_shown[0] && m_shown[1];
    for (QPushButton* save : m_save)
        save->setEnabled(both);
    m_invariants->setText(invariantTableHtml(result.invariants));
    m_answered = true;
}

} // namespace pecards::gui
