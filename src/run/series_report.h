#pragma once

#include <optional>
#include <string>
#include <vector>

#include "saving.h"
#include "timeit/measure/measurement.h"
#include "timeit/measure/series.h"
#include "timeit/measure/series_warnings.h"
#include "timeit/run/reporter.h"
#include "timeit/run/run_options.h"

/// What timeit says about a series on its messages (stderr) and in the summary file.
namespace timeit {

/// What the series said besides its runs.
struct SeriesEvents {
  /// The signal that stopped the series before a run could start (a series can go on to
  /// report the runs made before it).
  std::optional<int> interrupted_before_start;
  /// The signal that ended a wait for the results file's lock, losing that run's save.
  std::optional<int> save_interrupted_by;
  /// The last warmup, which stands in for the series when it failed before any measured run,
  /// and where it stood.
  std::optional<Measurement> last_warmup;
  RunSlot last_warmup_slot;
};

/// The messages about one run of `argv`, as tools/timeit.c prints them, as soon as it ends.
void ReportRun(const RunOptions& options, Reporter& reporter, const std::vector<std::string>& argv,
               const Measurement& run);

/// The measured runs of every command.
size_t MeasuredRuns(const SeriesResult& series);

/// Why a series ended during its warmups, in one line: without it a warmup that failed
/// would stop timeit with the program's exit code and nothing saying why no run was measured.
std::optional<std::string> WarmupStopMessage(const RunOptions& options, const std::string& program_name,
                                             const SeriesResult& series, const SeriesEvents& events);

/// The summary file with --summary (written through `writer`); otherwise tools/timeit.c's
/// report on stderr for one run of one command (or with -p), and the run tables for a
/// series.
void WriteSummary(const RunOptions& options, Reporter& reporter, const SeriesResult& series,
                  const std::optional<Measurement>& last_warmup, ResultWriter& writer, bool stopped_in_warmup);

/// The warnings, each on a line of its own after the report, naming the command when there
/// are several.
void ReportWarnings(const RunOptions& options, Reporter& reporter, const std::vector<SeriesWarning>& warnings);

}  // namespace timeit
