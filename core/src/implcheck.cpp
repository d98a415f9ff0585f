// An engine's RoPE numbers against the reference and the known bug variants (pecards/implcheck.h).

#include "pecards/implcheck.h"

#include "check.h"
#include "pecards/errors.h"
#include "pecards/pitfall.h"
#include "pecards/rope.h"
#include "pecards/rope_scaling.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numbers>
#include <optional>
#include <tuple>

namespace pecards {

namespace {

/// Tolerance in units of u: a table computed in the format through a few rounded steps (pow,
/// divide, multiply, cos) stays within it; a bug of another precision or formula does not.
constexpr double kTolerance = 16.0;

/// One way of computing the table.
struct Model {
    std::string name;
    std::string explanation;
    Eigen::VectorXd theta; ///< radians per position, r/2 entries
    double attention = 1.0; ///< multiplies cos and sin
    RopeLayout layout = RopeLayout::HalfSplit;
    std::optional<StorageFormat> positions; ///< positions rounded to this format first
    std::optional<StorageFormat> entries; ///< cos/sin entries stored in this format (rounded last)
    std::vector<MropeAxis> axis; ///< M-RoPE: the axis of each pair (empty: one position per row)
    bool row_positions = false; ///< M-RoPE ids ignored: row k is at position k
};

/// Where the checked rows are: first_position + k, or the ids of token k (M-RoPE).
struct Rows {
    std::int64_t first_position = 0;
    const CheckMrope* mrope = nullptr;

