#pragma once
/// @file invarianttable.h
/// @brief The Pitfalls view's table of invariant read-outs (pecards/invariants.h): one row per
/// invariant, the correct and the buggy side's reading, green ✔ when the property holds, red ✘ when
/// it fails, the side's error where it has no values.

#include "compute/computejobs.h"

#include <QList>
#include <QString>

namespace pecards::gui {

/// @brief The rich text of the table (title, header, one row per entry of `rows`), in the UI
/// language (translation context "PitfallView").
QString invariantTableHtml(const QList<InvariantRow>& rows);

} // namespace pecards::gui
