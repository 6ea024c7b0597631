#include "timeit/base/check.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "timeit/stats/mann_whitney.h"
#include "timeit/stats/statistics.h"

namespace timeit {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

#if TIMEIT_ASSERTIONS
// The sanitizer build checks preconditions: a broken one stops the program at once, saying
// which and where, rather than giving a number computed from garbage.
TEST(CheckDeathTest, ABrokenPreconditionAbortsNamingIt) {
  EXPECT_DEATH(TIMEIT_CHECK(1 + 1 == 3, "arithmetic"),
               "internal check failed at .*check_test.cc:[0-9]+: 1 \\+ 1 == 3: arithmetic");
}

TEST(CheckDeathTest, TheMathematicsChecksWhatItsCommentsForbid) {
  std::vector<double> with_nan = {1.0, kNaN, 3.0};
  std::vector<double> some = {1.0, 2.0};
  EXPECT_DEATH(stats::Median(with_nan), "free of NaN");
  EXPECT_DEATH(stats::RankPooled(some, {}), "non-empty and free of NaN");
  EXPECT_DEATH(stats::RankPooled(some, with_nan), "non-empty and free of NaN");
}
#else
// Elsewhere the checks cost nothing: the condition is not even evaluated.
TEST(CheckTest, OffTheConditionIsNeverEvaluated) {
  int evaluated = 0;
  TIMEIT_CHECK(++evaluated > 0, "counts");
  EXPECT_EQ(evaluated, 0);
}
#endif

TEST(CheckTest, AKeptPreconditionChangesNothing) {
  TIMEIT_CHECK(1 + 1 == 2, "arithmetic");
  std::vector<double> values = {3.0, 1.0, 2.0};
  EXPECT_EQ(stats::Median(values), 2.0);
}

}  // namespace
}  // namespace timeit
