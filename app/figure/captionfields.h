#pragma once
// The fields of a caption (caption.h, chartcaption.h): a value as captions print it, "name=value",
// and each card's parameters as fields, in the names of the HF config and the card's controls.

#include "pecards/params.h"
#include "pecards/view.h"

#include <QString>
#include <QStringList>
#include <string>
#include <vector>

namespace pecards::app::captionfields {

/// @brief Shortest round-trip digits in plain decimal notation for ordinary magnitudes
/// ("500000", not "5e+05"); formatValue's notation outside [1e-4, 1e15) and for 0 and non-finite.
QString number(double value);
/// @brief `value` as a QString (UTF-8).
QString text(const std::string& value);
/// @brief A file name whole up to 48 characters, else its start and its end around "…".
QString fileName(const std::string& name);
/// @brief "name=value"; numbers as number() prints them.
QString field(const char* name, const QString& value);
QString field(const char* name, double value);
QString field(const char* name, qint64 value);
QString field(const char* name, int value);
/// @brief The inclusive range [begin, end - 1] as "begin–last".
QString range(qint64 begin, qint64 end);
/// @brief "1, 2, 3".
QString numberList(const std::vector<int>& values);

/// @brief The sinusoidal card's fields (d_model, base, layout, frequencies, padding).
void appendSinusoidal(QStringList& out, const SinusoidalParams& s);
/// @brief RoPE's fields: head_dim, base, layout, partial rotary, the scaling and its parameters.
void appendRope(QStringList& out, const RopeParams& r);
/// @brief The multimodal card's M-RoPE: family, section layout and sizes, merge size, segments.
void appendMultimodal(QStringList& out, const MultimodalParams& m);
/// @brief What the scaling derives at the view's length (pecards::ropeScaling), marked "→":
/// dynamic NTK's base, YaRN's correction range, the longrope list, the attention factor.
void appendRopeDerived(QStringList& out, const CardParams& p);
/// @brief ALiBi's fields (heads, head, bias max, form; the head dim of content views).
void appendAlibi(QStringList& out, const AlibiParams& a, bool withHeadDim);
/// @brief The relative card's fields for its variant and `quantity`.
void appendRelative(QStringList& out, const RelativeParams& r, Quantity quantity);
/// @brief The probe q, k and the seed, where `quantity` on this card reads them.
void appendProbe(QStringList& out, const CardParams& p, Quantity quantity);
/// @brief Every parameter of the card that `quantity` reads, the probe included.
void appendCard(QStringList& out, const CardParams& p, Quantity quantity);

} // namespace pecards::app::captionfields
