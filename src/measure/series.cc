#include "timeit/measure/series.h"

#include <algorithm>
#include <numeric>

#include "timeit/base/split_mix64.h"

#include "timeit/measure/adaptive.h"

namespace timeit {

std::vector<int> RoundOrder(RunOrder order, int commands, int round, uint64_t seed) {
  std::vector<int> round_order(static_cast<size_t>(std::max(commands, 0)));
  std::iota(round_order.begin(), round_order.end(), 0);
  switch (order) {
    case RunOrder::kAbba:
      if (round % 2 == 1) std::reverse(round_order.begin(), round_order.end());
      break;
    case RunOrder::kRandom: {
      // Each round from its own stream, so that any round can be told from the seed alone.
      SplitMix64 draws(seed ^ kRunOrderStream ^ SplitMix64(static_cast<uint64_t>(round)).Next());
      for (size_t i = round_order.size(); i > 1; --i) std::swap(round_order[i - 1], round_order[draws.Below(i)]);
      break;
    }
    case RunOrder::kAlternate:
    case RunOrder::kSequential:
      break;
  }
  return round_order;
}

SeriesResult RunSeries(std::span<const ChildSpec> commands, CounterBackend& counters, const SeriesPlan& plan,
                       const SeriesObserver& observer, const Launcher& launch) {
  const int count = static_cast<int>(commands.size());
  SeriesResult result;
  result.runs.resize(commands.size());
  result.seed = plan.seed;
  // One command has no order to keep, and an adaptive series stops in whole rounds.
  RunOrder order = plan.order == RunOrder::kSequential && plan.adaptive ? RunOrder::kAlternate : plan.order;
  const int warmup_total = plan.warmup_runs * count;
  const int measured_total = (plan.adaptive ? plan.adaptive->max_runs : plan.measured_runs) * count;
  std::vector<int> warmups_made(commands.size(), 0);
  int warmup_position = 0;
  int measured_position = 0;
  // Held across runs: a signal while a run is being saved must stop the series cleanly,
  // not kill timeit half-way through writing its results.
  SignalScope signals;
  // What changes from run to run of a command: the environment offset, drawn for every run
  // (warmups too) in the order the runs are made.
  std::optional<SplitMix64> env_offsets;
  if (plan.env_offset) env_offsets.emplace(plan.seed ^ kEnvOffsetStream);
  std::vector<ChildSpec> run_specs(commands.begin(), commands.end());
  if (env_offsets) {
    for (ChildSpec& run_spec : run_specs) run_spec.controls.seed = plan.seed;
  }
  // Whether the series must end after `run`. An interrupt that came when the program had
  // already exited by itself (the kill found nothing to kill) leaves a complete run, but
  // timeit was still told to stop, as with a signal after the last run.
  auto must_stop = [&](const Measurement& run) {
    if (run.interrupted_by && run.exit_code == 0) result.late_signal = run.interrupted_by;
    return run.interrupted_by.has_value() || (!run.succeeded() && !plan.ignore_failure);
  };
  // Makes one run of `command`; true when it ends the series. (Every run is started here:
  // what differs from run to run of a command is decided here, from its slot.)
  auto run_one = [&](RunKind kind, int command) {
    RunSlot slot;
    slot.kind = kind;
    slot.command = command;
    if (kind == RunKind::kWarmup) {
      slot.index = warmups_made[command]++;
      slot.position = warmup_position++;
      slot.total = warmup_total;
    } else {
      slot.index = static_cast<int>(result.runs[command].size());
      slot.position = measured_position++;
      slot.total = measured_total;
    }
    ChildSpec& run_spec = run_specs[command];
    if (env_offsets) run_spec.controls.env_offset = static_cast<int>(env_offsets->Below(kEnvOffsetLimit));
    if (observer.run_starting) observer.run_starting(slot);
    Measurement run = launch(run_spec, counters);
    if (kind == RunKind::kMeasured && count > 1) run.position = slot.position;
    if (observer.run_finished) observer.run_finished(slot, run);
    bool interrupted = run.interrupted_by.has_value();
    if (kind == RunKind::kMeasured && run.failure == LaunchFailure::kInterrupted) {
      // Told to stop between two runs: the program never started, so there is no run.
      result.stopped_early = true;
      result.stopped = SeriesStop::kInterrupted;
      result.exit_code = run.exit_code;
      return true;
    }
    bool stop = must_stop(run);
    if (kind == RunKind::kMeasured) {
      if (result.exit_code == 0) result.exit_code = run.exit_code;
      result.runs[command].push_back(std::move(run));
    }
    if (!stop) return false;
    // A failure of the very last planned run ends nothing early.
    bool last = kind == RunKind::kMeasured && !plan.adaptive && slot.position + 1 == measured_total;
    result.stopped_early = !last;
    result.stopped = interrupted ? SeriesStop::kInterrupted : last ? SeriesStop::kPlanned : SeriesStop::kFailure;
    result.exit_code = kind == RunKind::kMeasured ? result.runs[command].back().exit_code : run.exit_code;
    return true;
  };

  if (order == RunOrder::kSequential) {
    for (int command = 0; command < count; ++command) {
      for (int i = 0; i < plan.warmup_runs; ++i) {
        if (run_one(RunKind::kWarmup, command)) return result;
      }
      for (int i = 0; i < plan.measured_runs; ++i) {
        if (run_one(RunKind::kMeasured, command)) return result;
      }
    }
  } else {
    int round = 0;
    for (; round < plan.warmup_runs; ++round) {
      for (int command : RoundOrder(order, count, round, result.seed)) {
        if (run_one(RunKind::kWarmup, command)) return result;
      }
    }
    for (int measured_rounds = 0; plan.adaptive || measured_rounds < plan.measured_runs; ++measured_rounds) {
      for (int command : RoundOrder(order, count, round++, result.seed)) {
        if (run_one(RunKind::kMeasured, command)) return result;
      }
      if (plan.adaptive) {
        if (std::optional<SeriesStop> stop = AdaptiveStop(*plan.adaptive, result.runs)) {
          result.stopped = *stop;
          break;
        }
      }
    }
  }
  // A signal during a run stopped the series above; one now came after the last run.
  result.late_signal = SignalScope::ReceivedSignal();
  return result;
}

}  // namespace timeit
