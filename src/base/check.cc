#include "timeit/base/check.h"

#include <cstdio>
#include <cstdlib>

namespace timeit {

void CheckFailed(const char* file, int line, const char* condition, const char* what) {
  // stdio rather than iostream: this runs where the program's state is already wrong.
  std::fprintf(stderr, "timeit: internal check failed at %s:%d: %s: %s\n", file, line, condition, what);
  std::fflush(stderr);
  std::abort();
}

}  // namespace timeit
