// libFuzzer target: the figure range/tick code. The input is read as (min, max, maxCount) for
// valueTicks, (first, last, maxCount) for indexTicks and a (value, step) for formatTick. Checks
// the documented contracts: at most maxCount ascending ticks inside the range; every call ends.

#include "figure/ticks.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

namespace {

template <typename T> T take(const std::uint8_t*& data, std::size_t& size) {
    T value {};
    const std::size_t n = std::min(size, sizeof(T));
    std::memcpy(&value, data, n);
    data += n;
    size -= n;
    return value;
}

void require(bool condition) {
    if (!condition) {
        std::abort();
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const double min = take<double>(data, size);
    const double max = take<double>(data, size);
    const int maxCount = 2 + take<std::uint8_t>(data, size) % 30;
    try {
        const pecards::app::ValueTicks ticks = pecards::app::valueTicks(min, max, maxCount);
        require(ticks.values.size() <= static_cast<std::size_t>(maxCount));
        require(std::isfinite(ticks.step) && ticks.step > 0.0);
        for (std::size_t i = 0; i < ticks.values.size(); ++i) {
            require(std::isfinite(ticks.values[i]));
            require(i == 0 || ticks.values[i - 1] < ticks.values[i]);
            static_cast<void>(pecards::app::formatTick(ticks.values[i], ticks.step));
        }
    } catch (const std::invalid_argument&) {
        require(!(std::isfinite(min) && std::isfinite(max) && min < max));
    }
    const auto first = take<std::int64_t>(data, size);
    const auto last = take<std::int64_t>(data, size);
    try {
        const std::vector<qint64> ticks = pecards::app::indexTicks(first, last, maxCount);
        require(!ticks.empty() && ticks.size() <= static_cast<std::size_t>(maxCount));
        for (std::size_t i = 0; i < ticks.size(); ++i) {
            require(ticks[i] >= first && ticks[i] <= last);
            require(i == 0 || ticks[i - 1] < ticks[i]);
        }
    } catch (const std::invalid_argument&) {
        require(last < first);
    }
    static_cast<void>(pecards::app::formatTick(take<double>(data, size), take<double>(data, size)));
    return 0;
}
