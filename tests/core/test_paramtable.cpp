// Tests of the parameter descriptor table (paramtable.h): for every parameter, validate()
// refuses the values just outside its range with a message naming the parameter (its key) and
// stating the table's range, and accepts the range's ends; the engine's defaults and the cards'
// start values are the table's; the range texts read as documented.

#include "pecards/errors.h"
#include "pecards/params.h"
#include "pecards/paramtable.h"
#include "support/paramcases.h"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <optional>
#include <set>

namespace pecards {
namespace {

class EveryParameter : public ::testing::TestWithParam<ParamSpec> { };

TEST_P(EveryParameter, ValidationRefusesJustOutsideItsRangeNamingKeyAndRange) {
    const ParamSpec& spec = GetParam();
    for (const double value : test::valuesOutside(spec)) {
        const CardParams p = test::paramsReading(spec, value);
        ASSERT_EQ(paramValue(p, spec) == value || std::isnan(value), true) << spec.name << " = " << value;
        try {
            validate(p);
            ADD_FAILURE() << spec.path << " = " << value << " was accepted";
        } catch (const InvalidParameter& e) {
            EXPECT_EQ(e.name(), spec.path) << e.what();
            EXPECT_NE(e.allowed().find(allowedText(spec)), std::string::npos)
                << e.what() << "\nexpected the table's range: " << allowedText(spec);
        }
    }
}

TEST_P(EveryParameter, ValidationAcceptsTheRangesEndsAndTheDefault) {
    const ParamSpec& spec = GetParam();
    std::vector<double> inside {spec.defaultValue};
    if (!spec.minimumExclusive) {
        inside.push_back(spec.minimum);
    }
    if (spec.maximum != kUnbounded) {
        inside.push_back(spec.maximum);
    }
    if (!spec.sentinelMeans.empty()) {
        inside.push_back(spec.sentinel);
    }
    for (const double value : inside) {
        EXPECT_NO_THROW(validate(test::paramsReading(spec, value))) << spec.path << " = " << value;
    }
}

TEST_P(EveryParameter, EngineDefaultsAndCardStartsAreTheTables) {
    const ParamSpec& spec = GetParam();
    CardParams engine;
    for (const Card card : {Card::Sinusoidal, Card::Relative, Card::Alibi, Card::Rope, Card::Hybrid}) {
        engine.card = card;
        if (!spec.usedBy(card)) {
            continue;
        }
        EXPECT_EQ(paramValue(engine, spec), spec.defaultValue) << spec.name << " on " << toString(card);
        const CardParams start = startParams(card);
        EXPECT_EQ(paramValue(start, spec), spec.startValue(card)) << spec.name << " on " << toString(card);
        EXPECT_NO_THROW(validate(start)) << toString(card);
    }
    EXPECT_GE(
        spec.typicalLow, spec.sentinelMeans.empty() ? spec.minimum : std::min(spec.minimum, spec.sentinel));
    EXPECT_LE(spec.typicalHigh, spec.maximum);
    EXPECT_FALSE(spec.help.empty());
    EXPECT_FALSE(spec.flag.empty());
}

INSTANTIATE_TEST_SUITE_P(Table, EveryParameter, ::testing::ValuesIn(kParamTable),
    [](const ::testing::TestParamInfo<ParamSpec>& param) {
        std::string name(param.param.flag);
        std::replace(name.begin(), name.end(), '-', '_');
        return param.param.owner.empty() ? name : name + "_" + std::string(param.param.owner);
    });

TEST(ParamTable, FlagsAndOwnersIdentifyEachParameter) {
    std::set<std::pair<std::string_view, std::string_view>> seen;
    for (const ParamSpec& spec : kParamTable) {
        EXPECT_TRUE(seen.insert({spec.flag, spec.owner}).second) << spec.flag;
        const auto found = paramsOfFlag(spec.flag);
        EXPECT_TRUE(found[0] == &spec || found[1] == &spec) << spec.flag;
    }
    EXPECT_EQ(paramsOfFlag("head-dim")[1]->id, ParamId::AlibiHeadDim);
    EXPECT_EQ(paramsOfFlag("no-such-flag")[0], nullptr);
}

TEST(ParamTable, RangeTextsReadAsDocumented) {
    // Written out by hand: the phrases the messages, the CLI help and its tests use.
    EXPECT_EQ(allowedText(paramSpec(ParamId::RopeHeadDim)), "even, in [2, 1024]");
    EXPECT_EQ(allowedText(paramSpec(ParamId::Length)), "in [1, 2^24] = [1, 16777216]");
    EXPECT_EQ(allowedText(paramSpec(ParamId::Base)), "finite, > 1 and <= 1e+12");
    EXPECT_EQ(allowedText(paramSpec(ParamId::Factor)), "in [1e-04, 10000]");
    EXPECT_EQ(allowedText(paramSpec(ParamId::Mscale)), "in [0, 1000] (0 = not given)");
    EXPECT_EQ(allowedText(paramSpec(ParamId::RotaryDim)), "0 (= head_dim) or even, in [2, 1024]");
    EXPECT_EQ(allowedText(paramSpec(ParamId::OriginalMaxPositionEmbeddings)), ">= 0 (0 = not given)");
    EXPECT_EQ(allowedText(paramSpec(ParamId::AlibiBiasMax)), "finite, > 0");
    EXPECT_EQ(allowedText(paramSpec(ParamId::Heads)), "in [1, 128]");
}

} // namespace
} // namespace pecards
