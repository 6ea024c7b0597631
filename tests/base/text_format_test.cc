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

// Each expected string is what /usr/bin/python3 (3.11) printed for repr(float(value)), the
// value written as in the first column; the table was made by running Python on it.
TEST(PythonFloatReprTest, WritesWhatPythonsReprWrites) {
  struct Case {
    double value;
    const char* repr;
  };
  const Case cases[] = {
      {0.0, "0.0"},
      {-0.0, "-0.0"},
      {1.0, "1.0"},
      {-1.5, "-1.5"},
      {100.0, "100.0"},
      {1000.0, "1000.0"},
      {0.1, "0.1"},
      {0.5, "0.5"},
      {0.25, "0.25"},
      {0.001, "0.001"},
      {1e-4, "0.0001"},
      {1e-5, "1e-05"},
      {0.00012345, "0.00012345"},
      {1.2345e-05, "1.2345e-05"},
      {0.1 + 0.2, "0.30000000000000004"},
      {1.0 / 3, "0.3333333333333333"},
      {2.0 / 3, "0.6666666666666666"},
      {12345.678, "12345.678"},
      {4.35, "4.35"},
      {1e15, "1000000000000000.0"},
      {9999999999999998.0, "9999999999999998.0"},
      {9007199254740992.0, "9007199254740992.0"},  // 2**53
      {9007199254740994.0, "9007199254740994.0"},  // 2**53 + 2
      {1e16, "1e+16"},
      {1.5e16, "1.5e+16"},
      {123456789012345678.0, "1.2345678901234568e+17"},
      {1e22, "1e+22"},
      {1e23, "1e+23"},
      {1e100, "1e+100"},
      {5e-324, "5e-324"},
      {2.2250738585072014e-308, "2.2250738585072014e-308"},
      {1.7976931348623157e308, "1.7976931348623157e+308"},
      {0.2135, "0.2135"},
      {13.12, "13.12"},
  };
  for (const Case& c : cases) EXPECT_EQ(PythonFloatRepr(c.value), c.repr) << c.repr;
  EXPECT_EQ(PythonFloatRepr(std::numeric_limits<double>::quiet_NaN()), "nan");
  EXPECT_EQ(PythonFloatRepr(std::numeric_limits<double>::infinity()), "inf");
  EXPECT_EQ(PythonFloatRepr(-std::numeric_limits<double>::infinity()), "-inf");
}

TEST(JoinWordsTest, SingleSpacesBetweenWords) {
  std::vector<std::string> words = {"sh", "-c", "exit 3"};
  EXPECT_EQ(JoinWords(words), "sh -c exit 3");
  EXPECT_EQ(JoinWords(std::vector<std::string>{}), "");
}

TEST(JoinTest, SeparatorBetweenEachTwoParts) {
  std::vector<std::string> parts = {"kernel", "cpu_count"};
  EXPECT_EQ(Join(parts, ", "), "kernel, cpu_count");
  EXPECT_EQ(Join(std::vector<std::string>{"one"}, "; "), "one");
  EXPECT_EQ(Join(std::vector<std::string>{}, "; "), "");
  EXPECT_EQ(Join(std::vector<std::string>{"", "b"}, "; "), "; b");
}

}  // namespace
}  // namespace timeit
