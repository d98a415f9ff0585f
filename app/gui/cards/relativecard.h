#pragma once
/// @file relativecard.h
/// @brief The relative-position card: Shaw et al. 2018, Transformer-XL (Dai et al. 2019 §3.3)
/// and T5 buckets (Raffel et al. 2020), chosen inside the card. A loaded per-head T5 table
/// brings a head picker ("t5-head").

#include "cards/cardpage.h"

#include <Eigen/Core>

class QButtonGroup;
class QLabel;
class QSpinBox;

namespace pecards::gui {

class RelativeCard : public CardPage {
    Q_OBJECT
public:
    using CardPage::CardPage;
    /// @brief Registry entry: bucket map, score, attention, bucket chart, content attention.
    static CardEntry entry();

    /// @brief Shows a checkpoint's trained T5 bias: `table` is num_buckets x heads
    /// (relative_attention_bias.weight); `params` (T5, num_buckets = rows) get head `head`'s
    /// column (heads count from 1) as bucket_values, undoably. A head picker in the card
    /// header, range [1, heads], then shows any other head. @pre 1 <= head <= table.cols().
    void showT5Bias(const Eigen::MatrixXd& table, pecards::CardParams params, int head = 1);
    /// @brief The head of the loaded table shown (from 1), or 0 when no loaded table is shown.
    int t5Head() const;
    /// @brief The head picker (hidden unless a loaded per-head table is shown); for tests.

protected:
    /// @brief Adds the Shaw / Transformer-XL / T5 switch and the head picker to the card header.
    void doLoad() override;
    void changeEvent(QEvent* event) override;
    /// @brief The variant switch and the head picker follow the parameters.
    void paramsShown(const pecards::CardParams& params) override;

private:
    /// Keeps the picker on the head whose column bucket_values is; drops the table (and hides
    /// the picker) once bucket_values is no column of it (other buckets, a workspace, defaults).
    void syncHeadPicker(const pecards::CardParams& params);
    void retranslateHeadPicker();
    /// The head (from 1) of the loaded table whose column `params` shows as bucket_values; 0 = none.
    int headOf(const pecards::CardParams& params) const;

    QButtonGroup* m_variants = nullptr;
    QLabel* m_headLabel = nullptr;
    QSpinBox* m_head = nullptr;
    Eigen::MatrixXd m_t5Table; ///< num_buckets x heads; empty = none loaded
};

} // namespace pecards::gui
