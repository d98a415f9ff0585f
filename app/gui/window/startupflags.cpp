#include "window/startupflags.h"

const std::vector<StartupFlag>& startupFlags() {
    static const std::vector<StartupFlag> flags {
        {"card", nullptr, "id", "First card: sinusoidal, relative, alibi, rope, hybrid, compare."},
        {"preset", nullptr, "id", "Built-in model preset, e.g. llama-3.1-8b."},
        {"config", nullptr, "file", "Hugging Face config.json to load."},
        {"compare", nullptr, "preset", "Open the compare tab: rope-base, alibi-hybrid, alibi-forms."},
        {"length", nullptr, "L", "Max length L of the first card."},
        {"zoom", nullptr, "window", "Window of the first view: row_begin:row_end:col_begin:col_end."},
        {"back", nullptr, nullptr, "Show the back of the card."},
        {"language", nullptr, "code", "UI and card text language: en, zh_CN (default: the preference)."},
        {"theme", nullptr, "name", "Colour theme: light, dark (default: the preference)."},
        {"workspace", nullptr, "file", "Workspace file to open."},
        {"presentation", nullptr, nullptr, "Start in presentation mode (full screen)."},
        {"lesson", nullptr, "file", "Lesson file to open and play (full screen; Esc leaves)."},
        {"step", nullptr, "n", "Lesson: start at step n (from 1)."},
        {"reveal", nullptr, nullptr, "Lesson: reveal the first step's question at once."},
        {"position", nullptr, "m", "Presentation: pause the sweep at position m."},
        {"device", nullptr, "name",
            "OpenCL device name (substring); default PECARDS_OPENCL_DEVICE or automatic."},
        {"cpu", nullptr, nullptr, "Compute with the double-precision CPU reference instead of OpenCL."},
        {"size", nullptr, "WxH", "Window size WxH (default 1600x1000)."},
        {"pitfall", nullptr, "name",
            "Open the Pitfalls view of the pitfall's card on it (names: pecards-cli pitfalls)."},
        {"views", nullptr, "ids",
            "View ids of the first card's slots, comma-separated (e.g. lab-ratio,unseen-angles)."},
        {"screenshot", nullptr, "file", "Save the window as PNG once every view has answered, then quit."},
        {"help", "h", nullptr, "Show this help and exit (needs no display)."},
        {"version", "v", nullptr, "Show the version and exit (needs no display)."},
    };
    return flags;
}

const StartupFlag& startupFileArgument() {
    static const StartupFlag file {"file", nullptr, "[file]",
        "Workspace file (*.pecards.json) to open, as --workspace does; a lesson file (*.pelesson) is "
        "played, as --lesson does."};
    return file;
}

const char* startupDescription() {
    return "PE Cards: see how transformer positional encodings work.";
}
