#include "saving.h"

#include <chrono>

#include "timeit/measure/launcher.h"

namespace timeit {

LockWait LockWaitOf(const RunOptions& options) {
  return {std::chrono::duration<double>(options.lock_timeout_seconds), &SignalScope::ReceivedSignal};
}

}  // namespace timeit
