#pragma once
/// @file pairusagedialog.h
/// @brief File > Pair usage of a checkpoint… (#28): which rotary pairs a model's heads can use, read
/// from its query and key projections (pairusagejob.h), as a heatmap (every RoPE layer pooled over
/// its heads, or one layer's heads) over the pairs, a strip marking the pairs the RoPE card's scaling
/// moves, the critical pair and a proportional layer's cut, and a table of each head's share in the
/// moved pairs. A head can be put on the RoPE card as its probe q, k. The reading runs off the UI
/// thread; the dialog only shows its outcome.

#include "pairusage/pairusagejob.h"

#include <QDialog>
#include <QFutureWatcher>
#include <functional>
#include <pecards/params.h>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;
class QVBoxLayout;

namespace pecards::gui {

class HeatmapWidget;
class PairBandStrip;

class PairUsageDialog : public QDialog {
    Q_OBJECT
public:
    /// Puts probe vectors on the RoPE card (its parameters with probe.q, probe.k set).
    using UseProbe = std::function<void(const pecards::CardParams&, const QString& what)>;

    /// @param rope       the RoPE card's parameters: its scaling is the one whose moved pairs are
    ///                   shown (none: each layer's own), its probe is what "Use this head" replaces
    /// @param configPath the open model's config.json ("" when none is open)
    explicit PairUsageDialog(const pecards::CardParams& rope, const QString& configPath,
        QWidget* parent = nullptr, UseProbe useProbe = {});

    /// @brief Fills the form and starts reading.
    void read(const PairUsageSetup& setup);
    bool isRunning() const { return m_watcher.isRunning(); }
    /// @brief The status line ("32 layers × 32 heads × 64 pairs read from …", or the error).
    QString status() const;
    /// @brief The last outcome shown.
    const PairUsageOutcome& outcome() const { return m_outcome; }
    /// @brief The layer shown: -1 for every layer pooled, else an index into outcome().layers.
    int shownLayer() const;
    void showLayer(int index);
    /// @brief The sentence that names the head most exposed to the scaling.
    QString headline() const;
    /// @brief What the strip's colours and lines mean, in words.
    QString legend() const;
    /// @brief Writes the figure of what is shown (app/figure/pairusagefigure.h; .png, .svg or .pdf by
    /// the suffix, the default figure size) to `path`, as `pecards-cli weights --out` draws it.
    /// @return false, with the reason in the status line, when nothing is shown or the file cannot be written
    bool saveFigure(const QString& path);
    /// @brief Puts the selected head (table row `row`) on the RoPE card as its probe q, k.
    /// @return false (and a message in the status line) when the card's pairs differ from the layer's
    bool useHead(int row);

Q_SIGNALS:
    /// @brief A reading has finished (shown).
    void finished();

private:
    void browse(bool folder);
    void start();
    void present(PairUsageOutcome outcome);
    void showSelection();
    /// The frequencies of entry `index` of the outcome's layers under the card's scaling (or its own).
    pecards::app::ScalingUnderTest scalingUnderTest(qsizetype index) const;

    pecards::CardParams m_rope;
    UseProbe m_useProbe;
    PairUsageOutcome m_outcome;
    QList<qsizetype>
        m_pooled; ///< the outcome's layers in the pooled view (those of the first layer's pair count)
    QFutureWatcher<PairUsageOutcome> m_watcher;
    QLineEdit* m_config;
    QLineEdit* m_checkpoint;
    QComboBox* m_layout;
    QPushButton* m_run;
    QLabel* m_status;
    QComboBox* m_layer;
    QCheckBox* m_log;
    HeatmapWidget* m_map;
    PairBandStrip* m_strip;
    QLabel* m_legend;
    QLabel* m_headline;
    QTableWidget* m_heads;
    QPushButton* m_use;
    QPushButton* m_save;
    Eigen::MatrixXd m_shown; ///< the heatmap's values (rows x pairs)
    QVBoxLayout*
        m_column; ///< the dialog's layout (its last item: the stretch that holds the form at the top)
};

} // namespace pecards::gui
