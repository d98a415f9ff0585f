#pragma once
/// @file heatmapwidget.h
/// @brief Custom-painted heatmap: image, axes in entry indices (positions/dimensions), colour
/// bar with tick values, hover cross-hair, zoom by wheel and by dragging a window.
///
/// Holds no maths (that is core's and the controller's): it maps a HeatmapFrame to pixels and turns the
/// mouse into intent signals (`windowRequested`, `resetRequested`, `hovered`). A message
/// (an invalid parameter) is painted over the last good frame, which stays untouched.

#include "widgets/axisticks.h"
#include "widgets/heatmapframe.h"

#include <QFontMetrics>
#include <QList>
#include <QMargins>
#include <QPoint>
#include <QWidget>
#include <optional>
#include <utility>
#include <vector>

namespace pecards::gui {

/// Keyboard (the widget takes focus, drawn with a ring): + / - zoom around the centre, arrows
/// pan, 0 or Home shows the full extent.
class ProgressStrip;

class HeatmapWidget : public QWidget {
    Q_OBJECT
public:
    explicit HeatmapWidget(QWidget* parent = nullptr);

    /// @brief Shows a new frame and clears any message.
    void setFrame(HeatmapFrame frame);
    const HeatmapFrame& frame() const { return m_frame; }

    /// @brief Shows `message` in place of the heatmap (the last frame is kept, dimmed);
    /// an empty message removes it.
    void setMessage(const QString& message);
    const QString& message() const { return m_message; }

    /// @brief The full extent of the quantity about to be shown (the controller, before it asks
    /// for a picture): the row labels' room follows it at once, so the first picture is computed
    /// at the size it is drawn. A frame brings its own (setFrame).
    void setFullExtent(const pecards::Window& extent);

    /// @brief Text painted under the plot (the hover read-out).
    void setReadout(const QString& readout);
    const QString& readout() const { return m_readout; }
    /// @brief Whether room for the read-out (two lines, or as many as it wraps to) is kept under
    /// the plot; on by default. Views that never set a read-out (the Pitfalls view) give the
    /// room to the plot.
    void setReadoutRoom(bool kept);

    /// @brief A marker line on entry row `position` (and column `position` when `alsoColumn`),
    /// drawn where the window shows it: the position a presentation sweep has reached. None
    /// removes it.
    void setMarker(std::optional<qint64> position, bool alsoColumn);
    /// @brief The label written on the swept line (T-U6: the lines were unexplained), e.g.
    /// "position m = 37 (row and column)"; empty without a marker. A plot too narrow for it
    /// shows "m = 37" at the line's left end, inside the plot.
    QString markerLabel() const;
    std::optional<qint64> marker() const { return m_marker; }

    /// @brief An entry circled for the class (a lesson step's marker): its row and column in
    /// entry indices of the full quantity, and a short label drawn beside it.
    struct Circle {
        qint64 row = 0;
        qint64 col = 0;
        QString label;
        bool operator==(const Circle&) const = default;
    };
    /// @brief Circles these entries in the teacher's ink (those inside the window shown); none
    /// removes them. Kept across frames, like the sweep marker.
    void setCircles(const QList<Circle>& circles);
    const QList<Circle>& circles() const { return m_circles; }
    /// @brief The widget point at the centre of entry (row, col) of the frame shown; none when it
    /// lies outside the window or no frame is shown.
    std::optional<QPointF> entryCentre(qint64 row, qint64 col) const;

    /// @brief A progress strip over the top of the plot (what is computed, a bar, a Cancel
    /// button that emits `cancelRequested`) for a background computation; nullopt hides it.
    void setProgress(std::optional<double> fraction, const QString& text = {});
    /// @brief The strip, or nullptr before the first progress (tests read and click it).
    ProgressStrip* progressStrip() const { return m_progress; }
    /// @brief Whether the progress strip is shown.
    bool isProgressShown() const;
    /// @brief Keeps the plot square (a square matrix keeps its aspect ratio): the largest square
    /// that fits, centred sideways. Off by default (the plot fills the widget).
    void setSquarePlot(bool square);
    bool isSquarePlot() const { return m_squarePlot; }

    /// @brief Plot area in widget coordinates (where the image is drawn).
    QRect plotRect() const;
    /// @brief The values the colour bar marks now (none before the first frame); at least three
    /// wherever three labels fit along the bar (tickCapacity).
    std::vector<double> colorBarTickValues() const;
    /// @brief The labels of those ticks, as drawn.
    TickLabels colorBarTickLabels() const;

    /// @brief Output pixels the plot area can show (device pixels, at least 1 x 1).
    QSize plotPixels() const;

    /// @brief Entry (row, col) of the full quantity under widget point `point`, if inside the plot.
    std::optional<std::pair<qint64, qint64>> entryAt(const QPoint& point) const;

    /// @brief Grid pixel (r, c) of the frame under `point`, if inside the plot.
    std::optional<std::pair<int, int>> pixelAt(const QPoint& point) const;

    /// @brief Emits `hovered` again for the entry now under the resting pointer (a new frame may
    /// show another window or pixel grid), or nothing when the pointer is not over the plot.
    void hoverAgain();

