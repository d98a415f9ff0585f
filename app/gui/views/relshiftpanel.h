#pragma once
/// @file relshiftpanel.h
/// @brief Transformer-XL's `_rel_shift` (kimiyoung/transformer-xl, RelPartialLearnableMultiHeadAttn)
/// made visible: the term-(b)+(d) matrix whose column c stands for distance klen-1-c is shifted
/// by the pad/reshape/slice trick into out[i, j] = distance i + mlen - j (mlen = klen - qlen).
/// The table shows the shifted matrix: cells in the valid region j <= i + mlen hold their
/// distance; the others are reshape leftovers (a value of the next query row, or the padding
/// zero), which the model masks, marked with a hatch.
///
/// The shift is the engine's `pecards::txlRelShift`, run off the UI thread (QtConcurrent).

#include "views/viewpanel.h"

#include <Eigen/Core>
#include <QFutureWatcher>

class QCheckBox;
class QSpinBox;
class QTableWidget;

namespace pecards::gui {

class RelShiftPanel : public ViewPanel {
    Q_OBJECT
public:
    RelShiftPanel(const ViewSpec& spec, QWidget* parent = nullptr);

    void setParams(const pecards::CardParams& params) override;
    bool hasResult() const override { return m_hasResult; }
    /// @brief None: the alignment table is a lookup of cell origins, not a figure (no export).
    std::optional<ShownView> shownView() const override { return std::nullopt; }

    /// @brief Query length qlen, memory length mlen (klen = mlen + qlen), and whether the
    /// leftovers are zeroed (`zero_triu`); recomputes.
    void setShape(int qlen, int mlen, bool zeroTriu);

    /// @brief One cell of the shifted matrix: where its value came from.
    struct Cell {
        bool valid = false; ///< inside j <= i + mlen (the distance the model uses)
        int sourceRow = -1; ///< query row of the value; -1 for the padding zero
        int distance = 0; ///< distance klen-1-c of the source column c
    };
    /// @brief The shifted matrix shown (qlen x klen, row-major); empty before the first result.
    const std::vector<Cell>& cells() const { return m_cells; }
    QTableWidget* table() const { return m_table; }

    static constexpr int kMaxLength = 24; ///< largest qlen and mlen shown

protected:
    /// @brief Never called: the table has no Save button.
    void saveView() override { }

private:
    void submit();
    void onShifted();

    QSpinBox* m_qlen = nullptr;
    QSpinBox* m_mlen = nullptr;
    QCheckBox* m_zeroTriu = nullptr;
    QTableWidget* m_table = nullptr;
    QFutureWatcher<Eigen::MatrixXd> m_watcher;
    int m_shownQlen = 0;
    int m_shownKlen = 0;
    std::vector<Cell> m_cells;
    bool m_hasResult = false;
    bool m_pending = false;
};

} // namespace pecards::gui
