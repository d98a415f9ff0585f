// Every control works by hand: choosing a RoPE scaling type fills valid typical values (all four
// views render without an error), every rope_scaling key HF reads has a control, longrope's
// factor lists are an editable table; the Transformer-XL variant offers only its valid views
// (bucket views swap out, _rel_shift swaps in, and back); engine messages wrap inside the view;
// parameter changes undo and redo (Edit menu) and a card resets to its defaults.
#include "cards/cardpage.h"
#include "cards/cardregistry.h"
#include "cards/parameterform.h"
#include "cleanviews.h"
#include "compute/computeservice.h"
#include "deck/deckmodel.h"
#include "guitestsupport.h"
#include "views/chartpanel.h"
#include "views/heatmapcontroller.h"
#include "views/heatmappanel.h"
#include "views/relshiftpanel.h"
#include "views/viewslot.h"
#include "widgets/chartwidget.h"
#include "widgets/factortable.h"
#include "widgets/heatmapwidget.h"
#include "widgets/messagebox.h"
#include "widgets/sliderspin.h"
#include "window/mainwindow.h"
#include "windowtest.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFontMetrics>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalSpy>
#include <QTableWidget>
#include <QUndoStack>
#include <cmath>
#include <map>
#include <pecards/errors.h>
#include <pecards/rope_scaling.h>

using namespace pecards::gui;

namespace {

class HandControls : public guitest::WindowTest<1280, 720> {
protected:
    static void choose(CardPage* card, const char* id, int value) {
        auto* combo = qobject_cast<QComboBox*>(card->form()->control(QString::fromLatin1(id)));
        ASSERT_NE(combo, nullptr);
        combo->setCurrentIndex(combo->findData(value));
    }

    static QStringList choiceIds(const ViewSlot* slot) {
        QStringList ids;
        for (int n = 0; n < slot->choice()->count(); ++n)
            ids.push_back(slot->choice()->itemData(n).toString());
        return ids;
    }
};

} // namespace

TEST_F(HandControls, EachScalingTypeChosenByHandRendersEveryViewWithoutAnError) {
    using pecards::RopeScalingType;
    CardPage* rope = showCard(QStringLiteral("rope"));
    ASSERT_TRUE(guitest::awaitCleanViews(rope, m_service));
    for (const auto type : {RopeScalingType::Linear, RopeScalingType::Dynamic, RopeScalingType::Yarn,
             RopeScalingType::Llama3, RopeScalingType::LongRope, RopeScalingType::None}) {
        choose(rope, "scaling", static_cast<int>(type));
        EXPECT_EQ(rope->params().rope.scaling.type, type);
        EXPECT_NO_THROW(pecards::validate(rope->params())) << pecards::toString(type);
        EXPECT_TRUE(guitest::awaitCleanViews(rope, m_service)) << pecards::toString(type);
    }
}

TEST_F(HandControls, YarnGetsTypicalValuesAndEveryKeyHfReadsIsEditable) {
    using pecards::RopeScalingType;
    CardPage* rope = showCard(QStringLiteral("rope"));
    choose(rope, "scaling", static_cast<int>(RopeScalingType::Yarn));
    const pecards::RopeScaling& s = rope->params().rope.scaling;
    EXPECT_EQ(s.factor, 4.0);
    EXPECT_EQ(s.original_max_position_embeddings, 4096);
    EXPECT_EQ(s.max_position_embeddings, 16384);
    EXPECT_EQ(s.beta_fast, 32.0);
    EXPECT_EQ(s.beta_slow, 1.0);
    // YaRN's attention factor 0.1 ln(s) + 1 (HF get_mscale) follows from the filled factor.
    EXPECT_NEAR(
        pecards::ropeScaling(rope->params().rope, 0).attention_factor, 0.1 * std::log(4.0) + 1.0, 1e-12);
    for (const char* key : {"factor", "original_max_position_embeddings", "max_position_embeddings",
             "beta_fast", "beta_slow", "truncate", "mscale", "mscale_all_dim", "attention_factor"}) {
        QWidget* control = rope->form()->control(QString::fromLatin1(key));
        ASSERT_NE(control, nullptr) << key;
        EXPECT_TRUE(control->isVisibleTo(rope->form())) << key;
    }
    choose(rope, "scaling", static_cast<int>(RopeScalingType::Llama3));
    for (const char* key :
        {"factor", "original_max_position_embeddings", "low_freq_factor", "high_freq_factor"})
        EXPECT_TRUE(rope->form()->control(QString::fromLatin1(key))->isVisibleTo(rope->form())) << key;
    EXPECT_FALSE(rope->form()->control(QStringLiteral("beta_fast"))->isVisibleTo(rope->form()));
    EXPECT_EQ(rope->params().rope.scaling.factor, 4.0); // the factor typed for YaRN is kept
}

