#include "timeit/formats/summary/summary_writer.h"

#include <gtest/gtest.h>

#include <cmath>

namespace timeit {
namespace {

SummaryValues MakeRun(int exit_code, double real, double user, uint64_t maxrss,
                      std::vector<SummaryCounter> counters = {}) {
  SummaryValues values;
  values.exit_code = exit_code;
  values.real = real;
  values.user = user;
  values.sys = real / 10;
  values.maxrss = maxrss;
  values.counters = std::move(counters);
  return values;
}

TEST(AggregateTest, AggregatesEachFigureOnItsOwn) {
  std::vector<SummaryValues> runs = {MakeRun(0, 3, 1, 300), MakeRun(0, 1, 3, 100), MakeRun(0, 2, 2, 201)};
  SummaryValues min = AggregateSummaries(runs, stats::Aggregate::kMin);
  EXPECT_DOUBLE_EQ(min.real, 1);
  EXPECT_DOUBLE_EQ(min.user, 1);  // from another run than min.real: each figure on its own
  EXPECT_DOUBLE_EQ(min.sys, 0.1);
  EXPECT_EQ(min.maxrss, 100u);
  SummaryValues median = AggregateSummaries(runs, stats::Aggregate::kMedian);
  EXPECT_DOUBLE_EQ(median.real, 2);
  EXPECT_EQ(median.maxrss, 201u);
  SummaryValues mean = AggregateSummaries(runs, stats::Aggregate::kMean);
  EXPECT_DOUBLE_EQ(mean.real, 2);
  EXPECT_EQ(mean.maxrss, 200u);  // 601 / 3 rounded
}

TEST(AggregateTest, ExitIsTheFirstNonZero) {
  EXPECT_EQ(AggregateSummaries(std::vector{MakeRun(0, 1, 1, 1), MakeRun(0, 1, 1, 1)}, stats::Aggregate::kMin).exit_code,
            0);
  EXPECT_EQ(AggregateSummaries(std::vector{MakeRun(0, 1, 1, 1), MakeRun(3, 1, 1, 1), MakeRun(139, 1, 1, 1)},
                               stats::Aggregate::kMin)
                .exit_code,
            3);
}

TEST(AggregateTest, CountersAggregateOverTheRunsThatHaveThem) {
  std::vector<SummaryValues> runs = {
      MakeRun(0, 1, 1, 1, {{"task-clock", 0.5, true}, {"instructions", 1000, false}}),
      MakeRun(0, 1, 1, 1, {{"instructions", 3000, false}}),
      MakeRun(0, 1, 1, 1, {{"task-clock", 0.7, true}, {"page-faults", 7, false}}),
  };
  SummaryValues mean = AggregateSummaries(runs, stats::Aggregate::kMean);
  ASSERT_EQ(mean.counters.size(), 3u);
  EXPECT_EQ(mean.counters[0].name, "task-clock");
  EXPECT_DOUBLE_EQ(mean.counters[0].value, 0.6);
  EXPECT_TRUE(mean.counters[0].is_time);
  EXPECT_EQ(mean.counters[1].name, "instructions");
  EXPECT_DOUBLE_EQ(mean.counters[1].value, 2000);
  EXPECT_EQ(mean.counters[2].name, "page-faults");
  EXPECT_DOUBLE_EQ(mean.counters[2].value, 7);
}

TEST(AggregateTest, NamesAndEmptyInput) {
  EXPECT_EQ(stats::AggregateName(stats::Aggregate::kMin), "min");
  EXPECT_EQ(stats::AggregateName(stats::Aggregate::kMedian), "median");
  EXPECT_EQ(stats::AggregateName(stats::Aggregate::kMean), "mean");
  EXPECT_TRUE(std::isnan(stats::AggregateOf({}, stats::Aggregate::kMedian)));
  SummaryValues none = AggregateSummaries({}, stats::Aggregate::kMin);
  EXPECT_EQ(none.exit_code, 0);
  EXPECT_TRUE(none.counters.empty());
}

}  // namespace
}  // namespace timeit
