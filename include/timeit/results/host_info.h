#pragma once

#include <optional>
#include <string>
#include <vector>

namespace timeit {

/// The machine a result was measured on: what a reader needs to judge whether two
/// results files can be compared at all.
struct HostInfo {
  std::string hostname;
  /// uname: "Linux 6.1.0-13-amd64", and the machine ("x86_64").
  std::string kernel;
  std::string machine;
  /// /proc/cpuinfo's "model name" (or "unknown").
  std::string cpu_model;
  /// Online logical CPUs.
  long cpu_count = 0;
  /// /proc/sys/kernel/perf_event_paranoid, when the kernel has perf events.
  std::optional<int> perf_event_paranoid;
  /// The kernel's PMUs (/sys/bus/event_source/devices): "cpu" means hardware counters.
  std::vector<std::string> kernel_pmus;
  /// The PMU tables libpfm4 found present; empty when timeit is built without libpfm4.
  std::vector<std::string> libpfm_pmus;
  std::string timeit_version;
  /// libpfm4's "major.minor"; absent (null in the results file) when timeit is built
  /// without it.
  std::optional<std::string> libpfm_version;
};

/// Whether one of `kernel_pmus` is a CPU core PMU, i.e. hardware events can exist:
/// "cpu" (x86), "cpu_core"/"cpu_atom" (hybrid x86), "armv8_pmuv3_0"-style names (arm64).
bool HasCorePmu(const std::vector<std::string>& kernel_pmus);

/// The kernel's PMUs (/sys/bus/event_source/devices), sorted.
std::vector<std::string> KernelPmus();

/// Reads the facts above from this machine. Never fails: what cannot be read is left
/// empty.
HostInfo CollectHostInfo();

/// timeit's own version ("0.1.0").
std::string TimeitVersion();

}  // namespace timeit