TEST_F(HandControls, LongRopeFactorListsAreAnEditablePrefilledTable) {
    using pecards::RopeScalingType;
    CardPage* rope = showCard(QStringLiteral("rope"));
    choose(rope, "scaling", static_cast<int>(RopeScalingType::LongRope));
    auto* table = qobject_cast<FactorTable*>(rope->form()->control(QStringLiteral("longrope_factors")));
    ASSERT_NE(table, nullptr);
    EXPECT_TRUE(table->isVisibleTo(rope->form()));
    // head_dim 128: 64 pairs, no model with that size in the presets: all 1.0.
    auto* cells = guitest::named<QTableWidget>(table, QStringLiteral("factors"));
    ASSERT_EQ(cells->rowCount(), 64);
    EXPECT_EQ(rope->params().rope.scaling.short_factor, std::vector<double>(64, 1.0));
    EXPECT_EQ(cells->item(5, 1)->text(), QStringLiteral("1"));

    cells->item(5, 1)->setText(QStringLiteral("2.5")); // as a user types into the cell
    EXPECT_EQ(rope->params().rope.scaling.long_factor.at(5), 2.5);
    EXPECT_EQ(rope->params().rope.scaling.short_factor.at(5), 1.0);
    cells->item(6, 0)->setText(QStringLiteral("abc")); // not a number: the engine names it
    EXPECT_TRUE(std::isnan(rope->params().rope.scaling.short_factor.at(6)));
    EXPECT_THROW(pecards::validate(rope->params()), pecards::InvalidParameter);
    cells->item(6, 0)->setText(QStringLiteral("1"));
    EXPECT_NO_THROW(pecards::validate(rope->params()));

    // head_dim 96 (Phi-3.5-mini's): the lists are Phi-3.5-mini's, pair 5 of long_factor included.
    pecards::CardParams params = rope->params();
    params.rope.head_dim = 96;
    params.rope.scaling = {};
    rope->setParams(params);
    choose(rope, "scaling", static_cast<int>(RopeScalingType::LongRope));
    EXPECT_EQ(cells->rowCount(), 48);
    EXPECT_EQ(rope->params().rope.scaling.long_factor.front(), 1.0800000429153442);
    EXPECT_EQ(rope->params().rope.scaling.short_factor.front(), 1.0);
    EXPECT_TRUE(guitest::named<QPushButton>(table, QStringLiteral("fit"))->isHidden());

    // A head_dim change leaves 48 entries for 64 pairs: the engine says so, the button fits them.
    params = rope->params();
    params.rope.head_dim = 128;
    rope->setParams(params);
    EXPECT_THROW(pecards::validate(rope->params()), pecards::InvalidParameter);
    EXPECT_FALSE(guitest::named<QPushButton>(table, QStringLiteral("fit"))->isHidden());
    guitest::named<QPushButton>(table, QStringLiteral("fit"))->click();
    EXPECT_EQ(rope->params().rope.scaling.long_factor.size(), 64U);
    EXPECT_EQ(rope->params().rope.scaling.long_factor.at(63), 1.0);
    EXPECT_NO_THROW(pecards::validate(rope->params()));
}

