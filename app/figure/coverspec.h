#pragma once
/// @file coverspec.h
/// @brief The cover page of a card handout (File > Export card): the card's title, the model
/// its parameters come from, every parameter value and the list of figures that follow.

#include <QString>
#include <QStringList>

namespace pecards::app {

/// @brief What a cover page shows; painted by CoverRenderer (coverrenderer.h).
struct CoverSpec {
    QString title; ///< the card's title, e.g. "Rotary position embedding (RoPE)"
    QString model; ///< where the parameters come from, e.g. "Llama-3-8B (llama)" or "defaults"
    QStringList parameters; ///< "name=value" fields (caption.h cardParameterFields)
    QStringList contents; ///< titles of the figures on the following pages, in order
    bool operator==(const CoverSpec&) const = default;
};

/// @brief Empty when the cover can be drawn, else what is wrong ("the cover page has no title").
QString coverSpecError(const CoverSpec& spec);

} // namespace pecards::app
