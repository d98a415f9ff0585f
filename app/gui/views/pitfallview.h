#pragma once
/// @file pitfallview.h
/// @brief The Pitfalls view of a card: choose one of the card's pitfalls and see the correct
/// (fixed) view, the buggy one and their difference side by side (correct and buggy share one
/// colour range; the difference is centred at 0), the diagnosis (symptom, how to spot it, fix,
/// public report) and the card's invariant read-outs, green when they hold, red when they fail
/// (object names: correctMap, buggyMap, differenceMap, diagnosis, invariants).
/// Every number comes from the ComputeService worker (PitfallRequest), never the GUI thread.

#include "compute/computejobs.h"
#include "views/pitfallgrid.h"
#include "views/viewfigure.h"

#include <QWidget>
#include <figure/pitfallfigures.h>
#include <functional>
#include <optional>
#include <pecards/params.h>
#include <pecards/pitfall.h>

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;

namespace pecards::gui {

class PrecisionChart;
class ComputeService;
class HeatmapWidget;

class PitfallView : public QWidget {
    Q_OBJECT
public:
    /// @param cardId the card whose pitfalls are offered ("rope", "alibi", ...)
    PitfallView(
        ComputeService* service, pecards::Card card, const QString& cardId, QWidget* parent = nullptr);

    /// @brief The card's parameters (the pitfall view uses them with L capped at kMaxLength).
    void setParams(const pecards::CardParams& params);
    /// @brief Selects a pitfall of the card and recomputes.
    void showPitfall(pecards::Pitfall pitfall);
    pecards::Pitfall pitfall() const;
    /// @brief A pitfall in the user's words: a short title (translated) and its id, as the list
    /// shows it ("Positions in low precision (positions-low-precision)").
    static QString pitfallTitle(pecards::Pitfall pitfall);
    /// @brief Card text language for the diagnosis ("en", "zh_CN").
    void setLanguage(const QString& language);

    /// @brief True once the latest request was answered (result or failure).
    bool isAnswered() const { return m_answered; }

    /// @brief Save… of map `side` (0 correct, 1 buggy, 2 buggy − correct): the save dialog of its
    /// figure, made by app::pitfallFigureSpecs from both sides computed again at print resolution
    /// (PairExportJob), as `pecards-cli render --pitfall` makes it; the correct and buggy maps
    /// also save their numbers (.npy, .csv). Its button is enabled while both sides are shown.
    void saveFigure(int side);
    /// @brief Makes the three figures Save… writes, with `options`: the correct and buggy views
    /// shown computed again at print resolution (the buggy one at the correct one's pixels) and
    /// drawn by app::pitfallFigureSpecs; `done` gets them, or `failed` a message. The job ends with
    /// `context`. False, and nothing started, while a side has no picture.
    bool exportFigures(const pecards::app::FigureExportOptions& options, QObject* context,
        std::function<void(const pecards::app::PitfallFigureSet&)> done,
        std::function<void(const QString&)> failed) const;
    /// @brief The correct and the buggy view as shown (their requests, grids and colour map);
    /// none while computing or when a side failed.
    const std::optional<ShownHeatmap>& shown(int side) const { return m_shown[side]; }

    /// @brief What the view asks the worker for, one side: `params` (the card's) with L capped at
    /// kMaxLength, the pitfall (fixed or not, in `format` where it reads one), shown as
    /// pecards::pitfallShownParams says (an odd d_model for odd-d-model), random probes in place of
    /// all-ones ones (blind to permutations), `quantity` over its full extent, kPixels x kPixels,
    /// mean reduction.
    static pecards::ViewRequest labRequest(pecards::CardParams params, pecards::Pitfall pitfall,
        pecards::Quantity quantity, bool fixed, std::optional<pecards::StorageFormat> format = std::nullopt);

    /// Longest sequence the view asks for (dense pitfall views evaluate every entry).
    static constexpr std::int64_t kMaxLength = 1024;
    static constexpr int kPixels = 256;

    /// @brief How the three maps and the text share the view (pitfallgrid.h).
    using Arrangement = PitfallGrid::Arrangement;
    Arrangement arrangement() const;

signals:
    /// @brief The user asked to go back to the card's views.
    void closeRequested();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void refillQuantities();
    void submit();
    void onResult(const PitfallResult& result);
    void onFailed(const ComputeFailure& failure);
    void onCurves(const CurveResult& result);
    bool precisionPitfall() const;
    void refreshDiagnosis();
    /// The card's own numbers for the pitfall's example (inv-freq-low-precision: θ_1 at the card's
    /// base and head_dim, stored in the chosen format, and the phase error at L - 1); "" for others.
    QString cardExample() const;
    pecards::ViewRequest request(bool fixed) const;

    ComputeService* m_service;
    pecards::Card m_card;
    QString m_tag;
    pecards::CardParams m_params;
    QString m_language = QStringLiteral("en");
    quint64 m_pending = 0;
    bool m_answered = false;
    QComboBox* m_pitfalls = nullptr;
    QComboBox* m_quantity = nullptr;
    QCheckBox* m_permute = nullptr;
    QComboBox* m_format = nullptr; ///< bf16 / fp16 / fp32 of the precision pitfalls (--pitfall-format)
    QPushButton* m_back = nullptr;
    QLabel* m_pitfallLabel = nullptr;
    QLabel* m_quantityLabel = nullptr;
    QLabel* m_titles[3] = {};
    QPushButton* m_save[3] = {}; ///< Save… of each map
    std::optional<ShownHeatmap> m_shown[2]; ///< correct and buggy as shown (saveFigure)
    HeatmapWidget* m_maps[3] = {};
    PitfallGrid* m_grid = nullptr; ///< places the cells and the text
    QLabel* m_caption = nullptr;
    QLabel* m_diagnosis = nullptr;
    QLabel* m_invariants = nullptr;
    PrecisionChart* m_precision = nullptr; ///< RoPE precision pitfalls: phase error against position
    QString m_precisionTag;
    quint64 m_precisionPending = 0;
};

} // namespace pecards::gui