TEST_F(HandControls, TransformerXlOffersOnlyItsViewsAndSwapsBack) {
    using pecards::RelativeVariant;
    CardPage* relative = showCard(QStringLiteral("relative"));
    ASSERT_TRUE(guitest::awaitCleanViews(relative, m_service));
    const QStringList t5Views {QStringLiteral("buckets"), QStringLiteral("score"),
        QStringLiteral("attention"), QStringLiteral("bucket-chart")};
    const auto shown = [relative] {
        QStringList ids;
        for (const ViewSlot* slot : relative->viewSlots())
            ids.push_back(slot->view()->spec().id);
        return ids;
    };
    EXPECT_EQ(shown(), t5Views);
    EXPECT_FALSE(choiceIds(relative->viewSlots().at(0)).contains(QStringLiteral("rel-shift")));

    choose(relative, "variant", static_cast<int>(RelativeVariant::TransformerXL));
    QStringList txl = shown();
    EXPECT_FALSE(txl.contains(QStringLiteral("buckets")));
    EXPECT_FALSE(txl.contains(QStringLiteral("bucket-chart")));
    EXPECT_TRUE(txl.contains(QStringLiteral("rel-shift")));
    EXPECT_EQ(txl.removeDuplicates(), 0);
    for (const ViewSlot* slot : relative->viewSlots()) {
        EXPECT_FALSE(choiceIds(slot).contains(QStringLiteral("buckets")));
        EXPECT_FALSE(choiceIds(slot).contains(QStringLiteral("bucket-chart")));
    }
    EXPECT_TRUE(guitest::awaitCleanViews(relative, m_service)); // no "quantity = buckets is invalid"

    choose(relative, "variant", static_cast<int>(RelativeVariant::Shaw));
    EXPECT_EQ(shown(), t5Views); // the chosen views come back
    EXPECT_TRUE(guitest::awaitCleanViews(relative, m_service));
}

TEST_F(HandControls, RelShiftViewMarksTheValidRegionAndTheReshapeLeftovers) {
    RelShiftPanel panel(ViewSpec {});
    const int qlen = 4;
    const int mlen = 2;
    const int klen = qlen + mlen;
    panel.setShape(qlen, mlen, false);
    ASSERT_TRUE(guitest::awaitCondition(
        [&] { return panel.cells().size() == static_cast<std::size_t>(qlen * klen); }, "the shifted matrix"));
    int leftovers = 0;
    for (int i = 0; i < qlen; ++i) {
        for (int j = 0; j < klen; ++j) {
            const RelShiftPanel::Cell& cell = panel.cells()[static_cast<std::size_t>(i * klen + j)];
            EXPECT_EQ(cell.valid, j <= i + mlen) << i << ", " << j;
            if (cell.valid) { // the distance the score of (i, j) needs: i + mlen - j, from row i
                EXPECT_EQ(cell.sourceRow, i);
                EXPECT_EQ(cell.distance, i + mlen - j);
            } else {
                ++leftovers;
                EXPECT_NE(cell.sourceRow, i); // the next row's value, or the padding zero
            }
        }
    }
    EXPECT_EQ(leftovers, qlen * (qlen - 1) / 2);
    EXPECT_EQ(panel.table()->item(3, 0)->text(), QStringLiteral("5"));
}

TEST(MessageText, LongKeysWrapInsideTheViewInsteadOfBeingCut) {
    const QFont font;
    const QFontMetrics metrics(font);
    const QString message = QStringLiteral(
        "rope_scaling.original_max_position_embeddings = 0 (missing) is invalid: allowed: >= 2 (or "
        "max_position_embeddings >= 2 as the fallback)");
    const QRect box(0, 0, metrics.horizontalAdvance(QStringLiteral("rope_scaling.original")), 400);
    const QRect text = messageTextRect(metrics, box, message);
    EXPECT_LE(text.width(), box.width());
    EXPECT_GE(text.left(), box.left());
    EXPECT_NE(messageTextFlags(metrics, box, message) & Qt::TextWrapAnywhere, 0);
    const QRect wide(0, 0, 4000, 400); // a wide box keeps word wrapping
    EXPECT_NE(messageTextFlags(metrics, wide, message) & Qt::TextWordWrap, 0);
}

