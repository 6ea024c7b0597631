#include "timeit/measure/series.h"

#include "timeit/base/split_mix64.h"

namespace timeit {

SeriesResult RunSeries(const ChildSpec& spec, CounterBackend& counters, const SeriesPlan& plan,
                       const SeriesObserver& observer, const Launcher& launch) {
  SeriesResult result;
  // Held across runs: a signal while a run is being saved must stop the series cleanly,
  // not kill timeit half-way through writing its results.
  SignalScope signals;
  ChildSpec run_spec = spec;  // what changes from run to run
  std::optional<SplitMix64> env_offsets;
  if (plan.env_offset) {
    env_offsets.emplace(plan.seed ^ kEnvOffsetStream);
    run_spec.controls.seed = plan.seed;
  }
  auto run_once = [&](RunKind kind, int index, int total) {
    if (env_offsets) run_spec.controls.env_offset = static_cast<int>(env_offsets->Below(kEnvOffsetLimit));
    if (observer.run_starting) observer.run_starting(kind, index, total);
    Measurement run = launch(run_spec, counters);
    if (observer.run_finished) observer.run_finished(kind, index, total, run);
    return run;
  };
  // Whether the series must end after `run`. An interrupt that came when the program had
  // already exited by itself (the kill found nothing to kill) leaves a complete run, but
  // timeit was still told to stop, as with a signal after the last run.
  auto must_stop = [&](const Measurement& run) {
    if (run.interrupted_by && run.exit_code == 0) result.late_signal = run.interrupted_by;
    return run.interrupted_by.has_value() || (!run.succeeded() && !plan.ignore_failure);
  };

  for (int i = 0; i < plan.warmup_runs; ++i) {
    Measurement run = run_once(RunKind::kWarmup, i, plan.warmup_runs);
    if (must_stop(run)) {
      result.stopped_early = true;
      result.exit_code = run.exit_code;
      return result;
    }
  }
  for (int i = 0; i < plan.measured_runs; ++i) {
    Measurement attempt = run_once(RunKind::kMeasured, i, plan.measured_runs);
    if (attempt.failure == LaunchFailure::kInterrupted) {
      // Told to stop between two runs: the program never started, so there is no run.
      result.stopped_early = true;
      result.exit_code = attempt.exit_code;
      return result;
    }
    result.runs.push_back(std::move(attempt));
    const Measurement& run = result.runs.back();
    if (result.exit_code == 0) result.exit_code = run.exit_code;
    if (must_stop(run)) {
      result.stopped_early = i + 1 < plan.measured_runs;
      result.exit_code = run.exit_code;
      return result;
    }
  }
  // A signal during a run stopped the series above; one now came after the last run.
  result.late_signal = SignalScope::ReceivedSignal();
  return result;
}

}  // namespace timeit
