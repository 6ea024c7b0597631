#pragma once

#include <sys/types.h>

#include <memory>
#include <string>
#include <vector>

#include "timeit/measure/counter_reading.h"

namespace timeit {

/// Counts events for one run of a program. The launcher calls Attach() once the
/// program's process exists but before it execs, and Collect() once it has been reaped.
/// Environment limits (no PMU, perf_event_paranoid, seccomp) never throw: they end up in
/// the CounterResults, so a run is never lost for want of counters.
class CounterBackend {
 public:
  virtual ~CounterBackend() = default;
  /// Opens counters on `pid`, which is stopped before exec; they start at its exec and
  /// follow every descendant it creates.
  virtual void Attach(pid_t pid) = 0;
  /// Reads and releases the counters of the run that Attach() started.
  virtual CounterResults Collect() = 0;
};

/// Linux perf_event_open counters for `events`. Every name is encoded here (EncodeEvent),
/// so an unknown name throws a usage Error before anything runs.
std::unique_ptr<CounterBackend> MakePerfEventBackend(const std::vector<std::string>& events);

/// The platform's backend: perf_event on Linux, "none" elsewhere.
std::unique_ptr<CounterBackend> MakeDefaultCounterBackend(const std::vector<std::string>& events);

/// No counters: rusage and the wall clock only. `reason` is recorded with every run
/// ("--no-perf", "perf_event_open is not available on this system").
std::unique_ptr<CounterBackend> MakeNoCounterBackend(std::string reason);

/// A test-only backend that answers with the readings in the JSON file `path`, so output
/// can be checked exactly on machines with or without a PMU. Names are still encoded
/// (an unknown one is the same usage error). The file holds
/// `{"unavailable": "reason"}` or `{"events": {"cycles": {"value": 1, "enabled": 2,
/// "running": 1}, "instructions": "not-supported", ...}}`; an event missing from the file
/// is not supported. Each of value, enabled and running may be a list instead, read in turn
/// by one run after another (every Collect, warmups too), starting over at its end:
/// `{"value": [300, 100, 100]}` makes the first run of every three slow. Anything else is a
/// usage error. Results say backend "fake", so they can never pass for real ones.
std::unique_ptr<CounterBackend> MakeFakeCounterBackend(const std::vector<std::string>& events, const std::string& path);

}  // namespace timeit
