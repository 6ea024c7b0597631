#pragma once

#include "timeit/measure/counter_backend.h"
#include "timeit/measure/launcher.h"
#include "timeit/measure/series.h"
#include "timeit/run/outcome.h"
#include "timeit/run/reporter.h"
#include "timeit/run/results_sink.h"
#include "timeit/run/run_options.h"

/// What timeit does once its command line is read: calibrate if asked, run the series,
/// save each run as it ends, and write every output.
namespace timeit {

/// Runs `options` through `launch` (Launch, or in tests a scripted fake) with `counters`,
/// and reports and saves as timeit does:
///   - before anything runs, every results file is checked through `results` and the
///     --summary target is checked (an Error: nothing has run, nothing is created);
///   - with --calibrate, the calibration is measured and printed first (on `reporter`'s
///     output without a command, where it is then recorded in --json, else on its
///     messages), and goes into the host of every results file the run creates and into
///     every series record;
///   - each measured run is reported as it ends and added to its results file before the
///     next run starts, so a later crash or Ctrl-C loses nothing; a file that could not take
///     one run takes no later one (the others go on taking theirs);
///   - once the series ends: the summary (or the report on stderr, or the run tables), the
///     exit status with --append-exitstatus, the warnings, and a series record in each
///     results file that took every run meant for it.
/// A failed output never stops the others: it is reported, and the outcome is
/// RunEnd::kOutputFailed. A signal timeit receives ends the series and is said once, with
/// the outcome saying which.
///
/// Process-global state: the series holds a SignalScope (measure/launcher.h), so one run at
/// a time per process.
RunOutcome RunAndReport(const RunOptions& options, CounterBackend& counters, const Launcher& launch,
                        ResultsSink& results, Reporter& reporter);

}  // namespace timeit
