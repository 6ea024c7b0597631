#pragma once

#include <sys/resource.h>

#include <optional>
#include <string>
#include <vector>

#include "timeit/measure/run_controls.h"

namespace timeit {

/// One resource limit to apply in the child before exec. As in tools/timeit.c the soft
/// and the hard limit are both set to min(value, current hard limit), so exceeding
/// RLIMIT_CPU ends in SIGKILL rather than a catchable SIGXCPU.
struct ResourceLimit {
  int resource = 0;
  /// The macro's name for messages ("RLIMIT_CPU").
  std::string name;
  rlim_t value = 0;
};

/// Everything about how to start the program, decided before it starts.
struct ChildSpec {
  /// The command; argv[0] is looked up in PATH like execvp.
  std::vector<std::string> argv;
  /// Files for the standard streams; unset means inherited. stdout and stderr naming the
  /// same path share one descriptor, so their output interleaves in order.
  std::optional<std::string> stdin_path;
  std::optional<std::string> stdout_path;
  std::optional<std::string> stderr_path;
  /// Directory to change to after the redirections and limits, just before exec: paths
  /// of redirections are relative to timeit's directory, the program's to this one.
  std::optional<std::string> working_directory;
  std::vector<ResourceLimit> limits;
  /// CPUs, address-space randomisation, the environment's size: set in the child before it
  /// is released (the CPUs, so that moving it is neither counted nor timed) or before exec.
  RunControls controls;
  /// Seconds after which the whole process group is killed; 0 means never.
  double timeout_seconds = 0;
  /// Prefix of the warnings the child itself prints (a limit it could not set).
  std::string message_prefix = "timeit";
};

}  // namespace timeit
