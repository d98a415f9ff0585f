#pragma once
/// @file cliparser.h
/// @brief Turns pecards-cli's command line into a checked request: card parameters, the view
/// or curve to compute, the output file and the backend.

#include "cliquantities.h"
#include "common/modelconfig.h"
#include "pecards/view.h"

#include <Eigen/Core>
#include <QString>
#include <QStringList>
#include <optional>
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
};

/// @brief What the command line asks for.
struct CliRequest {
    enum class Command { Help, Compute, Config, Devices };
    Command command = Command::Help;
    const CliQuantity* quantity = nullptr; ///< compute: the quantity
    pecards::ViewRequest view; ///< compute: parameters (all commands), window and size (views)
    CurveInputs curve; ///< compute: curve inputs
    QString outPath; ///< compute: .npy or .csv; config: .json or empty (stdout)
    QString device; ///< compute: "cpu", "auto" or part of an OpenCL device name
    std::optional<pecards::app::ModelConfig> config; ///< --config, or the file of `config`
};

/// @brief Parses and checks the arguments (arguments[0] is the program name).
/// Precedence of values: engine defaults < --config < explicit flags.
/// @throws UsageError naming the flag (malformed value, missing flag, unreadable input file,
///         bad --config, quantity not on the card); pecards::InvalidParameter from the engine's
///         validation (the caller maps its name to a flag with flagForParameter).
CliRequest parseCommandLine(const QStringList& arguments);

} // namespace pecards::cli
