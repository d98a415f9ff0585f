#pragma once
/// @file renderinputs.h
/// @brief The files and names `pecards-cli render` reads besides its flags: a saved workspace
/// (--workspace), a lesson (--lesson) and colour map names, each refused all-or-nothing with a
/// UsageError naming the flag and, inside a file, the key.

#include "workspace/lesson.h"
#include "workspace/workspace.h"

#include <QString>

namespace pecards::cli {

/// @brief Refuses `name` unless it is a colour map of figure/colormaplist.h; `what` says where
/// it comes from ("--colormap", "FILE: cards[0].views[1].colormap ").
/// @throws UsageError naming `flag` and the allowed names.
void checkColormap(const QString& flag, const QString& what, const QString& name);

/// @brief The workspace of --workspace `path`, with every chart name, compare pair and (unless
/// --colormap overrides them, `colormapOverridden`) colour map it will draw checked.
/// @throws UsageError naming --workspace and the key at fault.
app::Workspace readWorkspace(const QString& path, bool colormapOverridden);

/// @brief The lesson of --lesson `path`; its handout `outPath` must be a PDF.
/// @throws UsageError naming --out or --lesson.
app::Lesson readLesson(const QString& path, const QString& outPath);

} // namespace pecards::cli
