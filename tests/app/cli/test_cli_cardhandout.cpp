// `pecards-cli render --card-handout` (clicardhandout.h): every card's handout in English and
// Chinese is a PDF of front and back over several pages with a picture per heatmap of the card's
// default views; the views are the app's first slots by name; wrong requests are refused naming
// the flag and the allowed values.
#include "app/filebytes.h"
#include "clicardhandout.h"
#include "clitestutil.h"
#include "figure/curves.h"
#include "figure/quantitydefaults.h"
#include "handoutfigures.h"

#include <QRegularExpression>
#include <QTemporaryDir>
#include <gtest/gtest.h>

using pecards::Card;
using pecards::test::CliRun;
using pecards::test::runCli;
using pecards::testsupport::fileBytes;

namespace {

int count(const QByteArray& pdf, const QString& pattern) {
    return static_cast<int>(QString::fromLatin1(pdf).count(QRegularExpression(pattern)));
}

} // namespace

TEST(CliCardHandout, EveryCardInBothLanguages) {
    QTemporaryDir dir;
    for (const Card card : {Card::Sinusoidal, Card::Relative, Card::Alibi, Card::Rope, Card::Hybrid}) {
        const QString name = QString::fromStdString(pecards::toString(card));
        int heatmaps = 0;
        for (const QString& view : pecards::app::defaultFigureNames(card))
            heatmaps += pecards::app::chartKindNamed(view) ? 0 : 1;
        ASSERT_GE(heatmaps, 2) << name.toStdString();
        for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
            const QString out = dir.filePath(name + u'-' + language + QStringLiteral(".pdf"));
            const CliRun run = runCli({QStringLiteral("render"), QStringLiteral("--card-handout"),
                QStringLiteral("--card"), name, QStringLiteral("--length"), QStringLiteral("128"),
                QStringLiteral("--language"), language, QStringLiteral("--out"), out});
            ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
            const QByteArray pdf = fileBytes(out);
            EXPECT_TRUE(pdf.startsWith("%PDF")) << out.toStdString();
            // Front and back never fit one A4 page; a heatmap is an image, a chart is drawn.
            EXPECT_GE(count(pdf, QStringLiteral("/Type\\s*/Page(?![A-Za-z])")), 2) << out.toStdString();
            EXPECT_GE(count(pdf, QStringLiteral("/Subtype\\s*/Image")), heatmaps) << out.toStdString();
        }
    }
}

TEST(CliCardHandout, TheFiguresAreTheDefaultViewsInTheirOrder) {
    for (const Card card : {Card::Sinusoidal, Card::Relative, Card::Alibi, Card::Rope, Card::Hybrid}) {
        const pecards::CardParams params = pecards::startParams(card);
        const QStringList names = pecards::app::defaultFigureNames(card);
        const std::vector<pecards::cli::HandoutFigure> figures = pecards::cli::cardFigures(
            pecards::cli::handoutCardState(params), names, QStringLiteral("--card-handout"));
        ASSERT_EQ(figures.size(), static_cast<std::size_t>(names.size())) << pecards::toString(card);
        for (qsizetype f = 0; f < names.size(); ++f) {
            const pecards::cli::HandoutFigure& figure = figures.at(static_cast<std::size_t>(f));
            const QString drawn = figure.view
                ? QString::fromStdString(pecards::toString(figure.view->quantity))
                : QLatin1String(pecards::app::chartName(figure.chart->kind));
            EXPECT_EQ(drawn, names.at(f));
            if (figure.view) { // the whole map, as the app shows it first
                EXPECT_EQ(figure.view->window, pecards::fullExtent(params, figure.view->quantity));
            }
        }
    }
}

TEST(CliCardHandout, WrongRequestsAreRefused) {
    QTemporaryDir dir;
    const QString pdf = dir.filePath(QStringLiteral("h.pdf"));
    const auto refused = [&](const QStringList& extra, const QString& message) {
        const CliRun run = runCli(QStringList {QStringLiteral("render")} + extra);
        EXPECT_EQ(run.exitCode, 2) << extra.join(u' ').toStdString();
        EXPECT_TRUE(run.err.contains(message)) << run.err.toStdString();
    };
    refused({QStringLiteral("--card-handout"), QStringLiteral("--language"), QStringLiteral("fr"),
                QStringLiteral("--out"), pdf},
        QStringLiteral("--language: \"fr\" is not a language of the card texts: allowed: en, zh_CN"));
    refused(
        {QStringLiteral("--card-handout"), QStringLiteral("--out"), dir.filePath(QStringLiteral("h.png"))},
        QStringLiteral("must end in .pdf with --card-handout"));
    refused({QStringLiteral("--card-handout"), QStringLiteral("--quantity"), QStringLiteral("score"),
                QStringLiteral("--out"), pdf},
        QStringLiteral("--quantity: is not used with --card-handout"));
    refused({QStringLiteral("--card-handout")}, QStringLiteral("--out: is missing"));
    refused({QStringLiteral("--quantity"), QStringLiteral("score"), QStringLiteral("--language"),
                QStringLiteral("zh_CN"), QStringLiteral("--out"), dir.filePath(QStringLiteral("s.png"))},
        QStringLiteral("--language: is used with --card-handout only"));
    refused({QStringLiteral("--card-handout"), QStringLiteral("--card"), QStringLiteral("rope"),
                QStringLiteral("--head-dim"), QStringLiteral("7"), QStringLiteral("--out"), pdf},
        QStringLiteral("head_dim"));
    EXPECT_FALSE(QFileInfo::exists(pdf));

    // --dry-run tells the cost of the handout's views and writes nothing.
    const CliRun dry
        = runCli({QStringLiteral("render"), QStringLiteral("--card-handout"), QStringLiteral("--card"),
            QStringLiteral("alibi"), QStringLiteral("--dry-run"), QStringLiteral("--out"), pdf});
    EXPECT_EQ(dry.exitCode, 0) << dry.err.toStdString();
    EXPECT_TRUE(dry.out.contains(QStringLiteral("card handout"))) << dry.out.toStdString();
    EXPECT_FALSE(QFileInfo::exists(pdf));
}
