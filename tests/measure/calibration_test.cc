#include "timeit/measure/calibration.h"

#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>

#include "counter_readings.h"

namespace timeit {
namespace {

using testing::Reading;

// --- The clock: the pure summary of batches, then the real clock. ---------------------

TEST(SummarizeClockBatchesTest, PerReadLatencyOfEachBatchThenItsSpread) {
  // Batches of 100 reads: per read 20, 21, 22, 25, 60 ns. Median 22; deviations 2, 1, 0, 3,
  // 38 -> MAD 2.
  std::vector<double> batches = {2100, 2000, 6000, 2500, 2200};
  ClockLatency latency = SummarizeClockBatches(batches, 100);
  EXPECT_EQ(latency.batches, 5);
  EXPECT_EQ(latency.reads_per_batch, 100);
  EXPECT_DOUBLE_EQ(latency.median_ns, 22);
  EXPECT_DOUBLE_EQ(latency.mad_ns, 2);
  EXPECT_DOUBLE_EQ(latency.min_ns, 20);
  EXPECT_DOUBLE_EQ(latency.max_ns, 60);
}

TEST(SummarizeClockBatchesTest, EvenCountAveragesTheMiddleTwo) {
  std::vector<double> batches = {10, 30, 20, 40};  // one read each
  ClockLatency latency = SummarizeClockBatches(batches, 1);
  EXPECT_DOUBLE_EQ(latency.median_ns, 25);
  EXPECT_DOUBLE_EQ(latency.mad_ns, 10);  // deviations 15, 5, 5, 15
}

TEST(SummarizeClockBatchesTest, NoBatchesIsAllZero) {
  ClockLatency latency = SummarizeClockBatches({}, 1000);
  EXPECT_EQ(latency.batches, 0);
  EXPECT_EQ(latency.reads_per_batch, 1000);
  EXPECT_EQ(latency.median_ns, 0);
  EXPECT_EQ(latency.max_ns, 0);
}

TEST(ClockTest, ResolutionAndLatencyArePositive) {
  EXPECT_GT(ClockResolutionNs(), 0);
  std::vector<double> batches = TimeClockBatches(3, 10);
  ASSERT_EQ(batches.size(), 3u);
  for (double batch : batches) EXPECT_GT(batch, 0);
  EXPECT_GT(ClockReadLatencyNs(), 0);
}

// What a series may call at its start: it must not cost a noticeable part of a run. A
// loose bound (10 ms, ten times the documented worst case) so a loaded machine passes.
TEST(ClockTest, ReadLatencyEstimateIsCheap) {
  auto start = std::chrono::steady_clock::now();
  ClockReadLatencyNs();
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(10));
}

TEST(NoopProgramTest, BesideTheBinaryThenInLibexec) {
  EXPECT_EQ(NoopProgramCandidates("/opt/x/bin/timeit"),
            (std::vector<std::string>{"/opt/x/bin/timeit-noop", "/opt/x/bin/../libexec/timeit/timeit-noop"}));
  EXPECT_EQ(NoopProgramCandidates("timeit"),
            (std::vector<std::string>{"./timeit-noop", "./../libexec/timeit/timeit-noop"}));
}

// --- The overhead of a program, from its runs. -----------------------------------------

Measurement NoopRun(double real, double task_clock_ns, double instructions) {
  Measurement run;
  run.real_seconds = real;
  run.counters.backend = "fake";
  run.counters.available = true;
  run.counters.readings = {
      Reading("task-clock", CounterStatus::kCounted, 0, 1, 1, task_clock_ns, true),
      Reading("instructions", CounterStatus::kCounted, 0, 1, 1, instructions),
  };
  return run;
}

const OverheadMetric& MetricNamed(const ProgramOverhead& overhead, const std::string& name) {
  for (const OverheadMetric& metric : overhead.metrics) {
    if (metric.name == name) return metric;
  }
  throw std::runtime_error("no metric " + name);
}

TEST(SummarizeOverheadTest, MedianAndMadOfEachMetric) {
  std::vector<Measurement> runs = {NoopRun(0.001, 400e3, 1000), NoopRun(0.003, 600e3, 1001),
                                   NoopRun(0.002, 500e3, 1003)};
  ProgramOverhead overhead = SummarizeOverhead("timeit-noop", "/x/timeit-noop", runs);
  EXPECT_EQ(overhead.label, "timeit-noop");
  EXPECT_EQ(overhead.path, "/x/timeit-noop");
  EXPECT_EQ(overhead.runs, 3);
  EXPECT_EQ(overhead.failed, 0);
  EXPECT_EQ(overhead.problem, "");
  ASSERT_EQ(overhead.metrics.size(), 3u);
  EXPECT_EQ(overhead.metrics[0].name, "real");
  EXPECT_EQ(overhead.metrics[0].n, 3);
  EXPECT_DOUBLE_EQ(overhead.metrics[0].median, 0.002);
  EXPECT_DOUBLE_EQ(overhead.metrics[0].mad, 0.001);
  EXPECT_EQ(overhead.metrics[1].name, "task-clock");
  EXPECT_EQ(overhead.metrics[1].unit, MetricUnit::kSeconds);
  EXPECT_DOUBLE_EQ(overhead.metrics[1].median, 500e-6);
  EXPECT_NEAR(overhead.metrics[1].mad, 100e-6, 1e-15);  // 600e-6 - 500e-6 is not exactly 1e-4
  EXPECT_EQ(overhead.metrics[2].name, "instructions");
  EXPECT_EQ(overhead.metrics[2].unit, MetricUnit::kCount);
  EXPECT_DOUBLE_EQ(overhead.metrics[2].median, 1001);
  EXPECT_DOUBLE_EQ(overhead.metrics[2].mad, 1);
  EXPECT_EQ(overhead.metrics[2].absent, "");
}

TEST(SummarizeOverheadTest, EventsKeepTheSpellingTheyWereCountedUnder) {
  Measurement run = NoopRun(0.001, 1e3, 10);
  run.counters.readings[0].event = "task-clock:u";
  run.counters.readings[1].event = "perf::INSTRUCTIONS";
  run.counters.readings.insert(run.counters.readings.begin(),
                               Reading("branch-instructions", CounterStatus::kCounted, 0, 1, 1, 99));
  ProgramOverhead overhead = SummarizeOverhead("/bin/true", "/bin/true", std::vector<Measurement>{run});
  EXPECT_DOUBLE_EQ(MetricNamed(overhead, "task-clock:u").median, 1e-6);
  EXPECT_DOUBLE_EQ(MetricNamed(overhead, "perf::INSTRUCTIONS").median, 10);
}

TEST(SummarizeOverheadTest, WhyAMetricIsAbsent) {
  Measurement unsupported = NoopRun(0.001, 1e3, 0);
  unsupported.counters.readings[1].status = CounterStatus::kNotSupported;
  Measurement not_counted = NoopRun(0.001, 1e3, 0);
  not_counted.counters.readings[1].status = CounterStatus::kNotCounted;
  Measurement not_requested = NoopRun(0.001, 1e3, 0);
  not_requested.counters.readings.pop_back();
  Measurement unavailable;
  unavailable.real_seconds = 0.001;
  unavailable.counters.backend = "none";
  unavailable.counters.unavailable_reason = "disabled by --no-perf";

  auto instructions = [](const Measurement& run) {
    return SummarizeOverhead("/bin/true", "/bin/true", std::vector<Measurement>{run}).metrics[2];
  };
  EXPECT_EQ(instructions(unsupported).absent, "not supported here");
  EXPECT_EQ(instructions(unsupported).n, 0);
  EXPECT_EQ(instructions(not_counted).absent, "not counted (the event never ran)");
  EXPECT_EQ(instructions(not_requested).absent, "not among the events counted (-e)");
  EXPECT_EQ(instructions(not_requested).name, "instructions");
  EXPECT_EQ(instructions(unavailable).absent, "perf events unavailable (disabled by --no-perf)");
  ProgramOverhead none = SummarizeOverhead("/bin/true", "/bin/true", std::vector<Measurement>{unavailable});
  EXPECT_EQ(none.metrics[1].name, "task-clock");
  EXPECT_EQ(none.metrics[1].absent, "perf events unavailable (disabled by --no-perf)");
  EXPECT_EQ(none.metrics[0].n, 1);  // real is always measured
}

TEST(SummarizeOverheadTest, FailedRunsAreCountedNotAveraged) {
  Measurement failed = NoopRun(9, 9e9, 9);
  failed.exit_code = 1;
  std::vector<Measurement> runs = {NoopRun(0.001, 1e3, 10), failed, NoopRun(0.003, 3e3, 30)};
  ProgramOverhead overhead = SummarizeOverhead("/bin/true", "/bin/true", runs);
  EXPECT_EQ(overhead.runs, 3);
  EXPECT_EQ(overhead.failed, 1);
  EXPECT_EQ(overhead.problem, "");
  EXPECT_EQ(overhead.metrics[0].n, 2);
  EXPECT_DOUBLE_EQ(overhead.metrics[0].median, 0.002);
  EXPECT_DOUBLE_EQ(overhead.metrics[2].median, 20);
}

TEST(SummarizeOverheadTest, EveryRunFailedSaysHow) {
  Measurement missing;
  missing.exit_code = 127;
  missing.failure = LaunchFailure::kExec;
  missing.failure_message = "execvp: No such file or directory";
  ProgramOverhead overhead = SummarizeOverhead("/bin/true", "/bin/true", std::vector<Measurement>{missing, missing});
  EXPECT_EQ(overhead.failed, 2);
  EXPECT_EQ(overhead.problem, "every run failed (exit 127: execvp: No such file or directory)");
  for (const OverheadMetric& metric : overhead.metrics) EXPECT_EQ(metric.n, 0) << metric.name;
  EXPECT_EQ(overhead.metrics[0].absent, "no successful run");
}

// --- Calibrate, with a scripted launcher: no process is started. -----------------------

class CalibrateTest : public ::testing::Test {
 protected:
  CalibrateTest() {
    plan_.clock_batches = 4;
    plan_.reads_per_batch = 10;
    plan_.warmup_runs = 1;
    plan_.runs = 3;
    plan_.noop_path = "/x/timeit-noop";
  }
  Calibration Calibrate(std::vector<Measurement> script) {
    script_ = std::move(script);
    Launcher launch = [this](const ChildSpec& spec, CounterBackend&) {
      launched_.push_back(spec.argv);
      if (launched_.size() > script_.size()) {
        ADD_FAILURE() << "more runs than the " << script_.size() << " scripted";
        return NoopRun(0, 0, 0);
      }
      return script_[launched_.size() - 1];
    };
    return timeit::Calibrate(plan_, spec_, *counters_, launch);
  }
  CalibrationPlan plan_;
  ChildSpec spec_;
  std::unique_ptr<CounterBackend> counters_ = MakeNoCounterBackend("test");
  std::vector<Measurement> script_;
  std::vector<std::vector<std::string>> launched_;
};

TEST_F(CalibrateTest, ClockThenEachProgramAfterItsWarmups) {
  // True's warmup is slow and not counted; then three runs; the same for the no-op.
  Calibration calibration =
      Calibrate({NoopRun(1, 0, 0), NoopRun(0.002, 0, 0), NoopRun(0.001, 0, 0), NoopRun(0.003, 0, 0), NoopRun(1, 0, 0),
                 NoopRun(0.0005, 0, 0), NoopRun(0.0005, 0, 0), NoopRun(0.0006, 0, 0)});
  using Argv = std::vector<std::string>;
  EXPECT_EQ(launched_, (std::vector<Argv>{Argv{"/bin/true"}, Argv{"/bin/true"}, Argv{"/bin/true"}, Argv{"/bin/true"},
                                          Argv{"/x/timeit-noop"}, Argv{"/x/timeit-noop"}, Argv{"/x/timeit-noop"},
                                          Argv{"/x/timeit-noop"}}));
  EXPECT_EQ(calibration.clock, "CLOCK_MONOTONIC");
  EXPECT_GT(calibration.resolution_ns, 0);
  EXPECT_EQ(calibration.read_latency.batches, 4);
  EXPECT_EQ(calibration.read_latency.reads_per_batch, 10);
  EXPECT_GT(calibration.read_latency.median_ns, 0);
  EXPECT_EQ(calibration.warmup_runs, 1);
  EXPECT_EQ(calibration.interrupted_by, std::nullopt);
  ASSERT_EQ(calibration.overhead.size(), 2u);
  EXPECT_EQ(calibration.overhead[0].label, "/bin/true");
  EXPECT_EQ(calibration.overhead[0].runs, 3);
  EXPECT_DOUBLE_EQ(calibration.overhead[0].metrics[0].median, 0.002);
  EXPECT_EQ(calibration.overhead[1].label, "timeit-noop");
  EXPECT_EQ(calibration.overhead[1].path, "/x/timeit-noop");
  EXPECT_DOUBLE_EQ(calibration.overhead[1].metrics[0].median, 0.0005);
}

TEST_F(CalibrateTest, AMissingNoopIsReportedAndTrueStillMeasured) {
  plan_.noop_path.reset();
  plan_.noop_looked_in = {"/a/timeit-noop", "/b/timeit-noop"};
  Calibration calibration =
      Calibrate({NoopRun(0, 0, 0), NoopRun(0.001, 0, 0), NoopRun(0.001, 0, 0), NoopRun(0.001, 0, 0)});
  EXPECT_EQ(launched_.size(), 4u);
  ASSERT_EQ(calibration.overhead.size(), 2u);
  EXPECT_EQ(calibration.overhead[0].metrics[0].n, 3);
  EXPECT_EQ(calibration.overhead[1].label, "timeit-noop");
  EXPECT_EQ(calibration.overhead[1].path, "");
  EXPECT_EQ(calibration.overhead[1].runs, 0);
  EXPECT_EQ(calibration.overhead[1].problem, "not found (looked for /a/timeit-noop, /b/timeit-noop)");
}

TEST_F(CalibrateTest, AFailingRunDoesNotStopTheOthers) {
  Measurement failed = NoopRun(0, 0, 0);
  failed.exit_code = 1;
  Calibration calibration =
      Calibrate({NoopRun(0, 0, 0), failed, NoopRun(0.001, 0, 0), NoopRun(0.001, 0, 0), NoopRun(0, 0, 0),
                 NoopRun(0.001, 0, 0), NoopRun(0.001, 0, 0), NoopRun(0.001, 0, 0)});
  EXPECT_EQ(launched_.size(), 8u);
  EXPECT_EQ(calibration.overhead[0].failed, 1);
  EXPECT_EQ(calibration.overhead[1].failed, 0);
}

// Ctrl-C during the calibration stops it: the no-op is never run, and the caller learns the
// signal (the command it would run next must not start).
TEST_F(CalibrateTest, AnInterruptStopsIt) {
  Measurement interrupted = NoopRun(0, 0, 0);
  interrupted.exit_code = 128 + SIGKILL;
  interrupted.term_signal = SIGKILL;
  interrupted.interrupted_by = SIGINT;
  Calibration calibration = Calibrate({NoopRun(0, 0, 0), NoopRun(0.001, 0, 0), interrupted});
  EXPECT_EQ(launched_.size(), 3u);
  EXPECT_EQ(calibration.interrupted_by, SIGINT);
  ASSERT_EQ(calibration.overhead.size(), 1u);
  EXPECT_EQ(calibration.overhead[0].runs, 2);
  EXPECT_EQ(calibration.overhead[0].problem, "interrupted after 2 of 3 runs (signal 2)");
}

// The same for a signal that arrives between two programs' series, when no run is there to
// be killed: the calibration's own signal scope keeps it.
TEST_F(CalibrateTest, ASignalBetweenProgramsStopsIt) {
  std::vector<Measurement> script = {NoopRun(0, 0, 0), NoopRun(0.001, 0, 0), NoopRun(0.001, 0, 0),
                                     NoopRun(0.001, 0, 0)};
  size_t launches = 0;
  Launcher launch = [&](const ChildSpec&, CounterBackend&) {
    Measurement run = script.at(launches++);
    if (launches == script.size()) ::raise(SIGTERM);  // caught by the scope; the run had ended
    return run;
  };
  Calibration calibration = timeit::Calibrate(plan_, spec_, *counters_, launch);
  EXPECT_EQ(launches, 4u);
  EXPECT_EQ(calibration.interrupted_by, SIGTERM);
  EXPECT_EQ(calibration.overhead.size(), 1u);
  SignalScope forget;  // a new outermost scope forgets the signal, for the tests after this one
}

}  // namespace
}  // namespace timeit