TEST_F(HandControls, ParameterChangesUndoRedoAndResetInTheDecksOneHistory) {
    CardPage* rope = showCard(QStringLiteral("rope"));
    QUndoStack* undo = m_window.deckModel()->undoStack();
    auto* base = qobject_cast<SliderSpin*>(rope->form()->control(QStringLiteral("base")));
    ASSERT_NE(base, nullptr);
    base->spinBox()->setValue(1000.0); // a typed value, committed
    ASSERT_EQ(rope->params().rope.base, 1000.0);
    QTest::qWait(static_cast<int>(DeckModel::kMergeMilliseconds) + 50); // a separate step
    auto* length = qobject_cast<SliderSpin*>(rope->form()->control(QStringLiteral("length")));
    length->spinBox()->setValue(512.0);
    ASSERT_EQ(rope->params().length, 512);

    undo->undo();
    EXPECT_EQ(rope->params().length, 4096);
    EXPECT_EQ(length->value(), 4096.0); // the control shows it too
    EXPECT_EQ(rope->params().rope.base, 1000.0);
    undo->undo();
    EXPECT_EQ(rope->params().rope.base, 10000.0);
    EXPECT_EQ(base->value(), 10000.0);
    undo->redo();
    EXPECT_EQ(rope->params().rope.base, 1000.0);

    // Reset to defaults is one undoable step. The deck has one history: a redo made on another
    // card's tab changes the RoPE card and shows it, so nothing changes out of sight.
    rope->resetToDefaults();
    EXPECT_EQ(rope->params(), rope->entry().defaults());
    undo->undo();
    EXPECT_EQ(rope->params().rope.base, 1000.0);
    m_window.showTab(QStringLiteral("alibi"));
    undo->redo();
    EXPECT_EQ(rope->params(), rope->entry().defaults());
    EXPECT_EQ(m_window.currentCard(), rope);
    // An edit on the shown card's tab keeps it shown when undone.
    CardPage* alibi = showCard(QStringLiteral("alibi"));
    pecards::CardParams shorter = alibi->params();
    shorter.length /= 2;
    alibi->edit(shorter, QStringLiteral("Shorter"));
    undo->undo();
    EXPECT_EQ(alibi->params(), alibi->entry().defaults());
    EXPECT_EQ(m_window.currentCard(), alibi);
}

TEST(ControlPane, NoControlOverlapsAnotherWhenTheCardLoadsBeforeTheWindowShows) {
    // As the app starts: the card is loaded (its form filled) before the window is first shown.
    // A hidden word-wrapped row once made QFormLayout draw "scaling type" under its combo box.
    ComputeService service(cpuBackendFactory());
    MainWindow window(&service);
    window.resize(1280, 720);
    window.showTab(QStringLiteral("rope"));
    CardPage* rope = window.card(QStringLiteral("rope"));
    rope->load();
    window.show();
    ASSERT_TRUE(
        guitest::awaitCondition([&] { return service.isIdle() && rope->allViewsAnswered(); }, "views"));
    QList<QWidget*> shown;
    for (QWidget* child : rope->form()->findChildren<QWidget*>(Qt::FindDirectChildrenOnly)) {
        if (child->isVisibleTo(rope->form()) && child->height() > 0)
            shown.push_back(child);
    }
    ASSERT_GT(shown.size(), 10);
    for (qsizetype a = 0; a < shown.size(); ++a) {
        for (qsizetype b = a + 1; b < shown.size(); ++b) {
            EXPECT_FALSE(shown[a]->geometry().intersects(shown[b]->geometry()))
                << shown[a]->objectName().toStdString() << " overlaps "
                << shown[b]->objectName().toStdString();
        }
    }
    EXPECT_TRUE(rope->form()->control(QStringLiteral("scaling"))->isVisibleTo(rope->form()));
}

