#pragma once
/// @file heatmapcontroller.h
/// @brief Drives one HeatmapWidget: turns card parameters, zoom window, reduction and the
/// widget's size into view requests, and their answers (delivered to this controller only) into frames,
/// messages and the hover read-out. Exact values come from double precision: from the grid when a pixel is
/// one entry of the CPU reference, else a 1 x 1 request to the double-precision reference (also when OpenCL
/// draws in float32); the picture's own value is labelled with its precision.
///
/// A request over the service's interactive work limit never shows a budget error: the sampled
/// picture comes at once (labelled "sampled" in the read-out and the caption), and the exact
/// reduction is computed in the background tile by tile (TiledRequest, tag + "/exact") with a
/// progress strip and a Cancel button in the view; it replaces the sampled picture when done.
/// New parameters, a zoom or a resize cancel it and start over; Cancel leaves the sampled
/// picture, still labelled as sampled. A sampled picture over the limit is itself computed in
/// the background with progress.

#include "compute/computejobs.h"
#include "views/quantitystyle.h"
#include "views/viewfigure.h"

#include <QObject>
#include <QPointer>
#include <QSize>
#include <optional>

namespace pecards::gui {

class ComputeService;
class HeatmapWidget;

class HeatmapController : public QObject {
    Q_OBJECT
public:
    /// @param tag names the view's job streams, e.g. "rope/slot0" (the status line shows it);
    /// probes use tag + "/probe", the background exact reduction tag + "/exact"
    HeatmapController(ComputeService* service, HeatmapWidget* widget, const QString& tag,
        pecards::Quantity quantity, QObject* parent = nullptr);

    /// @brief New parameters; keeps the zoom window unless the full extent changed.
    void setParams(const pecards::CardParams& params);
    void setReduction(pecards::Reduction reduction);
    pecards::Reduction reduction() const { return m_reduction; }
    /// @brief Overrides the quantity's colour map (a colormaplookup.h name); nullopt = the
    /// quantity's default (automatic).
    void setColorMap(std::optional<QString> colorMap);
    /// @brief The colour map chosen for this view (the quantity's default when automatic).
    QString colorMap() const { return m_style.scaling.colorMap; }
    /// @brief The colour map shown without an override: the quantity's default on this card.
    QString defaultColorMap() const;
    bool isAutomaticColorMap() const { return !m_colorMapOverride.has_value(); }
    /// @brief Keeps the colour range on screen for the frames that follow (zoom, new
    /// parameters), so colours stay comparable; false returns to the automatic range.
    void setColorRangeLocked(bool locked);
    bool isColorRangeLocked() const { return m_lockedRange.has_value(); }
    /// @brief Locks this colour range [low, high] (a workspace, an undo); nullopt: automatic.
    void lockColorRange(std::optional<std::pair<double, double>> range);
    const std::optional<std::pair<double, double>>& lockedRange() const { return m_lockedRange; }
    /// @brief A log10 colour scale on or off; nullopt: the quantity's default (on for attention).
    void setLogarithmic(std::optional<bool> on);
    bool isLogarithmic() const { return m_style.scaling.logarithmic; }
    /// @brief The scale the user chose; nullopt: the quantity's default.
    const std::optional<bool>& logarithmicOverride() const { return m_logarithmicOverride; }
    /// @brief A range shared with the card's other views of this quantity (nullopt: its own);
    /// a locked range wins over it.
    void setSharedRange(std::optional<std::pair<double, double>> range);
    /// @brief The automatic colour range of the grid on screen (naturalColorRange); nullopt
    /// before the first frame.
    std::optional<std::pair<double, double>> naturalRange() const { return m_naturalRange; }

    /// @brief Computes grids of this many output pixels instead of the widget's plot pixels
    /// (the compare tab computes A and B at one size so that they subtract entry by entry);
    /// nullopt: the widget's (the default).
    void setOutputPixels(std::optional<QSize> pixels);

    /// @brief Shows this window of the full extent (clamped into it).
    void setWindow(const pecards::Window& window);
    /// @brief Shows the full extent again.
    void resetWindow();
    const pecards::Window& window() const { return m_window; }

    /// @brief The request sent last (for tests and the status line).
    const pecards::ViewRequest& lastRequest() const { return m_request; }
    bool hasResult() const { return m_hasResult; }
    /// @brief The heatmap on screen (request, grid, colour map); nullopt before the first frame.
    std::optional<ShownHeatmap> shown() const;
    /// @brief The request the heatmap on screen answers, without copying its grid (the slider-step
    /// benchmark polls it); nullptr before the first frame.
    const pecards::ViewRequest* shownRequest() const;
    pecards::Quantity quantity() const { return m_quantity; }

    /// @brief True when the picture on screen is the view's final answer: nothing computes behind
    /// it, its normaliser is exact and it is not a sampled stand-in for the chosen reduction.
    bool showsFinalPicture() const;
    /// @brief Whether a background computation of this view runs or waits (progress shown).
    bool isComputingInBackground() const { return m_pictureJob != 0 || m_exactJob != 0; }
    /// @brief The tag of the background exact job: the view's tag + "/exact".
    const QString& exactTag() const { return m_exactTag; }
    /// @brief Stops the background computation (the Cancel button); the picture on screen stays.
    void cancelBackground();

