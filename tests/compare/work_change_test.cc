#include "timeit/compare/work_change.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace timeit {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

BenchmarkSamples Samples(std::initializer_list<std::pair<const char*, std::vector<double>>> metrics) {
  BenchmarkSamples samples;
  samples.name = "b";
  for (const auto& [name, values] : metrics) samples.metrics[name] = values;
  return samples;
}

TEST(WorkChangeTest, ChangesAreRelativeAndFactorsSymmetric) {
  EXPECT_EQ(RelativeMedianChange(10, 11), 0.1);  // the literal 0.1: 1 / 10 rounds to it
  EXPECT_EQ(RelativeMedianChange(10, 9), -0.1);
  EXPECT_EQ(RelativeMedianChange(4, 1), -0.75);
  EXPECT_EQ(RelativeMedianChange(0, 0), 0);
  EXPECT_EQ(RelativeMedianChange(0, 1), kInfinity);
  EXPECT_EQ(ChangeFactor(4, 2), 2);
  EXPECT_EQ(ChangeFactor(2, 4), 2);
  EXPECT_EQ(ChangeFactor(3, 3), 1);
  EXPECT_EQ(ChangeFactor(0, 0), 1);
  EXPECT_EQ(ChangeFactor(0, 3), kInfinity);
  EXPECT_EQ(ChangeFactor(3, 0), kInfinity);
}

// Every bound of the rule is strict: at it, no warning; just past it, a warning. p = 0.01
// and alpha = 0.05 unless the p bound is the one tested.
TEST(WorkChangeTest, TheFactorBoundIsTheCubeOfTheRowsFactor) {
  // The row doubled (factor 2): the work must change by a factor beyond 2^3 = 8, up or down.
  EXPECT_FALSE(WorkChangedFarMore(1, 2, 1, 8, 0.01, 0.05));
  EXPECT_TRUE(WorkChangedFarMore(1, 2, 1, 8.0001, 0.01, 0.05));
  EXPECT_FALSE(WorkChangedFarMore(1, 2, 8, 1, 0.01, 0.05));
  EXPECT_TRUE(WorkChangedFarMore(1, 2, 8, 0.9999, 0.01, 0.05));
  // A row that halved is the same size of change as one that doubled.
  EXPECT_FALSE(WorkChangedFarMore(2, 1, 1, 8, 0.01, 0.05));
  EXPECT_TRUE(WorkChangedFarMore(2, 1, 1, 8.0001, 0.01, 0.05));
}

TEST(WorkChangeTest, TheFloorIsTenPercentEitherWay) {
  // The row did not move, so only the 10 % floor and p decide.
  EXPECT_FALSE(WorkChangedFarMore(5, 5, 10, 11, 0.01, 0.05));
  EXPECT_TRUE(WorkChangedFarMore(5, 5, 10, 11.0001, 0.01, 0.05));
  EXPECT_FALSE(WorkChangedFarMore(5, 5, 10, 9, 0.01, 0.05));
  EXPECT_TRUE(WorkChangedFarMore(5, 5, 10, 8.9999, 0.01, 0.05));
  // The row's median at 0 on both sides did not change either.
  EXPECT_TRUE(WorkChangedFarMore(0, 0, 10, 12, 0.01, 0.05));
}

TEST(WorkChangeTest, TheTestMustBeSignificantOnItsOwn) {
  EXPECT_FALSE(WorkChangedFarMore(5, 5, 10, 20, 0.05, 0.05));
  EXPECT_TRUE(WorkChangedFarMore(5, 5, 10, 20, std::nextafter(0.05, 0.0), 0.05));
  EXPECT_FALSE(WorkChangedFarMore(5, 5, 10, 20, std::nan(""), 0.05));
}

TEST(WorkChangeTest, ARowWhoseMedianLeftZeroChangedBeyondAnyWork) {
  EXPECT_FALSE(WorkChangedFarMore(0, 1, 1, 1000, 0.001, 0.05));
  // A work count that appears (0 -> 2) is a change beyond any finite factor.
  EXPECT_TRUE(WorkChangedFarMore(1, 1.5, 0, 2, 0.001, 0.05));
}

TEST(WorkChangeTest, NamesIncludePerfsAliases) {
  std::vector<std::string> names = WorkMetricNames();
  for (const char* name : {"sys", "page-faults", "faults", "minor-faults", "major-faults", "context-switches", "cs",
                           "cpu-migrations", "migrations"}) {
    EXPECT_NE(std::find(names.begin(), names.end(), name), names.end()) << name;
  }
  EXPECT_EQ(names.size(), 9u);
}