    QSize sizeHint() const override { return {460, 420}; }
    QSize minimumSizeHint() const override { return {220, 200}; }

    /// @brief Room around the plot, measured from the font and the frame: the row title and row
    /// tick labels as wide as the frame's largest position needs (left); the colour bar, its tick
    /// labels (the widest this frame's bar draws, never less than the widest an earlier frame of
    /// the same extent drew, so a new picture does not move the plot back and forth) and the
    /// "masked" swatch (right); column tick labels, the column title and a two-line read-out
    /// (bottom). Before the first frame: four-digit positions and four-character values.
    QMargins plotMargins() const;

    /// @brief Where an axis title goes along an axis `extent` pixels long (the widget's width or
    /// height): centred at `centre` (the plot's centre) as far as the ends allow, elided only
    /// when longer than `extent`. Returns the text and its span's start; the span is as wide as
    /// the text and lies in [0, extent].
    static std::pair<QString, int> axisTitle(
        const QFontMetrics& metrics, const QString& title, int centre, int extent);

    static constexpr int kTopMargin = 8;
    static constexpr int kColorBarWidth = 14;
    /// Window scale per wheel notch or + key (zoom in): a notch halves the window, so single
    /// positions are 24 notches from L = 2^24 (#32).
    static constexpr double kWheelZoom = 0.5;
    static constexpr double kKeyPan = 0.1; ///< arrow keys move the window by this fraction

signals:
    /// @brief The user asked for this window of the full extent (a dragged rectangle).
    void windowRequested(const pecards::Window& window);
    /// @brief The user asked to scale the window by `scale` around fraction (fx, fy) of the plot
    /// (wheel, + and - keys); the controller applies it to the window it asked for last.
    void zoomRequested(double scale, double fx, double fy);
    /// @brief The user asked to move the window by (rows, cols) fractions of its size (arrow keys).
    void panRequested(double rows, double cols);
    /// @brief The user asked for the full extent (double click).
    void resetRequested();
    /// @brief The cursor is over entry (row, col); `pixel` is the frame pixel under it.
    void hovered(qint64 row, qint64 col, int pixelRow, int pixelCol);
    /// @brief The cursor left the plot.
    void hoverLeft();
    /// @brief A new frame is shown.
    void frameChanged();
    /// @brief The user pressed Cancel on the progress strip.
    void cancelRequested();
    /// @brief A new frame or extent moved the plot's edges (its labels need more or less room),
    /// so the plot has other pixels now although the widget kept its size: the controller asks for
    /// a picture of the new size, as after a resize (connect it queued: it may come while a
    /// picture is being asked for).
    void plotAreaChanged();

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void focusInEvent(QFocusEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;

private:
    void paintAxes(QPainter& painter, const QRect& plot) const;
    /// Hatches the columns sampled below Nyquist and labels the plot "aliased".
    void paintAliasing(QPainter& painter, const QRect& plot) const;
    void paintMarker(QPainter& painter, const QRect& plot) const;
    void paintCircles(QPainter& painter) const;
    void paintColorBar(QPainter& painter, const QRect& plot) const;
    /// Where the colour bar goes beside `plot` (shorter by the "masked" swatch when there is one).
    QRect colorBarRect(const QRect& plot) const;
    /// The colour bar's ticks for a bar `barHeight` pixels tall, and their labels (which fit
    /// `labelRoom` pixels, else offset notation).
    std::pair<std::vector<double>, TickLabels> colorBarTicks(int barHeight, int labelRoom) const;
    /// The colour bar's ticks and labels as drawn now (none before the first frame).
    std::pair<std::vector<double>, TickLabels> shownColorBarTicks() const;
    /// Widest colour-bar label the frame draws when its bar is as tall as the widget allows.
    QString widestValueLabel() const;
    /// Width of the widest tick label of positions [begin, end) (their digits, as '8's; at least four).
    static int positionLabelWidth(const QFontMetrics& metrics, qint64 begin, qint64 end);
    void paintOverlay(QPainter& painter, const QRect& plot, const QString& text, bool error) const;
    std::optional<QPointF> fractionAt(const QPoint& point) const;
    int readoutHeight() const;
    /// Puts the progress strip along the top edge of the plot.
    void placeProgress();
    /// The pointer at `point`: `hovered` for the entry under it, or `hoverLeft` when it left the plot.
    void hoverAt(const QPoint& point);

    HeatmapFrame m_frame;
    /// The widest colour-bar label drawn since the frame's extent last changed (plotMargins).
    QString m_valueLabel;
    pecards::Window m_extent; ///< the full extent the margins are made for (setFullExtent, setFrame)
    QString m_message;
    QString m_readout;
    bool m_readoutRoom = true;
    std::optional<QPoint> m_dragStart;
    std::optional<QPoint> m_dragNow;
    std::optional<QPoint> m_hover;
    std::optional<qint64> m_marker; ///< setMarker: the swept position
    bool m_markerColumn = false;
    QList<Circle> m_circles; ///< setCircles
    ProgressStrip* m_progress = nullptr; ///< created on the first setProgress
    bool m_squarePlot = false; ///< setSquarePlot
};

} // namespace pecards::gui
