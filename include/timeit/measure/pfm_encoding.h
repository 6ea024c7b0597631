#pragma once

#include <optional>
#include <string>
#include <vector>

#include "timeit/measure/event_encoding.h"

namespace timeit {

// libpfm4, for the names the built-in table (generic_events.h) does not know. Built only
// when CMake finds libpfm4 (TIMEIT_HAVE_LIBPFM); otherwise a stub says it is missing.
//
// Process-global state: libpfm4's PMU tables. The first call that needs them (a name not
// in the built-in table, or LibpfmPresentPmus) runs pfm_initialize(), which probes every
// PMU it knows (CPUID and sysfs: 0.4-0.6 ms on the project's VM) and keeps the tables for
// the rest of the process; it also reads libpfm4's LIBPFM_* environment variables then.
// pfm_initialize() is not thread-safe: call these from one thread.

/// Encodes `name` with libpfm4's pfm_get_os_event_encoding (PFM_OS_PERF_EVENT_EXT):
/// `pmu::EVENT:umask`, raw `rNNNN`, and all of libpfm4's modifiers. Without modifiers,
/// `levels` decides what is counted. Throws a usage Error "unknown event 'NAME':
/// <libpfm4's reason>" (or, built without libpfm4, a reason that says so), or a system
/// Error when libpfm4 cannot initialise.
EventEncoding EncodeWithLibpfm(const std::string& name, PrivilegeLevels levels);

/// libpfm4's version as "major.minor" (pfm_get_version()); std::nullopt when timeit is
/// built without libpfm4.
std::optional<std::string> LibpfmVersion();

/// Names of the PMU tables libpfm4 found present on this machine ("perf", "ix86arch",
/// ...); empty without libpfm4.
std::vector<std::string> LibpfmPresentPmus();

}  // namespace timeit
