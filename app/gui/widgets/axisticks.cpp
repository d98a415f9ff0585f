#include "widgets/axisticks.h"

#include <cmath>

std::vector<double> niceTicks(double low, double high, int maxTicks, bool integers)
{
    std::vector<double> ticks;
    if (!(low <= high) || !std::isfinite(low) || !std::isfinite(high) || maxTicks < 1)
        return ticks;
    if (low == high) {
        ticks.push_back(low);
        return ticks;
    }
    const double rough = (high - low) / maxTicks;
    const double magnitude = std::pow(10.0, std::floor(std::log10(rough)));
    double step = magnitude;
    for (const double factor : {1.0, 2.0, 5.0, 10.0}) {
        step = factor * magnitude;
        if (step >= rough)
            break;
    }
    if (integers)
        step = std::max(1.0, std::round(step));
    const double first = std::ceil(low / step - 1e-9) * step;
    for (double value = first; value <= high + step * 1e-9; value += step)
        ticks.push_back(std::abs(value) < step * 1e-9 ? 0.0 : value);
    return ticks;
}

QString tickLabel(double value)
{
    if (std::abs(value) < 1e7 && value == std::round(value))
        return QString::number(static_cast<long long>(value));
    return QString::number(value, 'g', 4);
}