    /// The position pair `pair` of row `row` turns by under `model`, rounded as the model holds it.
    double position(const Model& model, Eigen::Index row, int pair) const {
        const std::int64_t exact = mrope != nullptr && !model.row_positions
            ? mrope->ids[static_cast<std::size_t>(model.axis[static_cast<std::size_t>(pair)])]
                        [static_cast<std::size_t>(row)]
            : first_position + row;
        const auto m = static_cast<double>(exact);
        return model.positions ? roundToFormat(m, *model.positions) : m;
    }
    /// The position a report names for row `row`: the token (row) for M-RoPE.
    std::int64_t named(Eigen::Index row) const { return first_position + row; }
    /// Whether `model` can be evaluated on these rows (an M-RoPE axis map for its pairs).
    bool fits(const Model& model) const {
        return mrope == nullptr || model.row_positions
            || model.axis.size() == static_cast<std::size_t>(model.theta.size());
    }
};

/// The ways the attention factor of DeepSeek's YaRN form (mscale and mscale_all_dim set; HF
/// `_compute_yarn_parameters`: mscale(s, mscale) / mscale(s, mscale_all_dim)) goes wrong in a
/// cache: the keys ignored (the plain YaRN 0.1 ln s + 1), or the softmax scale's
/// mscale(s, mscale_all_dim)^2 of DeepseekV3Attention put into cos and sin as well.
void addDeepseekVariants(const RopeParams& params, std::int64_t seq_len, const RopeScalingResult& reference,
    std::vector<Model>& models) {
    const RopeScaling& scaling = params.scaling;
    if (scaling.type != RopeScalingType::Yarn || scaling.attention_factor > 0.0 || scaling.mscale <= 0.0
        || scaling.mscale_all_dim <= 0.0) {
        return;
    }
    RopeParams plain = params;
    plain.scaling.mscale = 0.0;
    plain.scaling.mscale_all_dim = 0.0;
    Model ignored = models.front();
    ignored.name = "mscale-keys-ignored";
    ignored.explanation
        = "DeepSeek's mscale / mscale_all_dim ignored: cos and sin scaled by YaRN's 0.1 ln s + 1 "
          "instead of mscale(s, mscale) / mscale(s, mscale_all_dim)";
    ignored.attention = ropeScaling(plain, seq_len).attention_factor;
    if (ignored.attention != reference.attention_factor) {
        models.push_back(ignored);
    }
    if (scaling.deepseek_softmax_mscale) {
        // logit_scale_total = attention^2 * mscale(s, mscale_all_dim)^2 (rope_scaling.h)
        const double softmax
            = reference.logit_scale_total / (reference.attention_factor * reference.attention_factor);
        Model folded = models.front();
        folded.name = "softmax-mscale-in-cache";
        folded.explanation = "the softmax scale's mscale(s, mscale_all_dim)^2 also put into cos and sin "
                             "(the logits then carry it twice)";
        folded.attention = reference.attention_factor * softmax;
        if (softmax != 1.0) {
            models.push_back(folded);
        }
    }
}

/// M-RoPE: every model gets the pair-to-axis map of `mrope` (when its pair count is the
/// section's), and two variants are added: the other layout, and the ids ignored.
void addMropeVariants(const CheckMrope& mrope, std::vector<Model>& models) {
    const std::vector<MropeAxis> axis = mropeAxisOfPair(mrope.section, mrope.layout);
    for (Model& model : models) {
        if (static_cast<std::size_t>(model.theta.size()) == axis.size()) {
            model.axis = axis;
        }
    }
    const MropeLayout other
        = mrope.layout == MropeLayout::Blocked ? MropeLayout::Interleaved : MropeLayout::Blocked;
    Model swapped = models.front();
    swapped.name = "mrope-layout-swapped";
    swapped.explanation = mrope.layout == MropeLayout::Blocked
        ? "M-RoPE pairs assigned to t, h, w round-robin (Qwen3-VL interleaved); the model takes them in "
          "blocks of mrope_section"
        : "M-RoPE pairs assigned to t, h, w in blocks of mrope_section (Qwen2-VL); the model interleaves "
          "them (Qwen3-VL)";
    swapped.axis = mropeAxisOfPair(mrope.section, other);
    if (swapped.axis != axis) {
        models.push_back(swapped);
    }
    Model flat = models.front();
    flat.name = "mrope-ids-ignored";
    flat.explanation = "one position per token (its index, as for text) instead of the t, h, w ids of "
                       "get_rope_index";
    flat.row_positions = true;
    models.push_back(flat);
}

/// `params` changed by `change`, if it is still a valid model (some variants do not apply).
template <typename Change>
std::optional<RopeScalingResult> scaledVariant(
    const RopeParams& params, std::int64_t seq_len, Change change) {
    RopeParams variant = params;
    change(variant);
    try {
        return ropeScaling(variant, seq_len);
    } catch (const InvalidParameter&) {
        return std::nullopt;
    }
}

/// The cache stored in bfloat16 or float16 while the engine claims a finer `format` (a cast to the
/// activations' dtype where the model keeps float32); only for cos/sin tables.
void addCacheVariants(CheckFormat format, std::vector<Model>& models) {
    for (const auto& [storage, name, finest] :
        {std::tuple {StorageFormat::Bfloat16, "cache-bf16", CheckFormat::Bfloat16},
            std::tuple {StorageFormat::Float16, "cache-fp16", CheckFormat::Float16}}) {
        if (unitRoundoff(format) >= unitRoundoff(finest)) {
            continue; // the claimed format is as coarse: the reference's tolerance covers it
        }
        Model rounded = models.front();
        rounded.name = name;
        rounded.explanation = std::string("cos and sin stored in ")
            + (storage == StorageFormat::Bfloat16 ? "bfloat16" : "float16")
            + " (cast to the activations' dtype) where the engine claims " + toString(format);
        rounded.entries = storage;
        models.push_back(rounded);
    }
}

std::vector<Model> modelsOf(
    const RopeParams& params, std::int64_t seq_len, bool table, const CheckMrope* mrope = nullptr) {
    const RopeScalingResult reference = ropeScaling(params, seq_len);
    std::vector<Model> models;
    const auto add = [&](std::string name, std::string explanation, const RopeScalingResult& result) {
        models.push_back({std::move(name), std::move(explanation), result.inv_freq, result.attention_factor,
            params.layout, std::nullopt, std::nullopt, {}, false});
    };
    add("reference", "what the model computes (transformers' modeling_rope_utils.py, v5)", reference);
    for (const auto& [format, name] : {std::pair {StorageFormat::Bfloat16, "inv-freq-bf16"},
             std::pair {StorageFormat::Float16, "inv-freq-fp16"}}) {
        Model rounded = models.front();
        rounded.name = name;
        rounded.explanation = std::string("the inv_freq buffer cast to ")
            + (format == StorageFormat::Bfloat16 ? "bfloat16" : "float16") + " (model.to(dtype))";
        for (Eigen::Index i = 0; i < rounded.theta.size(); ++i)
            rounded.theta[i] = roundToFormat(rounded.theta[i], format);
        models.push_back(rounded);
    }
    const RopeScaling& scaling = params.scaling;
    if (scaling.type != RopeScalingType::None) {
        if (const auto r
            = scaledVariant(params, seq_len, [](RopeParams& p) { p.scaling.type = RopeScalingType::None; }))
            add("scaling-ignored", "rope_scaling not applied: the unscaled frequencies, no attention factor",
                *r);
    }
    if (scaling.type == RopeScalingType::Yarn) {
        if (const auto r
            = scaledVariant(params, seq_len, [](RopeParams& p) { p.scaling.truncate = !p.scaling.truncate; }))
            add(scaling.truncate ? "yarn-truncate-off" : "yarn-truncate-on",
                "YaRN's correction range taken without / with floor and ceil (the `truncate` key)", *r);
    }
    if (scaling.type == RopeScalingType::Dynamic && seq_len > scaling.original_max_position_embeddings
        && scaling.original_max_position_embeddings > 0) {
        if (const auto r
            = scaledVariant(params, scaling.original_max_position_embeddings, [](RopeParams&) {}))
            add("dynamic-ntk-wrong-length",
                "dynamic NTK evaluated for the training length instead of the sequence length (a stale base)",
                *r);
    }
    if (scaling.type == RopeScalingType::LongRope && scaling.original_max_position_embeddings > 0) {
        const std::int64_t other = seq_len > scaling.original_max_position_embeddings
            ? scaling.original_max_position_embeddings
            : scaling.original_max_position_embeddings + 1;
        if (const auto r = scaledVariant(params, other, [](RopeParams&) {}))
            add("longrope-factor-switch",
                "LongRoPE's short/long factors chosen by the allocated context, not the sequence length", *r);
    }
    if (params.rotary_dim != 0 && params.rotary_dim != params.head_dim) {
        if (const auto r = scaledVariant(params, seq_len, [](RopeParams& p) { p.rotary_dim = 0; }))
            add("partial-factor-ignored",
                "partial_rotary_factor ignored: every dimension of the head rotates", *r);
        if (const auto r = scaledVariant(params, seq_len, [](RopeParams& p) {
                p.partial
                    = p.partial == RopePartial::Classic ? RopePartial::Proportional : RopePartial::Classic;
            }))
            add("partial-convention",
                "the partial rotary read in the other convention (classic first-r-dims vs proportional)", *r);
    }
    if (params.base != 10000.0) {
        if (const auto r = scaledVariant(params, seq_len, [](RopeParams& p) { p.base = 10000.0; }))
            add("base-class-default",
                "the base read from a key the model does not use, so the class default 10000 stayed", *r);
    }
    if (table) {
        if (reference.attention_factor != 1.0) {
            Model missing = models.front();
            missing.name = "attention-factor-missing";
            missing.explanation
                = "cos and sin not multiplied by the attention factor (YaRN, LongRoPE mscale)";
            missing.attention = 1.0;
            models.push_back(missing);
            Model twice = models.front();
            twice.name = "attention-factor-twice";
            twice.explanation = "the attention factor applied twice (cos/sin and again on the logits or q)";
            twice.attention = reference.attention_factor * reference.attention_factor;
            models.push_back(twice);
        }
        Model swapped = models.front();
        swapped.name = "layout-swapped";
        swapped.explanation = params.layout == RopeLayout::HalfSplit
            ? "the cache laid out for adjacent pairs (GPT-J rotate_every_two), the model pairs i with i + r/2"
            : "the cache laid out for pairs i, i + r/2 (HF rotate_half), the model pairs adjacent dims";
        swapped.layout
            = params.layout == RopeLayout::HalfSplit ? RopeLayout::Interleaved : RopeLayout::HalfSplit;
        models.push_back(swapped);
        for (const auto& [format, name] : {std::pair {StorageFormat::Bfloat16, "positions-bf16"},
                 std::pair {StorageFormat::Float16, "positions-fp16"}}) {
            Model rounded = models.front();
            rounded.name = name;
            rounded.explanation = std::string("positions held in ")
                + (format == StorageFormat::Bfloat16 ? "bfloat16" : "float16")
                + " before m * theta (neighbouring positions share one rotation)";
            rounded.positions = format;
            models.push_back(rounded);
        }
        addDeepseekVariants(params, seq_len, reference, models);
    }
    if (mrope != nullptr) {
        addMropeVariants(*mrope, models);
    }
    return models;
}

void rank(CheckReport& report, std::vector<CheckVariant> variants) {
    std::stable_sort(variants.begin(), variants.end(), [](const CheckVariant& a, const CheckVariant& b) {
        if (a.comparable != b.comparable)
            return a.comparable;
        return a.max_error < b.max_error;
    });
    report.variants = std::move(variants);
}

CheckReport emptyReport(CheckFormat format) {
    CheckReport report;
    report.format = format;
    report.unit_roundoff = unitRoundoff(format);
    return report;
}

/// Closes one variant: it fits when its largest error is within the tolerance; the reference's
/// also decides whether the numbers match (infinitely far when its table has another size).
void record(CheckReport& report, std::vector<CheckVariant>& variants, CheckVariant variant, bool reference) {
    variant.fits = variant.comparable && variant.max_error <= 1.0;
    if (reference) {
        report.max_error = variant.comparable ? variant.max_error : std::numeric_limits<double>::infinity();
        report.matches = variant.fits;
    }
    variants.push_back(std::move(variant));
}

/// The error of `user` against `exact` stored in `storage`, in tolerances: the rounded value within
/// `tolerance`; or, when `user` is itself a value of the format, one step of the format away (an
/// engine that rounds its own float32 cos, not the exact one, lands on the neighbour near a tie).
double storedUnits(double user, double exact, StorageFormat storage, double tolerance) {
    const double error = std::abs(user - roundToFormat(exact, storage));
    if (error <= tolerance || roundToFormat(user, storage) != user) {
        return error / tolerance;
    }
    const CheckFormat format
        = storage == StorageFormat::Bfloat16 ? CheckFormat::Bfloat16 : CheckFormat::Float16;
    const double step = 4.0 * unitRoundoff(format) * std::abs(exact) + std::ldexp(1.0, -24);
    return std::abs(user - exact) <= step ? 1.0 : error / tolerance;
}

double wrapped(double angle) {
    return std::remainder(angle, 2.0 * std::numbers::pi);
}

/// The columns pair `pair` fills in a cos/sin table of `columns` columns: r columns in the layout
/// (half-split: i and i + r/2; interleaved: 2i and 2i + 1), or r/2 columns (one each).
std::array<int, 2> columnsOf(int pair, int columns, int pairs, RopeLayout layout) {
    if (columns == pairs)
        return {pair, pair};
    return layout == RopeLayout::Interleaved ? std::array<int, 2> {2 * pair, 2 * pair + 1}
                                             : std::array<int, 2> {pair, pair + pairs};
}

} // namespace

double unitRoundoff(CheckFormat format) {
    switch (format) {
    case CheckFormat::Float64:
        return std::ldexp(1.0, -53);
    case CheckFormat::Float32:
        return std::ldexp(1.0, -24);
    case CheckFormat::Bfloat16:
        return std::ldexp(1.0, -9);
    case CheckFormat::Float16:
        return std::ldexp(1.0, -11);
    }
    return 0.0;
}

CheckReport checkInvFreq(
    const RopeParams& params, std::int64_t seq_len, const Eigen::VectorXd& inv_freq, CheckFormat format) {
    validate(params);
    PECARDS_CHECK(inv_freq.size() >= 1, "inv_freq", "0 entries", "at least one frequency");
    PECARDS_CHECK(inv_freq.allFinite(), "inv_freq", "a non-finite entry", "finite frequencies");
    CheckReport report = emptyReport(format);
    const double u = kTolerance * report.unit_roundoff;
    std::vector<CheckVariant> variants;
    for (const Model& model : modelsOf(params, seq_len, false)) {
        CheckVariant variant {model.name, model.explanation};
        variant.comparable = model.theta.size() == inv_freq.size();
        if (variant.comparable) {
            for (Eigen::Index i = 0; i < inv_freq.size(); ++i) {
                const double error = std::abs(inv_freq[i] - model.theta[i]);
                const double units = error / (u * std::max(std::abs(model.theta[i]), 1e-300));
                variant.max_error = std::max(variant.max_error, error == 0.0 ? 0.0 : units);
                if (model.name == "reference") {
                    report.max_abs_error = std::max(report.max_abs_error, error);
                    if (units > 1.0 && report.first_pair < 0)
                        report.first_pair = static_cast<int>(i);
                }
            }
        }
        record(report, variants, std::move(variant), model.name == "reference");
    }
    rank(report, std::move(variants));
    return report;
}

namespace {

void checkFirstPosition(std::int64_t first_position) {
    PECARDS_CHECK(first_position >= 0 && first_position <= (std::int64_t {1} << 26), "first_position",
        first_position, "in [0, 2^26]");
}

void checkMrope(const RopeParams& params, const CheckMrope& mrope, Eigen::Index rows) {
    const std::vector<MropeAxis> axis = mropeAxisOfPair(mrope.section, mrope.layout); // checks each entry
    PECARDS_CHECK(static_cast<int>(axis.size()) == rotaryDim(params) / 2, "mrope_section",
        std::to_string(axis.size()) + " pairs", std::to_string(rotaryDim(params) / 2) + " (rotary_dim / 2)");
    for (const std::vector<std::int64_t>& ids : mrope.ids) {
        PECARDS_CHECK(static_cast<Eigen::Index>(ids.size()) == rows, "position_ids",
            std::to_string(ids.size()) + " ids on an axis", std::to_string(rows) + " (one per row)");
        for (const std::int64_t id : ids) {
            PECARDS_CHECK(id >= 0 && id <= (std::int64_t {1} << 26), "position_ids", id, "in [0, 2^26]");
        }
    }
}

CheckReport cosSin(const RopeParams& params, std::int64_t seq_len, const Eigen::MatrixXd& cos,
    const Eigen::MatrixXd& sin, const Rows& rows, CheckFormat format) {
    const int pairs = rotaryDim(params) / 2;
    PECARDS_CHECK(cos.rows() == sin.rows() && cos.cols() == sin.cols(), "sin",
        std::to_string(sin.rows()) + " x " + std::to_string(sin.cols()),
        "the shape of cos, " + std::to_string(cos.rows()) + " x " + std::to_string(cos.cols()));
    PECARDS_CHECK(cos.rows() >= 1, "cos", "0 rows", "at least one position");
    PECARDS_CHECK(cos.cols() == 2 * pairs || cos.cols() == pairs, "cos",
        std::to_string(cos.cols()) + " columns",
        std::to_string(2 * pairs) + " (rotary_dim) or " + std::to_string(pairs) + " (one per pair)");
    PECARDS_CHECK(cos.allFinite() && sin.allFinite(), "cos", "a non-finite entry", "finite entries");
    const int columns = static_cast<int>(cos.cols());
    CheckReport report = emptyReport(format);
    const double u = kTolerance * report.unit_roundoff;
    CheckErrorMap& map = report.error_map;
    map.rows = static_cast<int>(std::min<Eigen::Index>(kCheckMapRows, cos.rows()));
    map.cols = pairs;
    map.first_position = rows.first_position;
    map.positions = cos.rows();
    map.values.assign(static_cast<std::size_t>(map.rows) * pairs, 0.0);
    std::vector<Model> models = modelsOf(params, seq_len, columns == 2 * pairs, rows.mrope);
    addCacheVariants(format, models);
    std::vector<CheckVariant> variants;
    for (const Model& model : models) {
        CheckVariant variant {model.name, model.explanation};
        variant.comparable = model.theta.size() == pairs && rows.fits(model);
        const bool reference = model.name == "reference";
        if (variant.comparable) {
            // Pair by pair, rows inside: the tables are column-major, so each column is read in order.
            for (int pair = 0; pair < pairs; ++pair) {
                const std::array<int, 2> cols = columnsOf(pair, columns, pairs, model.layout);
                const int count = columns == pairs ? 1 : 2;
                for (Eigen::Index row = 0; row < cos.rows(); ++row) {
                    const double angle = rows.position(model, row, pair) * model.theta[pair];
                    const double expectedCos = std::cos(angle) * model.attention;
                    const double expectedSin = std::sin(angle) * model.attention;
                    const double tolerance = u * (1.0 + std::abs(angle)) * std::max(model.attention, 1e-300);
                    for (int k = 0; k < count; ++k) {
                        const int c = cols[static_cast<std::size_t>(k)];
                        const double error = std::max(
                            std::abs(cos(row, c) - expectedCos), std::abs(sin(row, c) - expectedSin));
                        const double units = model.entries
                            ? std::max(storedUnits(cos(row, c), expectedCos, *model.entries, tolerance),
                                storedUnits(sin(row, c), expectedSin, *model.entries, tolerance))
                            : error / tolerance;
                        variant.max_error = std::max(variant.max_error, units);
                        if (reference) {
                            double& block
                                = map.values[static_cast<std::size_t>(row * map.rows / cos.rows()) * pairs
                                    + static_cast<std::size_t>(pair)];
                            block = std::max(block, units);
                            report.max_abs_error = std::max(report.max_abs_error, error);
                            const double phase
                                = std::abs(wrapped(std::atan2(sin(row, c), cos(row, c)) - angle));
                            report.max_phase_error = std::max(report.max_phase_error, phase);
                            const std::int64_t position = rows.named(row);
                            if (units > 1.0
                                && (report.first_position < 0 || position < report.first_position
                                    || (position == report.first_position && pair < report.first_pair))) {
                                report.first_position = position;
                                report.first_pair = pair;
                            }
                        }
                    }
                }
            }
        }
        record(report, variants, std::move(variant), reference);
    }
    rank(report, std::move(variants));
    return report;
}

CheckReport rotatedVectors(const RopeParams& params, std::int64_t seq_len, const Eigen::MatrixXd& unrotated,
    const Eigen::MatrixXd& rotated, const Rows& rows, CheckFormat format) {
    PECARDS_CHECK(unrotated.rows() == rotated.rows() && unrotated.cols() == rotated.cols(), "rotated",
        std::to_string(rotated.rows()) + " x " + std::to_string(rotated.cols()),
        "the shape of the unrotated vectors, " + std::to_string(unrotated.rows()) + " x "
            + std::to_string(unrotated.cols()));
    PECARDS_CHECK(rotated.rows() >= 1, "rotated", "0 rows", "at least one position");
    PECARDS_CHECK(rotated.cols() == params.head_dim, "rotated", std::to_string(rotated.cols()) + " columns",
        std::to_string(params.head_dim) + " (head_dim)");
    PECARDS_CHECK(
        rotated.allFinite() && unrotated.allFinite(), "rotated", "a non-finite entry", "finite entries");
    CheckReport report = emptyReport(format);
    const double u = kTolerance * report.unit_roundoff;
    std::vector<CheckVariant> variants;
    for (const Model& model : modelsOf(params, seq_len, true, rows.mrope)) {
        CheckVariant variant {model.name, model.explanation};
        const bool reference = model.name == "reference";
        const int pairs = static_cast<int>(model.theta.size());
        variant.comparable = 2 * pairs <= params.head_dim && rows.fits(model);
        if (variant.comparable) {
            for (Eigen::Index row = 0; row < rotated.rows(); ++row) {
                const auto note = [&](double error, double tolerance, int pair) {
                    const double units = error == 0.0 ? 0.0 : error / std::max(tolerance, 1e-300);
                    variant.max_error = std::max(variant.max_error, units);
                    if (reference) {
                        report.max_abs_error = std::max(report.max_abs_error, error);
                        const std::int64_t position = rows.named(row);
                        if (units > 1.0 && (report.first_position < 0 || position < report.first_position)) {
                            report.first_position = position;
                            report.first_pair = pair;
                        }
                    }
                };
                for (int pair = 0; pair < pairs; ++pair) {
                    // RoFormer eq. 14 in the model's layout: (x_a, x_b) -> (x_a c - x_b s, x_a s + x_b c).
                    const std::array<int, 2> dims = columnsOf(pair, 2 * pairs, pairs, model.layout);
                    const double xa = unrotated(row, dims[0]);
                    const double xb = unrotated(row, dims[1]);
                    const double angle = rows.position(model, row, pair) * model.theta[pair];
                    const double c = std::cos(angle) * model.attention;
                    const double s = std::sin(angle) * model.attention;
                    const double error = std::max(std::abs(rotated(row, dims[0]) - (xa * c - xb * s)),
                        std::abs(rotated(row, dims[1]) - (xa * s + xb * c)));
                    note(error, u * (1.0 + std::abs(angle)) * model.attention * (std::abs(xa) + std::abs(xb)),
                        pair);
                }
                for (int dim = 2 * pairs; dim < params.head_dim; ++dim) { // passes through, unscaled
                    note(std::abs(rotated(row, dim) - unrotated(row, dim)), u * std::abs(unrotated(row, dim)),
                        -1);
                }
            }
        }
        record(report, variants, std::move(variant), reference);
    }
    rank(report, std::move(variants));
    return report;
}

} // namespace

CheckReport checkCosSin(const RopeParams& params, std::int64_t seq_len, const Eigen::MatrixXd& cos,
    const Eigen::MatrixXd& sin, std::int64_t first_position, CheckFormat format) {
    validate(params);
    checkFirstPosition(first_position);
    return cosSin(params, seq_len, cos, sin, Rows {first_position, nullptr}, format);
}

CheckReport checkCosSin(const RopeParams& params, std::int64_t seq_len, const Eigen::MatrixXd& cos,
    const Eigen::MatrixXd& sin, const CheckMrope& mrope, CheckFormat format) {
    validate(params);
    checkMrope(params, mrope, cos.rows());
    return cosSin(params, seq_len, cos, sin, Rows {0, &mrope}, format);
}

CheckReport checkRotated(const RopeParams& params, std::int64_t seq_len, const Eigen::MatrixXd& unrotated,
    const Eigen::MatrixXd& rotated, std::int64_t first_position, CheckFormat format) {
    validate(params);
    checkFirstPosition(first_position);
    return rotatedVectors(params, seq_len, unrotated, rotated, Rows {first_position, nullptr}, format);
}

CheckReport checkRotated(const RopeParams& params, std::int64_t seq_len, const Eigen::MatrixXd& unrotated,
    const Eigen::MatrixXd& rotated, const CheckMrope& mrope, CheckFormat format) {
    validate(params);
    checkMrope(params, mrope, rotated.rows());
    return rotatedVectors(params, seq_len, unrotated, rotated, Rows {0, &mrope}, format);
}

Pitfall pitfallOfVariant(const std::string& name) {
    const std::pair<const char*, Pitfall> table[] = {
        {"inv-freq-bf16", Pitfall::RopeInvFreqLowPrecision},
        {"inv-freq-fp16", Pitfall::RopeInvFreqLowPrecision},
        {"positions-bf16", Pitfall::RopePositionsLowPrecision},
        {"positions-fp16", Pitfall::RopePositionsLowPrecision},
        {"dynamic-ntk-wrong-length", Pitfall::RopeStaleDynamicNtk},
        {"partial-convention", Pitfall::RopePartialConvention},
    };
    for (const auto& [variant, pitfall] : table) {
        if (name == variant) {
            return pitfall;
        }
    }
    return Pitfall::None;
}

std::string toString(CheckFormat format) {
    switch (format) {
    case CheckFormat::Float64:
        return "float64";
    case CheckFormat::Float32:
        return "float32";
    case CheckFormat::Bfloat16:
        return "bfloat16";
    case CheckFormat::Float16:
        return "float16";
    }
    return "?";
}

} // namespace pecards
