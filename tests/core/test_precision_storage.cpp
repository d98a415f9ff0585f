// RoPE phase error of bf16 / fp16 storage (precision.h) against the reported numbers.

#include "pecards/errors.h"
#include "pecards/precision.h"
#include "pecards/rope.h"

#include <cmath>
#include <gtest/gtest.h>

namespace pecards {
namespace {

TEST(PrecisionStorage, Bf16InvFreqPhaseErrorAt4095) {
    const Eigen::VectorXd theta = ropeInvFreq(10000.0, 128);
    const Eigen::VectorXd m = (Eigen::VectorXd(2) << 0.0, 4095.0).finished();
    const Eigen::VectorXd error
        = ropePhaseError(theta, 1, RopeStoredQuantity::InvFreq, StorageFormat::Bfloat16, m);
    EXPECT_EQ(error[0], 0.0);
    EXPECT_NEAR(error[1], 3551.1328125 - 3546.1239041594677, 1e-9); // 5.0089 rad
}

TEST(PrecisionStorage, PositionsCollideWhereTheFormatRunsOutOfBits) {
    const Eigen::VectorXd theta = ropeInvFreq(10000.0, 128);
    const Eigen::VectorXd m = (Eigen::VectorXd(3) << 256.0, 257.0, 2049.0).finished();
    const Eigen::VectorXd bf16
        = ropePhaseError(theta, 0, RopeStoredQuantity::Positions, StorageFormat::Bfloat16, m);
    EXPECT_EQ(bf16[0], 0.0);
    EXPECT_EQ(bf16[1], -1.0); // 257 -> 256, theta_0 = 1
    const Eigen::VectorXd fp16
        = ropePhaseError(theta, 0, RopeStoredQuantity::Positions, StorageFormat::Float16, m);
    EXPECT_EQ(fp16[1], 0.0);
    EXPECT_EQ(fp16[2], -1.0); // 2049 -> 2048
    const auto bf = positionCollisions(StorageFormat::Bfloat16, 2);
    EXPECT_EQ(bf[0], (std::pair<std::int64_t, std::int64_t> {257, 256}));
    EXPECT_EQ(bf[1], (std::pair<std::int64_t, std::int64_t> {259, 260}));
    EXPECT_EQ(positionCollisions(StorageFormat::Float16, 1)[0],
        (std::pair<std::int64_t, std::int64_t> {2049, 2048}));
    const Eigen::VectorXd far = (Eigen::VectorXd(1) << 70000.0).finished();
    EXPECT_THROW(ropePhaseError(theta, 0, RopeStoredQuantity::Positions, StorageFormat::Float16, far),
        InvalidParameter);
}

TEST(PrecisionStorage, CacheErrorIsBoundedByHalfAnUlp) {
    const Eigen::VectorXd theta = ropeInvFreq(10000.0, 64);
    const Eigen::VectorXd m = Eigen::VectorXd::LinSpaced(2000, 0.0, 1999.0);
    const Eigen::VectorXd error
        = ropePhaseError(theta, 3, RopeStoredQuantity::CosSinCache, StorageFormat::Bfloat16, m);
    EXPECT_LT(error.cwiseAbs().maxCoeff(), std::ldexp(1.0, -8)); // |d angle| <= |d(cos, sin)| <= 2^-8
    EXPECT_GT(error.cwiseAbs().maxCoeff(), std::ldexp(1.0, -12));
}

} // namespace
} // namespace pecards
