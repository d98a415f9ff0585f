// Handout pages (figure/handoutpage.h): where a long text breaks across pages, checked against
// slices worked out by hand and against the rules for random texts (parts meet, none is longer
// than its room, each ends before a line), and a long text written to a PDF spans pages.
#include "figure/handoutpage.h"
#include "offscreenguiapp.h"

#include <QRegularExpression>
#include <gtest/gtest.h>
#include <random>

using pecards::app::TextSlice;
using pecards::app::textSlices;

namespace {

/// Lines 10 units tall from 0: tops 0, 10, …, 10 (n - 1).
std::vector<double> evenLines(int n) {
    std::vector<double> tops;
    for (int i = 0; i < n; ++i)
        tops.push_back(10.0 * i);
    return tops;
}

int pdfPageCount(const QByteArray& pdf) {
    static const QRegularExpression page(QStringLiteral("/Type\\s*/Page(?![A-Za-z])"));
    return static_cast<int>(QString::fromLatin1(pdf).count(page));
}

} // namespace

TEST(TextSlices, ATextThatFitsIsOnePart) {
    EXPECT_EQ(textSlices(evenLines(5), 50, 50, 300), (std::vector<TextSlice> {{0, 50, false}}));
}

TEST(TextSlices, APartEndsBeforeTheFirstLineThatDoesNotFit) {
    // 100 lines of 10 units; 95 units left on this page: 9 lines (the tenth would end at 100),
    // then 30 lines a page, and the last line alone.
    const std::vector<TextSlice> expected {
        {0, 90, false}, {90, 390, true}, {390, 690, true}, {690, 990, true}, {990, 1000, true}};
    EXPECT_EQ(textSlices(evenLines(100), 1000, 95, 300), expected);
}

TEST(TextSlices, ATextWithNoRoomForItsFirstLineStartsOnTheNextPage) {
    EXPECT_EQ(textSlices(evenLines(3), 30, 5, 300), (std::vector<TextSlice> {{0, 30, true}}));
    // On an empty page there is no better place: a line taller than the page is cut.
    EXPECT_EQ(textSlices({0}, 700, 300, 300),
        (std::vector<TextSlice> {{0, 300, false}, {300, 600, true}, {600, 700, true}}));
}

TEST(TextSlices, UnbreakableBlocksMoveWhole) {
    // Lines at 0..40, a 200-unit table from 50 (its top is a break, its rows are not), lines after
    // it at 250, 260.
    const std::vector<double> tops {0, 10, 20, 30, 40, 50, 250, 260};
    const std::vector<TextSlice> expected {{0, 50, false}, {50, 270, true}};
    EXPECT_EQ(textSlices(tops, 270, 120, 300), expected);
}

TEST(TextSlices, PartsMeetFitTheirRoomAndEndBeforeALine) {
    std::mt19937 random(7);
    for (int trial = 0; trial < 200; ++trial) {
        std::uniform_real_distribution<double> lineHeight(4, 40);
        std::vector<double> tops;
        double y = 0;
        const int lines = 1 + static_cast<int>(random() % 300);
        for (int l = 0; l < lines; ++l) {
            tops.push_back(y);
            y += lineHeight(random);
        }
        const double pageRoom = 100 + static_cast<double>(random() % 500);
        const double firstRoom = static_cast<double>(random() % 600);
        const std::vector<TextSlice> slices = textSlices(tops, y, firstRoom, pageRoom);
        ASSERT_FALSE(slices.empty());
        EXPECT_EQ(slices.front().from, 0);
        EXPECT_EQ(slices.back().to, y);
        for (std::size_t s = 0; s < slices.size(); ++s) {
            const TextSlice& slice = slices[s];
            const bool firstPage = !slice.newPage;
            EXPECT_LE(slice.to - slice.from, firstPage ? firstRoom : pageRoom) << "trial " << trial;
            EXPECT_LT(slice.from, slice.to);
            if (s > 0) {
                EXPECT_EQ(slice.from, slices[s - 1].to);
                EXPECT_TRUE(slice.newPage);
            }
            if (s + 1 < slices.size()) { // every line here is 40 units at most: no cut
                EXPECT_TRUE(std::find(tops.begin(), tops.end(), slice.to) != tops.end()) << "trial " << trial;
            }
        }
    }
}

TEST(HandoutPage, ALongTextFlowsOntoFurtherPages) {
    const auto pages = [](int paragraphs) {
        pecards::app::HandoutDocument document(QStringLiteral("test"));
        pecards::app::HandoutPage page(document);
        QString html;
        for (int p = 0; p < paragraphs; ++p)
            html += QStringLiteral("<p>Paragraph %1 of the long text.</p>").arg(p);
        page.text(html, 10);
        return pdfPageCount(document.finish());
    };
    EXPECT_EQ(pages(5), 1);
    // A 10-point paragraph with its spacing takes well over 20 points and an A4 page has about
    // 730 printable points: 300 paragraphs need at least 9 pages, and fewer than 30.
    const int many = pages(300);
    EXPECT_GE(many, 9);
    EXPECT_LT(many, 30);
}
