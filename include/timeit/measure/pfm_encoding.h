#pragma once

// The kernel's header first: libpfm4 ships its own perf_event.h that only defines the
// ABI when the kernel's is absent.
#include <linux/perf_event.h>

#include <string>
#include <vector>

namespace timeit {

/// Which privilege levels an encoded event counts.
enum class PrivilegeLevels {
  /// User and kernel, as perf stat counts by default.
  kUserAndKernel,
  /// User space only (exclude_kernel, exclude_hv): what perf_event_paranoid >= 2
  /// allows without CAP_PERFMON. Explicit modifiers in the name (`:u`, `:k`) still win.
  kUserOnly,
};

/// The one place an event name becomes a perf_event_attr: libpfm4's
/// pfm_get_os_event_encoding with PFM_OS_PERF_EVENT_EXT. Accepts anything libpfm4
/// knows (generic names, `pmu::EVENT:umask`, modifiers, raw `rNNNN` codes). The result
/// carries type, config and exclusion bits only; callers add counting flags.
/// Throws a usage Error "unknown event 'NAME': <libpfm4's reason>".
perf_event_attr EncodeEvent(const std::string& name, PrivilegeLevels levels);

/// Whether the event counts nanoseconds (the software clocks) rather than occurrences.
bool IsTimeEvent(const perf_event_attr& attr);

/// libpfm4's version as "major.minor" (from pfm_get_version()).
std::string LibpfmVersion();

/// Names of the PMU tables libpfm4 found present on this machine ("perf", "ix86arch", ...).
std::vector<std::string> LibpfmPresentPmus();

}  // namespace timeit
