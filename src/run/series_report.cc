#include "series_report.h"

#include <cmath>

#include "timeit/base/text_format.h"
#include "timeit/base/utf8.h"
#include "timeit/formats/summary/summary_writer.h"
#include "timeit/measure/adaptive.h"
#include "timeit/measure/host_info.h"
#include "timeit/render/histogram_text.h"
#include "timeit/render/run_table.h"
#include "timeit/stats/statistics.h"
#include "timeit/sys/file_io.h"

namespace timeit {
namespace {

void ReportVerbose(Reporter& reporter, const Measurement& run) {
  reporter.messages() << FormatCounterReport(run.counters);
  if (!run.counters.available) {
    reporter.Line() << "note: perf events unavailable (" << run.counters.unavailable_reason
                    << "); measured with wait4 rusage and the monotonic clock only\n";
    return;
  }
  bool any_unsupported = false;
  for (const CounterReading& reading : run.counters.readings) {
    any_unsupported |= reading.status == CounterStatus::kNotSupported;
  }
  if (any_unsupported && !HasCorePmu(KernelPmus())) {
    reporter.Line() << "note: this machine exposes no hardware PMU (none in /sys/bus/event_source/devices, "
                       "as in most VMs), so hardware events are not supported\n";
  }
}

/// The figures the summary shows: the aggregate of the runs that succeeded (failed runs say
/// nothing about the program's speed), of all runs when none did, of the last warmup when
/// no measured run was made; and the series' exit code.
SummaryValues SummarizeSeries(const RunOptions& options, const SeriesResult& series,
                              const std::optional<Measurement>& last_warmup) {
  UserTimeSource user_time = options.summary.user_time;
  std::vector<SummaryValues> per_run;
  const std::vector<Measurement>& runs = series.runs.front();
  for (const Measurement& run : runs) {
    if (run.succeeded()) per_run.push_back(SummaryValuesOf(run, user_time));
  }
  if (per_run.empty()) {
    for (const Measurement& run : runs) per_run.push_back(SummaryValuesOf(run, user_time));
  }
  if (per_run.empty() && last_warmup) per_run.push_back(SummaryValuesOf(*last_warmup, user_time));
  SummaryValues values = AggregateSummaries(per_run, options.aggregate);
  values.exit_code = series.exit_code;
  return values;
}

/// The run table of each command, under a line saying what it holds.
void ReportRunTables(const RunOptions& options, Reporter& reporter, const SeriesResult& series) {
  const SeriesPlan& plan = options.series;
  std::ostream& out = reporter.messages();
  if (options.commands.size() > 1) {
    reporter.Line() << options.commands.size() << " commands, ";
    if (plan.order == RunOrder::kSequential) {
      out << "one after the other (--order sequential)";
    } else {
      out << "interleaved (--order " << SpellingOf(kRunOrderSpellings, plan.order);
      if (plan.order == RunOrder::kRandom) out << ", --seed " << series.seed;
      out << ")";
    }
    out << "\n";
  }
  PrimaryMetric metric = PrimaryMetricOf(series.runs);
  for (size_t i = 0; i < options.commands.size(); ++i) {
    const BenchmarkCommand& command = options.commands[i];
    std::string line = JoinWords(command.argv);
    size_t runs = series.runs[i].size();
    reporter.Line() << runs << (runs == 1 ? " run" : " runs") << " of '" << EscapeForDisplay(line) << "'";
    if (command.name != line) out << " (" << EscapeForDisplay(command.name) << ")";
    int warmups = plan.warmup_runs;
    if (warmups > 0) out << " after " << warmups << " warmup run" << (warmups == 1 ? "" : "s");
    out << "\n" << FormatRunTable(series.runs[i]);
    // The distribution of the primary metric, to see at a glance a second mode or a tail.
    PrimaryValues primary = PrimaryValuesOf(series.runs[i], metric);
    if (primary.values.size() >= 2) {
      out << FormatHistogram(MetricLabel(SpellingOf(kPrimaryMetricSpellings, metric), MetricUnit::kSeconds),
                             primary.values, MetricUnit::kSeconds, HistogramBins(primary.values.size()));
    }
  }
}

/// With --target-rmad: whether the target was met, why the series stopped, and the relative
/// MAD each command reached, in one line.
std::string AdaptiveOutcome(const RunOptions& options, const std::string& program_name, const SeriesResult& series) {
  const AdaptivePlan& plan = *options.series.adaptive;
  std::string line = program_name + ": --target-rmad " + ShortestDecimal(plan.target_rmad_percent) + "%: ";
  bool each = options.commands.size() > 1;
  std::string runs = std::to_string(series.runs.front().size()) + (series.runs.front().size() == 1 ? " run" : " runs") +
                     (each ? " each" : "");
  switch (series.stopped) {
    case SeriesStop::kTargetMet:
      line += "met after " + runs;
      break;
    case SeriesStop::kMaxRuns:
      line += "not met in --max-runs " + std::to_string(plan.max_runs);
      break;
    case SeriesStop::kMaxTime:
      line += "not met after " + runs + ": another round would have gone past --max-time " +
              ShortestDecimal(plan.max_seconds) + " s";
      break;
    case SeriesStop::kFailure:
    case SeriesStop::kPlanned:
      line += "not met: a run failed";
      break;
    case SeriesStop::kInterrupted:
      line += "not met: interrupted";
      break;
  }
  PrimaryMetric metric = PrimaryMetricOf(series.runs);
  line += " (" + std::string(SpellingOf(kPrimaryMetricSpellings, metric)) + " rMAD" + (each ? ":" : "");
  for (size_t i = 0; i < options.commands.size(); ++i) {
    double rmad = stats::RelativeMad(PrimaryValuesOf(series.runs[i], metric).values);
    line += (i == 0 ? " " : ", ") + (each ? EscapeForDisplay(options.commands[i].name) + " " : "") +
            (std::isnan(rmad) ? "-" : StringPrintf("%.2f%%", rmad));
  }
  return line + ")";
}

}  // namespace

void ReportRun(const RunOptions& options, Reporter& reporter, const std::vector<std::string>& argv,
               const Measurement& run) {
  if (run.failure == LaunchFailure::kInterrupted) return;  // said once, when the series ends
  if (run.interrupted_by) {
    reporter.Line() << "error: received signal " << *run.interrupted_by
                    << ". killing monitored process(es): " << EscapeForDisplay(JoinWords(argv)) << "\n";
  }
  if (run.timed_out) reporter.Line() << "TIMING OUT PROCESS: " << EscapeForDisplay(argv[0]) << "\n";
  if (!run.failure_message.empty()) reporter.PrintError(run.failure_message);
  if (run.term_signal) reporter.Line() << "error: child terminated by signal " << *run.term_signal << "\n";
  if (options.verbose) ReportVerbose(reporter, run);
}

size_t MeasuredRuns(const SeriesResult& series) {
  size_t runs = 0;
  for (const std::vector<Measurement>& command_runs : series.runs) runs += command_runs.size();
  return runs;
}

std::optional<std::string> WarmupStopMessage(const RunOptions& options, const std::string& program_name,
                                             const SeriesResult& series, const SeriesEvents& events) {
  if (!series.stopped_early || MeasuredRuns(series) > 0 || !events.last_warmup) return std::nullopt;
  const Measurement& run = *events.last_warmup;
  std::string what;
  if (run.interrupted_by) {
    what = "was interrupted (signal " + std::to_string(*run.interrupted_by) + ")";
  } else if (run.timed_out) {
    what = "timed out";
  } else if (run.term_signal) {
    what = "was killed by signal " + std::to_string(*run.term_signal);
  } else if (run.failure != LaunchFailure::kNone) {
    what = "could not be started (exit " + std::to_string(run.exit_code) + ")";
  } else {
    what = "failed (exit " + std::to_string(run.exit_code) + ")";
  }
  std::string message = program_name + ": warmup run " + std::to_string(events.last_warmup_slot.index + 1) + " of " +
                        std::to_string(options.series.warmup_runs);
  if (options.commands.size() > 1) message += " of '" + options.commands[events.last_warmup_slot.command].name + "'";
  message += " " + what + "; no measured run was made";
  // An interrupt ends every series; only a failure can be gone past.
  if (!run.interrupted_by) message += " (--ignore-failure keeps going)";
  return message;
}

void WriteSummary(const RunOptions& options, Reporter& reporter, const SeriesResult& series,
                  const std::optional<Measurement>& last_warmup, ResultWriter& writer, bool stopped_in_warmup) {
  const SeriesPlan& plan = options.series;
  bool one_run = options.commands.size() == 1 && (options.posix || (!plan.adaptive && plan.measured_runs == 1));
  if (options.summary_path || one_run) {
    SummaryValues values = SummarizeSeries(options, series, last_warmup);
    if (options.summary_path) {
      // Replaced whole, as timeit-lnt -o writes: a full disk leaves the last summary, not an
      // empty or cut one, and a link or the file's mode stays as it was.
      writer.Write([&] { ReplaceFile(*options.summary_path, FormatSummary(values, options.summary)); });
    } else {
      reporter.messages() << FormatStderrReport(values, options.summary, options.posix);
    }
  } else if (!stopped_in_warmup) {  // a table of no runs says nothing
    ReportRunTables(options, reporter, series);
  }
  if (plan.adaptive && !options.summary_path && !stopped_in_warmup) {
    reporter.messages() << AdaptiveOutcome(options, reporter.program_name(), series) << "\n";
  }
}

void ReportWarnings(const RunOptions& options, Reporter& reporter, const std::vector<SeriesWarning>& warnings) {
  for (const SeriesWarning& warning : warnings) {
    std::ostream& out = reporter.Line() << "warning: ";
    if (warning.command && options.commands.size() > 1) {
      out << EscapeForDisplay(options.commands[*warning.command].name) << ": ";
    }
    out << EscapeForDisplay(warning.message) << "\n";
  }
}

}  // namespace timeit
