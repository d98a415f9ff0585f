#pragma once
/// @file lessontext.h
/// @brief A lesson's rich text is data, not a web page: bounded in size and nesting, and it may
/// show only pictures it carries itself (data: URLs) or PE Cards' own (qrc:). Lessons are shared
/// files (a double-click opens one), so a step that names a file of the computer it is shown on
/// (`<img src="/home/...">`, a FIFO, /dev/zero) is refused with a message instead of being read,
/// frozen on or embedded into a handout. Checked whenever a lesson is opened or saved
/// (checkLessonStep); figure/lessondocument.h keeps the handout's renderer from reading files.

#include <QString>
#include <string>

namespace pecards::app {

/// @brief Longest rich text of one step's text or question prompt, in characters (about eight
/// printed pages; the built-in lessons' longest is under 2,000).
inline constexpr qsizetype kMaxLessonTextChars = 20000;

/// @brief Deepest nesting of elements in a lesson's rich text. Qt's HTML import is quadratic in
/// the depth (20,000 nested `<b>` took 5 s, 50,000 over 30 s); teaching text needs a handful.
inline constexpr int kMaxLessonTextDepth = 32;

/// @brief Whether a URL in lesson text stays inside the lesson or the product: a `data:` URL
/// (the picture is in the file) or a `qrc:` resource. Scheme compared case-insensitively,
/// after leading and trailing spaces.
bool isInsideUrl(const QString& url);

/// @brief Checks one rich text of a lesson (a step's "text" or a question's "prompt").
///
/// Scans the elements as Qt's HTML subset writes them: comments and declarations skipped, void
/// elements (br, img, hr, ...) and `<x/>` opening nothing; an attribute value may be quoted
/// with either quote. Resources are the attributes Qt loads (`src`, `background`) and every
/// `url(...)` in a `style` attribute or element.
/// @param key the field's name in messages, e.g. "text" or "question.prompt".
/// @throws InvalidParameter naming `key`: more than kMaxLessonTextChars characters, elements
///         nested deeper than kMaxLessonTextDepth, or a resource URL that is not isInsideUrl
///         (the value quoted, at most 200 characters of it).
void checkLessonRichText(const QString& html, const std::string& key);

/// @brief What a rich-text label may show of lesson text: `html` when checkLessonRichText
/// accepts it, else the text HTML-escaped (shown literally, nothing loaded or nested). A
/// label's document reads any file an `<img>` names, so the app shows lesson text through this
/// even though lessons are checked when they open: a step built in the editor is shown too.
QString lessonTextForLabel(const QString& html);

} // namespace pecards::app
