#include "window/abouttext.h"

#include "common/version.h"
#include "compute/computejobs.h"

#include <Eigen/Core>
#include <QCoreApplication>
#include <QtGlobal>

namespace pecards::gui {

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("AboutText", text);
}

QString libraryRow(const QString& name, const QString& use, const QString& licence) {
    return QStringLiteral("<tr><td><b>%1</b></td><td>%2</td><td>%3</td></tr>").arg(name, use, licence);
}

} // namespace

QString aboutText(const BackendInfo& backend) {
    const QString device = backend.name.isEmpty() ? tr(QT_TRANSLATE_NOOP("AboutText", "starting…"))
        : backend.isOpenCl                        ? backend.name
                           : tr(QT_TRANSLATE_NOOP("AboutText", "%1 (CPU reference)")).arg(backend.name);
    QString text = QStringLiteral("<h2>PE Cards %1</h2>").arg(QLatin1String(pecards::app::kVersion));
    text += QStringLiteral("<p>%1</p>")
                .arg(tr(QT_TRANSLATE_NOOP("AboutText",
                    "PE Cards shows how transformer positional encodings work: sinusoidal, relative "
                    "(Shaw, Transformer-XL, T5), ALiBi, RoPE with its context-extension scalings, and "
                    "the RoPE+ALiBi hybrid. Help &gt; User guide explains every card and view.")));
    text += QStringLiteral("<p><b>%1</b> %2")
                .arg(tr(QT_TRANSLATE_NOOP("AboutText", "Compute device:")), device.toHtmlEscaped());
    if (!backend.notice.isEmpty())
        text += QStringLiteral("<br>%1").arg(backend.notice.toHtmlEscaped());
    text += QStringLiteral("</p><p><b>%1</b></p><table cellspacing=\"6\">")
                .arg(tr(QT_TRANSLATE_NOOP("AboutText", "Libraries and licences")));
    text += libraryRow(QStringLiteral("Qt %1").arg(QLatin1String(qVersion())),
        tr(QT_TRANSLATE_NOOP("AboutText", "Core, GUI, Widgets, Svg, Concurrent")),
        QStringLiteral("LGPL-3.0"));
    text += libraryRow(QStringLiteral("Qt Charts %1").arg(QLatin1String(qVersion())),
        tr(QT_TRANSLATE_NOOP("AboutText", "charts")), QStringLiteral("GPL-3.0"));
    text += libraryRow(QStringLiteral("Eigen %1.%2.%3")
                           .arg(EIGEN_WORLD_VERSION)
                           .arg(EIGEN_MAJOR_VERSION)
                           .arg(EIGEN_MINOR_VERSION),
        tr(QT_TRANSLATE_NOOP("AboutText", "linear algebra of the CPU reference")), QStringLiteral("MPL-2.0"));
    text += libraryRow(QStringLiteral("OpenCL ICD loader (ocl-icd)"),
        tr(QT_TRANSLATE_NOOP("AboutText", "finds the OpenCL devices")), QStringLiteral("BSD-2-Clause"));
    text += libraryRow(QStringLiteral("Khronos OpenCL headers"),
        tr(QT_TRANSLATE_NOOP("AboutText", "OpenCL API")), QStringLiteral("Apache-2.0"));
    text += libraryRow(QStringLiteral("PoCL"),
        tr(QT_TRANSLATE_NOOP("AboutText", "OpenCL on the CPU when there is no GPU (recommended)")),
        QStringLiteral("MIT"));
    text += QStringLiteral("</table>");
    return text;
}

} // namespace pecards::gui
