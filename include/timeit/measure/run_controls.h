#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace timeit {

/// What timeit sets about a run, beyond its command, streams and limits, to take a source
/// of noise out of the numbers (--cpu, --no-aslr) or to bring one into the open
/// (--env-offset). Kept with every run: a results file says under what conditions its
/// numbers were measured.
struct RunControls {
  /// The CPUs the program and its descendants may run on, ascending, each once (--cpu);
  /// empty: the CPUs timeit itself may run on.
  std::vector<int> cpus;
  /// The program starts without address-space layout randomisation (--no-aslr), so its
  /// stack, heap and libraries are at the same addresses in every run.
  bool aslr_disabled = false;
  /// The length of the value of kEnvOffsetVariable, added to the program's environment
  /// for this run (--env-offset); none: nothing is added.
  std::optional<int> env_offset;
  /// The seed the series drew this run's random choices from (SeriesPlan::seed), set when
  /// it drew any: with it, `--seed` replays them.
  std::optional<uint64_t> seed;
};

/// The variable --env-offset puts in the environment (replacing one already there). The
/// environment sits at the top of the stack, so its size decides where the stack starts,
/// and with it the alignment of everything the program keeps there.
inline constexpr const char* kEnvOffsetVariable = "TIMEIT_ENV_OFFSET";
/// Offsets are drawn from [0, kEnvOffsetLimit): a page, so every alignment a cache line or
/// a page boundary could care about is reachable.
inline constexpr int kEnvOffsetLimit = 4096;

/// The highest CPU number a list may name: no Linux build supports more CPUs.
inline constexpr int kMaxCpuNumber = 8191;

/// Reads a CPU list as taskset -c and the kernel's cpusets write it: CPU numbers and
/// ranges separated by commas ("0", "0-3", "0,2-3"). Returns the CPUs ascending, each once
/// (a CPU named twice is the same CPU). Throws a usage Error quoting the list and saying
/// what is wrong: empty, an empty element, anything but digits and one '-' per element
/// (no spaces, signs or strides), a range that goes downwards, a number above
/// kMaxCpuNumber. The message does not name the option; the caller adds it.
std::vector<int> ParseCpuList(std::string_view list);

/// The canonical spelling of ascending, distinct `cpus`: runs of consecutive CPUs as
/// ranges, "0-1,3" for {0, 1, 3}; "" for none. ParseCpuList reads it back.
std::string FormatCpuList(const std::vector<int>& cpus);

/// The CPUs timeit itself may run on (sched_getaffinity), the only ones a program it
/// starts can be pinned to; nullopt where a process cannot be pinned (a system other than
/// Linux). Throws a system Error when the kernel refuses to say.
std::optional<std::vector<int>> AllowedCpus();

/// Whether a program can be started here without address-space layout randomisation
/// (Linux's personality flag).
bool CanDisableAslr();

}  // namespace timeit
