#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "timeit/measure/event_encoding.h"

namespace timeit {

/// One of perf's generic event names, spelled as `perf list` shows it, and what the
/// kernel calls it.
struct GenericEvent {
  std::string_view name;
  uint32_t type;
  uint64_t config;
};

/// The built-in table: perf's hardware, software and hardware-cache events, aliases
/// included (`cycles` and `cpu-cycles`, `cs` and `context-switches`). Constant data: no
/// initialisation, no global state.
std::span<const GenericEvent> GenericEvents();

/// Encodes `name` when it is a generic event: a table name, optionally prefixed `perf::`,
/// matched without regard to case (as libpfm4 matches its `perf` table), followed by any
/// number of modifiers `:u` (user), `:k` (kernel), `:h` (hypervisor; hardware and cache
/// events only), which perf's spelling also allows to combine (`:uk`). The result is what
/// libpfm4's `perf` table gives for the same name with PFM_OS_PERF_EVENT_EXT (modifiers
/// written `:u:k` there): without modifiers, `levels` decides; exclude_guest is set.
/// std::nullopt for anything else, including a generic name with another modifier.
std::optional<EventEncoding> EncodeGenericEvent(std::string_view name, PrivilegeLevels levels);

/// Whether `name` is the generic event `generic` (a table name) in any spelling
/// EncodeGenericEvent accepts, whatever its modifiers: `instructions:u` is `instructions`.
bool IsGenericEvent(std::string_view name, std::string_view generic);

/// Whether `name` is task-clock in any spelling EncodeGenericEvent accepts (`TASK-CLOCK`,
/// `perf::task-clock`, `task-clock:u`): the event --user-time=task-clock reports.
bool IsTaskClock(std::string_view name);

}  // namespace timeit
