// Stratified estimates of attention rows' softmax normalisers (normaliserestimate.h).

#include "pecards/normaliserestimate.h"

#include "check.h"
#include "pecards/parambounds.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <string>

namespace pecards {

namespace {

/// e_k = ceil(kExactDeltas 2^(k / kStrataPerOctave)), the first |delta| of stratum k beyond the exact ones.
std::int64_t stratumStart(std::int64_t k) {
    return static_cast<std::int64_t>(
        std::ceil(static_cast<double>(kExactDeltas) * std::exp2(static_cast<double>(k) / kStrataPerOctave)));
}

/// The last delta of the stratum that holds `delta`, in the direction of growing delta.
std::int64_t stratumLast(std::int64_t delta) {
    const std::int64_t a = delta < 0 ? -delta : delta;
    if (a < kExactDeltas) {
        return delta;
    }
    auto k = static_cast<std::int64_t>(
        std::floor(kStrataPerOctave * std::log2(static_cast<double>(a) / static_cast<double>(kExactDeltas))));
    while (k > 0 && stratumStart(k) > a) {
        --k;
    }
    while (stratumStart(k + 1) <= a) {
        ++k;
    }
    // [e_k, e_{k+1} - 1] for delta > 0; its mirror [-(e_{k+1} - 1), -e_k] for delta < 0.
    return delta > 0 ? stratumStart(k + 1) - 1 : -stratumStart(k);
}

/// Appends the samples of the visible deltas [lo, hi] (lo <= hi): one per stratum they meet.
void addRange(std::int64_t lo, std::int64_t hi, std::vector<NormaliserSample>& samples) {
    for (std::int64_t delta = lo; delta <= hi;) {
        const std::int64_t last = std::min(hi, stratumLast(delta));
        samples.push_back({delta + (last - delta) / 2, last - delta + 1});
        delta = last + 1;
    }
}

} // namespace

std::vector<NormaliserSample> normaliserSamples(
    const Visibility& visibility, std::int64_t length, std::int64_t row) {
    PECARDS_CHECK(
        length >= 1 && length <= kMaxLength, "length", length, "[1, " + std::to_string(kMaxLength) + "]");
    PECARDS_CHECK(row >= 0 && row < length, "row", row, "[0, length) = [0, " + std::to_string(length) + ")");
    std::vector<NormaliserSample> samples;
    DeltaRange ranges[2];
    const int count = visibleDeltas(visibility, row, 0, length - 1, ranges);
    for (int k = 0; k < count; ++k) {
        addRange(ranges[k].lo, ranges[k].hi, samples);
    }
    return samples;
}

std::int64_t maxNormaliserSamples(std::int64_t length) {
    const auto octaves = static_cast<std::int64_t>(
        std::bit_width(static_cast<std::uint64_t>(std::max<std::int64_t>(length, 1) - 1)));
    return 2 * kExactDeltas + 2 * kStrataPerOctave * (octaves + 1) + 4;
}

double estimatedLogNormaliser(std::span<const NormaliserSample> samples, std::span<const double> logits) {
    PECARDS_CHECK(logits.size() == samples.size(), "logits", logits.size(),
        "one per sample = " + std::to_string(samples.size()));
    double high = -std::numeric_limits<double>::infinity();
    for (const double logit : logits) {
        PECARDS_CHECK(!std::isnan(logit) && logit != std::numeric_limits<double>::infinity(), "logit", logit,
            "a finite number or -inf (masked)");
        high = std::max(high, logit);
    }
    if (high == -std::numeric_limits<double>::infinity()) {
        return high;
    }
    double sum = 0.0;
    for (std::size_t s = 0; s < samples.size(); ++s) {
        sum += static_cast<double>(samples[s].count) * std::exp(logits[s] - high);
    }
    return high + std::log(sum);
}

ToeplitzNormalisers::ToeplitzNormalisers(
    const Visibility& visibility, std::int64_t length, const std::vector<std::int64_t>& rows) {
    for (const std::int64_t row : rows) {
        m_samples.push_back(normaliserSamples(visibility, length, row));
        for (const NormaliserSample& sample : m_samples.back()) {
            m_deltas.push_back(sample.delta);
        }
    }
    std::sort(m_deltas.begin(), m_deltas.end());
    m_deltas.erase(std::unique(m_deltas.begin(), m_deltas.end()), m_deltas.end());
    for (const std::vector<NormaliserSample>& samples : m_samples) {
        std::vector<std::size_t>& index = m_index.emplace_back();
        for (const NormaliserSample& sample : samples) {
            index.push_back(static_cast<std::size_t>(
                std::lower_bound(m_deltas.begin(), m_deltas.end(), sample.delta) - m_deltas.begin()));
        }
    }
}

double ToeplitzNormalisers::logNormaliser(std::size_t r, std::span<const double> values) const {
    PECARDS_CHECK(values.size() == m_deltas.size(), "values", values.size(),
        "one per delta = " + std::to_string(m_deltas.size()));
    std::vector<double> logits;
    for (const std::size_t at : m_index[r]) {
        logits.push_back(values[at]);
    }
    return estimatedLogNormaliser(m_samples[r], logits);
}

} // namespace pecards
