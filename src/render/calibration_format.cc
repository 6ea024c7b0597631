#include "timeit/render/calibration_format.h"

#include "timeit/base/text_format.h"

namespace timeit {
namespace {

std::string FormatMetricValue(double value, MetricUnit unit) {
  if (unit == MetricUnit::kSeconds) return StringPrintf("%.1f µs", value * 1e6);
  return StringPrintf("%.0f", value);
}

std::string FormatProgram(const ProgramOverhead& program) {
  std::string where = program.path.empty() || program.path == program.label ? "" : program.path + ", ";
  std::string text = "  " + program.label;
  if (program.runs > 0) {
    text += " (" + where + std::to_string(program.runs) + " runs";
    if (program.failed > 0) text += ", " + std::to_string(program.failed) + " failed";
    text += ")";
  }
  if (!program.problem.empty()) text += ": " + program.problem;
  text += "\n";
  if (program.runs == program.failed) return text;  // nothing measured to show
  int successful = program.runs - program.failed;
  for (const OverheadMetric& metric : program.metrics) {
    text += StringPrintf("    %-13s ", metric.name.c_str());
    if (metric.n == 0) {
      text += metric.absent + "\n";
      continue;
    }
    text += "median " + FormatMetricValue(metric.median, metric.unit) + ", MAD " +
            FormatMetricValue(metric.mad, metric.unit);
    if (metric.n < successful) text += StringPrintf(" (%d of %d runs)", metric.n, successful);
    text += "\n";
  }
  return text;
}

// The hint closing the report, from the program with the least to do: timeit-noop where it
// was measured, else /bin/true.
std::string FormatHint(const Calibration& calibration) {
  const ProgramOverhead* floor = nullptr;
  for (const ProgramOverhead& program : calibration.overhead) {
    if (program.runs > program.failed) floor = &program;  // the later one is the no-op
  }
  if (!floor) return "";
  std::string medians;
  for (const OverheadMetric& metric : floor->metrics) {
    if (metric.n == 0 || metric.unit != MetricUnit::kSeconds) continue;
    medians +=
        StringPrintf("%s%s %.1f ms", medians.empty() ? "" : ", ", metric.name.c_str(), 100 * metric.median * 1e3);
  }
  return "timeit's own overhead is more than 1% of a run shorter than 100 times " + floor->label + "'s: " + medians +
         "\n";
}

}  // namespace

std::string FormatCalibration(const Calibration& calibration) {
  const ClockLatency& latency = calibration.read_latency;
  std::string text = "clock: " + calibration.clock;
  if (calibration.clock_source) text += " (clock source " + *calibration.clock_source + ")";
  text += "\n";
  text += StringPrintf("  resolution    %.0f ns\n", calibration.resolution_ns);
  text += StringPrintf(
      "  read latency  median %.1f ns, MAD %.1f ns, min %.1f ns, max %.1f ns (%d batches of %d reads)\n",
      latency.median_ns, latency.mad_ns, latency.min_ns, latency.max_ns, latency.batches, latency.reads_per_batch);
  text += "overhead: what timeit reports for a program that does nothing";
  if (calibration.warmup_runs > 0) {
    text +=
        StringPrintf(" (after %d warmup run%s each)", calibration.warmup_runs, calibration.warmup_runs == 1 ? "" : "s");
  }
  text += "\n";
  for (const ProgramOverhead& program : calibration.overhead) text += FormatProgram(program);
  if (calibration.interrupted_by) {
    text += StringPrintf("calibration interrupted (signal %d)\n", *calibration.interrupted_by);
  } else {
    text += FormatHint(calibration);
  }
  return text;
}

}  // namespace timeit
