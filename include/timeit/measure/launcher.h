#pragma once

#include "timeit/measure/child_spec.h"
#include "timeit/measure/counter_backend.h"
#include "timeit/measure/measurement.h"

#include <signal.h>

#include <optional>

/// Starting and measuring one run of the program.
///
/// Process-global state: one Launch at a time per process. A run uses, and while it lasts
/// owns, state that belongs to the whole process rather than to an object:
///   - the dispositions of SIGINT, SIGTERM, SIGHUP, SIGQUIT and SIGALRM (SignalScope), and the
///     flags their handlers set: the signal received, the timeout fired, the process
///     group to kill; SIGALRM unblocked and SIGCHLD not ignored, if they were on entry
///     (the program gets them back as they were);
///   - the ITIMER_REAL interval timer, armed for the timeout;
///   - the terminal's foreground process group, lent to the program when timeit's stdin
///     is a terminal and timeit is a job of its own in the foreground (an interactive
///     shell started it); SIGTTOU is blocked for an instant while it is handed back and
///     forth;
///   - timeit's own job state: when the program is stopped from the terminal (Ctrl-Z)
///     timeit stops its whole process group too, so the shell sees one stopped job.
namespace timeit {

/// While alive, SIGINT, SIGTERM, SIGHUP and SIGQUIT do not kill timeit: they are recorded, and
/// kill the process group of the program being measured, if any. A signal that was ignored
/// when the scope began stays ignored (for the program too). SIGALRM is caught for the
/// timeout; one that is not the armed timer's (sent by a process, or with no timeout
/// running) is handled as SIGTERM is. Launch() holds one for each run; a series holds one for its whole length, so a
/// signal between two runs (while results are being saved) is recorded too, and the next
/// run is never started. Scopes nest; the outermost one restores the previous handlers.
class SignalScope {
 public:
  SignalScope();
  ~SignalScope();
  SignalScope(const SignalScope&) = delete;
  SignalScope& operator=(const SignalScope&) = delete;
  /// The signal received since the outermost scope began, if any.
  static std::optional<int> ReceivedSignal();

 private:
  void Restore();

  struct sigaction saved_[4];
  bool installed_[4] = {false, false, false, false};
  struct sigaction saved_alarm_;
  bool alarm_installed_ = false;
  bool alarm_unblocked_ = false;
  struct sigaction saved_child_;
  bool child_reset_ = false;
};

/// Runs the program described by `spec` once and measures it.
///
/// The child is forked into its own process group, pins itself to spec.controls' CPUs and
/// sets its persona (no ASLR) if asked, and waits on a pipe (the "cork") while `counters`
/// attaches to it; only then is it released to set up its streams, limits and directory
/// and exec (with the environment offset's variable, if any), so counters run from its
/// first instruction. The Measurement carries spec.controls. SIGINT, SIGTERM,
/// SIGHUP and SIGQUIT to timeit and the timeout kill the whole group; after the program is reaped the
/// group is killed too, so no descendant left in it outlives the run (one that moved to a
/// group or session of its own, with setsid or setpgid, is beyond reach).
///
/// Failures of the program (exit code, signal, exec error) are part of the Measurement;
/// only failures of timeit itself (fork, wait) throw a system Error. One at a time per
/// process (see the top of this file).
Measurement Launch(const ChildSpec& spec, CounterBackend& counters);

}  // namespace timeit
