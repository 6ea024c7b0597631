#include "timeit/history/history_report.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "timeit/base/error.h"

namespace timeit::history {
namespace {

// One night's samples: each benchmark's runs of `metric`.
SampleSet Night(const std::vector<std::pair<std::string, std::vector<double>>>& benchmarks,
                const std::string& metric = "task-clock") {
  SampleSet night;
  for (const auto& [name, values] : benchmarks) {
    BenchmarkSamples& benchmark = night.Get(name);
    night.Keeps(metric);
    benchmark.metrics[metric] = values;
    benchmark.runs = values.size();
  }
  return night;
}

// A night of three runs about `level`, each night shifted by a fixed uneven amount.
std::vector<double> Runs(double level, size_t night) {
  static const double kShift[] = {0.004, -0.007, 0.009, -0.002, 0.006, -0.009, 0.001, -0.004, 0.008, -0.006};
  double shifted = level * (1 + kShift[night % 10]);
  return {shifted * 0.997, shifted, shifted * 1.004};
}

TEST(NightLabelTest, OneLabelSeveralOrTheFileName) {
  EXPECT_EQ(NightLabel({"r100"}, "a/b.json"), "r100");
  EXPECT_EQ(NightLabel({"r100", "r101", "r105"}, "a/b.json"), "r100..r105");
  EXPECT_EQ(NightLabel({}, "nightly/2026-12-01.json"), "2026-12-01.json");
  EXPECT_EQ(NightLabel({}, "nightly/night-3/"), "night-3");
  EXPECT_EQ(NightLabel({}, "plain"), "plain");
  EXPECT_EQ(NightLabel({}, "/"), "/");
}

TEST(HistoryBuilderTest, FindsAStepAndOrdersChangesNewestFirstRegressionsFirst) {
  HistoryOptions options;
  options.recent = 5;
  HistoryBuilder builder(options);
  for (size_t night = 0; night < 20; ++night) {
    double slower = night >= 12 ? 1.1 : 1.0;  // "up" regresses at 12
    double faster = night >= 12 ? 0.9 : 1.0;  // "down" improves at 12
    double late = night >= 16 ? 1.1 : 1.0;    // "late" regresses at 16, within the last 5
    builder.AddNight("n" + std::to_string(night) + ".json", Night({{"down", Runs(1.0 * faster, night)},
                                                                   {"up", Runs(2.0 * slower, night)},
                                                                   {"late", Runs(3.0 * late, night)},
                                                                   {"flat", Runs(4.0, night)}}));
  }
  HistoryReport report = builder.Finish();
  ASSERT_EQ(report.nights.size(), 20u);
  EXPECT_EQ(report.nights[3].label, "n3.json");
  ASSERT_EQ(report.series.size(), 4u);
  EXPECT_EQ(report.series[0].benchmark, "down");
  EXPECT_EQ(report.series[0].metric, "task-clock");
  ASSERT_EQ(report.changes.size(), 3u);
  auto name = [&](size_t i) { return report.series[report.changes[i].series].benchmark; };
  EXPECT_EQ(name(0), "late");
  EXPECT_EQ(report.changes[0].change.index, 16u);
  EXPECT_TRUE(report.changes[0].recent);
  EXPECT_EQ(name(1), "up");  // the regression before the improvement of the same night
  EXPECT_EQ(report.changes[1].change.direction, Direction::kRegressed);
  EXPECT_FALSE(report.changes[1].recent);
  EXPECT_EQ(name(2), "down");
  EXPECT_EQ(report.changes[2].change.direction, Direction::kImproved);
  EXPECT_EQ(report.regressions(), 2u);
  EXPECT_EQ(report.improvements(), 1u);
  EXPECT_TRUE(report.any_recent_regression());
}

TEST(HistoryBuilderTest, RecentCountsTheLastNightsGiven) {
  HistoryOptions options;
  options.recent = 7;
  HistoryBuilder builder(options);
  for (size_t night = 0; night < 20; ++night) {
    builder.AddNight("n", Night({{"up", Runs(night >= 12 ? 1.1 : 1.0, night)}}));
  }
  HistoryReport report = builder.Finish();
  ASSERT_EQ(report.changes.size(), 1u);
  EXPECT_EQ(report.changes[0].change.index, 12u);
  EXPECT_FALSE(report.changes[0].recent);  // nights 13 to 19 are the last 7
  EXPECT_FALSE(report.any_recent_regression());
}

TEST(HistoryBuilderTest, MissingNightsAndSkippedNightsAreGaps) {
  HistoryBuilder builder({});
  for (size_t night = 0; night < 20; ++night) {
    if (night == 4) {
      builder.SkipNight("unreadable.json");
      continue;
    }
    std::vector<std::pair<std::string, std::vector<double>>> benchmarks = {
        {"up", Runs(night >= 12 ? 1.1 : 1.0, night)}};
    if (night % 3 == 0) benchmarks[0].second.clear();  // every run failed: no values
    builder.AddNight("n", Night(benchmarks));
  }
  HistoryReport report = builder.Finish();
  EXPECT_TRUE(report.nights[4].skipped);
  EXPECT_EQ(report.nights[4].label, "unreadable.json");
  ASSERT_EQ(report.series.size(), 1u);
  // 20 nights, less the skipped one and the 7 multiples of 3 without values.
  EXPECT_EQ(report.series[0].nights.size(), 12u);
  EXPECT_EQ(report.series[0].nights.index(0), 1u);
  ASSERT_EQ(report.changes.size(), 1u);
  EXPECT_EQ(report.changes[0].change.index, 13u);  // night 12 is a gap: the first present night after
}

TEST(HistoryBuilderTest, DefaultMetricIsTheFirstCandidateWithValuesPerBenchmark) {
  HistoryBuilder builder({});
  for (size_t night = 0; night < 3; ++night) {
    SampleSet samples = Night({{"timed", {1.0, 1.1, 1.2}}}, "task-clock");
    BenchmarkSamples& lit = samples.Get("lit-test");
    lit.metrics["exec_time"] = {2.0};
    lit.runs = 1;
    builder.AddNight("n", samples);
  }
  HistoryReport report = builder.Finish();
  ASSERT_EQ(report.series.size(), 2u);
  EXPECT_EQ(report.series[0].metric, "task-clock");
  EXPECT_EQ(report.series[1].metric, "exec_time");
  EXPECT_EQ(report.too_few_nights, 2u);
  EXPECT_TRUE(report.changes.empty());
}

TEST(HistoryBuilderTest, MetricsAskedForAreEachASeries) {
  HistoryOptions options;
  options.metrics = {"task-clock", "maxrss"};
  HistoryBuilder builder(options);
  EXPECT_EQ(builder.MetricsToRead(), options.metrics);
  for (size_t night = 0; night < 2; ++night) {
    SampleSet samples = Night({{"b", {1.0}}}, "task-clock");
    samples.Keeps("maxrss");
    samples.Get("b").metrics["maxrss"] = {100};
    builder.AddNight("n", samples);
  }
  HistoryReport report = builder.Finish();
  ASSERT_EQ(report.series.size(), 2u);
  EXPECT_EQ(report.series[1].metric, "maxrss");
}

TEST(HistoryBuilderTest, AMetricAskedForTwiceIsOneSeries) {
  HistoryOptions options;
  options.metrics = {"task-clock", "maxrss", "task-clock"};
  HistoryBuilder builder(options);
  EXPECT_EQ(builder.MetricsToRead(), (std::vector<std::string>{"task-clock", "maxrss"}));
  for (size_t night = 0; night < 12; ++night) {
    SampleSet samples = Night({{"b", Runs(night < 6 ? 1.0 : 1.2, night)}}, "task-clock");
    samples.Keeps("maxrss");
    samples.Get("b").metrics["maxrss"] = {100, 100, 100};
    builder.AddNight("n", samples);
  }
  HistoryReport report = builder.Finish();
  ASSERT_EQ(report.series.size(), 2u);
  EXPECT_EQ(report.series[0].metric, "task-clock");
  EXPECT_EQ(report.series[1].metric, "maxrss");
  EXPECT_EQ(report.changes.size(), 1u);
  EXPECT_EQ(report.options.metrics, (std::vector<std::string>{"task-clock", "maxrss"}));
}

TEST(HistoryBuilderTest, RefusesWhatIsNoHistory) {
  auto error_of = [](HistoryBuilder builder) -> std::pair<ErrorKind, std::string> {
    try {
      builder.Finish();
    } catch (const Error& error) {
      return {error.kind(), error.what()};
    }
    return {ErrorKind::kSystem, "no error"};
  };
  HistoryBuilder one({});
  one.AddNight("n", Night({{"b", {1.0}}}));
  EXPECT_EQ(error_of(one),
            std::make_pair(ErrorKind::kUsage, std::string("a history needs at least 2 nights; 1 was given")));

  HistoryBuilder disjoint({});
  disjoint.AddNight("n", Night({{"a", {1.0}}}));
  disjoint.AddNight("n", Night({{"b", {1.0}}}));
  EXPECT_EQ(error_of(disjoint).first, ErrorKind::kInput);
  EXPECT_EQ(error_of(disjoint).second, "no benchmark has values in two nights: there is no history to analyse");

  HistoryOptions cycles;
  cycles.metrics = {"cycles"};
  HistoryBuilder unknown(cycles);
  unknown.AddNight("n", Night({{"a", {1.0}}}));
  unknown.AddNight("n", Night({{"a", {1.0}}}));
  EXPECT_EQ(error_of(unknown).first, ErrorKind::kUsage);
  EXPECT_EQ(error_of(unknown).second, "unknown metric 'cycles'; the results have: task-clock");
}

}  // namespace
}  // namespace timeit::history
