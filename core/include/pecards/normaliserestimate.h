#pragma once
/// @file normaliserestimate.h
/// @brief Estimated softmax normalisers of attention rows: the first picture of a long attention
/// view (ViewRequest::normaliser = Normaliser::Estimated), at a cost that does not grow with L.
///
/// Row i's normaliser is Z_i = sum over its visible keys j (pecards::visibility) of exp(l(i, j)),
/// l the row's logits: exactly, O(L d) per row. The estimate stratifies the visible offsets
/// delta = i - j by |delta|: every offset with |delta| < kExactDeltas is a stratum of its own (the
/// diagonal, where the logits of a positional encoding or a distance bias peak, is summed
/// exactly); beyond it the strata are [e_k, e_{k+1}) with e_k = ceil(kExactDeltas 2^(k /
/// kStrataPerOctave)), geometric like the distance scales of RoPE's wavelengths, ALiBi's decay and
/// T5's log buckets. Each stratum's visible offsets count with the logit at their middle offset
/// (the midpoint rule): Z_i ~ sum_s n_s exp(l(i, i - m_s)). A row takes at most
/// 2 kExactDeltas + 2 kStrataPerOctave log2(L) + 4 samples, whatever L, and the estimate equals Z_i
/// where every stratum it meets has one offset (L <= kExactDeltas). Its error is that of the
/// midpoint rule on each stratum: zero for logits constant on a stratum (T5's far buckets), small
/// for smooth ones (ALiBi), unbounded for logits oscillating within a stratum (RoPE far away), which
/// is why such a picture says it is estimated until the exact one replaces it.

#include "pecards/viewrules.h"

#include <cstdint>
#include <span>
#include <vector>

namespace pecards {

/// @brief Offsets |i - j| below this are summed exactly.
inline constexpr std::int64_t kExactDeltas = 32;
/// @brief Strata per doubling of |i - j| beyond kExactDeltas.
inline constexpr int kStrataPerOctave = 8;

/// @brief One term of an estimated normaliser: the logit of key j = row - delta stands for `count`
/// visible keys (its stratum's).
struct NormaliserSample {
    std::int64_t delta = 0;
    std::int64_t count = 0;
    bool operator==(const NormaliserSample&) const = default;
};

/// @brief The samples of row `row`'s normaliser over its visible keys in [0, length), by ascending
/// delta (docs/quantities.md, "Estimated normaliser"). Every key of a sample is visible.
/// @throws InvalidParameter if length is outside [1, kMaxLength] or row outside [0, length).
std::vector<NormaliserSample> normaliserSamples(
    const Visibility& visibility, std::int64_t length, std::int64_t row);

/// @brief The most samples normaliserSamples() gives a row of a sequence of `length` (>= 1):
/// 2 kExactDeltas + 2 kStrataPerOctave (ceil(log2 length) + 1) + 4, the cost model's count.
std::int64_t maxNormaliserSamples(std::int64_t length);

/// @brief log sum_s count_s exp(logits[s]): the estimated log-normaliser (max-shifted; -infinity
/// when there is no sample or every logit is -infinity).
/// @throws InvalidParameter if the sizes differ or a logit is NaN or +infinity.
double estimatedLogNormaliser(std::span<const NormaliserSample> samples, std::span<const double> logits);

/// @brief The estimated normalisers of several rows whose logits depend on delta = i - j alone
/// (positional-only attention, f(delta)): the distinct deltas all their samples name, so that f is
/// evaluated once per delta, about 2 kExactDeltas + 2 kStrataPerOctave log2(L) + 2 rows values.
class ToeplitzNormalisers {
public:
    /// @param rows query positions in [0, length). @throws InvalidParameter as normaliserSamples().
    ToeplitzNormalisers(
        const Visibility& visibility, std::int64_t length, const std::vector<std::int64_t>& rows);

    /// The distinct deltas to evaluate f at, ascending.
    const std::vector<std::int64_t>& deltas() const { return m_deltas; }
    /// @brief The estimated log-normaliser of rows[r], from f at deltas() (`values`, the same size).
    /// @throws InvalidParameter for a size mismatch or a NaN / +infinity value.
    double logNormaliser(std::size_t r, std::span<const double> values) const;

private:
    std::vector<std::vector<NormaliserSample>> m_samples;
    std::vector<std::vector<std::size_t>> m_index; ///< per row, each sample's entry in m_deltas
    std::vector<std::int64_t> m_deltas;
};

} // namespace pecards
