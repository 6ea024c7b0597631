#pragma once

#include "timeit/child_spec.h"
#include "timeit/counter_backend.h"
#include "timeit/measurement.h"

namespace timeit {

/// Runs the program described by `spec` once and measures it.
///
/// The child is forked into its own process group and waits on a pipe (the "cork") while
/// `counters` attaches to it; only then is it released to set up its streams, limits and
/// directory and exec, so counters run from its first instruction. SIGINT, SIGTERM and
/// SIGHUP to timeit and the timeout kill the whole group; after the program is reaped the
/// group is killed too, so no background descendant outlives the run.
///
/// Failures of the program (exit code, signal, exec error) are part of the Measurement;
/// only failures of timeit itself (fork, wait) throw a system Error.
Measurement Launch(const ChildSpec& spec, CounterBackend& counters);

}  // namespace timeit
