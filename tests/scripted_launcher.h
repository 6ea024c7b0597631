#pragma once

#include <gtest/gtest.h>
#include <signal.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "timeit/measure/exit_code.h"
#include "timeit/measure/launcher.h"
#include "timeit/measure/measurement.h"
#include "timeit/measure/series.h"

/// Runs as a Launcher returns them, and a Launcher that returns them from a script, so
/// that what a series (and the run around it) does with each is tested without starting a
/// process.
namespace timeit::testing {

inline Measurement Exits(int code) {
  Measurement run;
  run.exit_code = code;
  if (code > 128) run.term_signal = code - 128;
  return run;
}

inline Measurement ExecFails() {
  Measurement run;
  run.failure = LaunchFailure::kExec;
  run.exit_code = 127;
  return run;
}

inline Measurement TimesOut() {
  Measurement run = Exits(128 + SIGKILL);
  run.timed_out = true;
  return run;
}

// timeit got `signo` while the program ran, and killed it.
inline Measurement Interrupted(int signo) {
  Measurement run = Exits(128 + SIGKILL);
  run.interrupted_by = signo;
  return run;
}

// timeit got `signo` before the program was released: it never started.
inline Measurement CancelledBeforeStart(int signo) {
  Measurement run;
  run.failure = LaunchFailure::kInterrupted;
  run.exit_code = exit_code::kSignalledBeforeStart;
  run.interrupted_by = signo;
  return run;
}

// Returns the scripted runs in order, each tagged "launch N" (from 1) in start_time so a
// test can tell which ones the series kept. As Launch does, it starts nothing once timeit
// was told to stop (a signal its SignalScope caught): that launch returns
// CancelledBeforeStart and takes no run from the script.
class ScriptedLauncher {
 public:
  explicit ScriptedLauncher(std::vector<Measurement> script) : script_(std::move(script)) {}

  Launcher launcher() {
    return [this](const ChildSpec& spec, CounterBackend& counters) {
      specs_.push_back(spec);  // a copy: the series may start each run with a spec of its own
      counters_.push_back(&counters);
      if (std::optional<int> signal = SignalScope::ReceivedSignal()) {
        ++cancelled_;
        return CancelledBeforeStart(*signal);
      }
      if (launches_ >= script_.size()) {
        ADD_FAILURE() << "the series launched more runs than the " << script_.size() << " scripted";
        return Exits(0);
      }
      Measurement run = script_[launches_++];
      run.start_time = "launch " + std::to_string(launches_);
      return run;
    };
  }
  /// The scripted runs launched.
  size_t launches() const { return launches_; }
  /// The launches that started nothing, timeit having been told to stop.
  size_t cancelled() const { return cancelled_; }
  const std::vector<ChildSpec>& specs() const { return specs_; }
  const std::vector<CounterBackend*>& counters() const { return counters_; }

 private:
  std::vector<Measurement> script_;
  size_t launches_ = 0;
  size_t cancelled_ = 0;
  std::vector<ChildSpec> specs_;
  std::vector<CounterBackend*> counters_;
};

}  // namespace timeit::testing
