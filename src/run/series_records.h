#pragma once

#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "saving.h"
#include "timeit/measure/calibration.h"
#include "timeit/measure/host_info.h"
#include "timeit/measure/series.h"
#include "timeit/measure/series_warnings.h"
#include "timeit/run/reporter.h"
#include "timeit/run/results_sink.h"
#include "timeit/run/run_options.h"

/// What a series is judged to have been, and the series records that say so.
namespace timeit {

/// The machine after the series, and the warnings about the series: what the stderr report
/// ends with and the series records hold.
struct SeriesJudgement {
  HostInfo host;
  std::optional<std::array<double, 3>> load_start;
  std::vector<SeriesWarning> warnings;
};

/// The machine now (with --fake-host, the test's), and the warnings about `series` run on
/// it, which had `load_start` when the series began.
SeriesJudgement JudgeSeries(const RunOptions& options, const SeriesResult& series,
                            const std::optional<std::array<double, 3>>& load_start);

/// The series record, added to each results file the series wrote runs to (and could go on
/// writing to: a file that missed runs would have a record that does not match them), naming
/// the benchmarks whose runs went there. When timeit was told to stop, a record that cannot
/// be added at once is only noted: the runs are what counts, and reading them never needs it.
/// Returns the signal that came while it waited to add one (the runs are all saved by then,
/// but timeit was still told to stop).
std::optional<int> AddSeriesRecords(const RunOptions& options, const SeriesResult& series,
                                    const SeriesJudgement& judgement,
                                    const std::map<std::string, ResultsFileState>& files, ResultsSink& sink,
                                    ResultWriter& writer, Reporter& reporter,
                                    const std::optional<Calibration>& calibration);

}  // namespace timeit
