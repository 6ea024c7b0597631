// pfm_encoding.h for builds without libpfm4: the built-in table of generic names is all
// there is, and every other name is refused the same way an unknown one is.
#include "timeit/base/error.h"
#include "timeit/measure/pfm_encoding.h"

namespace timeit {

EventEncoding EncodeWithLibpfm(const std::string& name, PrivilegeLevels) {
  throw Error(ErrorKind::kUsage, "unknown event '" + name +
                                     "': not one of perf's generic events (with :u, :k, :h modifiers), and this "
                                     "timeit is built without libpfm4, which PMU-specific and raw events need");
}

std::optional<std::string> LibpfmVersion() { return std::nullopt; }

std::vector<std::string> LibpfmPresentPmus() { return {}; }

}  // namespace timeit
