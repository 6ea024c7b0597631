#include "timeit/measure/counter_reading.h"

namespace timeit {

std::string_view CounterStatusName(CounterStatus status) {
  switch (status) {
    case CounterStatus::kCounted:
      return "counted";
    case CounterStatus::kMultiplexed:
      return "multiplexed";
    case CounterStatus::kNotCounted:
      return "not-counted";
    case CounterStatus::kNotSupported:
      return "not-supported";
  }
  return "not-supported";
}

const CounterReading* CounterResults::Find(std::string_view event) const {
  for (const CounterReading& reading : readings) {
    if (reading.event == event) return &reading;
  }
  return nullptr;
}

}  // namespace timeit
