#pragma once
/// @file comparecontroller.h
/// @brief Drives the compare view: two parameter sets (A, B), one quantity and one shared
/// zoom window; asks the worker for A, B and A - B in one job and turns the answer into three
/// frames (A and B on a common colour range, A - B on the diverging map centred at 0).

#include "compute/computejobs.h"
#include "views/quantitystyle.h"

#include <QObject>
#include <array>

class ComputeService;
class HeatmapWidget;

class CompareController : public QObject {
    Q_OBJECT
public:
    enum Side { A = 0, B = 1, Difference = 2 };

    CompareController(
        ComputeService* service, std::array<HeatmapWidget*, 3> widgets, QObject* parent = nullptr);

    void setParams(Side side, const pecards::CardParams& params);
    const pecards::CardParams& params(Side side) const { return m_params[side]; }
    void setQuantity(pecards::Quantity quantity);
    pecards::Quantity quantity() const { return m_quantity; }
    void setReduction(pecards::Reduction reduction);
    pecards::Reduction reduction() const { return m_reduction; }
    void setWindow(const pecards::Window& window);
    void resetWindow();

    /// @brief The last answer shown (A, B and A - B grids).
    const DifferenceResult& lastResult() const { return m_result; }
    bool hasResult() const { return m_hasResult; }

    static inline const QString kTag = QStringLiteral("compare");

signals:
    void framesShown();

protected:
    /// @brief Re-asks at the new size when the heatmaps are shown or resized.
    bool eventFilter(QObject* watched, QEvent* event) override;

public:
    static constexpr int kMaxPixels = 4096;

signals:
    void messageShown(const QString& message);

private:
    void submit();
    void onDifference(const DifferenceResult& result);
    void onFailure(const ComputeFailure& failure);
    void showReadout(int pixelRow, int pixelCol, qint64 row, qint64 col);

    ComputeService* m_service;
    std::array<HeatmapWidget*, 3> m_widgets;
    std::array<pecards::CardParams, 2> m_params;
    pecards::Quantity m_quantity = pecards::Quantity::Score;
    pecards::Reduction m_reduction = pecards::Reduction::Mean;
    pecards::Window m_fullExtent;
    pecards::Window m_window;
    DifferenceResult m_result;
    bool m_hasResult = false;
    quint64 m_shownId = 0;
};