// The example: the kernel's time fell from 27-103 ms to 8-24 ms (huge pages zeroed
// for the base only) while page faults stayed as they were and task-clock fell by 30 %.
TEST(WorkChangeTest, FindsTheKernelsTimeBehindAFasterTaskClock) {
  BenchmarkSamples base = Samples({{"task-clock", {0.098, 0.099, 0.100, 0.101, 0.102}},
                                   {"sys", {0.027, 0.040, 0.0531, 0.080, 0.103}},
                                   {"page-faults", {5000, 5000, 5001, 5000, 5002}}});
  BenchmarkSamples candidate = Samples({{"task-clock", {0.068, 0.069, 0.070, 0.071, 0.072}},
                                        {"sys", {0.008, 0.010, 0.012, 0.015, 0.024}},
                                        {"page-faults", {5000, 5000, 5001, 5000, 5002}}});
  std::vector<WorkChange> changes =
      FindWorkChanges(base, candidate, "task-clock", 0.100, 0.070, stats::MannWhitneyMethod::kExact, 0.05);
  ASSERT_EQ(changes.size(), 1u);
  EXPECT_EQ(changes[0].kind, WorkKind::kSystemTime);
  EXPECT_EQ(changes[0].metric, "sys");
  EXPECT_EQ(changes[0].base_median, 0.0531);
  EXPECT_EQ(changes[0].new_median, 0.012);
  EXPECT_DOUBLE_EQ(changes[0].change, 0.012 / 0.0531 - 1);
  // Completely separated, 5 against 5: 2 / C(10, 5) (scipy.stats.mannwhitneyu, exact).
  EXPECT_NEAR(changes[0].p, 2.0 / 252, 1e-15);
  // Compared on sys itself, sys is the row, not a warning about it.
  EXPECT_TRUE(FindWorkChanges(base, candidate, "sys", 0.0531, 0.012, stats::MannWhitneyMethod::kExact, 0.05).empty());
}

TEST(WorkChangeTest, TiedCountsUseTheExactTestGivenTheTies) {
  // 100 five times against 200 five times: the conditional exact test gives U = 0 only for
  // the one split of 252 that puts every 100 in the base, so p = 2 / 252.
  BenchmarkSamples base = Samples({{"cs", {100, 100, 100, 100, 100}}});
  BenchmarkSamples candidate = Samples({{"cs", {200, 200, 200, 200, 200}}});
  std::vector<WorkChange> changes =
      FindWorkChanges(base, candidate, "task-clock", 1, 1, stats::MannWhitneyMethod::kExact, 0.05);
  ASSERT_EQ(changes.size(), 1u);
  EXPECT_EQ(changes[0].kind, WorkKind::kContextSwitches);
  EXPECT_EQ(changes[0].metric, "cs");
  EXPECT_EQ(changes[0].change, 1);
  EXPECT_NEAR(changes[0].p, 2.0 / 252, 1e-15);
  // "cs" is "context-switches": compared on the one, the other is no warning.
  EXPECT_TRUE(
      FindWorkChanges(base, candidate, "context-switches", 1, 1, stats::MannWhitneyMethod::kExact, 0.05).empty());
}

TEST(WorkChangeTest, ASpellingMustBeOnBothSides) {
  BenchmarkSamples base = Samples({{"context-switches", {100, 100, 100, 100, 100}}});
  BenchmarkSamples candidate = Samples({{"cs", {200, 200, 200, 200, 200}}});
  EXPECT_TRUE(FindWorkChanges(base, candidate, "user", 1, 1, stats::MannWhitneyMethod::kExact, 0.05).empty());
}

TEST(WorkChangeTest, ThreeRunsAgainstThreeCannotWarn) {
  // Medians 10 -> 30, but the smallest exact p of 3 against 3 is 2 / 20 = 0.1.
  BenchmarkSamples base = Samples({{"cpu-migrations", {9, 10, 11}}});
  BenchmarkSamples candidate = Samples({{"cpu-migrations", {29, 30, 31}}});
  EXPECT_TRUE(FindWorkChanges(base, candidate, "user", 1, 1, stats::MannWhitneyMethod::kExact, 0.05).empty());
  EXPECT_EQ(FindWorkChanges(base, candidate, "user", 1, 1, stats::MannWhitneyMethod::kExact, 0.2).size(), 1u);
}

}  // namespace
}  // namespace timeit
