// Extents, validation and the pixel block rule of view requests (view.h).

#include "pecards/view.h"

#include "check.h"
#include "pecards/errors.h"
#include "pecards/pitfall.h"
#include "pecards/rope.h"
#include "pecards/viewrules.h"
#include "validation.h"

#include <array>
#include <string_view>

namespace pecards {

namespace {

/// A stable name of an enum value (files, CLI flags, messages).
template <typename T> struct Named {
    T value;
    const char* name;
};
constexpr std::array kQuantityNames {Named<Quantity> {Quantity::Table, "table"},
    Named<Quantity> {Quantity::Phase, "phase"}, Named<Quantity> {Quantity::Score, "score"},
    Named<Quantity> {Quantity::Attention, "attention"}, Named<Quantity> {Quantity::Buckets, "buckets"},
    Named<Quantity> {Quantity::ContentScore, "content-score"},
    Named<Quantity> {Quantity::ContentAttention, "content-attention"},
    Named<Quantity> {Quantity::UnseenAngles, "unseen-angles"}};
constexpr std::array kReductionNames {Named<Reduction> {Reduction::Sample, "sample"},
    Named<Reduction> {Reduction::Mean, "mean"}, Named<Reduction> {Reduction::Max, "max"},
    Named<Reduction> {Reduction::Min, "min"}};
constexpr std::array kNormaliserNames {
    Named<Normaliser> {Normaliser::Exact, "exact"}, Named<Normaliser> {Normaliser::Estimated, "estimated"}};

template <typename Table> std::string namesOf(const Table& table) {
    std::string names = "one of ";
    for (std::size_t n = 0; n < table.size(); ++n) {
        names += (n == 0 ? "" : ", ") + std::string(table[n].name);
    }
    return names;
}

/// The name of `value` in `table`. @throws InvalidParameter naming `field` for a value not in it.
template <typename Table, typename T> std::string nameOf(const Table& table, T value, const char* field) {
    for (const auto& entry : table) {
        if (entry.value == value) {
            return entry.name;
        }
    }
    detail::throwInvalid(field, std::to_string(static_cast<int>(value)), namesOf(table));
}

/// The value named `name` in `table`. @throws InvalidParameter naming `field` for an unknown name.
template <typename Table> auto valueOf(const Table& table, const std::string& name, const char* field) {
    for (const auto& entry : table) {
        if (name == entry.name) {
            return entry.value;
        }
    }
    detail::throwInvalid(field, "\"" + name + "\"", namesOf(table));
}

/// The quantities a card offers, as the allowed set of an error message.
std::string quantitiesOf(const CardParams& params) {
    std::string names = "one of ";
    bool first = true;
    for (const auto& entry : kQuantityNames) {
        if (hasQuantity(params, entry.value)) {
            names += (first ? "" : ", ") + std::string(entry.name);
            first = false;
        }
    }
    return names + " (card " + toString(params.card) + ")";
}

/// Checks [begin, end) inside [0, extent), naming the fields `window.<prefix>_begin/_end`.
void checkRange(std::string_view prefix, std::int64_t begin, std::int64_t end, std::int64_t extent) {
    const std::string name(prefix);
    PECARDS_CHECK(begin >= 0 && begin < extent, "window." + name + "_begin", begin,
        "[0, " + name + "s of the quantity) = [0, " + std::to_string(extent) + ")");
    PECARDS_CHECK(end > begin && end <= extent, "window." + name + "_end", end,
        "(" + name + "_begin, " + name + "s of the quantity] = (" + std::to_string(begin) + ", "
            + std::to_string(extent) + "]");
}

void checkPixels(std::string_view name, int pixels) {
    PECARDS_CHECK(pixels >= 1 && pixels <= kMaxOutputPixels, name, pixels,
        "[1, " + std::to_string(kMaxOutputPixels) + "]");
}

} // namespace

bool hasQuantity(Card card, Quantity quantity) {
    switch (quantity) {
    case Quantity::Table:
    case Quantity::Phase:
        return card == Card::Sinusoidal || card == Card::Rope;
    case Quantity::Buckets:
        return card == Card::Relative;
    case Quantity::UnseenAngles:
        return card == Card::Rope || card == Card::Hybrid;
    case Quantity::Score:
    case Quantity::Attention:
        return true;
    case Quantity::ContentScore:
    case Quantity::ContentAttention:
        return card != Card::Multimodal; // its probe is one q, k pair (mrope.h), no content model
    }
    return false;
}

bool hasQuantity(const CardParams& params, Quantity quantity) {
    if (quantity == Quantity::Buckets && params.card == Card::Relative) {
        return params.relative.variant != RelativeVariant::TransformerXL;
    }
    return hasQuantity(params.card, quantity);
}

Window fullExtent(const CardParams& params, Quantity quantity) {
    PECARDS_CHECK(hasQuantity(params, quantity), "quantity", toString(quantity), quantitiesOf(params));
    const std::int64_t length = params.length;
    switch (quantity) {
    case Quantity::Table:
        return {0, length, 0, params.card == Card::Rope ? params.rope.head_dim : params.sinusoidal.d_model};
    case Quantity::Phase:
        return {0, length, 0,
            params.card == Card::Rope ? rotaryDim(params.rope) / 2 : params.sinusoidal.d_model / 2};
    case Quantity::UnseenAngles:
        return {0, length, 0, rotaryDim(params.rope) / 2};
    default:
        return {0, length, 0, length};
    }
}

void validate(const ViewRequest& request) {
    validateSettings(request);
    if (request.quantity == Quantity::ContentScore || request.quantity == Quantity::ContentAttention) {
        PECARDS_CHECK(request.params.length <= kMaxContentLength, "length", request.params.length,
            "in [1, " + detail::lengthLimitText(kMaxContentLength) + "] = [1, "
                + std::to_string(kMaxContentLength) + "] for " + toString(request.quantity)
                + " (content views; positional views reach " + detail::lengthLimitText() + ")");
    }
}

void validateSettings(const ViewRequest& request) {
    validate(request.params);
    validatePitfallQuantity(request.params, request.quantity);
    const Window extent = fullExtent(request.params, request.quantity);
    const Window& window = request.window;
    checkRange("row", window.row_begin, window.row_end, extent.row_end);
    checkRange("col", window.col_begin, window.col_end, extent.col_end);
    checkPixels("out_rows", request.out_rows);
    checkPixels("out_cols", request.out_cols);
    static_cast<void>(toString(request.reduction));
    PECARDS_CHECK(request.normaliser == Normaliser::Exact
            || (isAttention(request.quantity) && request.reduction == Reduction::Sample),
        "normaliser", toString(request.normaliser),
        "exact for " + toString(request.quantity) + " with reduction " + toString(request.reduction)
            + " (estimated: attention or content-attention with reduction sample)");
    PECARDS_CHECK(request.normaliser == Normaliser::Exact || normaliserEstimable(request.params),
        "normaliser", toString(request.normaliser),
        "exact for ALiBi's row-offset forms without the causal mask (+m j grows to the last key, past "
        "what the estimate's midpoint rule follows)");
}

std::int64_t blockStart(std::int64_t begin, std::int64_t extent, int pixels, int pixel) {
    PECARDS_CHECK(
        extent >= 0 && extent <= kMaxLength, "extent", extent, "[0, " + detail::lengthLimitText() + "]");
    PECARDS_CHECK(pixels >= 1, "pixels", pixels, ">= 1");
    PECARDS_CHECK(
        pixel >= 0 && pixel <= pixels, "pixel", pixel, "[0, pixels] = [0, " + std::to_string(pixels) + "]");
    return begin + (static_cast<std::int64_t>(pixel) * extent) / pixels;
}

std::string toString(Quantity value) {
    return nameOf(kQuantityNames, value, "quantity");
}

std::string toString(Reduction value) {
    return nameOf(kReductionNames, value, "reduction");
}

std::string toString(Normaliser value) {
    return nameOf(kNormaliserNames, value, "normaliser");
}

template <> Quantity fromString<Quantity>(const std::string& name) {
    return valueOf(kQuantityNames, name, "quantity");
}

template <> Reduction fromString<Reduction>(const std::string& name) {
    return valueOf(kReductionNames, name, "reduction");
}

template <> Normaliser fromString<Normaliser>(const std::string& name) {
    return valueOf(kNormaliserNames, name, "normaliser");
}

} // namespace pecards
