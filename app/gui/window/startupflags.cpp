#include "window/startupflags.h"

namespace pecards::gui {

const std::vector<StartupFlag>& startupFlags() {
    static const std::vector<StartupFlag> flags {
        {"card", nullptr, "id", "First card: sinusoidal, relative, alibi, rope, hybrid, compare."},
        {"preset", nullptr, "id", "Built-in model preset, e.g. llama-3.1-8b."},
        {"config", nullptr, "file", "Hugging Face config.json to load."},
        {"compare", nullptr, "preset", "Open the compare tab: rope-base, alibi-hybrid, alibi-forms."},
        {"length", nullptr, "L", "Max length L of the first card."},
        {"rows", nullptr, "A:B",
            "Half-open row window [A, B) of the first view, in entries, as pecards-cli --rows. Default: all "
            "rows."},
        {"cols", nullptr, "A:B",
            "Half-open column window [A, B) of the first view, in entries, as pecards-cli --cols. Default: "
            "all columns."},
        {"zoom", nullptr, "A:B:C:D", "Older spelling of --rows A:B --cols C:D."},
        {"back", nullptr, nullptr, "Show the back of the card."},
        {"language", nullptr, "code", "UI and card text language: en, zh_CN (default: the preference)."},
        {"theme", nullptr, "name", "Colour theme: light, dark (default: the preference)."},
        {"workspace", nullptr, "file", "Workspace file to open."},
        {"presentation", nullptr, nullptr,
            "Start in presentation mode (full screen, or at --window-size when given)."},
        {"lesson", nullptr, "file",
            "Lesson file to open and play (full screen, or at --window-size when given; Esc leaves)."},
        {"step", nullptr, "n", "Lesson: start at step n (from 1)."},
        {"reveal", nullptr, nullptr, "Lesson: reveal the first step's question at once."},
        {"position", nullptr, "m", "Presentation: pause the sweep at position m."},
        {"device", nullptr, "name",
            "Backend, as pecards-cli --device: auto (the best OpenCL device, started right after the first "
            "pictures, which come from the CPU reference; the CPU reference if none works), cpu "
            "(the double-precision reference) or a case-insensitive part of an OpenCL device "
            "name. Default: the preference, else PECARDS_OPENCL_DEVICE, else auto (pecards-cli defaults "
            "to cpu: its dumps are exact; the app wants speed)."},
        {"cpu", nullptr, nullptr, "Same as --device cpu."},
        {"window-size", nullptr, "WxH",
            "Window size in pixels, W >= 320, H >= 240 (default 1600x1000). (pecards-cli --size is a "
            "figure size in inches.)"},
        {"size", nullptr, "WxH", "Older spelling of --window-size (pixels)."},
        {"pitfall", nullptr, "name",
            "Open the Pitfalls view of the pitfall's card on it (names: pecards-cli pitfalls)."},
        {"views", nullptr, "ids",
            "View ids of the first card's slots, comma-separated (e.g. lab-ratio,unseen-angles)."},
        {"check", nullptr, "files",
            "Check an implementation: cos.npy,sin.npy (a float32 cache), inv_freq.npy or model.gguf against "
            "the RoPE card's model, in File > Check an implementation (with --screenshot: that dialog's "
            "image)."},
        {"pair-usage", nullptr, "checkpoint",
            "Pair usage of a checkpoint (a .safetensors file, an index or their folder) for the --config "
            "model, in File > Pair usage of a checkpoint (with --screenshot: that dialog's image)."},
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

} // namespace pecards::gui