namespace {

/// The geometry, relative to the form, of every named control shown in `form`.
std::map<QString, QRect> shownControls(const ParameterForm& form) {
    std::map<QString, QRect> shown;
    for (const QWidget* child : form.findChildren<QWidget*>()) {
        if (!child->objectName().isEmpty() && !child->objectName().startsWith(u"qt_")
            && child->isVisibleTo(&form))
            shown[child->objectName()] = QRect(child->mapTo(&form, QPoint(0, 0)), child->size());
    }
    return shown;
}

/// A RoPE card's own controls in a 280 px pane (the card's pane width), showing `params`.
struct Pane {
    QScrollArea area;
    ParameterForm* form = new ParameterForm;
    explicit Pane(const pecards::CardParams& params) {
        findCardEntry(pecards::Card::Rope)->addControls(*form);
        form->setParams(params);
        area.setWidgetResizable(true);
        area.setWidget(form);
        area.resize(280, 900);
        area.show();
        QCoreApplication::processEvents();
    }
};

} // namespace

/// The engineer's review B2: after a long session of models with one scaling after another, the
/// context-extension rows were blank space, then gone. The pane must look the same after any
/// history of scalings as a pane that shows the same parameters fresh.
TEST(ControlPane, AFormLooksTheSameWhateverScalingsItShowedBefore) {
    pecards::CardParams base = findCardEntry(pecards::Card::Rope)->defaults();
    Pane lived(base);
    using T = pecards::RopeScalingType;
    int step = 0;
    for (const T type : {T::Dynamic, T::Yarn, T::Llama3, T::Linear, T::Yarn, T::LongRope, T::Llama3, T::None,
             T::LongRope, T::Yarn, T::None}) {
        pecards::CardParams p = base;
        p.rope.scaling.type = type;
        p.rope.scaling.factor = type == T::None ? 1.0 : 8.0;
        p.rope.scaling.original_max_position_embeddings = type == T::None ? 0 : 4096;
        if (type == T::Yarn && step % 2 == 1)
            p.rope.scaling.mscale = 0.707; // DeepSeek's form: more rows
        if (type == T::LongRope) {
            p.rope.scaling.short_factor.assign(64, 1.05);
            p.rope.scaling.long_factor.assign(64, 2.5);
        }
        ++step;
        lived.form->setParams(p);
        QCoreApplication::processEvents();
        const Pane fresh(p);
        const std::map<QString, QRect> expected = shownControls(*fresh.form);
        const std::map<QString, QRect> got = shownControls(*lived.form);
        ASSERT_GT(expected.size(), 3u);
        for (const auto& [name, rect] : expected) {
            ASSERT_TRUE(got.contains(name)) << "step " << step << ": " << name.toStdString() << " not shown";
            EXPECT_EQ(got.at(name), rect) << "step " << step << ": " << name.toStdString();
        }
        EXPECT_EQ(got.size(), expected.size()) << "step " << step;
        EXPECT_TRUE(got.contains(QStringLiteral("scaling"))) << "step " << step;
    }
}

/// The engineer's review C15: rotary_dim showed 0 for Llama-2 while the model strip said r = 128.
/// A special value reads as what it means, fits its field and commits as the special value.
TEST(ControlPane, ASpecialValueReadsAsWhatItMeans) {
    const Pane pane(findCardEntry(pecards::Card::Rope)->defaults());
    auto* rotary = qobject_cast<SliderSpin*>(pane.form->control(QStringLiteral("rotary_dim")));
    ASSERT_NE(rotary, nullptr);
    const QString meaning = ParameterForm::sentinelText("head_dim");
    EXPECT_EQ(meaning, QStringLiteral("= head_dim"));
    EXPECT_EQ(rotary->spinBox()->text(), meaning);
    EXPECT_GE(rotary->spinBox()->width(), rotary->spinBox()->fontMetrics().horizontalAdvance(meaning));
    EXPECT_EQ(rotary->spinBox()->valueFromText(meaning), 0.0);
    rotary->setValue(64.0);
    EXPECT_EQ(rotary->spinBox()->text(), QStringLiteral("64"));
}

