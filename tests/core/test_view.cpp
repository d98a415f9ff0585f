// View requests: extents, card/quantity pairs, validation messages, the pixel block rule, names.

#include "pecards/errors.h"
#include "pecards/view.h"
#include "support/requests.h"

#include <gtest/gtest.h>
#include <string>

namespace pecards {
namespace {

ViewRequest scoreRequest() {
    return test::viewRequest(test::cardParams(Card::Rope, 4096), Quantity::Score, test::squareWindow(4096));
}

/// Expects validate(request) to throw InvalidParameter naming `field` with `value`, and a
/// message that contains `allowed_part` (the allowed range).
void expectInvalid(const ViewRequest& request, const std::string& field, const std::string& value,
    const std::string& allowed_part) {
    try {
        validate(request);
        ADD_FAILURE() << "no error for " << field << " = " << value;
    } catch (const InvalidParameter& error) {
        EXPECT_EQ(error.name(), field);
        EXPECT_EQ(error.value(), value);
        const std::string message = error.what();
        EXPECT_NE(message.find(field + " = " + value + " is invalid"), std::string::npos) << message;
        EXPECT_NE(message.find(allowed_part), std::string::npos) << message;
    }
}

TEST(ViewValidate, AcceptsAFullWindow) {
    EXPECT_NO_THROW(validate(scoreRequest()));
}

TEST(ViewValidate, WindowErrorsNameTheFieldValueAndRange) {
    ViewRequest request = scoreRequest();
    request.window.row_end = 5000;
    expectInvalid(request, "window.row_end", "5000", "(0, 4096]");
    request = scoreRequest();
    request.window.row_begin = -1;
    expectInvalid(request, "window.row_begin", "-1", "[0, 4096)");
    request = scoreRequest();
    request.window.col_begin = 100;
    request.window.col_end = 100; // empty
    expectInvalid(request, "window.col_end", "100", "(100, 4096]");
    request = scoreRequest();
    request.window.col_begin = 4096;
    expectInvalid(request, "window.col_begin", "4096", "[0, 4096)");
}

TEST(ViewValidate, PositionalViewsReachTheLengthLimit) {
    ViewRequest request = scoreRequest();
    request.params.length = kMaxLength; // 2^24: Llama 4 Scout's 10485760 positions fit
    request.window = {0, kMaxLength, 0, kMaxLength};
    EXPECT_NO_THROW(validate(request));
    request.quantity = Quantity::UnseenAngles;
    request.params.rope.scaling.type = RopeScalingType::Linear;
    request.params.rope.scaling.factor = 16.0;
    request.params.rope.scaling.original_max_position_embeddings = 8192;
    request.window = {0, kMaxLength, 0, 64};
    EXPECT_NO_THROW(validate(request));
    request = scoreRequest();
    request.params.length = kMaxLength + 1;
    expectInvalid(request, "length", "16777217", "in [1, 2^24] = [1, 16777216]");
}

TEST(ViewValidate, ContentViewsStopAtTheirOwnLimit) {
    ViewRequest request = scoreRequest();
    request.params.length = kMaxContentLength;
    request.window = {0, 16, 0, 16};
    for (const Quantity quantity : {Quantity::ContentScore, Quantity::ContentAttention}) {
        request.quantity = quantity;
        request.params.length = kMaxContentLength;
        EXPECT_NO_THROW(validate(request));
        request.params.length = kMaxContentLength + 1;
        expectInvalid(request, "length", "1048577",
            "in [1, 2^20] = [1, 1048576] for " + toString(quantity)
                + " (content views; positional views reach 2^24)");
    }
    request.quantity = Quantity::Score; // the same length is fine for the positional view
    EXPECT_NO_THROW(validate(request));
}

TEST(ViewValidate, OutputSizeErrors) {
    ViewRequest request = scoreRequest();
    request.out_rows = 0;
    expectInvalid(request, "out_rows", "0", "[1, 4096]");
    request = scoreRequest();
    request.out_cols = 4097;
    expectInvalid(request, "out_cols", "4097", "[1, 4096]");
}

TEST(ViewValidate, TableWindowIsBoundedByTheDimension) {
    ViewRequest request = scoreRequest();
    request.quantity = Quantity::Table;
    request.params.rope.head_dim = 64;
    request.window = {0, 4096, 0, 65};
    expectInvalid(request, "window.col_end", "65", "(0, 64]");
    request.quantity = Quantity::Phase;
    request.params.rope.rotary_dim = 16; // 8 frequency pairs
    request.window = {0, 10, 0, 9};
    expectInvalid(request, "window.col_end", "9", "(0, 8]");
}

TEST(ViewValidate, QuantityTheCardDoesNotOffer) {
    ViewRequest request = scoreRequest();
    request.quantity = Quantity::Buckets;
    expectInvalid(request, "quantity", "buckets", "score");
    request.params.card = Card::Relative;
    request.params.relative.variant = RelativeVariant::TransformerXL;
    expectInvalid(request, "quantity", "buckets", "content-score");
    request.params.relative.variant = RelativeVariant::Shaw;
    EXPECT_NO_THROW(validate(request));
}

TEST(ViewValidate, CardParametersAreValidatedFirst) {
    ViewRequest request = scoreRequest();
    request.params.rope.head_dim = 7;
    try {
        validate(request);
        ADD_FAILURE() << "odd head_dim accepted";
    } catch (const InvalidParameter& error) {
        EXPECT_EQ(error.name(), "head_dim");
    }
}

TEST(ViewExtent, PerQuantity) {
    CardParams p;
    p.length = 100;
    p.card = Card::Sinusoidal;
    p.sinusoidal.d_model = 32;
    EXPECT_EQ(fullExtent(p, Quantity::Table), (Window {0, 100, 0, 32}));
    EXPECT_EQ(fullExtent(p, Quantity::Phase), (Window {0, 100, 0, 16}));
    EXPECT_EQ(fullExtent(p, Quantity::Score), (Window {0, 100, 0, 100}));
    EXPECT_EQ(fullExtent(p, Quantity::ContentAttention), (Window {0, 100, 0, 100}));
    p.card = Card::Rope;
    p.rope.head_dim = 64;
    p.rope.rotary_dim = 16;
    EXPECT_EQ(fullExtent(p, Quantity::Table), (Window {0, 100, 0, 64}));
    EXPECT_EQ(fullExtent(p, Quantity::Phase), (Window {0, 100, 0, 8}));
    p.card = Card::Alibi;
    EXPECT_THROW(fullExtent(p, Quantity::Table), InvalidParameter);
}

TEST(ViewExtent, QuantitiesOfEachCard) {
    EXPECT_TRUE(hasQuantity(Card::Sinusoidal, Quantity::Table));
    EXPECT_TRUE(hasQuantity(Card::Rope, Quantity::Phase));
    EXPECT_FALSE(hasQuantity(Card::Rope, Quantity::Buckets));
    EXPECT_FALSE(hasQuantity(Card::Alibi, Quantity::Table));
    EXPECT_FALSE(hasQuantity(Card::Hybrid, Quantity::Phase));
    EXPECT_TRUE(hasQuantity(Card::Relative, Quantity::Buckets));
    EXPECT_FALSE(hasQuantity(Card::Relative, Quantity::Table));
    for (Card card : {Card::Sinusoidal, Card::Relative, Card::Alibi, Card::Rope, Card::Hybrid}) {
        for (Quantity q :
            {Quantity::Score, Quantity::Attention, Quantity::ContentScore, Quantity::ContentAttention}) {
            EXPECT_TRUE(hasQuantity(card, q));
        }
    }
    CardParams txl;
    txl.card = Card::Relative;
    txl.relative.variant = RelativeVariant::TransformerXL;
    EXPECT_FALSE(hasQuantity(txl, Quantity::Buckets));
    EXPECT_TRUE(hasQuantity(txl, Quantity::Score));
}

TEST(ViewBlocks, FloorRule) {
    // begin + floor(p n / P): 10 entries in 3 pixels -> [10, 13), [13, 16), [16, 20)
    EXPECT_EQ(blockStart(10, 10, 3, 0), 10);
    EXPECT_EQ(blockStart(10, 10, 3, 1), 13);
    EXPECT_EQ(blockStart(10, 10, 3, 2), 16);
    EXPECT_EQ(blockStart(10, 10, 3, 3), 20);
    EXPECT_EQ(blockStart(0, std::int64_t {1} << 20, 1024, 1), 1024);
    EXPECT_EQ(blockStart(0, 5, 5, 4), 4);
    EXPECT_THROW(blockStart(0, 10, 3, 4), InvalidParameter);
    EXPECT_THROW(blockStart(0, 10, 0, 0), InvalidParameter);
}

TEST(ViewNames, RoundTrip) {
    for (Quantity q : {Quantity::Table, Quantity::Phase, Quantity::Score, Quantity::Attention,
             Quantity::Buckets, Quantity::ContentScore, Quantity::ContentAttention}) {
        EXPECT_EQ(fromString<Quantity>(toString(q)), q);
    }
    for (Reduction r : {Reduction::Sample, Reduction::Mean, Reduction::Max, Reduction::Min}) {
        EXPECT_EQ(fromString<Reduction>(toString(r)), r);
    }
    EXPECT_EQ(toString(Quantity::ContentAttention), "content-attention");
    EXPECT_EQ(toString(Reduction::Max), "max");
    try {
        fromString<Reduction>("median");
        ADD_FAILURE() << "unknown reduction accepted";
    } catch (const InvalidParameter& error) {
        EXPECT_EQ(error.name(), "reduction");
        EXPECT_NE(std::string(error.what()).find("sample, mean, max, min"), std::string::npos);
    }
}

} // namespace
} // namespace pecards
