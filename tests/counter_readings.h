#pragma once

#include <cstdint>
#include <string>

#include "timeit/measure/counter_reading.h"

/// Counter readings as a backend would report them, for tests of what is made of them.
namespace timeit::testing {

inline CounterReading Reading(const std::string& event, CounterStatus status, uint64_t raw, uint64_t enabled,
                              uint64_t running, double scaled, bool is_time = false) {
  CounterReading reading;
  reading.event = event;
  reading.status = status;
  reading.raw = raw;
  reading.time_enabled = enabled;
  reading.time_running = running;
  reading.scaled = scaled;
  reading.is_time = is_time;
  return reading;
}

}  // namespace timeit::testing