    /// @brief The exact value of the last probed entry (hover read-out), if answered.
    struct Probe {
        qint64 row = 0;
        qint64 col = 0;
        double value = 0.0;
        bool fromGrid = false; ///< read from the displayed double-precision grid (the pixel is one entry)
    };
    const std::optional<Probe>& lastProbe() const { return m_probe; }

    /// @brief Asks for the exact value of entry (row, col) as the hover does (for tests too).
    void probe(qint64 row, qint64 col, int pixelRow, int pixelCol);

signals:
    void frameShown();
    /// @brief A new grid changed the automatic colour range (the card shares ranges on it).
    void naturalRangeChanged();
    void messageShown(const QString& message);
    void probeAnswered(qint64 row, qint64 col, double value);
    /// @brief The user (or setWindow/resetWindow) chose this window; the compare tab keeps A and
    /// B on one window with it.
    void windowChanged(const pecards::Window& window);
    /// @brief The window, reduction, colour map, locked range or scale changed through a setter
    /// (the user's tools, a workspace); not emitted when new parameters reset the window.
    void stateEdited();

protected:
    /// @brief Re-asks at the new size when the widget is shown or resized; a language change
    /// retitles the axes and the read-out.
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    /// Whether the plot now has other pixels than the last request asked for.
    bool pixelsChanged() const;
    void submit();
    /// The output pixels of the next request: setOutputPixels, else the widget's plot pixels.
    QSize outputPixels() const;
    /// The view's two job streams of pictures: the picture (tag) and the background exact
    /// reduction (tag + "/exact"); probes are a third stream, answered by onProbe.
    enum class Stream { Picture, Exact };
    /// The callbacks that bring `stream`'s answers here.
    JobReplies replies(Stream stream);
    void onGrid(Stream stream, const GridResult& result);
    void onProbe(const GridResult& result);
    void onFailure(Stream stream, const ComputeFailure& failure);
    void onProgress(Stream stream, quint64 id, double fraction);
    void onCancelled(Stream stream, quint64 id);
    /// Posts `request` as the picture computed at once; returns its id.
    quint64 submitPicture(const pecards::ViewRequest& request);
    /// Posts `request` as a background job (TiledRequest) of `stream`; returns its id.
    quint64 submitTiled(Stream stream, const pecards::ViewRequest& request);
    /// Cancels the background jobs and hides the progress strip.
    void stopBackground();
    /// "sampled picture" or "exact max": what the progress strip says `request` computes.
    QString progressLabel(const pecards::ViewRequest& request) const;
    /// The estimated work of `request` (cost.h), or nothing for a request the engine refuses (the
    /// worker then reports the error in the view).
    static std::optional<qint64> workOf(const pecards::ViewRequest& request);
    void showIdleReadout();
    /// The quantity's style for the card with the user's colour map and scale.
    void restyle();
    /// Colours the grid on screen again with the current scaling (no recomputation).
    void recolor();
    ColorScaling effectiveScaling() const;
    QString entryText(qint64 row, qint64 col) const;

    ComputeService* m_service;
    QPointer<HeatmapWidget> m_widget;
    QString m_tag;
    QString m_probeTag;
    QString m_exactTag; ///< the background exact reduction: tag + "/exact"
    pecards::Quantity m_quantity;
    QuantityStyle m_style;
    std::optional<QString> m_colorMapOverride;
    std::optional<bool> m_logarithmicOverride;
    std::optional<std::pair<double, double>> m_lockedRange;
    std::optional<std::pair<double, double>> m_sharedRange;
    std::optional<std::pair<double, double>> m_naturalRange;
    pecards::Reduction m_reduction;
    bool m_hasParams = false;
    pecards::Window m_fullExtent;
    pecards::Window m_window;
    pecards::ViewRequest m_request; ///< the next (or last) request: its params are the ones set last
    pecards::ViewRequest m_shownRequest; ///< the request the frame on screen answers
    BackendInfo m_shownBackend; ///< the backend that computed the frame on screen
    quint64 m_shownId = 0; ///< id of the result on screen (older results are ignored)
    /// The first job of the latest submit(): answers of older jobs are of older parameters.
    quint64 m_submittedFrom = 0;
    quint64 m_probeId = 0;
    quint64 m_foregroundId
        = 0; ///< the last job computed at once (a budget refusal sends it to the background)
    pecards::ViewRequest m_foregroundRequest;
    quint64 m_pictureJob = 0; ///< the background job of the picture (tag; usually the sampled one), 0: none
    pecards::ViewRequest m_pictureRequest; ///< what m_pictureJob computes
    quint64 m_exactJob = 0; ///< the running background job of the exact reduction (m_exactTag), 0: none
    bool m_hasResult = false;
    bool m_dirty = true; ///< parameters changed while hidden
    std::optional<QSize> m_outputPixels; ///< setOutputPixels
    std::optional<Probe> m_probe;
    QString m_pixelText; ///< hover text of the pixel while the engine answers the probe
};

} // namespace pecards::gui
