// ModelPositions: every layer in exactly one group, parameters validated per treatment (the
// error names the group), and the learned-table comparisons against hand-computed values.

#include "pecards/errors.h"
#include "pecards/learned.h"
#include "pecards/modelpositions.h"

#include <cmath>
#include <gtest/gtest.h>

namespace {

using pecards::InvalidParameter;
using pecards::LayerGroup;
using pecards::LayerTreatment;
using pecards::ModelPositions;

ModelPositions gemmaLike() {
    ModelPositions positions;
    positions.num_layers = 6;
    LayerGroup local;
    local.name = "sliding_attention";
    local.layers = {0, 1, 2, 3, 4};
    local.rope.head_dim = 256;
    local.rope.base = 1e4;
    local.sliding_window = 512;
    LayerGroup global;
    global.name = "full_attention";
    global.layers = {5};
    global.rope.head_dim = 256;
    global.rope.base = 1e6;
    positions.groups = {local, global};
    return positions;
}

std::string nameOfError(const ModelPositions& positions) {
    try {
        pecards::validate(positions);
    } catch (const InvalidParameter& error) {
        return error.name();
    }
    return "(valid)";
}

TEST(ModelPositions, ValidStructureAndGroupOf) {
    const ModelPositions positions = gemmaLike();
    EXPECT_NO_THROW(pecards::validate(positions));
    EXPECT_EQ(positions.groupOf(5).rope.base, 1e6);
    EXPECT_EQ(positions.groupOf(2).sliding_window, 512);
    EXPECT_THROW(positions.groupOf(6), InvalidParameter);
}

TEST(ModelPositions, EveryLayerInExactlyOneGroup) {
    ModelPositions missing = gemmaLike();
    missing.groups[0].layers = {0, 1, 2, 3};
    EXPECT_EQ(nameOfError(missing), "layer_groups");
    ModelPositions twice = gemmaLike();
    twice.groups[1].layers = {4, 5};
    EXPECT_EQ(nameOfError(twice), "layer_groups[1].layers");
    ModelPositions outside = gemmaLike();
    outside.groups[1].layers = {5, 6};
    EXPECT_EQ(nameOfError(outside), "layer_groups[1].layers");
    ModelPositions none = gemmaLike();
    none.num_layers = 0;
    EXPECT_EQ(nameOfError(none), "num_layers");
}

TEST(ModelPositions, GroupParametersAreValidatedWithTheirPrefix) {
    ModelPositions odd = gemmaLike();
    odd.groups[1].rope.head_dim = 255;
    EXPECT_EQ(nameOfError(odd), "layer_groups[1].head_dim");
    ModelPositions sections = gemmaLike();
    sections.groups[1].mrope_section = {16, 24, 24}; // 64 pairs, rotary_dim/2 = 128
    EXPECT_EQ(nameOfError(sections), "layer_groups[1].mrope_section");
    sections.groups[1].mrope_section = {32, 48, 48};
    EXPECT_NO_THROW(pecards::validate(sections));
    ModelPositions nope = gemmaLike();
    nope.groups[1].treatment = LayerTreatment::NoPE;
    nope.groups[1].rope.head_dim = 255; // not used by NoPE
    EXPECT_NO_THROW(pecards::validate(nope));
    EXPECT_EQ(pecards::toString(LayerTreatment::T5Bias), "t5-bias");
}

TEST(ModelPositions, Llama4QueryTemperature) {
    // HF Llama4TextAttention: scale(p) = log(floor((p + 1) / floor_scale) + 1) * attn_scale + 1.
    pecards::AttnTemperature temperature;
    EXPECT_EQ(pecards::queryScale(temperature, 100000), 1.0); // disabled
    temperature.enabled = true; // floor_scale 8192, attn_scale 0.1
    EXPECT_EQ(pecards::queryScale(temperature, 0), 1.0);
    EXPECT_EQ(pecards::queryScale(temperature, 8190), 1.0); // 8191 / 8192 floors to 0
    EXPECT_NEAR(pecards::queryScale(temperature, 8191), 1.0693147180559945, 1e-15); // 1 + 0.1 ln 2
    EXPECT_NEAR(pecards::queryScale(temperature, 81919), 1.2397895272798371, 1e-15); // 1 + 0.1 ln 11
    EXPECT_THROW(pecards::queryScale(temperature, -1), InvalidParameter);
    ModelPositions positions = gemmaLike();
    positions.groups[1].treatment = LayerTreatment::NoPE;
    positions.groups[1].attn_temperature.enabled = true;
    positions.groups[1].attn_temperature.floor_scale = 0;
    EXPECT_EQ(nameOfError(positions), "layer_groups[1].floor_scale");
}

TEST(LearnedTable, SimilarityAndDifference) {
    Eigen::MatrixXd table(3, 2);
    table << 1, 2, 3, 4, 5, 6;
    const Eigen::MatrixXd similarity = pecards::learnedSimilarity(table, 2);
    EXPECT_EQ(similarity(0, 1), 1 * 3 + 2 * 4);
    EXPECT_EQ(similarity(1, 1), 3 * 3 + 4 * 4);
    pecards::SinusoidalParams sinusoid;
    sinusoid.d_model = 2;
    const Eigen::MatrixXd difference = pecards::learnedDifference(table, sinusoid, 3);
    // d = 2: w_0 = 1, PE[p] = (sin p, cos p).
    EXPECT_DOUBLE_EQ(difference(2, 0), 5 - std::sin(2.0));
    EXPECT_DOUBLE_EQ(difference(2, 1), 6 - std::cos(2.0));
    EXPECT_THROW(pecards::learnedTable(table, 4), InvalidParameter);
    sinusoid.d_model = 4;
    EXPECT_THROW(pecards::learnedDifference(table, sinusoid, 3), InvalidParameter);
    table(1, 1) = std::nan("");
    EXPECT_THROW(pecards::learnedSimilarity(table, 2), InvalidParameter);
}

// The review's reproducer (reliab/wrong_learned_table_overflow_inf.sh): an entry of 1e200 squared
// is an infinite similarity; the table is refused naming the entry, as content vectors are.
TEST(LearnedTable, EntriesAreBoundedLikeContentVectors) {
    Eigen::MatrixXd table = Eigen::MatrixXd::Constant(4, 3, 0.02);
    table(2, 1) = 1e200;
    try {
        pecards::learnedSimilarity(table, 4);
        FAIL() << "an entry of 1e200 was accepted";
    } catch (const InvalidParameter& error) {
        EXPECT_EQ(error.value(), "1e+200 at [2, 1]");
    }
    table(2, 1) = -1000;
    EXPECT_NO_THROW(pecards::learnedSimilarity(table, 4));
}

} // namespace
