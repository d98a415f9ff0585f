// Tests of the parameter descriptor table (paramtable.h): for every parameter, validate()
// refuses the values just outside its range with a message naming the parameter (its key) and
// stating the table's range, and accepts the range's ends; the engine's defaults and the cards'
// start values are the table's; the range texts read as documented.

#include "pecards/errors.h"
#include "pecards/params.h"
#include "pecards/paramtable.h"
#include "pecards/tricks.h"
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
            test::validateReading(spec, p);
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
        EXPECT_NO_THROW(test::validateReading(spec, test::paramsReading(spec, value)))
            << spec.path << " = " << value;
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
    if (spec.group != ParamGroup::Card) {
        // Pitfall and trick parameters: the engine's default everywhere, no card start of their own.
        EXPECT_EQ(paramValue(CardParams {}, spec), spec.defaultValue) << spec.name;
        for (const Card card : {Card::Sinusoidal, Card::Relative, Card::Alibi, Card::Rope, Card::Hybrid}) {
            EXPECT_FALSE(spec.usedBy(card)) << spec.name << " on " << toString(card);
            EXPECT_EQ(paramValue(startParams(card), spec), spec.defaultValue) << spec.name;
        }
    }
    EXPECT_GE(
        spec.typicalLow, spec.sentinelMeans.empty() ? spec.minimum : std::min(spec.minimum, spec.sentinel));
    EXPECT_LE(spec.typicalHigh, spec.maximum);
    EXPECT_FALSE(paramHelp(spec.id).empty());
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
    EXPECT_EQ(allowedText(paramSpec(ParamId::SmallBase)), "finite, > 1 and <= 1e+12");
    EXPECT_EQ(allowedText(paramSpec(ParamId::StaleSeqLen)), "in [2, 2^24] = [2, 16777216]");
    EXPECT_EQ(allowedText(paramSpec(ParamId::LeftPadding)), "in [0, 4095]");
    EXPECT_EQ(allowedText(paramSpec(ParamId::GateWidth)), "in [0.001, 1048576]");
    EXPECT_EQ(allowedText(paramSpec(ParamId::Query)), "-1 (= L/2) or in [0, 16777215]");
    EXPECT_EQ(allowedText(paramSpec(ParamId::DistillHeadDim)), "even, in [2, 64]");
    EXPECT_EQ(allowedText(paramSpec(ParamId::EvalLength)), "in [2, 2^16] = [2, 65536]");
    EXPECT_EQ(allowedText(paramSpec(ParamId::LearningRate)), "finite, > 0 and <= 1");
}

TEST(ParamTable, PitfallAndTrickParametersAreTheRestOfTheTable) {
    // 28 card parameters, then the 4 pitfall and the 13 trick parameters, in that order.
    std::size_t n = 0;
    for (const ParamGroup group : {ParamGroup::Card, ParamGroup::Pitfall, ParamGroup::Trick}) {
        const std::size_t first = n;
        while (n < kParamTable.size() && kParamTable[n].group == group) {
            ++n;
        }
        EXPECT_EQ(n - first, group == ParamGroup::Card ? 28U : group == ParamGroup::Pitfall ? 4U : 13U);
    }
    EXPECT_EQ(n, kParamTable.size());
    EXPECT_EQ(paramSpec(ParamId::SmallBase).group, ParamGroup::Pitfall);
    EXPECT_EQ(paramSpec(ParamId::LearningRate).group, ParamGroup::Trick);
}

/// The InvalidParameter `run` throws (none: a failure).
template <typename Run> std::optional<InvalidParameter> refusal(Run&& run) {
    try {
        run();
    } catch (const InvalidParameter& e) {
        return e;
    }
    return std::nullopt;
}

TEST(ParamTable, RelationsAreCheckedOnTopOfTheTablesRanges) {
    // stale_seq_len > seq_len: inside its own range, refused naming the range and the relation.
    CardParams p = test::paramsReading(paramSpec(ParamId::StaleSeqLen), 512);
    p.rope.seq_len = 512;
    auto e = refusal([&] { validate(p); });
    ASSERT_TRUE(e.has_value());
    EXPECT_EQ(e->name(), "pitfall.stale_seq_len");
    EXPECT_EQ(e->allowed(), allowedText(paramSpec(ParamId::StaleSeqLen)) + ", > seq_len = 512");
    p.pitfall.stale_seq_len = 513;
    EXPECT_NO_THROW(validate(p));

    // left_padding <= L-1
    p = test::paramsReading(paramSpec(ParamId::LeftPadding), 64);
    p.length = 64;
    e = refusal([&] { validate(p); });
    ASSERT_TRUE(e.has_value());
    EXPECT_EQ(e->name(), "pitfall.left_padding");
    EXPECT_EQ(e->allowed(), allowedText(paramSpec(ParamId::LeftPadding)) + ", <= L-1 = 63");
    p.pitfall.left_padding = 63;
    EXPECT_NO_THROW(validate(p));

    // eval_length >= train_length
    TrickParams t;
    t.train_length = 100;
    t.eval_length = 99;
    e = refusal([&] { validate(t, 512); });
    ASSERT_TRUE(e.has_value());
    EXPECT_EQ(e->name(), "eval_length");
    EXPECT_EQ(e->allowed(), allowedText(paramSpec(ParamId::EvalLength)) + ", >= train_length = 100");
    t.eval_length = 100;
    EXPECT_NO_THROW(validate(t, 512));

    // query <= L-1 (and -1 = L/2 at any length)
    t.query = 512;
    e = refusal([&] { validate(t, 512); });
    ASSERT_TRUE(e.has_value());
    EXPECT_EQ(e->name(), "query");
    EXPECT_EQ(e->allowed(), allowedText(paramSpec(ParamId::Query)) + ", <= L-1 = 511");
    t.query = 511;
    EXPECT_NO_THROW(validate(t, 512));
    t.query = -1;
    EXPECT_NO_THROW(validate(t, 1));
}

} // namespace
} // namespace pecards
