#include "timeit/measure/event_encoding.h"

#include "timeit/measure/generic_events.h"
#include "timeit/measure/pfm_encoding.h"

namespace timeit {

EventEncoding EncodeEvent(const std::string& name, PrivilegeLevels levels) {
  // The table first: the default events never pay for libpfm4's initialisation.
  if (std::optional<EventEncoding> generic = EncodeGenericEvent(name, levels)) return *generic;
  return EncodeWithLibpfm(name, levels);
}

bool IsTimeEvent(const EventEncoding& encoding) {
  return encoding.type == kPerfTypeSoftware &&
         (encoding.config == kPerfCountSwTaskClock || encoding.config == kPerfCountSwCpuClock);
}

}  // namespace timeit
