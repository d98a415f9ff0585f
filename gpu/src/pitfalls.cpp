// Dense views on the device (pitfalls.h): dense pitfalls and the multimodal card.

#include "pitfalls.h"

#include "kernelconfig.h"
#include "pecards/pitfall.h"
#include "pecards/pitfallpool.h"
#include "pecards/pitfallspec.h"
#include "profilespec.h"

#include <cmath>
#include <optional>

namespace pecards::gpu::detail {

namespace {

std::vector<float> toFloats(const Eigen::VectorXd& v) {
    std::vector<float> out(static_cast<std::size_t>(v.size()));
    for (Eigen::Index n = 0; n < v.size(); ++n) {
        out[static_cast<std::size_t>(n)] = static_cast<float>(v[n]);
    }
    return out;
}

/// One side of the spec on the device.
class DeviceSide {
public:
    DeviceSide(ClContext& cl, const PitfallSide& side)
        : m_cl(cl)
        , m_side(side)
        , m_turns(cl.upload(frequencyTurns(side.frequency), "pitfall frequency turns"))
        , m_cos_w(cl.upload(toFloats(side.cos_weight), "pitfall cos weights"))
        , m_sin_w(cl.upload(toFloats(side.sin_weight), "pitfall sin weights"))
        , m_axes(side.column_axis.empty() ? 1 : 3) {
        std::vector<cl_int> column_axis(static_cast<std::size_t>(side.columns()), 0);
        for (std::size_t c = 0; c < side.column_axis.size(); ++c) {
            column_axis[c] = side.column_axis[c];
        }
        m_column_axis = cl.upload(column_axis, "pitfall column axes");
        if (side.projection.size() > 0) {
            std::vector<float> w(static_cast<std::size_t>(side.projection.size()));
            for (Eigen::Index r = 0; r < side.projection.rows(); ++r) {
                for (Eigen::Index c = 0; c < side.projection.cols(); ++c) {
                    w[static_cast<std::size_t>(r * side.projection.cols() + c)]
                        = static_cast<float>(side.projection(r, c));
                }
            }
            m_projection = cl.upload(w, "pitfall projection");
        }
    }

