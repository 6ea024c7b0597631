#include "timeit/base/error.h"

#include <cstring>

namespace timeit {

std::string SystemErrorMessage(const std::string& what, int error) { return what + ": " + std::strerror(error); }

}  // namespace timeit
