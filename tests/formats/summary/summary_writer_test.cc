#include "timeit/formats/summary/summary_writer.h"

#include <gtest/gtest.h>

#include <string>

namespace timeit {
namespace {

SummaryValues Values(int exit_code, double real, double user, double sys, uint64_t maxrss = 0) {
  SummaryValues values;
  values.exit_code = exit_code;
  values.real = real;
  values.user = user;
  values.sys = sys;
  values.maxrss = maxrss;
  return values;
}

TEST(FormatSummaryTest, UserTimeSourceSpellings) {
  EXPECT_EQ(ValueSpelled(kUserTimeSourceSpellings, "rusage"), UserTimeSource::kRusage);
  EXPECT_EQ(ValueSpelled(kUserTimeSourceSpellings, "task-clock"), UserTimeSource::kTaskClock);
  EXPECT_EQ(ValueSpelled(kUserTimeSourceSpellings, "task_clock"), std::nullopt);
}

TEST(FormatSummaryTest, TimeitCLayout) {
  EXPECT_EQ(FormatSummary(Values(0, 0.0043, 0, 0.0038), {}),
            "exit 0\n"
            "real       0.0043\n"
            "user       0.0000\n"
            "sys        0.0038\n");
}

TEST(FormatSummaryTest, ExitCodeAndLongTimes) {
  EXPECT_EQ(FormatSummary(Values(137, 12.5, 123.25, 0.00004), {}),
            "exit 137\n"
            "real       12.5000\n"
            "user       123.2500\n"
            "sys        0.0000\n");
}

TEST(FormatSummaryTest, MaxrssOnlyWhenAsked) {
  SummaryOptions options;
  options.report_maxrss = true;
  EXPECT_EQ(FormatSummary(Values(0, 0.0043, 0, 0.0038, 1060864), options),
            "exit 0\n"
            "real       0.0043\n"
            "user       0.0000\n"
            "sys        0.0038\n"
            "maxrss     1060864\n");
  EXPECT_EQ(FormatSummary(Values(0, 0.0043, 0, 0.0038, 1060864), {}).find("maxrss"), std::string::npos);
}

TEST(FormatSummaryTest, CounterLines) {
  SummaryValues values = Values(0, 1, 0.5, 0.25);
  values.counters = {{"task-clock", 0.74996, true},
                     {"cycles", 1000, false},
                     {"instructions", 123456.6, false},
                     {"page-faults", 12.4, false}};
  EXPECT_EQ(FormatSummary(values, {}),
            "exit 0\n"
            "real       1.0000\n"
            "user       0.5000\n"
            "sys        0.2500\n"
            "task-clock 0.7500\n"
            "cycles     1000\n"
            "instructions 123457\n"
            "page-faults 12\n");
}

TEST(FormatSummaryTest, CountersAfterMaxrss) {
  SummaryValues values = Values(0, 1, 0.5, 0.25, 4096);
  values.counters = {{"cycles", 7, false}};
  SummaryOptions options;
  options.report_maxrss = true;
  EXPECT_EQ(FormatSummary(values, options),
            "exit 0\n"
            "real       1.0000\n"
            "user       0.5000\n"
            "sys        0.2500\n"
            "maxrss     4096\n"
            "cycles     7\n");
}

TEST(FormatSummaryTest, ReservedNamesGetPerfPrefix) {
  // litsupport reads the first line starting with `user` / `maxrss`; counters must not
  // shadow them.
  SummaryValues values = Values(0, 1, 0.5, 0.25, 4096);
  values.counters = {{"user_cycles", 42, false}, {"maxrss-like", 7, false}, {"usr", 3, false}};
  SummaryOptions options;
  options.report_maxrss = true;
  EXPECT_EQ(FormatSummary(values, options),
            "exit 0\n"
            "real       1.0000\n"
            "user       0.5000\n"
            "sys        0.2500\n"
            "maxrss     4096\n"
            "perf::user_cycles 42\n"
            "perf::maxrss-like 7\n"
            "usr        3\n");
}

TEST(EventOfSummaryNameTest, UndoesTheShieldingPrefixOnly) {
  // The names FormatSummary gave in ReservedNamesGetPerfPrefix above, read back.
  EXPECT_EQ(EventOfSummaryName("perf::user_cycles"), "user_cycles");
  EXPECT_EQ(EventOfSummaryName("perf::maxrss-like"), "maxrss-like");
  EXPECT_EQ(EventOfSummaryName("usr"), "usr");
  EXPECT_EQ(EventOfSummaryName("task-clock"), "task-clock");
  // A libpfm4 name of its own keeps its prefix: FormatSummary never added it.
  EXPECT_EQ(EventOfSummaryName("perf::cycles"), "perf::cycles");
}

TEST(FormatStderrReportTest, Default) {
  EXPECT_EQ(FormatStderrReport(Values(0, 0.005, 0, 0.0039), {}, false),
            "      0.0050 real       0.0000 user       0.0039 sys\n");
}

TEST(FormatStderrReportTest, DefaultWithMaxrss) {
  SummaryOptions options;
  options.report_maxrss = true;
  EXPECT_EQ(FormatStderrReport(Values(0, 0.005, 0, 0.0039, 1060864), options, false),
            "      0.0050 real       0.0000 user       0.0039 sys      1060864 maxrss\n");
}

TEST(FormatStderrReportTest, Posix) {
  EXPECT_EQ(FormatStderrReport(Values(0, 0.005, 0, 0.0039), {}, true),
            "real       0.0050\n"
            "user       0.0000\n"
            "sys        0.0039\n");
}

TEST(FormatStderrReportTest, PosixNeverPrintsMaxrss) {
  SummaryOptions options;
  options.report_maxrss = true;
  EXPECT_EQ(FormatStderrReport(Values(0, 1.5, 1.25, 0.125, 1060864), options, true),
            "real       1.5000\n"
            "user       1.2500\n"
            "sys        0.1250\n");
}

TEST(FormatStderrReportTest, CountersAreNotPartOfTheReport) {
  SummaryValues values = Values(0, 0.005, 0, 0.0039);
  values.counters = {{"cycles", 1000, false}};
  EXPECT_EQ(FormatStderrReport(values, {}, false), "      0.0050 real       0.0000 user       0.0039 sys\n");
}

CounterReading Reading(const std::string& event, CounterStatus status, double scaled, bool is_time = false) {
  CounterReading reading;
  reading.event = event;
  reading.status = status;
  reading.scaled = scaled;
  reading.raw = static_cast<uint64_t>(scaled);
  reading.time_enabled = reading.time_running = 100;
  reading.is_time = is_time;
  return reading;
}

Measurement RunWithCounters(std::vector<CounterReading> readings) {
  Measurement run;
  run.exit_code = 3;
  run.real_seconds = 2.0;
  run.user_seconds = 0.5;
  run.sys_seconds = 0.25;
  run.maxrss_bytes = 8192;
  run.counters.backend = "fake";
  run.counters.available = true;
  run.counters.readings = std::move(readings);
  return run;
}

TEST(SummaryValuesOfTest, RusageUserTime) {
  Measurement run = RunWithCounters({Reading("task-clock", CounterStatus::kCounted, 1.2e9, true)});
  SummaryValues values = SummaryValuesOf(run, UserTimeSource::kRusage);
  EXPECT_EQ(values.exit_code, 3);
  EXPECT_DOUBLE_EQ(values.real, 2.0);
  EXPECT_DOUBLE_EQ(values.user, 0.5);
  EXPECT_DOUBLE_EQ(values.sys, 0.25);
  EXPECT_EQ(values.maxrss, 8192u);
}

TEST(SummaryValuesOfTest, TaskClockUserTimeUsesTaskClock) {
  Measurement run = RunWithCounters(
      {Reading("cycles", CounterStatus::kCounted, 5000), Reading("task-clock", CounterStatus::kCounted, 1.2e9, true)});
  SummaryValues values = SummaryValuesOf(run, UserTimeSource::kTaskClock);
  EXPECT_DOUBLE_EQ(values.user, 1.2);
  EXPECT_DOUBLE_EQ(values.sys, 0.25);  // sys stays rusage's
}

TEST(SummaryValuesOfTest, TaskClockUserTimeFallsBackToUserPlusSys) {
  Measurement run = RunWithCounters({Reading("cycles", CounterStatus::kCounted, 5000)});
  EXPECT_DOUBLE_EQ(SummaryValuesOf(run, UserTimeSource::kTaskClock).user, 0.75);
  // A task-clock that was opened but never ran is no reading either.
  Measurement not_counted = RunWithCounters({Reading("task-clock", CounterStatus::kNotCounted, 0, true)});
  EXPECT_DOUBLE_EQ(SummaryValuesOf(not_counted, UserTimeSource::kTaskClock).user, 0.75);
  Measurement no_counters = RunWithCounters({});
  no_counters.counters.available = false;
  EXPECT_DOUBLE_EQ(SummaryValuesOf(no_counters, UserTimeSource::kTaskClock).user, 0.75);
}

TEST(SummaryValuesOfTest, CountersHaveValuesOnly) {
  Measurement run = RunWithCounters({Reading("task-clock", CounterStatus::kCounted, 1.5e9, true),
                                     Reading("instructions", CounterStatus::kNotSupported, 0),
                                     Reading("cycles", CounterStatus::kMultiplexed, 4000),
                                     Reading("branches", CounterStatus::kNotCounted, 0)});
  SummaryValues values = SummaryValuesOf(run, UserTimeSource::kRusage);
  ASSERT_EQ(values.counters.size(), 2u);
  EXPECT_EQ(values.counters[0].name, "task-clock");
  EXPECT_DOUBLE_EQ(values.counters[0].value, 1.5);
  EXPECT_TRUE(values.counters[0].is_time);
  EXPECT_EQ(values.counters[1].name, "cycles");
  EXPECT_DOUBLE_EQ(values.counters[1].value, 4000);
  EXPECT_FALSE(values.counters[1].is_time);
}

TEST(FormatCounterReportTest, StatusesAndValues) {
  CounterResults counters;
  counters.backend = "fake";
  counters.available = true;
  counters.readings.push_back(Reading("task-clock", CounterStatus::kCounted, 1234567, true));
  CounterReading cycles = Reading("cycles", CounterStatus::kMultiplexed, 1000);
  cycles.raw = 500;
  cycles.time_enabled = 200;
  cycles.time_running = 100;
  counters.readings.push_back(cycles);
  counters.readings.push_back(Reading("instructions", CounterStatus::kNotSupported, 0));
  counters.readings.push_back(Reading("branches", CounterStatus::kNotCounted, 0));
  CounterReading faults = Reading("page-faults", CounterStatus::kCounted, 12);
  faults.user_only = true;
  counters.readings.push_back(faults);
  // "%20s  %-24s", then the multiplex share / user-only note, trailing blanks dropped.
  EXPECT_EQ(FormatCounterReport(counters),
            "           1.23 msec  task-clock\n"
            "                1000  cycles                   (50.00%)\n"
            "     <not supported>  instructions\n"
            "       <not counted>  branches\n"
            "                  12  page-faults              (user only)\n");
}

TEST(FormatCounterReportTest, Unavailable) {
  CounterResults counters;
  counters.backend = "none";
  counters.available = false;
  counters.unavailable_reason = "--no-perf";
  EXPECT_EQ(FormatCounterReport(counters), "counters unavailable (none): --no-perf\n");
}

}  // namespace
}  // namespace timeit
