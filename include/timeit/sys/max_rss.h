#pragma once

#include <sys/resource.h>

#include <cstdint>

namespace timeit {

/// The peak resident set size of a getrusage/wait4 report, in bytes. The field's unit
/// depends on the system: kilobytes on Linux and the BSDs, bytes on macOS.
inline uint64_t MaxRssBytes(const rusage& usage) {
  auto reported = static_cast<uint64_t>(usage.ru_maxrss);
#if defined(__APPLE__)
  return reported;
#else
  return reported * 1024;
#endif
}

}  // namespace timeit
