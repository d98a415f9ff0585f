#include "support/golden.h"

#include <cmath>
#include <fstream>
#include <iomanip>
#include <sstream>
#include <stdexcept>

namespace pecards::test {

Eigen::VectorXd toVector(const nlohmann::json& list) {
    if (!list.is_array()) {
        throw std::runtime_error("golden: expected a list of numbers, got " + list.dump());
    }
    Eigen::VectorXd v(static_cast<Eigen::Index>(list.size()));
    for (std::size_t n = 0; n < list.size(); ++n) {
        if (!list[n].is_number()) {
            throw std::runtime_error("golden: expected a number at index " + std::to_string(n));
        }
        v[static_cast<Eigen::Index>(n)] = list[n].get<double>();
    }
    return v;
}

Eigen::MatrixXd toMatrix(const nlohmann::json& rows) {
    if (!rows.is_array() || rows.empty() || !rows[0].is_array()) {
        throw std::runtime_error("golden: expected a non-empty list of lists");
    }
    const auto cols = static_cast<Eigen::Index>(rows[0].size());
    Eigen::MatrixXd m(static_cast<Eigen::Index>(rows.size()), cols);
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const Eigen::VectorXd row = toVector(rows[r]);
        if (row.size() != cols) {
            throw std::runtime_error("golden: ragged matrix, row " + std::to_string(r));
        }
        m.row(static_cast<Eigen::Index>(r)) = row.transpose();
    }
    return m;
}

std::vector<Eigen::MatrixXd> toMatrices(const nlohmann::json& blocks) {
    if (!blocks.is_array()) {
        throw std::runtime_error("golden: expected a list of matrices");
    }
    std::vector<Eigen::MatrixXd> out;
    out.reserve(blocks.size());
    for (const auto& block : blocks) {
        out.push_back(toMatrix(block));
    }
    return out;
}

GoldenCase GoldenCase::load(const std::string& id) {
    const std::string path = std::string(PECARDS_TEST_DATA_DIR) + "/golden/" + id + ".json";
    std::ifstream file(path);
    if (!file) {
        throw std::runtime_error("golden: cannot open " + path);
    }
    GoldenCase c;
    try {
        c.m_json = nlohmann::json::parse(file);
        c.m_id = c.m_json.at("id").get<std::string>();
        static_cast<void>(c.m_json.at("params"));
        static_cast<void>(c.m_json.at("expect"));
        const auto& tolerance = c.m_json.at("tolerance");
        c.m_tolerance = {tolerance.at("abs").get<double>(), tolerance.at("rel").get<double>()};
    } catch (const nlohmann::json::exception& e) {
        throw std::runtime_error("golden: " + path + ": " + e.what());
    }
    if (c.m_id != id) {
        throw std::runtime_error("golden: " + path + " has id " + c.m_id);
    }
    return c;
}

::testing::AssertionResult expectClose(const Eigen::Ref<const Eigen::MatrixXd>& got,
    const Eigen::Ref<const Eigen::MatrixXd>& expect, Tolerance tolerance) {
    if (got.rows() != expect.rows() || got.cols() != expect.cols()) {
        return ::testing::AssertionFailure() << "shape " << got.rows() << " x " << got.cols()
                                             << " != expected " << expect.rows() << " x " << expect.cols();
    }
    for (Eigen::Index r = 0; r < got.rows(); ++r) {
        for (Eigen::Index c = 0; c < got.cols(); ++c) {
            const double g = got(r, c);
            const double e = expect(r, c);
            if (g == e) {
                continue; // also equal infinities
            }
            const double bound = tolerance.abs + tolerance.rel * std::abs(e);
            const double diff = std::abs(g - e);
            if (!(diff <= bound)) {
                std::ostringstream index;
                if (got.cols() == 1) {
                    index << "[" << r << "]";
                } else {
                    index << "(" << r << ", " << c << ")";
                }
                return ::testing::AssertionFailure()
                    << std::setprecision(17) << "first mismatch at " << index.str() << ": got " << g
                    << ", expected " << e << ", |diff| = " << diff << " > " << bound << " (abs "
                    << tolerance.abs << " + rel " << tolerance.rel << " * |expected|)";
            }
        }
    }
    return ::testing::AssertionSuccess();
}

} // namespace pecards::test
