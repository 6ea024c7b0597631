#include "render/html_writer.h"

#include <gtest/gtest.h>

#include <string>

namespace timeit {
namespace {

TEST(HtmlWriterTest, TextEscapesWhatOpensMarkup) {
  EXPECT_EQ(HtmlText("<script>alert(1)</script>"), "&lt;script&gt;alert(1)&lt;/script&gt;");
  EXPECT_EQ(HtmlText("a & b"), "a &amp; b");
  EXPECT_EQ(HtmlText("&amp;"), "&amp;amp;");                // a reference in a name is text, not a reference
  EXPECT_EQ(HtmlText("\"quoted\" 'x'"), "\"quoted\" 'x'");  // quotes end nothing in text
  EXPECT_EQ(HtmlText("café"), "café");
}

TEST(HtmlWriterTest, AttributeValuesEscapeBothQuotes) {
  EXPECT_EQ(HtmlAttributeValue("\"><img src=x onerror=alert(1)>"), "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;");
  EXPECT_EQ(HtmlAttributeValue("it's"), "it&#39;s");
  EXPECT_EQ(HtmlAttributeValue("a&b<c"), "a&amp;b&lt;c");
}

TEST(HtmlWriterTest, ElementsEscapeTheirTextAndAttributes) {
  HtmlWriter page;
  page.Open("td", {{"title", "\"><img src=x onerror=alert(1)>"}, {"", "left out"}})
      .Text("<b>")
      .Close("td")
      .Element("p", {{"class", "c"}}, "1 < 2");
  EXPECT_EQ(page.str(),
            "<td title=\"&quot;&gt;&lt;img src=x onerror=alert(1)&gt;\">&lt;b&gt;</td><p class=\"c\">1 &lt; 2</p>");
}

TEST(HtmlWriterTest, MarkupIsWrittenAsItIs) {
  HtmlWriter page;
  page.Markup("<svg></svg>").Text("<svg>");
  EXPECT_EQ(page.Take(), "<svg></svg>&lt;svg&gt;");
}

TEST(HtmlWriterTest, NamesAreShownAsTheTextFormatsShowThem) {
  HtmlWriter page;
  // Not UTF-8, a control character, a right-to-left override: escaped for display first,
  // then for HTML.
  page.Name("td", {}, "caf\xe9<\x1b\xe2\x80\xae", 60);
  EXPECT_EQ(page.str(), "<td>caf\\xe9&lt;\\x1b\\u202e</td>");
}

TEST(HtmlWriterTest, ALongNameIsCutWithTheWholeInItsTitle) {
  std::string name = "SingleSource/Benchmarks/Stanford/" + std::string(40, 'x') + "/Quicksort\"<";
  HtmlWriter page;
  page.Name("td", {{"class", "n"}}, name, 30);
  std::string expected_shown = ShortenedForDisplay(name, 30);
  EXPECT_EQ(page.str(), "<td class=\"n\" title=\"SingleSource/Benchmarks/Stanford/" + std::string(40, 'x') +
                            "/Quicksort&quot;&lt;\">" + HtmlText(expected_shown) + "</td>");
  HtmlWriter short_name;
  short_name.Name("td", {}, "short", 30);
  EXPECT_EQ(short_name.str(), "<td>short</td>");  // no title when nothing was cut
}

TEST(HtmlWriterTest, EachLineIsAnElementOfItsOwn) {
  HtmlWriter page;
  page.Lines("p", "a < b\nc\n", "family").Lines("p", "d");
  EXPECT_EQ(page.str(), "<p class=\"family\">a &lt; b</p><p class=\"family\">c</p><p>d</p>");
}

TEST(HtmlWriterTest, ShorteningKeepsTheStartAndTheLongerEnd) {
  EXPECT_EQ(ShortenedForDisplay("abcdefghij", 10), "abcdefghij");
  EXPECT_EQ(ShortenedForDisplay("abcdefghijk", 10), "abc…fghijk");  // 3 + 1 + 6 characters
  EXPECT_EQ(ShortenedForDisplay("abcdefghijk", 2), "abcdefghijk");  // too short a limit: as it is
  // Characters, never bytes: a character of several bytes is never cut.
  EXPECT_EQ(ShortenedForDisplay("ééééééééééé", 7), "éé…éééé");
  EXPECT_EQ(ShortenedForDisplay("😀😀😀😀😀😀😀😀😀😀", 4), "😀…😀😀");
}

}  // namespace
}  // namespace timeit
