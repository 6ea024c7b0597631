#include "timeit/sys/max_rss.h"

#include <gtest/gtest.h>

namespace timeit {
namespace {

TEST(MaxRssTest, ConvertsTheSystemsUnitToBytes) {
  rusage usage{};
  usage.ru_maxrss = 3;
#if defined(__APPLE__)
  EXPECT_EQ(MaxRssBytes(usage), 3u);
#else
  EXPECT_EQ(MaxRssBytes(usage), 3u * 1024);
#endif
}

TEST(MaxRssTest, OwnPeakIsPlausible) {
  // This test binary has touched between a few megabytes and a few hundred: a wrong unit
  // (off by 1024 either way) falls outside 1 MiB to 4 GiB.
  rusage usage{};
  ASSERT_EQ(::getrusage(RUSAGE_SELF, &usage), 0);
  EXPECT_GT(MaxRssBytes(usage), uint64_t{1} << 20);
  EXPECT_LT(MaxRssBytes(usage), uint64_t{1} << 32);
}

}  // namespace
}  // namespace timeit
