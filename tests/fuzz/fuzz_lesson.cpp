// libFuzzer target: lesson JSON -> lessonFromJson (a lesson is a shared file: `pecards
// FILE.pelesson` opens it on a double-click). Every input gives a lesson whose step texts passed
// the rich-text rule (lessontext.h: no file named, bounded size and nesting) or a
// WorkspaceFormatError; a lesson that was read is written and read back to the same JSON.

#include "workspace/jsonreader.h"
#include "workspace/lessonfile.h"
#include "workspace/lessontext.h"

#include <QByteArray>
#include <cstddef>
#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QByteArray json(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    try {
        const pecards::app::Lesson lesson = pecards::app::lessonFromJson(json);
        for (const pecards::app::LessonStep& step : lesson.steps) {
            pecards::app::checkLessonRichText(step.text, "text"); // throws (aborts) if one slipped through
        }
        const QByteArray written = pecards::app::lessonToJson(lesson);
        if (pecards::app::lessonToJson(pecards::app::lessonFromJson(written)) != written) {
            std::abort(); // what the app writes it must read back unchanged
        }
    } catch (const pecards::app::WorkspaceFormatError&) {
        // rejected with a message naming the field: fine
    }
    return 0;
}
