// Extents, validation and the pixel block rule of view requests (view.h).

#include "pecards/view.h"

#include "check.h"
#include "pecards/errors.h"
#include "pecards/pitfall.h"
#include "pecards/rope.h"
#include "validation.h"

#include <array>
#include <string_view>

namespace pecards {

namespace {

struct QuantityName {
    Quantity value;
    const char* name;
};
constexpr std::array kQuantityNames {QuantityName {Quantity::Table, "table"},
    QuantityName {Quantity::Phase, "phase"}, QuantityName {Quantity::Score, "score"},
    QuantityName {Quantity::Attention, "attention"}, QuantityName {Quantity::Buckets, "buckets"},
    QuantityName {Quantity::ContentScore, "content-score"},
    QuantityName {Quantity::ContentAttention, "content-attention"},
    QuantityName {Quantity::UnseenAngles, "unseen-angles"}};

struct ReductionName {
    Reduction value;
    const char* name;
};
constexpr std::array kReductionNames {ReductionName {Reduction::Sample, "sample"},
    ReductionName {Reduction::Mean, "mean"}, ReductionName {Reduction::Max, "max"},
    ReductionName {Reduction::Min, "min"}};

template <typename Table> std::string namesOf(const Table& table) {
    std::string names = "one of ";
    for (std::size_t n = 0; n < table.size(); ++n) {
        names += (n == 0 ? "" : ", ") + std::string(table[n].name);
    }
    return names;
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
    case Quantity::ContentScore:
    case Quantity::ContentAttention:
        return true;
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
    for (const auto& entry : kQuantityNames) {
        if (entry.value == value) {
            return entry.name;
        }
    }
    detail::throwInvalid("quantity", std::to_string(static_cast<int>(value)), namesOf(kQuantityNames));
}

std::string toString(Reduction value) {
    for (const auto& entry : kReductionNames) {
        if (entry.value == value) {
            return entry.name;
        }
    }
    detail::throwInvalid("reduction", std::to_string(static_cast<int>(value)), namesOf(kReductionNames));
}

template <> Quantity fromString<Quantity>(const std::string& name) {
    for (const auto& entry : kQuantityNames) {
        if (name == entry.name) {
            return entry.value;
        }
    }
    detail::throwInvalid("quantity", "\"" + name + "\"", namesOf(kQuantityNames));
}

template <> Reduction fromString<Reduction>(const std::string& name) {
    for (const auto& entry : kReductionNames) {
        if (name == entry.name) {
            return entry.value;
        }
    }
    detail::throwInvalid("reduction", "\"" + name + "\"", namesOf(kReductionNames));
}

} // namespace pecards
