#include "timeit/base/escape.h"

#include <gtest/gtest.h>

#include <string>

namespace timeit {
namespace {

// What CommonMark reads as syntax, from its specification (backslash escapes, emphasis,
// links, lists) and GitHub's extensions (tables, strikethrough, mentions, emoji).
TEST(MarkdownLiteralTest, EscapesWhatMarkdownReadsAsSyntax) {
  EXPECT_EQ(MarkdownLiteral("[a](b)"), "\\[a\\](b)");
  EXPECT_EQ(MarkdownLiteral("a|b\\c"), "a\\|b\\\\c");
  EXPECT_EQ(MarkdownLiteral("`x` *y* ~z~ <h> &amp; :+1: @me #1 ![i]"),
            "\\`x\\` \\*y\\* \\~z\\~ \\<h\\> \\&amp; \\:+1\\: \\@me \\#1 \\!\\[i\\]");
  EXPECT_EQ(MarkdownLiteral("plain text, 1.5 (ok)"), "plain text, 1.5 (ok)");
}

TEST(MarkdownLiteralTest, AnUnderscoreBetweenWordCharactersStays) {
  EXPECT_EQ(MarkdownLiteral("snake_case_2"), "snake_case_2");
  EXPECT_EQ(MarkdownLiteral("_x_"), "\\_x\\_");
  EXPECT_EQ(MarkdownLiteral("a _b"), "a \\_b");
}

// Only where the text can open a line: a list marker, or digits before "." or ")".
TEST(MarkdownLiteralTest, EscapesAListMarkerAtTheStartOnly) {
  EXPECT_EQ(MarkdownLiteral("- *m*"), "\\- \\*m\\*");
  EXPECT_EQ(MarkdownLiteral("+1"), "\\+1");
  EXPECT_EQ(MarkdownLiteral("1. x"), "1\\. x");
  EXPECT_EQ(MarkdownLiteral("12) y"), "12\\) y");
  EXPECT_EQ(MarkdownLiteral("a-b+c 1. 2)"), "a-b+c 1. 2)");
  EXPECT_EQ(MarkdownLiteral("a1."), "a1.");
}

TEST(EscapeForMarkdownTest, ShowsTheNameAsTheTextTableDoesInMarkdownsTerms) {
  // EscapeForDisplay gives "a|b\\n" (a backslash and n), whose backslash and pipe Markdown
  // would read.
  EXPECT_EQ(EscapeForMarkdown("a|b\n"), "a\\|b\\\\n");
  EXPECT_EQ(EscapeForMarkdown("esc\x1b"), "esc\\\\x1b");
  EXPECT_EQ(EscapeForMarkdown("task-clock"), "task-clock");
}

// RFC 4180, section 2: a field holding a comma, a quote or a line break is quoted, a quote
// inside doubled.
TEST(CsvFieldTest, QuotesAsRfc4180Asks) {
  EXPECT_EQ(CsvField("plain"), "plain");
  EXPECT_EQ(CsvField("slow,er"), "\"slow,er\"");
  EXPECT_EQ(CsvField("q\"x"), "\"q\"\"x\"");
  EXPECT_EQ(CsvField("a\r\nb"), "\"a\r\nb\"");  // CR and LF as they are, inside the quotes
  EXPECT_EQ(CsvField(""), "");
}

TEST(CsvFieldTest, EscapesReversiblyWhatWouldDriveATerminal) {
  EXPECT_EQ(CsvField("a\\b"), "a\\\\b");
  EXPECT_EQ(CsvField("e\x1b[2J"), "e\\x1b[2J");
  EXPECT_EQ(CsvField(std::string("n\0", 2)), "n\\x00");
  EXPECT_EQ(CsvField("caf\xe9"), "caf\\xe9");
  EXPECT_EQ(CsvField("t\tx,y"), "\"t\\x09x,y\"");
}

}  // namespace
}  // namespace timeit
