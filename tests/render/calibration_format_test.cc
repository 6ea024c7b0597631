#include "timeit/render/calibration_format.h"

#include <gtest/gtest.h>

namespace timeit {
namespace {

OverheadMetric Metric(const std::string& name, MetricUnit unit, int n, double median, double mad) {
  OverheadMetric metric;
  metric.name = name;
  metric.unit = unit;
  metric.n = n;
  metric.median = median;
  metric.mad = mad;
  return metric;
}

OverheadMetric Absent(const std::string& name, MetricUnit unit, const std::string& why) {
  OverheadMetric metric = Metric(name, unit, 0, 0, 0);
  metric.absent = why;
  return metric;
}

Calibration SampleCalibration() {
  Calibration calibration;
  calibration.clock_source = "kvm-clock";
  calibration.resolution_ns = 1;
  calibration.read_latency = {200, 1000, 21.34, 0.12, 20.81, 48.2};
  calibration.warmup_runs = 1;
  ProgramOverhead true_overhead{"/bin/true", "/bin/true", "", 20, 0, {}};
  true_overhead.metrics = {Metric("real", MetricUnit::kSeconds, 20, 812.44e-6, 30.06e-6),
                           Metric("task-clock", MetricUnit::kSeconds, 20, 402e-6, 10.2e-6),
                           Absent("instructions", MetricUnit::kCount, "not supported here")};
  ProgramOverhead noop{"timeit-noop", "/opt/timeit/libexec/timeit/timeit-noop", "", 20, 2, {}};
  noop.metrics = {Metric("real", MetricUnit::kSeconds, 18, 612.4e-6, 21e-6),
                  Metric("task-clock:u", MetricUnit::kSeconds, 17, 201.96e-6, 5e-6),
                  Metric("instructions:u", MetricUnit::kCount, 18, 10234, 3)};
  calibration.overhead = {true_overhead, noop};
  return calibration;
}

TEST(FormatCalibrationTest, ClockThenEachProgramThenTheHint) {
  EXPECT_EQ(FormatCalibration(SampleCalibration()),
            "clock: CLOCK_MONOTONIC (clock source kvm-clock)\n"
            "  resolution    1 ns\n"
            "  read latency  median 21.3 ns, MAD 0.1 ns, min 20.8 ns, max 48.2 ns (200 batches of 1000 reads)\n"
            "overhead: what timeit reports for a program that does nothing (after 1 warmup run each)\n"
            "  /bin/true (20 runs)\n"
            "    real          median 812.4 µs, MAD 30.1 µs\n"
            "    task-clock    median 402.0 µs, MAD 10.2 µs\n"
            "    instructions  not supported here\n"
            "  timeit-noop (/opt/timeit/libexec/timeit/timeit-noop, 20 runs, 2 failed)\n"
            "    real          median 612.4 µs, MAD 21.0 µs\n"
            "    task-clock:u  median 202.0 µs, MAD 5.0 µs (17 of 18 runs)\n"
            "    instructions:u median 10234, MAD 3\n"
            "timeit's own overhead is more than 1% of a run shorter than 100 times timeit-noop's: real 61.2 ms, "
            "task-clock:u 20.2 ms\n");
}

TEST(FormatCalibrationTest, ProblemsUnknownClockSourceAndNoWarmup) {
  Calibration calibration = SampleCalibration();
  calibration.clock_source.reset();
  calibration.warmup_runs = 0;
  calibration.overhead[1] = {"timeit-noop", "", "not found (looked for /a/timeit-noop)", 0, 0, {}};
  calibration.overhead[0].metrics[1] =
      Absent("task-clock", MetricUnit::kSeconds, "perf events unavailable (disabled by --no-perf)");
  std::string text = FormatCalibration(calibration);
  EXPECT_EQ(text.substr(0, text.find('\n')), "clock: CLOCK_MONOTONIC");
  EXPECT_NE(text.find("overhead: what timeit reports for a program that does nothing\n"), std::string::npos) << text;
  EXPECT_NE(text.find("    task-clock    perf events unavailable (disabled by --no-perf)\n"), std::string::npos)
      << text;
  EXPECT_NE(
      text.find("\n  timeit-noop: not found (looked for /a/timeit-noop)\n"
                "timeit's own overhead is more than 1% of a run shorter than 100 times /bin/true's: real 81.2 ms\n"),
      std::string::npos)
      << text;
}

TEST(FormatCalibrationTest, EveryRunFailedShowsNoFigures) {
  Calibration calibration = SampleCalibration();
  calibration.overhead.resize(1);
  calibration.overhead[0] = {"/bin/true", "/bin/true", "every run failed (exit 127)", 20, 20, {}};
  calibration.overhead[0].metrics = {Absent("real", MetricUnit::kSeconds, "no successful run")};
  std::string text = FormatCalibration(calibration);
  EXPECT_NE(text.find("\n  /bin/true (20 runs, 20 failed): every run failed (exit 127)\n"), std::string::npos) << text;
  EXPECT_EQ(text.find("real"), std::string::npos) << text;
  EXPECT_EQ(text.find("overhead is more than"), std::string::npos) << text;
}

TEST(FormatCalibrationTest, InterruptedSaysSoInsteadOfTheHint) {
  Calibration calibration = SampleCalibration();
  calibration.interrupted_by = 2;
  std::string text = FormatCalibration(calibration);
  EXPECT_EQ(text.substr(text.rfind('\n', text.size() - 2) + 1), "calibration interrupted (signal 2)\n");
}

}  // namespace
}  // namespace timeit
