// The words of the encoding-choice table (encodingchoicetext.h).

#include "window/encodingchoicetext.h"

#include "window/encodingchoicedialog.h"

#include <QLocale>

namespace pecards::gui {

namespace {

using pecards::EncodingChoice;
using pecards::EncodingFamily;
using pecards::Extrapolation;
using pecards::KvCache;

QString count(std::int64_t value) {
    return QLocale().toString(static_cast<qlonglong>(value));
}

/// The fine-tune a rescaled row needs: the figures of lesson 05's last step and the RoPE card's fix.
QString fineTuning(EncodingFamily family) {
    switch (family) {
    case EncodingFamily::RopePi:
        return EncodingChoiceDialog::tr("fine-tune: about 1000 steps in Chen et al. 2023");
    case EncodingFamily::RopeYarn:
        return EncodingChoiceDialog::tr("fine-tune: about 400 steps in Peng et al. 2023");
    case EncodingFamily::RopeLlama3:
        return EncodingChoiceDialog::tr("long-context continued pretraining (Llama 3.1)");
    default:
        return {};
    }
}

/// The pairs a RoPE row lights, how far past the trained angles they end, and what sets the row apart.
QString unseenAnglesText(const EncodingChoice& row) {
    const QString lit = EncodingChoiceDialog::tr("%1 of %2 pairs reach angles never seen (wavelength > L0)")
                            .arg(count(row.unseen), count(row.unseen_of));
    if (row.rotating_pairs == 0) // Transformer-XL's R: its angles are by distance
        return lit;
    QString text = row.unseen == 0 ? lit
                                   : EncodingChoiceDialog::tr("%1, up to %2 positions past L0")
                                         .arg(lit, QLocale().toString(row.overshoot, 'f', 0));
    if (row.family == EncodingFamily::PartialRope)
        text += EncodingChoiceDialog::tr("; only the fastest %1 pairs rotate").arg(count(row.rotating_pairs));
    else if (row.family == EncodingFamily::RopeNope)
        text += EncodingChoiceDialog::tr(" in the %1 RoPE layers; the NoPE layers temper their queries")
                    .arg(count(row.encoded_layers));
    else if (row.family == EncodingFamily::RopeAlibi && row.unseen > 0)
        text += EncodingChoiceDialog::tr("; the bias damps far keys");
    return text;
}

} // namespace

QString encodingFamilyName(EncodingFamily family, const pecards::EncodingTarget& target) {
    switch (family) {
    case EncodingFamily::Sinusoidal:
        return EncodingChoiceDialog::tr("Sinusoidal absolute");
    case EncodingFamily::Learned:
        return EncodingChoiceDialog::tr("Learned absolute");
    case EncodingFamily::Shaw:
        return EncodingChoiceDialog::tr("Shaw relative (k = %1)").arg(target.clip_k);
    case EncodingFamily::T5:
        return EncodingChoiceDialog::tr("T5 buckets (%1, max %2)")
            .arg(target.num_buckets)
            .arg(target.max_distance);
    case EncodingFamily::TransformerXL:
        return EncodingChoiceDialog::tr("Transformer-XL");
    case EncodingFamily::Alibi:
        return EncodingChoiceDialog::tr("ALiBi");
    case EncodingFamily::Rope:
        return EncodingChoiceDialog::tr("RoPE (base %1)").arg(target.base);
    case EncodingFamily::RopePi:
        return EncodingChoiceDialog::tr("RoPE + PI (s = L/L0)");
    case EncodingFamily::RopeYarn:
        return EncodingChoiceDialog::tr("RoPE + YaRN (s = L/L0)");
    case EncodingFamily::RopeLlama3:
        return EncodingChoiceDialog::tr("RoPE + llama3 (s = L/L0)");
    case EncodingFamily::PartialRope:
        return EncodingChoiceDialog::tr("p-RoPE (p = 1/4, proportional)");
    case EncodingFamily::RopeNope:
        return EncodingChoiceDialog::tr("RoPE + NoPE every 4th layer");
    case EncodingFamily::NoPE:
        return EncodingChoiceDialog::tr("NoPE (no positional encoding)");
    case EncodingFamily::RopeAlibi:
        return EncodingChoiceDialog::tr("RoPE + ALiBi");
    }
    return {};
}

QString encodingBeyondText(const EncodingChoice& row) {
    const QString unseen = count(row.unseen);
    const QString of = count(row.unseen_of);
    switch (row.extrapolation) {
    case Extrapolation::UnseenAngles:
        return unseenAnglesText(row);
    case Extrapolation::NoRows:
        return EncodingChoiceDialog::tr("%1 of %2 positions have no trained row").arg(unseen, of);
    case Extrapolation::ClippedOffsets:
        return EncodingChoiceDialog::tr("%1 of %2 indices new; offsets beyond k share one").arg(unseen, of);
    case Extrapolation::SharedLastBucket:
        return EncodingChoiceDialog::tr("%1 of %2 buckets new; beyond max_distance: last bucket")
            .arg(unseen, of);
    case Extrapolation::LinearBias:
        return EncodingChoiceDialog::tr(
            "nothing learned is unseen: perplexity stays flat past L0, but far keys are not retrieved (steep "
            "heads stay local)");
    case Extrapolation::NewPositions:
        return EncodingChoiceDialog::tr("%1 of %2 positions are new vectors (absolute code)").arg(unseen, of);
    case Extrapolation::Rescaled:
        if (row.factor == 1.0)
            return EncodingChoiceDialog::tr("L ≤ L0: s = 1, nothing to rescale and nothing unseen");
        if (row.unseen == 0)
            return EncodingChoiceDialog::tr("s = %1: no pair passes its trained angles (%2)")
                .arg(QLocale().toString(row.factor, 'g', 4), fineTuning(row.family));
        return EncodingChoiceDialog::tr(
            "s = %1: %2 of %3 pairs end up to %4 positions past their trained angles; after a fine-tune at "
            "L, none (%5)")
            .arg(QLocale().toString(row.factor, 'g', 4), unseen, of,
                QLocale().toString(row.overshoot, 'g', 3), fineTuning(row.family));
    case Extrapolation::ImplicitPosition:
        return EncodingChoiceDialog::tr(
            "nothing positional is unseen; position is implicit in the causal mask, and past L0 attention "
            "spreads over more keys than training showed");
    }
    return {};
}

QString encodingKvCacheText(KvCache kind) {
    switch (kind) {
    case KvCache::AddedBeforeProjection:
        return EncodingChoiceDialog::tr("added before Wₖ: cached keys never change");
    case KvCache::ScoreTimeLookup:
        return EncodingChoiceDialog::tr("plain keys; q·aᴷ and aⱽ looked up when scoring");
    case KvCache::ScoreTimeBias:
        return EncodingChoiceDialog::tr("plain keys; bias added to the scores");
    case KvCache::RelativeShift:
        return EncodingChoiceDialog::tr("caches hidden states; position terms recomputed with _rel_shift");
    case KvCache::RotatedOnWrite:
        return EncodingChoiceDialog::tr("keys rotated once by their position when cached");
    case KvCache::RotatedOnWriteAndBias:
        return EncodingChoiceDialog::tr("keys rotated once when cached; bias added to the scores");
    case KvCache::Plain:
        return EncodingChoiceDialog::tr("plain keys and scores: nothing positional");
    }
    return {};
}

} // namespace pecards::gui
