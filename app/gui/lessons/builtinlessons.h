#pragma once
/// @file builtinlessons.h
/// @brief The lessons shipped with the app: resources/lessons/<id>.<language>.json, embedded
/// under :/lessons/ (why sinusoids, the relative families, ALiBi, RoPE, context extension, the
/// pitfalls, which keys a query sees), each building on the one before (the content review's
/// order: relative biases introduce ALiBi's fixed bias, RoPE is easiest after both). Each lesson
/// exists in every UI language with the same steps.

#include <QString>
#include <QStringList>

namespace pecards::gui {

/// @brief The built-in lesson resources for `language` ("en", "zh_CN"), in their order
/// (the id's number prefix); English ones when the language has none.
QStringList builtInLessons(const QString& language);

} // namespace pecards::gui
