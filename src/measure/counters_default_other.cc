#include "timeit/measure/counter_backend.h"
#include "timeit/measure/event_encoding.h"

namespace timeit {

std::unique_ptr<CounterBackend> MakeDefaultCounterBackend(const std::vector<std::string>& events) {
  // Names are still checked, so a command line that fails on Linux fails here too.
  for (const std::string& name : events) EncodeEvent(name, PrivilegeLevels::kUserAndKernel);
  return MakeNoCounterBackend("this build of timeit has no perf_event backend");
}

}  // namespace timeit
