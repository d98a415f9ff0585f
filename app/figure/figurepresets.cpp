#include "figure/figurepresets.h"

#include <QStringList>

namespace pecards::app {

const QList<FigurePreset>& figurePresets() {
    static const QList<FigurePreset> presets {
        {QStringLiteral("column"), QSizeF(3.5, 2.625), 8.0},
        {QStringLiteral("two-column"), QSizeF(7.0, 4.2), 9.0},
        {QStringLiteral("slide"), QSizeF(10.0, 5.625), 14.0},
        {QStringLiteral("poster"), QSizeF(16.0, 12.0), 24.0},
    };
    return presets;
}

const FigurePreset* findFigurePreset(const QString& name) {
    for (const FigurePreset& preset : figurePresets()) {
        if (preset.name == name) {
            return &preset;
        }
    }
    return nullptr;
}

QString figurePresetNames() {
    QStringList names;
    for (const FigurePreset& preset : figurePresets()) {
        names << preset.name;
    }
    return names.join(QStringLiteral(", "));
}

FigureStyle styleForFontSize(double labelPt) {
    FigureStyle style;
    const double k = labelPt / style.labelPt;
    for (double* size : {&style.titlePt, &style.labelPt, &style.tickPt, &style.captionPt, &style.marginPt,
             &style.tickLengthPt, &style.lineWidthPt, &style.colorBarWidthPt, &style.colorBarGapPt}) {
        *size *= k;
    }
    return style;
}

} // namespace pecards::app
