// The review's T-U5: what PE Cards shows reads as mathematics, not as code. No text on screen (view
// titles, convention lines, chart legends and axis titles, labels, buttons, list items, tool
// tips), in English or Chinese, writes an exponent with '^' ("2^-3", "b^(-2i/r)"), an index with
// '_' ("θ_i", "m_h") or a number with a programmer exponent ("1e+05", "2.05e+03"). Code shown as
// code (<code>, <pre>) and identifiers (head_dim, alibi_bias_max) are not formulas.
#include "app/qstringprinter.h"
#include "cards/cardpage.h"
#include "cards/cardregistry.h"
#include "cardtext/convention.h"
#include "guitestsupport.h"
#include "views/pitfallview.h"
#include "views/viewspec.h"
#include "window/mainwindow.h"
#include "windowtest.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QGroupBox>
#include <QLabel>
#include <QRegularExpression>
#include <QTextDocumentFragment>
#include <figure/curves.h>
#include <pecards/params.h>

using namespace pecards::gui;

namespace {

using MathNotation = guitest::WindowTest<1600, 1000>;

/// The first piece of programmer notation in `text` (rich text: tags, <code> and <pre> removed
/// first), empty if none.
QString programmerNotation(QString text) {
    static const QRegularExpression code(QStringLiteral("<(code|pre)[^>]*>.*?</\\1>"),
        QRegularExpression::DotMatchesEverythingOption | QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression notation(
        QStringLiteral(R"(\^|(?<![A-Za-z_])(?:PE|[A-Za-zθωΣα])'?_[a-z0-9](?![A-Za-z0-9_])|\d[eE][+-]?\d)"));
    if (Qt::mightBeRichText(text))
        text = QTextDocumentFragment::fromHtml(text.remove(code)).toPlainText();
    const QRegularExpressionMatch match = notation.match(text);
    if (!match.hasMatch())
        return {};
    return text.mid(std::max<qsizetype>(0, match.capturedStart() - 25), 60);
}

/// The parameter sets the texts are checked with: each card's defaults and the variants whose
/// texts differ (ALiBi with 12 heads, RoPE with every scaling).
QList<pecards::CardParams> variants(const CardEntry& entry) {
    QList<pecards::CardParams> all {entry.defaults()};
    pecards::CardParams p = entry.defaults();
    if (p.card == pecards::Card::Alibi || p.card == pecards::Card::Hybrid) {
        p.alibi.heads = 12;
        p.alibi.head = 8;
        all.push_back(p);
    }
    if (p.card == pecards::Card::Rope || p.card == pecards::Card::Hybrid) {
        using pecards::RopeScalingType;
        for (const RopeScalingType type : {RopeScalingType::Linear, RopeScalingType::Dynamic,
                 RopeScalingType::Yarn, RopeScalingType::Llama3}) {
            pecards::CardParams scaled = entry.defaults();
            scaled.length = 32768;
            scaled.rope.scaling.type = type;
            scaled.rope.scaling.factor = 8.0;
            scaled.rope.scaling.original_max_position_embeddings = 8192;
            all.push_back(scaled);
        }
    }
    return all;
}

} // namespace

TEST_F(MathNotation, ViewTitlesConventionsAndChartTextsInEveryLanguage) {
    int checked = 0;
    for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        ASSERT_TRUE(m_window.setLanguage(language));
        for (const CardEntry& entry : cardRegistry()) {
            for (const pecards::CardParams& params : variants(entry)) {
                const std::string where = language.toStdString() + " " + entry.id.toStdString() + " "
                    + pecards::toString(params.rope.scaling.type)
                    + " H=" + std::to_string(params.alibi.heads);
                QStringList texts {pecards::app::cardConvention(params), entry.reference(params)};
                for (const ViewSpec& spec : entry.views) {
                    if (!isViewAvailable(spec, params))
                        continue;
                    texts << viewDisplayName(spec) << entry.viewTitle(spec, params);
                    if (spec.kind != ViewKind::Chart || spec.createPanel)
                        continue;
                    pecards::app::CurveRequest request {params, spec.curve,
                        pecards::app::defaultChannels(params, spec.curve),
                        pecards::app::kDefaultPolarPosition, pecards::app::defaultExtent(spec.curve)};
                    const pecards::app::CurveSet curves = pecards::app::computeCurves(request);
                    texts << curves.xTitle << curves.yTitle;
                    for (const pecards::app::Curve& curve : curves.curves)
                        texts << curve.name;
                }
                for (const QString& text : texts) {
                    EXPECT_EQ(programmerNotation(text), QString()) << where << ": " << text.toStdString();
                    ++checked;
                }
            }
        }
    }
    ASSERT_TRUE(m_window.setLanguage(QStringLiteral("en")));
    EXPECT_GT(checked, 200);
}

TEST_F(MathNotation, EveryWidgetTextOfEveryCardAndItsPitfalls) {
    int checked = 0;
    const auto check = [&](const QString& text, const std::string& where) {
        EXPECT_EQ(programmerNotation(text), QString()) << where << ": " << text.toStdString();
        ++checked;
    };
    for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        ASSERT_TRUE(m_window.setLanguage(language));
        for (CardPage* card : m_window.cards()) {
            showCard(card->entry().id);
            const std::string where = language.toStdString() + " " + card->entry().id.toStdString();
            for (const QWidget* widget : card->findChildren<QWidget*>()) {
                check(widget->toolTip(), where + " tool tip of " + widget->objectName().toStdString());
                if (const auto* label = qobject_cast<const QLabel*>(widget))
                    check(label->text(), where + " label");
                if (const auto* button = qobject_cast<const QAbstractButton*>(widget))
                    check(button->text(), where + " button");
                if (const auto* box = qobject_cast<const QGroupBox*>(widget))
                    check(box->title(), where + " group");
                if (const auto* combo = qobject_cast<const QComboBox*>(widget)) {
                    for (int n = 0; n < combo->count(); ++n) {
                        check(combo->itemText(n), where + " list item");
                        check(combo->itemData(n, Qt::ToolTipRole).toString(), where + " list item tip");
                    }
                }
            }
        }
    }
    ASSERT_TRUE(m_window.setLanguage(QStringLiteral("en")));
    EXPECT_GT(checked, 1000);
}
