// pecards-cli and the parameter descriptor table (pecards/paramtable.h): for every table
// parameter, --help states the table's range and default under the parameter's flag, and the
// values just outside the range are refused with a message naming the flag and that range.

#include "clitestutil.h"

#include <QRegularExpression>
#include <cmath>
#include <limits>
#include <pecards/params.h>
#include <pecards/paramtable.h>

using namespace Qt::StringLiterals;

namespace {

using pecards::ParamId;
using pecards::ParamSpec;
using pecards::test::CliRun;
using pecards::test::runCli;

/// The help entry of `--flag`: its lines up to the next flag, whitespace collapsed.
QString helpEntry(const QString& help, const QString& flag) {
    const QStringList lines = help.split(u'\n');
    QString entry;
    bool inside = false;
    const QRegularExpression start(u"^    --"_s + QRegularExpression::escape(flag) + u"( |$)"_s);
    for (const QString& line : lines) {
        if (inside && (line.startsWith(u"    --"_s) || !line.startsWith(u"  "_s))) {
            break;
        }
        inside = inside || start.match(line).hasMatch();
        if (inside) {
            entry += line + u' ';
        }
    }
    return entry.simplified();
}

QString text(std::string_view value) {
    return QString::fromUtf8(value.data(), static_cast<qsizetype>(value.size()));
}

TEST(CliParamTable, HelpStatesEveryParametersRangeAndDefault) {
    const CliRun run = runCli({"--help"});
    ASSERT_EQ(run.exitCode, 0);
    for (const ParamSpec& spec : pecards::kParamTable) {
        const QString entry = helpEntry(run.out, text(spec.flag));
        ASSERT_FALSE(entry.isEmpty()) << spec.flag;
        const QString allowed = QString::fromStdString(pecards::allowedText(spec));
        EXPECT_TRUE(entry.contains(allowed, Qt::CaseInsensitive))
            << entry.toStdString() << "\nwants " << allowed.toStdString();
        const QString owner = spec.owner.empty() ? QString() : u" ("_s + text(spec.owner) + u')';
        // The cards that start elsewhere (the app's start values, which --card uses) are named.
        QStringList starts;
        for (std::size_t c = 0; c < spec.cardStart.size(); ++c) {
            if (spec.cardStart[c] != pecards::kNoStart && spec.cardStart[c] != spec.defaultValue)
                starts << QString::fromStdString(pecards::toString(static_cast<pecards::Card>(c)) + " "
                    + pecards::formatParamValue(spec, spec.cardStart[c]));
        }
        const QString value = QString::fromStdString(pecards::formatParamValue(spec, spec.defaultValue))
            + owner + (starts.isEmpty() ? QString() : u" ("_s + starts.join(u", "_s) + u')');
        EXPECT_TRUE(entry.contains(u"Default "_s + value + u'.') || entry.contains(u", "_s + value + u'.')
            || entry.contains(u"Default "_s + value + u','))
            << entry.toStdString() << "\nwants default " << value.toStdString();
    }
}

/// Arguments that make the card's validation read `spec` (as tests/core/test_paramtable.cpp).
QStringList context(const ParamSpec& spec) {
    switch (spec.id) {
    case ParamId::Length:
    case ParamId::SinusoidalDModel:
    case ParamId::PaddingIdx:
        return {"--card", "sinusoidal", "--quantity", "table"};
    case ParamId::Base:
    case ParamId::RopeHeadDim:
    case ParamId::SeqLen:
        return {"--card", "rope", "--quantity", "inv-freq"};
    case ParamId::RotaryDim:
        return {"--card", "rope", "--quantity", "inv-freq", "--head-dim", "1024"};
    case ParamId::Factor:
        return {"--card", "rope", "--quantity", "inv-freq", "--scaling", "linear"};
    case ParamId::OriginalMaxPositionEmbeddings:
    case ParamId::MaxPositionEmbeddings:
    case ParamId::Mscale:
    case ParamId::MscaleAllDim:
    case ParamId::AttentionFactor:
        return {"--card", "rope", "--quantity", "inv-freq", "--scaling", "yarn", "--original-max-pos", "4096",
            "--max-pos", "4096"};
    case ParamId::BetaFast:
        return {"--card", "rope", "--quantity", "inv-freq", "--scaling", "yarn", "--original-max-pos", "4096",
            "--beta-slow", "0.0001"};
    case ParamId::BetaSlow:
        return {"--card", "rope", "--quantity", "inv-freq", "--scaling", "yarn", "--original-max-pos", "4096",
            "--beta-fast", "10000"};
    case ParamId::LowFreqFactor:
        return {"--card", "rope", "--quantity", "inv-freq", "--scaling", "llama3", "--original-max-pos",
            "8192", "--high-freq-factor", "1e300"};
    case ParamId::HighFreqFactor:
        return {"--card", "rope", "--quantity", "inv-freq", "--scaling", "llama3", "--original-max-pos",
            "8192", "--low-freq-factor", "1e-300"};
    case ParamId::Heads:
    case ParamId::AlibiBiasMax:
    case ParamId::AlibiHeadDim:
        return {"--card", "alibi", "--quantity", "slopes"};
    case ParamId::Head:
        return {"--card", "alibi", "--quantity", "slopes", "--heads", "128"};
    case ParamId::RelativeDModel:
    case ParamId::ClipK:
        return {"--card", "relative", "--quantity", "buckets", "--variant", "shaw"};
    case ParamId::NumBuckets:
        return {
            "--card", "relative", "--quantity", "buckets", "--unidirectional", "--max-distance", "1048576"};
    case ParamId::MaxDistance:
        return {"--card", "relative", "--quantity", "buckets", "--unidirectional", "--buckets", "2"};
    case ParamId::SmallBase:
        return {"--card", "rope", "--quantity", "inv-freq", "--pitfall", "small-base"};
    case ParamId::SmallClipK:
        return {"--card", "relative", "--quantity", "buckets", "--variant", "shaw", "--pitfall",
            "shaw-small-clip"};
    case ParamId::StaleSeqLen:
        return {"--card", "rope", "--quantity", "score", "--length", "8", "--seq-len", "1", "--pitfall",
            "stale-dynamic-ntk"};
    case ParamId::LeftPadding:
        return {"--card", "alibi", "--quantity", "score", "--length", "4096", "--pitfall",
            "alibi-left-padding-arange"};
    case ParamId::EdgePositions:
    case ParamId::BiasScale:
        return {"--card", "sinusoidal", "--quantity", "domain-aware-similarity", "--length", "8"};
    case ParamId::Alpha:
    case ParamId::AlphaEnd:
    case ParamId::GateCenter:
    case ParamId::GateWidth:
    case ParamId::Query:
        return {"--card", "sinusoidal", "--quantity", "gated-score", "--length", "8"};
    case ParamId::DistillHeadDim:
    case ParamId::TrainLength:
    case ParamId::EvalLength:
    case ParamId::Hidden:
    case ParamId::Epochs:
    case ParamId::LearningRate:
        // little training work, so that no progress line comes before the message
        return {"--card", "rope", "--quantity", "distillation-error",
            spec.id == ParamId::Epochs ? "--hidden" : "--epochs", "1"};
    case ParamId::AttentionSinks:
        return {"--card", "rope", "--quantity", "score", "--length", "16777216"}; // n_sink <= L
    case ParamId::SlidingWindow:
    case ParamId::AttentionChunk:
        return {"--card", "rope", "--quantity", "score"};
    }
    return {};
}

TEST(CliParamTable, RefusesJustOutsideEveryRangeNamingTheFlagAndTheRange) {
    QTemporaryDir dir;
    const QString out = dir.filePath(u"out.npy"_s);
    for (const ParamSpec& spec : pecards::kParamTable) {
        const bool whole = spec.integral();
        const double unit = spec.even ? 2.0 : 1.0;
        std::vector<double> values;
        double below = spec.minimumExclusive ? spec.minimum
            : whole                          ? spec.minimum - unit
                    : std::nextafter(spec.minimum, -std::numeric_limits<double>::infinity());
        if (!spec.sentinelMeans.empty() && below == spec.sentinel) {
            below -= unit;
        }
        values.push_back(below);
        if (spec.maximum != pecards::kUnbounded) {
            values.push_back(whole ? spec.maximum + unit
                                   : std::nextafter(spec.maximum, std::numeric_limits<double>::infinity()));
        }
        const QString flag = u"--"_s + text(spec.flag);
        for (const double value : values) {
            const QString given
                = whole ? QString::number(static_cast<qint64>(value)) : QString::number(value, 'g', 17);
            const CliRun run = runCli(
                QStringList {"compute"} + context(spec) + QStringList {flag + u'=' + given, "--out", out});
            EXPECT_EQ(run.exitCode, 2)
                << flag.toStdString() << "=" << given.toStdString() << ": " << run.err.toStdString();
            EXPECT_TRUE(run.err.startsWith(u"pecards-cli: "_s + flag + u": "_s)) << run.err.toStdString();
            EXPECT_TRUE(run.err.contains(QString::fromStdString(pecards::allowedText(spec))))
                << run.err.toStdString() << "\nwants " << pecards::allowedText(spec);
        }
    }
}

} // namespace
