#include "timeit/run/reporter.h"

#include "timeit/base/utf8.h"

namespace timeit {

void Reporter::PrintError(std::string_view message) { Line() << "error: " << EscapeForDisplay(message) << "\n"; }

}  // namespace timeit