    /// Vectors of positions [first, first + count): count x dimension() floats, row-major.
    cl::Buffer vectors(std::int64_t first, std::int64_t count) {
        const int cols = m_side.columns();
        const auto n = static_cast<std::size_t>(count);
        // positions[t * axes + a]: the position of row t (axes = 1), or its t, h, w ids (M-RoPE).
        const auto axes = static_cast<std::size_t>(m_axes);
        std::vector<cl_long> positions(n * axes);
        for (std::size_t t = 0; t < n; ++t) {
            const std::int64_t row = first + static_cast<std::int64_t>(t);
            if (axes == 3) {
                for (std::size_t a = 0; a < 3; ++a) {
                    positions[t * 3 + a]
                        = static_cast<cl_long>(m_side.axis_ids[a][static_cast<std::size_t>(row)]);
                }
                continue;
            }
            const auto p = static_cast<double>(row);
            // Low-precision positions of integers are integers (their format's neighbours).
            positions[t] = static_cast<cl_long>(m_side.round_positions ? roundToFormat(p, m_side.format) : p);
        }
        std::vector<float> cache_cos(1);
        std::vector<float> cache_sin(1);
        if (m_side.round_cache) {
            // The cache the buggy code stores: cos/sin in double, rounded to the format once.
            cache_cos.assign(n * static_cast<std::size_t>(cols), 0.0f);
            cache_sin.assign(n * static_cast<std::size_t>(cols), 0.0f);
            for (std::size_t t = 0; t < n; ++t) {
                for (int c = 0; c < cols; ++c) {
                    const double angle = static_cast<double>(positions[t * axes]) * m_side.frequency[c];
                    const std::size_t at = t * static_cast<std::size_t>(cols) + static_cast<std::size_t>(c);
                    cache_cos[at] = static_cast<float>(roundToFormat(std::cos(angle), m_side.format));
                    cache_sin[at] = static_cast<float>(roundToFormat(std::sin(angle), m_side.format));
                }
            }
        }
        cl::Buffer raw = m_cl.buffer(n * static_cast<std::size_t>(cols) * sizeof(float), "pitfall vectors");
        m_cl.run("pitfall_vectors", cl::NDRange(static_cast<std::size_t>(cols), n), cl::NullRange, raw,
            static_cast<cl_int>(cols), static_cast<cl_int>(count), static_cast<cl_int>(cols),
            m_cl.upload(positions, "pitfall positions"), m_axes, m_column_axis, m_turns, m_cos_w, m_sin_w,
            static_cast<cl_int>(m_side.round_cache ? 1 : 0), m_cl.upload(cache_cos, "pitfall cos cache"),
            m_cl.upload(cache_sin, "pitfall sin cache"));
        if (m_side.projection.size() == 0) {
            return raw;
        }
        const int dim = m_side.dimension();
        cl::Buffer out = m_cl.buffer(n * static_cast<std::size_t>(dim) * sizeof(float), "projected vectors");
        m_cl.run("pitfall_project", cl::NDRange(static_cast<std::size_t>(dim), n), cl::NullRange, out,
            static_cast<cl_int>(dim), raw, static_cast<cl_int>(cols), static_cast<cl_int>(count),
            static_cast<cl_int>(dim), static_cast<cl_int>(cols), m_projection);
        return out;
    }

private:
    ClContext& m_cl;
    const PitfallSide& m_side;
    cl::Buffer m_turns;
    cl::Buffer m_cos_w;
    cl::Buffer m_sin_w;
    cl_int m_axes; ///< positions per row: 1, or 3 for M-RoPE's t, h, w ids
    cl::Buffer m_column_axis;
    cl::Buffer m_projection;
};

Eigen::MatrixXd toMatrix(const std::vector<float>& values, std::int64_t rows, std::int64_t cols) {
    Eigen::MatrixXd out(rows, cols);
    for (std::int64_t r = 0; r < rows; ++r) {
        for (std::int64_t c = 0; c < cols; ++c) {
            out(r, c) = values[static_cast<std::size_t>(r * cols + c)];
        }
    }
    return out;
}

} // namespace

Grid computePitfall(ClContext& cl, const ViewRequest& request) {
    const PitfallSpec spec = pitfallSpec(request.params, request.quantity);
    const bool table = request.quantity == Quantity::Table;
    const std::int64_t length = spec.length;
    const int dim = spec.query.dimension();
    const bool vectors = spec.query.columns() > 0;
    std::optional<DeviceSide> query;
    cl::Buffer keys = cl.buffer(sizeof(float), "pitfall keys");
    if (vectors) {
        query.emplace(cl, spec.query);
        if (!table) {
            DeviceSide key(cl, spec.key);
            keys = key.vectors(0, length);
        }
    }
    const cl::Buffer key_bias = cl.upload(toFloats(spec.key_bias), "pitfall key bias");
    const cl::Buffer delta_bias = cl.upload(toFloats(spec.delta_bias), "pitfall delta bias");
    return poolPitfallRows(request, spec, [&](std::int64_t first, std::int64_t count) {
        if (table) {
            const cl::Buffer rows = query->vectors(first, count);
            return toMatrix(
                cl.download<float>(rows, static_cast<std::size_t>(count * dim), "pitfall table"), count, dim);
        }
        const cl::Buffer q
            = vectors ? query->vectors(first, count) : cl.buffer(sizeof(float), "pitfall queries");
        cl::Buffer out
            = cl.buffer(static_cast<std::size_t>(count * length) * sizeof(float), "pitfall logits");
        const MaskArgs mask = maskArgs(spec.visibility());
        cl.run("pitfall_logits",
            cl::NDRange(static_cast<std::size_t>(length), static_cast<std::size_t>(count)), cl::NullRange,
            out, static_cast<cl_int>(length), static_cast<cl_int>(count), static_cast<cl_long>(first), q,
            keys, static_cast<cl_int>(vectors ? dim : 0), static_cast<cl_float>(spec.alpha),
            static_cast<cl_float>(spec.bias_scale), static_cast<cl_int>(spec.key_bias.size() > 0 ? 1 : 0),
            key_bias, static_cast<cl_float>(spec.row_coef), static_cast<cl_float>(spec.abs_coef),
            static_cast<cl_int>(spec.delta_bias.size() > 0 ? 1 : 0), delta_bias, mask.sink_end,
            mask.causal_low, mask.band_low, mask.band_high);
        return toMatrix(cl.download<float>(out, static_cast<std::size_t>(count * length), "pitfall logits"),
            count, length);
    });
}

} // namespace pecards::gpu::detail
