#include "timeit/measure/counter_backend.h"

namespace timeit {

std::unique_ptr<CounterBackend> MakeDefaultCounterBackend(const std::vector<std::string>& events) {
  return MakePerfEventBackend(events);
}

}  // namespace timeit
