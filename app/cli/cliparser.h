#pragma once
/// @file cliparser.h
/// @brief Turns pecards-cli's command line into a checked request: card parameters, the view
/// or curve to compute, the figures to render, the output file and the backend.

#include "clicheck.h"
#include "climrope.h"
#include "cliquantities.h"
#include "clivision.h"
#include "cliweights.h"
#include "common/modelconfig.h"
#include "figure/figurebuilder.h"
#include "figure/figureexporter.h"
#include "pecards/view.h"
#include "workspace/lesson.h"
#include "workspace/workspace.h"

#include <Eigen/Core>
#include <QSizeF>
#include <QString>
#include <QStringList>
#include <optional>
#include <utility>
#include <vector>

namespace pecards::cli {

/// @brief Inputs of the curve quantities (cliquantities.h), defaults already filled in.
struct CurveInputs {
    std::vector<double> distances; ///< r >= 0 in positions (decay, bias-vs-distance)
    std::vector<double> offsets; ///< n = j - i in positions (score-vs-offset, buckets-vs-offset)
    std::vector<double> positions; ///< m in positions (rotate)
    Eigen::VectorXd vector; ///< x of rotate (head_dim entries)
    Eigen::MatrixXd input; ///< txl-rel-shift input (qlen x klen)
    bool zeroTriu = false; ///< txl-rel-shift
    std::int64_t clampLen = -1; ///< txl-pos-emb
    std::vector<pecards::RopeScalingType> scalings; ///< --scalings (lab quantities); empty = the card's own
    int points = 1024; ///< --points (score-vs-distance, dynamic-base)
    Eigen::MatrixXd learned; ///< learned-*: the table read from --learned-from (positions x d_model)
    int layers = 32; ///< --layers (encoding-choice)
    int dtypeBytes = 2; ///< --dtype-bytes (encoding-choice)
    MropeInputs mrope; ///< position-ids, pair-axes, mrope-score
    VisionInputs vision; ///< patch-pairs, patch-score
};

/// @brief How `render` draws its figures (app/figure): physical size, colours and the views.
struct RenderOptions {
    int dpi = app::FigureExportOptions {}.dpi; ///< --dpi, dots per inch, [app::kMinDpi, app::kMaxDpi]
    QSizeF sizeInches = app::FigureExportOptions {}.sizeInches; ///< --size WxH in inches, or the --preset's
    double fontPt = 9.0; ///< --font-size in points, [4, 48], or the --preset's
    bool transparent = false; ///< --transparent: no background
    bool title = true; ///< not --no-title
    bool caption = true; ///< not --no-caption
    /// --colormap: viridis, cividis, magma or diverging. Single figure: viridis when not given;
    /// workspace: overrides every view's own colour map when given.
    std::optional<QString> colormap;
    std::optional<app::ValueRange> range; ///< --range lo:hi (single figure only); else the default range
    /// --reduction with --workspace: replaces every compare pair's own reduction.
    std::optional<Reduction> compareReduction;
    std::optional<std::pair<int, int>> viewSize; ///< --view RxC, rows x cols output pixels
    /// --workspace: every view of every card, then A, B and A - B of each compare pair.
    std::optional<app::Workspace> workspace;
    /// --lesson: a handout, one PDF page per step (lessonhandout.h).
    std::optional<app::Lesson> lesson;
    /// --card-handout: the card's printable handout in this language (clicardhandout.h).
    std::optional<QString> cardHandoutLanguage;
    /// A chart quantity (decay, spectrum, waves, polar, ...): what to draw, with --channels,
    /// --position and --reach filled in (defaults of figure/curves.h).
    std::optional<app::CurveRequest> chart;
};

/// @brief The exporter options of `render`: size, dpi, style at the font size, background.
app::FigureExportOptions figureExportOptions(const RenderOptions& options);

/// @brief What the command line asks for.
struct CliRequest {
    enum class Command { Help, Version, Compute, Config, Devices, Render, Pitfalls, Check, Weights };
    Command command = Command::Help;
    const CliQuantity* quantity = nullptr; ///< compute, render (without --workspace): the quantity
    /// compute, render: parameters (all commands), window, size and reduction (views); unused by
    /// render --workspace (RenderOptions::compareReduction)
    pecards::ViewRequest view;
    CurveInputs curve; ///< compute: curve inputs
    RenderOptions render; ///< render: figure options
    QString outPath; ///< compute: .npy or .csv; config: .json or empty (stdout); render: .png, .svg or .pdf
    QString device; ///< compute, render: "cpu", "auto" or part of an OpenCL device name
    std::optional<pecards::app::ModelConfig> config; ///< --config, or the file of `config`
    bool dryRun = false; ///< compute, render: --dry-run, print the cost estimate only
    CheckInputs check; ///< check: the tables and how to read them
    bool checkJson = false; ///< check: --json, the report as JSON on stdout
    WeightsInputs weights; ///< weights: the checkpoint and what to write
    /// compute: --view or --full gave the output size (else a window over 1024 a side is written
    /// at 1024, and stderr says so)
    bool outputSizeChosen = false;
};

/// @brief True when `path` names a folder: it ends in "/" or is an existing directory
/// (`render --workspace` then writes one PNG per figure into it).
bool isFolderPath(const QString& path);

/// @brief Sets view.out_rows/out_cols: `viewSize` (rows, cols) when given, else the window's
/// size capped at 1024 pixels per axis (so small windows are computed exactly).
void setOutputSize(pecards::ViewRequest& view, const std::optional<std::pair<int, int>>& viewSize);

/// @brief Parses and checks the arguments (arguments[0] is the program name).
/// Precedence of values: engine defaults < --config < explicit flags.
/// @throws UsageError naming the flag (malformed value, missing flag, unreadable input file,
///         bad --config or --workspace, quantity not on the card, figure options out of range);
///         pecards::InvalidParameter from the engine's validation (the caller maps its name to a flag with
///         flagForParameter).
CliRequest parseCommandLine(const QStringList& arguments);

} // namespace pecards::cli
