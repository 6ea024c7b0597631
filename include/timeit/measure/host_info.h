#pragma once

#include <array>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "timeit/measure/calibration.h"

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

  // What makes two sets of numbers from this machine comparable or not. Each is absent
  // where the kernel does not say (a VM has no cpufreq, an old kernel no SMT control).
  /// The frequency governors of the CPUs (cpufreq's scaling_governor), distinct, sorted
  /// and comma-separated: "performance", or "performance,powersave" when CPUs differ.
  std::optional<std::string> cpu_governor;
  /// Whether the CPUs may run above their base frequency (intel_pstate's no_turbo, else
  /// cpufreq's boost): boost makes speed depend on temperature and on the other cores' load.
  std::optional<bool> turbo;
  /// Whether simultaneous multithreading is active: a sibling thread's work slows the core.
  std::optional<bool> smt;
  /// The kernel's address-space randomisation (randomize_va_space: 0 off, 1 stack, mmap
  /// and vDSO, 2 also the heap): it moves code and data between runs.
  std::optional<int> aslr;
  /// The 1, 5 and 15 minute load averages when the facts were collected.
  std::optional<std::array<double, 3>> load_average;
  /// What --calibrate measured of the clock and of timeit's own overhead; absent without
  /// it. Never collected by CollectHostInfo: the caller adds it.
  std::optional<Calibration> calibration;
};

/// Whether one of `kernel_pmus` is a CPU core PMU, i.e. hardware events can exist:
/// "cpu" (x86), "cpu_core"/"cpu_atom" (hybrid x86), "armv8_pmuv3_0"-style names (arm64).
bool HasCorePmu(const std::vector<std::string>& kernel_pmus);

/// The kernel's PMUs (/sys/bus/event_source/devices), sorted.
std::vector<std::string> KernelPmus();

/// Reads the facts above from this machine. Never fails: what cannot be read is left
/// empty. `root` is where /proc and /sys are looked for: "/" but in tests, which lay out
/// a machine of their choice in a directory (uname, the CPU count, the kernel's PMUs and
/// libpfm4's tables are always this machine's).
HostInfo CollectHostInfo(const std::filesystem::path& root = "/");

/// The 1, 5 and 15 minute load averages (root/proc/loadavg), if they can be read.
std::optional<std::array<double, 3>> LoadAverage(const std::filesystem::path& root = "/");

/// timeit's own version ("0.1.0").
std::string TimeitVersion();

}  // namespace timeit
