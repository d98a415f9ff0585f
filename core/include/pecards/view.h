#pragma once
/// @file view.h
/// @brief View requests and the grids that answer them.
///
/// A view is *what* (card, quantity, parameters) + *where* (a window of positions or
/// dimensions) + *how big* (output pixels) + how a pixel summarises its block of entries.
/// Nothing allocates `L x L`: the cost is about O(L*d + pixels) for positional-only views.

#include "pecards/params.h"

#include <cstdint>
#include <string>
#include <vector>

namespace pecards {

/// @brief What a view shows. Rows/columns are given per quantity.
enum class Quantity {
    Table, ///< encoding table: rows = positions, cols = dimensions. Sinusoidal PE; RoPE: R_m q.
    Phase, ///< angle mod 2*pi in radians [0, 2*pi): rows = positions, cols = frequency pairs i.
    Score, ///< positional-only score/bias, rows = query i, cols = key j (Toeplitz).
    Attention, ///< row softmax of the positional-only logits (scale 1/sqrt(d), bias, mask).
    Buckets, ///< integer index map: T5 bucket or Shaw clipped index, rows = i, cols = j.
    ContentScore, ///< logits with per-position q_p, k_p (probe.h), rows = i, cols = j.
    ContentAttention, ///< row softmax of ContentScore.
    /// RoPE / hybrid: 1 where the angle m theta'_i mod 2pi lies outside what training covered
    /// (pairs with wavelength > L0, scaling_lab.h), else 0: rows = positions, cols = pairs i.
    UnseenAngles,
};

/// @brief How one output pixel summarises the block of entries it covers.
enum class Reduction {
    Sample, ///< the entry at the block's first row and column
    Mean, ///< exact mean over the block's unmasked entries
    Max, ///< exact maximum over the block's unmasked entries
    Min, ///< exact minimum over the block's unmasked entries
};

/// @brief How an attention view's row softmax is normalised (Attention, ContentAttention).
enum class Normaliser {
    Exact, ///< Z_i over all of row i's visible keys
    /// Z_i estimated from stratified keys (normaliserestimate.h), O(d log L) per row: the first
    /// picture of a long view, labelled as estimated. Only with Reduction::Sample.
    Estimated,
};

/// @brief Half-open window [row_begin, row_end) x [col_begin, col_end) in entry indices
/// (positions or dimensions, as the quantity says).
struct Window {
    std::int64_t row_begin = 0;
    std::int64_t row_end = 0;
    std::int64_t col_begin = 0;
    std::int64_t col_end = 0;
    std::int64_t rows() const { return row_end - row_begin; }
    std::int64_t cols() const { return col_end - col_begin; }
    bool operator==(const Window&) const = default;
};

/// @brief The largest grid side a request may ask for (ViewRequest::out_rows and out_cols): a
/// view is at most this many pixels along each axis, whatever the window's length.
inline constexpr int kMaxOutputPixels = 4096;

/// @brief A complete view request: a plain value, safe to copy across threads.
struct ViewRequest {
    CardParams params;
    Quantity quantity = Quantity::Score;
    Window window; ///< must lie inside the quantity's full extent (fullExtent())
    int out_rows = 512; ///< [1, kMaxOutputPixels]; the grid has min(out_rows, window.rows()) rows
    int out_cols = 512; ///< [1, kMaxOutputPixels]
    Reduction reduction = Reduction::Sample;
    /// Estimated only for Attention and ContentAttention with Reduction::Sample (validate()).
    Normaliser normaliser = Normaliser::Exact;
    bool operator==(const ViewRequest&) const = default;
};

/// @brief The answer to a view request: a row-major grid of values.
///
/// Pixel r covers rows [row_begin + floor(r*n/rows), row_begin + floor((r+1)*n/rows)) of the
/// window (n = window.rows()); columns likewise. Masked entries (causal mask) are -infinity
/// in scores and 0 in attention; a pixel whose block is entirely masked is -infinity for
/// logits and 0 for attention.
struct Grid {
    int rows = 0;
    int cols = 0;
    Window window; ///< the window that was computed
    std::vector<double> values; ///< rows*cols, row-major
    double at(int r, int c) const { return values[static_cast<std::size_t>(r) * cols + c]; }
};

/// @brief The full extent (rows, cols) of a quantity for these parameters, e.g. L x d_model
/// for a sinusoidal table, L x L for scores. @throws InvalidParameter if the card has no
/// such quantity (e.g. Buckets on the RoPE card).
Window fullExtent(const CardParams& params, Quantity quantity);

/// @brief Whether `quantity` is a row softmax (Attention, ContentAttention): the quantities whose
/// normaliser can be estimated (ViewRequest::normaliser).
constexpr bool isAttention(Quantity quantity) {
    return quantity == Quantity::Attention || quantity == Quantity::ContentAttention;
}

/// @brief Whether the card offers this quantity.
bool hasQuantity(Card card, Quantity quantity);

/// @brief Whether the card, with these parameters, offers this quantity: as hasQuantity(card,
/// quantity), except that the Relative card's Transformer-XL variant has no Buckets view.
bool hasQuantity(const CardParams& params, Quantity quantity);

/// @brief Validates parameters, window, sizes, card/quantity pairing and the normaliser (estimated:
/// an attention quantity with the sample reduction); the content views
/// (ContentScore, ContentAttention) also need length <= kMaxContentLength (2^20).
/// @throws InvalidParameter naming the field, value and allowed range.
void validate(const ViewRequest& request);

/// @brief validate() without the content views' length limit: what a view's settings must satisfy
/// to be kept (a workspace saves a content view of a card at L = 10^7; computing it is refused by
/// validate(), with the limit named, and the view says so). @throws InvalidParameter as validate().
void validateSettings(const ViewRequest& request);

/// @brief First entry index covered by output pixel `pixel` of `pixels` over `extent` entries
/// starting at `begin` (the block rule above). Pixel `pixels` gives the end of the last block.
std::int64_t blockStart(std::int64_t begin, std::int64_t extent, int pixels, int pixel);

/// @brief Stable lowercase names ("table", "phase", "score", "attention", "buckets",
/// "content-score", "content-attention", "unseen-angles"; "sample", "mean", "max", "min";
/// "exact", "estimated").
std::string toString(Quantity value);
std::string toString(Reduction value);
std::string toString(Normaliser value);

/// @brief Inverse of toString (CLI flags, files). @throws InvalidParameter for unknown names.
template <> Quantity fromString<Quantity>(const std::string& name);
template <> Reduction fromString<Reduction>(const std::string& name);
template <> Normaliser fromString<Normaliser>(const std::string& name);

} // namespace pecards
