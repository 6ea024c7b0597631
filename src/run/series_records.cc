#include "series_records.h"

#include <fstream>

#include "timeit/base/spellings.h"
#include "timeit/measure/adaptive.h"
#include "timeit/measure/launcher.h"
#include "timeit/stats/statistics.h"

namespace timeit {
namespace {

/// Seconds one read of the clock takes: measured, or with --fake-host the test's
/// clock_latency_ns in its directory, when there is one (no real machine has that file).
double ClockReadSeconds(const RunOptions& options) {
  if (options.fake_host_root) {
    std::ifstream file(options.host_root() / "clock_latency_ns");
    double nanoseconds;
    if (file >> nanoseconds) return nanoseconds * 1e-9;
  }
  return ClockReadLatencyNs() * 1e-9;
}

/// What the series was, for the series record of each results file (without its benchmarks
/// and their warnings, which depend on the file).
SeriesRecord DescribeSeries(const RunOptions& options, const SeriesResult& series, const SeriesJudgement& judgement,
                            const std::optional<Calibration>& calibration) {
  SeriesRecord record;
  record.order = options.series.order;
  record.seed = series.seed;
  record.stopped = series.stopped;
  if (options.series.adaptive) record.target_rmad = options.series.adaptive->target_rmad_percent;
  record.primary_metric = PrimaryMetricOf(series.runs);
  record.cpus = options.child.controls.cpus;
  record.aslr_disabled = options.child.controls.aslr_disabled;
  record.env_offset = options.series.env_offset;
  record.host = judgement.host;
  record.host.calibration = calibration;
  record.load_average_start = judgement.load_start;
  record.load_average_end = record.host.load_average;
  return record;
}

}  // namespace

SeriesJudgement JudgeSeries(const RunOptions& options, const SeriesResult& series,
                            const std::optional<std::array<double, 3>>& load_start) {
  SeriesJudgement judgement;
  judgement.host = CollectHostInfo(options.host_root());
  judgement.load_start = load_start;
  MachineConditions machine;
  machine.cpu_governor = judgement.host.cpu_governor;
  machine.cpu_count = judgement.host.cpu_count;
  machine.load_start = load_start;
  machine.load_end = judgement.host.load_average;
  machine.clock_latency_seconds = ClockReadSeconds(options);
  judgement.warnings = SeriesWarnings(series.runs, machine);
  return judgement;
}

std::optional<int> AddSeriesRecords(const RunOptions& options, const SeriesResult& series,
                                    const SeriesJudgement& judgement,
                                    const std::map<std::string, ResultsFileState>& files, ResultsSink& sink,
                                    ResultWriter& writer, Reporter& reporter,
                                    const std::optional<Calibration>& calibration) {
  bool told_to_stop = SignalScope::ReceivedSignal().has_value();
  // A signal while waiting for a lock ends the wait rather than timeit.
  SignalScope signals;
  const SeriesRecord described = DescribeSeries(options, series, judgement, calibration);
  for (const auto& [path, state] : files) {
    if (!state.saving || !state.written) continue;
    SeriesRecord record = described;
    for (size_t i = 0; i < options.commands.size(); ++i) {
      if (options.commands[i].json_path != path) continue;
      PrimaryValues primary = PrimaryValuesOf(series.runs[i], record.primary_metric);
      record.benchmarks.push_back(
          {options.commands[i].name, series.runs[i].size(), stats::RelativeMad(primary.values)});
    }
    for (const SeriesWarning& warning : judgement.warnings) {
      if (warning.command && options.commands[*warning.command].json_path != path) continue;
      std::optional<std::string> benchmark;
      if (warning.command) benchmark = options.commands[*warning.command].name;
      record.warnings.push_back(
          {benchmark, std::string(SpellingOf(kWarningKindSpellings, warning.kind)), warning.message});
    }
    writer.Write([&] {
      try {
        sink.AddSeriesRecord(path, record, LockWaitOf(options));
      } catch (const Error& error) {
        if (!told_to_stop && !SignalScope::ReceivedSignal()) throw;
        reporter.Line() << "note: no series record was added to '" << path << "': " << error.what() << "\n";
      }
    });
  }
  if (told_to_stop) return std::nullopt;  // said by the caller already
  return SignalScope::ReceivedSignal();
}

}  // namespace timeit
