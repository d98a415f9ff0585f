// libFuzzer target: workspace JSON -> workspaceFromJson. Every input gives a workspace whose
// cards validate, or a WorkspaceFormatError; a workspace that was read is written and read back
// to the same JSON (a second round trip must be a fixed point).

#include "workspace/jsonreader.h"
#include "workspace/workspacefile.h"

#include <QByteArray>
#include <cstddef>
#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QByteArray json(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    try {
        const pecards::app::Workspace workspace = pecards::app::workspaceFromJson(json);
        const QByteArray written = pecards::app::workspaceToJson(workspace);
        const QByteArray rewritten = pecards::app::workspaceToJson(pecards::app::workspaceFromJson(written));
        if (written != rewritten) {
            std::abort(); // what the app writes it must read back unchanged
        }
    } catch (const pecards::app::WorkspaceFormatError&) {
        // rejected with a message naming the field: fine
    }
    return 0;
}