/// Every special value of the parameter table has its own words (a new one falls to "none" only
/// when it means none).
TEST(ControlPane, EverySpecialValueHasItsWords) {
    for (const pecards::ParamSpec& spec : pecards::kParamTable) {
        if (spec.sentinelMeans.empty() || spec.sentinelMeans == "none")
            continue;
        EXPECT_NE(ParameterForm::sentinelText(spec.sentinelMeans), ParameterForm::sentinelText("none"))
            << spec.name;
    }
}

namespace {

/// The engineer's review B2 as its steps: one session loading the review's models in turn (the
/// 2026 files in tests/data/configs/2026 standing for the held-back ones), with dynamic and YaRN
/// tried and the compare tab used. After every model the context-extension group is on the pane:
/// its heading, the scaling type and L0 shown with a height, nothing overlapping.
TEST_F(HandControls, TheContextExtensionGroupSurvivesALongSessionOfModels) {
    CardPage* rope = showCard(QStringLiteral("rope"));
    const QString data = QStringLiteral(PECARDS_TEST_DATA_DIR "/configs/");
    const auto open = [&](const QString& path) {
        QSignalSpy applied(&m_window, &MainWindow::modelApplied);
        m_window.openConfig(path);
        return guitest::awaitSignals(applied);
    };
    const auto check = [&](const std::string& step) {
        m_window.showTab(QStringLiteral("rope"));
        QCoreApplication::processEvents();
        ParameterForm* form = rope->form();
        QList<QWidget*> shown;
        for (QWidget* child : form->findChildren<QWidget*>(Qt::FindDirectChildrenOnly)) {
            if (child->isVisibleTo(form))
                shown.push_back(child);
        }
        for (qsizetype a = 0; a < shown.size(); ++a) {
            EXPECT_GT(shown[a]->height(), 0) << step;
            for (qsizetype b = a + 1; b < shown.size(); ++b)
                EXPECT_FALSE(shown[a]->geometry().intersects(shown[b]->geometry())) << step;
        }
        bool heading = false;
        for (const QLabel* label : form->findChildren<QLabel*>())
            heading = heading
                || (label->text() == QStringLiteral("Context extension") && label->isVisibleTo(form));
        EXPECT_TRUE(heading) << step;
        for (const char* id : {"scaling", "original_max_position_embeddings"}) {
            QWidget* control = form->control(QString::fromLatin1(id));
            EXPECT_TRUE(control->isVisibleTo(form) && control->height() > 0) << step << ": " << id;
        }
    };
    ASSERT_TRUE(open(data + QStringLiteral("llama-2-7b-hf.config.json")));
    for (const auto type : {pecards::RopeScalingType::Dynamic, pecards::RopeScalingType::Yarn}) {
        pecards::CardParams p = rope->params();
        p.rope.scaling.type = type;
        p.rope.scaling.factor = 4.0;
        p.rope.scaling.original_max_position_embeddings = 4096;
        rope->edit(p, QStringLiteral("try a scaling"));
        check("llama-2 + " + pecards::toString(type));
    }
    m_window.showTab(QStringLiteral("compare"));
    for (const QString& path : {QStringLiteral(":/presets/llama-3.1-8b.json"),
             data + QStringLiteral("gemma-3-1b-it.mlc-preset.json"),
             data + QStringLiteral("2026/gemma-3-27b-it.json"),
             data + QStringLiteral("qwen2.5-vl-7b-instruct.json"),
             data + QStringLiteral("2026/deepseek-v3.json"), data + QStringLiteral("2026/qwen3-8b.json"),
             data + QStringLiteral("2026/gpt-oss-120b.json"), QStringLiteral(":/presets/phi-3.5-mini.json"),
             data + QStringLiteral("llama-4-scout-style.hf-reconstructed.json"),
             data + QStringLiteral("2026/qwen3-vl-235b-a22b-thinking.json"),
             data + QStringLiteral("2026/llama-4-maverick.ktransformers-doc.json")}) {
        ASSERT_TRUE(open(path)) << path.toStdString();
        check(path.toStdString());
    }
}

} // namespace
