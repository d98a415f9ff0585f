#include "figure/chartdata.h"

#include "common/outputfile.h"

#include <cstdio>

namespace pecards::app {

namespace {

/// A CSV field: quoted, with its quotes doubled (RFC 4180).
QByteArray quoted(const QString& text) {
    QByteArray field = text.toUtf8();
    field.replace('"', "\"\"");
    return '"' + field + '"';
}

void appendNumber(QByteArray& out, double value) {
    char buffer[32];
    const int length = std::snprintf(buffer, sizeof buffer, "%.17g", value);
    out.append(buffer, length);
}

} // namespace

QByteArray chartCsv(const CurveSet& curves) {
    QByteArray out = "series," + quoted(curves.xTitle) + ',' + quoted(curves.yTitle) + '\n';
    for (const Curve& curve : curves.curves) {
        const QByteArray name = quoted(curve.name);
        for (const QPointF& point : curve.points) {
            out += name;
            out += ',';
            appendNumber(out, point.x());
            out += ',';
            appendNumber(out, point.y());
            out += '\n';
        }
    }
    return out;
}

void saveChartData(const QString& path, const CurveSet& curves) {
    writeOutputFile(path, chartCsv(curves));
}

} // namespace pecards::app
