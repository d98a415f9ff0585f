#pragma once
/// @file numberliterals.h
/// @brief How each number of a JSON text was written: `8` (an integer) or `8.0`, `8e0` (a float).
/// Python's json module keeps the difference (int against float) and transformers warns on it
/// (v5 `modeling_rope_utils.py`, `_validate_*_parameters`: "factor field must be a float");
/// QJsonDocument does not keep it, so the text is read once more with nlohmann::json.

#include <QByteArray>
#include <QSet>
#include <QString>
#include <memory>

namespace pecards::app {

class NumberLiterals {
public:
    /// @brief The literals of `json`, by dotted key path ("rope_scaling.factor",
    /// "text_config.rope_parameters.full_attention.beta_fast"); numbers inside arrays are not
    /// recorded. A text nlohmann::json cannot parse gives no literals (QJsonDocument reports it).
    static std::shared_ptr<const NumberLiterals> read(const QByteArray& json);

    /// @brief True when the value at `path` is a number written without fraction or exponent.
    bool isInteger(const QString& path) const { return m_integers.contains(path); }
    /// @brief True when the value at `path` is a number written with a fraction or an exponent.
    bool isFloat(const QString& path) const { return m_floats.contains(path); }

private:
    QSet<QString> m_integers;
    QSet<QString> m_floats;
};

} // namespace pecards::app
