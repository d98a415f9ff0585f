#pragma once
/// @file golden.h
/// @brief Loader for the golden cases in tests/data/golden/ (schema: tests/data/golden/README.md)
/// and the element-wise comparison rule |got - expect| <= abs + rel * |expect|.

#include <Eigen/Core>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace pecards::test {

/// @brief A case's pass rule: |got - expect| <= abs + rel * |expect|, element-wise.
struct Tolerance {
    double abs = 0.0;
    double rel = 0.0;
};

/// @brief Converts a JSON list of numbers to a vector. @throws std::runtime_error if not a flat list.
Eigen::VectorXd toVector(const nlohmann::json& list);

/// @brief Converts a JSON list of equally long lists of numbers to a matrix (rows = outer list).
/// @throws std::runtime_error if the shape is not rectangular.
Eigen::MatrixXd toMatrix(const nlohmann::json& rows);

/// @brief Converts a 3-level JSON list (e.g. heads x L x L) to one matrix per outer entry.
std::vector<Eigen::MatrixXd> toMatrices(const nlohmann::json& blocks);

/// @brief One golden case, loaded from PECARDS_TEST_DATA_DIR "/golden/<id>.json".
class GoldenCase {
public:
    /// @throws std::runtime_error naming the file if it cannot be read or parsed, or lacks
    /// `id`, `params`, `expect` or `tolerance`.
    static GoldenCase load(const std::string& id);

    const std::string& id() const { return m_id; }
    const nlohmann::json& params() const { return m_json.at("params"); }
    const nlohmann::json& expect() const { return m_json.at("expect"); }
    /// The case's own tolerance (`tolerance.abs`, `tolerance.rel`).
    Tolerance tolerance() const { return m_tolerance; }

    /// expect[key] as a vector / matrix / list of matrices / number.
    /// @throws nlohmann::json::out_of_range naming the key if it is missing.
    Eigen::VectorXd expectVector(const std::string& key) const { return toVector(expect().at(key)); }
    Eigen::MatrixXd expectMatrix(const std::string& key) const { return toMatrix(expect().at(key)); }
    std::vector<Eigen::MatrixXd> expectMatrices(const std::string& key) const {
        return toMatrices(expect().at(key));
    }
    double expectNumber(const std::string& key) const { return expect().at(key).get<double>(); }

    /// params[key] as a vector / matrix / number.
    Eigen::VectorXd paramVector(const std::string& key) const { return toVector(params().at(key)); }
    Eigen::MatrixXd paramMatrix(const std::string& key) const { return toMatrix(params().at(key)); }
    double paramNumber(const std::string& key) const { return params().at(key).get<double>(); }

private:
    std::string m_id;
    nlohmann::json m_json;
    Tolerance m_tolerance;
};

/// @brief Element-wise |got - expect| <= abs + rel * |expect| (equal infinities pass, NaN fails).
/// On failure the message gives the shapes or the first failing (row, col), both values, the
/// difference and the allowed bound.
::testing::AssertionResult expectClose(const Eigen::Ref<const Eigen::MatrixXd>& got,
    const Eigen::Ref<const Eigen::MatrixXd>& expect, Tolerance tolerance);

} // namespace pecards::test
