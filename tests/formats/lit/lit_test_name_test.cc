#include "timeit/formats/lit/lit_test_name.h"

#include <gtest/gtest.h>

namespace timeit {
namespace {

// Expected names are lit's test names as `lit -o results.json` spells them in the LLVM
// test-suite ("test-suite :: SingleSource/Benchmarks/Misc/pi.test"), without the
// ".test", which is how LNT names the same test.
// Summary paths are litsupport's: it names a test's summary after lit's temporary base,
// "<build>/<dir>/Output/<test>.test", plus ".time" (seen in a real SingleSource/Benchmarks
// run: "SingleSource/Benchmarks/Stanford/Output/Queens.test.time"), numbered "-0", "-1"...
// when the test runs several commands.
TEST(LitTestNameTest, LitsOutputLayoutGivesTheTestsName) {
  EXPECT_EQ(LitTestName("SingleSource/Benchmarks/Misc/Output/pi.test.time"), "SingleSource/Benchmarks/Misc/pi");
  EXPECT_EQ(LitTestName("Output/pi.test.time"), "pi");
  EXPECT_EQ(LitTestName("MultiSource/Applications/lua/Output/lua.test.time"), "MultiSource/Applications/lua/lua");
  EXPECT_EQ(LitTestName("SingleSource/Benchmarks/Stanford/Output/Queens.test.time"),
            "SingleSource/Benchmarks/Stanford/Queens");
}

TEST(LitTestNameTest, LitsTemporaryNameGivesTheTestsNameToo) {
  // A RUN line of its own that writes `--summary %t.time`.
  EXPECT_EQ(LitTestName("SingleSource/Benchmarks/Misc/Output/pi.test.tmp.time"), "SingleSource/Benchmarks/Misc/pi");
  EXPECT_EQ(LitTestName("Output/pi.test.tmp.time"), "pi");
}

TEST(LitTestNameTest, EachCommandOfATestKeepsItsNumber) {
  EXPECT_EQ(LitTestName("a/Output/pi.test-0.time"), "a/pi.test-0");
  EXPECT_EQ(LitTestName("a/Output/pi.test-12.time"), "a/pi.test-12");
  // Not a number, or nothing numbered: the path as it is.
  EXPECT_EQ(LitTestName("a/Output/pi.test-x.time"), "a/Output/pi.test-x");
  EXPECT_EQ(LitTestName("a/Output/pi.test-.time"), "a/Output/pi.test-");
  EXPECT_EQ(LitTestName("a/Output/.test-1.time"), "a/Output/.test-1");
  // A test whose own name ends in a number is not a command of another.
  EXPECT_EQ(LitTestName("a/Output/pi-1.test.time"), "a/pi-1");
}

TEST(LitTestNameTest, OtherShapesLoseOnlyTheSummarySuffix) {
  EXPECT_EQ(LitTestName("dir/prog.time"), "dir/prog");
  EXPECT_EQ(LitTestName("prog"), "prog");
  // Not in an Output directory, or not lit's name for a test's files: kept as it is.
  EXPECT_EQ(LitTestName("dir/pi.test.time"), "dir/pi.test");
  EXPECT_EQ(LitTestName("dir/pi.test.tmp.time"), "dir/pi.test.tmp");
  EXPECT_EQ(LitTestName("dir/NotOutput/pi.test.time"), "dir/NotOutput/pi.test");
  EXPECT_EQ(LitTestName("dir/Output/pi.c.o.time"), "dir/Output/pi.c.o");
  EXPECT_EQ(LitTestName("dir/Output/.test.time"), "dir/Output/.test");
  EXPECT_EQ(LitTestName("dir/Output/pi.tmp.time"), "dir/Output/pi.tmp");
  EXPECT_EQ(LitTestName(""), "");
}

TEST(LitTestNameTest, ResultsFileSitsBesideTheSummary) {
  EXPECT_EQ(ResultsFileBesideSummary("a/Output/pi.test.time"), "a/Output/pi.test.timeit.json");
  EXPECT_EQ(ResultsFileBesideSummary("a/Output/pi.test.tmp.time"), "a/Output/pi.test.tmp.timeit.json");
  EXPECT_EQ(ResultsFileBesideSummary("summary.txt"), "summary.txt.timeit.json");
}

}  // namespace
}  // namespace timeit
