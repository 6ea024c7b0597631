#include "timeit/base/text_format.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <limits>
#include <string>
#include <vector>

namespace timeit {
namespace {

TEST(StringPrintfTest, FormatsLikePrintf) {
  EXPECT_EQ(StringPrintf("%-6s|%5.2f|%zu", "ab", 3.14159, size_t{42}), "ab    | 3.14|42");
  EXPECT_EQ(StringPrintf("%+.2f%%", 12.345), "+12.35%");
}

TEST(StringPrintfTest, EmptyResult) { EXPECT_EQ(StringPrintf("%s", ""), ""); }

TEST(StringPrintfTest, LongTextIsNeverCut) {
  // Far beyond any fixed buffer the helpers it replaced used (256 and 512 bytes).
  std::string name(10000, 'x');
  std::string text = StringPrintf("[%s] %d", name.c_str(), 7);
  EXPECT_EQ(text.size(), name.size() + 4);
  EXPECT_EQ(text, "[" + name + "] 7");
}

TEST(ShortestDecimalTest, ShortestFormThatReadsBackExactly) {
  EXPECT_EQ(ShortestDecimal(0.02), "0.02");
  EXPECT_EQ(ShortestDecimal(1e-7), "1e-07");
  EXPECT_EQ(ShortestDecimal(0.1 + 0.2), "0.30000000000000004");
  for (double value : {0.05, 1.0 / 3, std::numeric_limits<double>::denorm_min(), -2.2250738585072014e-308}) {
    EXPECT_EQ(std::strtod(ShortestDecimal(value).c_str(), nullptr), value);
  }
}

TEST(JoinWordsTest, SingleSpacesBetweenWords) {
  std::vector<std::string> words = {"sh", "-c", "exit 3"};
  EXPECT_EQ(JoinWords(words), "sh -c exit 3");
  EXPECT_EQ(JoinWords(std::vector<std::string>{}), "");
}

}  // namespace
}  // namespace timeit
