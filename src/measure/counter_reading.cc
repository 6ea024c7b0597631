#include "timeit/measure/counter_reading.h"

namespace timeit {

const CounterReading* CounterResults::Find(std::string_view event) const {
  for (const CounterReading& reading : readings) {
    if (reading.event == event) return &reading;
  }
  return nullptr;
}

}  // namespace timeit
