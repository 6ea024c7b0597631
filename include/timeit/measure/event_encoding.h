#pragma once

#include <cstdint>
#include <string>

namespace timeit {

/// perf_event_attr.type values, fixed by the kernel's ABI (enum perf_type_id). Spelled
/// out here so this header compiles where <linux/perf_event.h> does not exist; the Linux
/// backend checks them against the kernel's header at compile time.
inline constexpr uint32_t kPerfTypeHardware = 0;
inline constexpr uint32_t kPerfTypeSoftware = 1;
inline constexpr uint32_t kPerfTypeHwCache = 3;
inline constexpr uint32_t kPerfTypeRaw = 4;
/// The software clocks' configs (enum perf_sw_ids): the events that count nanoseconds.
inline constexpr uint64_t kPerfCountSwCpuClock = 0;
inline constexpr uint64_t kPerfCountSwTaskClock = 1;

/// Which privilege levels an encoded event counts.
enum class PrivilegeLevels {
  /// User and kernel, as perf stat counts by default.
  kUserAndKernel,
  /// User space only (exclude_kernel, exclude_hv): what perf_event_paranoid >= 2
  /// allows without CAP_PERFMON. Explicit modifiers in the name (`:u`, `:k`) still win.
  kUserOnly,
};

/// What perf_event_open needs to know about one event, in the kernel's terms but without
/// its header: the Linux backend copies these fields into a perf_event_attr and adds its
/// counting flags. Sampling settings a libpfm4 modifier may carry (period, freq,
/// precise) are not kept: timeit only counts.
struct EventEncoding {
  uint32_t type = 0;
  uint64_t config = 0;
  uint64_t config1 = 0;
  uint64_t config2 = 0;
  bool exclude_user = false;
  bool exclude_kernel = false;
  bool exclude_hv = false;
  bool exclude_guest = false;
  bool exclude_host = false;
  /// libpfm4's `:pinned` and `:excl` modifiers.
  bool pinned = false;
  bool exclusive = false;

  bool operator==(const EventEncoding&) const = default;
};

/// The one place an event name becomes an encoding. perf's generic names (`cycles`,
/// `task-clock`, `LLC-load-misses`, with `:u`/`:k`/`:h` modifiers) come from the built-in
/// table (generic_events.h) without touching libpfm4; any other name (`pmu::EVENT:umask`,
/// raw `rNNNN`, other modifiers) goes to libpfm4 (pfm_encoding.h), when timeit is built
/// with it. Throws a usage Error "unknown event 'NAME': <reason>".
EventEncoding EncodeEvent(const std::string& name, PrivilegeLevels levels);

/// Whether the event counts nanoseconds (the software clocks) rather than occurrences.
bool IsTimeEvent(const EventEncoding& encoding);

}  // namespace timeit
