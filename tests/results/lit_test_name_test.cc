#include "timeit/results/lit_test_name.h"

#include <gtest/gtest.h>

namespace timeit {
namespace {

// Expected names are lit's test names as `lit -o results.json` spells them in the LLVM
// test-suite ("test-suite :: SingleSource/Benchmarks/Misc/pi.test"), without the
// ".test", which is how LNT names the same test.
TEST(LitTestNameTest, LitsOutputLayoutGivesTheTestsName) {
  EXPECT_EQ(LitTestName("SingleSource/Benchmarks/Misc/Output/pi.test.tmp.time"), "SingleSource/Benchmarks/Misc/pi");
  EXPECT_EQ(LitTestName("Output/pi.test.tmp.time"), "pi");
  EXPECT_EQ(LitTestName("MultiSource/Applications/lua/Output/lua.test.tmp.time"), "MultiSource/Applications/lua/lua");
}

TEST(LitTestNameTest, OtherShapesLoseOnlyTheSummarySuffix) {
  EXPECT_EQ(LitTestName("dir/prog.time"), "dir/prog");
  EXPECT_EQ(LitTestName("prog"), "prog");
  // Not in an Output directory, or not lit's temporary name: kept as it is.
  EXPECT_EQ(LitTestName("dir/pi.test.tmp.time"), "dir/pi.test.tmp");
  EXPECT_EQ(LitTestName("dir/NotOutput/pi.test.tmp.time"), "dir/NotOutput/pi.test.tmp");
  EXPECT_EQ(LitTestName("dir/Output/pi.c.o.time"), "dir/Output/pi.c.o");
  EXPECT_EQ(LitTestName(""), "");
}

TEST(LitTestNameTest, ResultsFileSitsBesideTheSummary) {
  EXPECT_EQ(ResultsFileBesideSummary("a/Output/pi.test.tmp.time"), "a/Output/pi.test.tmp.timeit.json");
  EXPECT_EQ(ResultsFileBesideSummary("summary.txt"), "summary.txt.timeit.json");
}

}  // namespace
}  // namespace timeit
