#include "timeit/measure/pfm_encoding.h"

// The kernel's header first: libpfm4 ships its own perf_event.h that only defines the
// ABI when the kernel's is absent.
#ifdef __linux__
#include <linux/perf_event.h>
#endif
#include <perfmon/pfmlib_perf_event.h>

#include <cstring>

#include "timeit/base/error.h"

namespace timeit {
namespace {

// pfm_initialize() returns at once when the tables are already loaded, so calling it
// before every use is how "initialise on first need" is written without a flag of our own.
void InitializeLibpfm() {
  int result = pfm_initialize();
  if (result != PFM_SUCCESS) {
    throw Error(ErrorKind::kSystem, std::string("cannot initialise libpfm4: ") + pfm_strerror(result));
  }
}

}  // namespace

EventEncoding EncodeWithLibpfm(const std::string& name, PrivilegeLevels levels) {
  InitializeLibpfm();
  perf_event_attr attr;
  std::memset(&attr, 0, sizeof attr);
  // Without the size libpfm4 assumes the first ABI revision and ignores newer fields.
  attr.size = sizeof attr;
  pfm_perf_encode_arg_t arg;
  std::memset(&arg, 0, sizeof arg);
  arg.size = sizeof arg;
  arg.attr = &attr;
  int plm = levels == PrivilegeLevels::kUserOnly ? PFM_PLM3 : (PFM_PLM0 | PFM_PLM3);
  int result = pfm_get_os_event_encoding(name.c_str(), plm, PFM_OS_PERF_EVENT_EXT, &arg);
  if (result != PFM_SUCCESS) {
    throw Error(ErrorKind::kUsage, "unknown event '" + name + "': " + pfm_strerror(result));
  }
  EventEncoding encoding;
  encoding.type = attr.type;
  encoding.config = attr.config;
  encoding.config1 = attr.config1;
  encoding.config2 = attr.config2;
  encoding.exclude_user = attr.exclude_user;
  encoding.exclude_kernel = attr.exclude_kernel;
  encoding.exclude_hv = attr.exclude_hv;
  encoding.exclude_guest = attr.exclude_guest;
  encoding.exclude_host = attr.exclude_host;
  encoding.pinned = attr.pinned;
  encoding.exclusive = attr.exclusive;
  return encoding;
}

std::optional<std::string> LibpfmVersion() {
  int version = pfm_get_version();
  return std::to_string(PFM_MAJ_VERSION(version)) + "." + std::to_string(PFM_MIN_VERSION(version));
}

std::vector<std::string> LibpfmPresentPmus() {
  std::vector<std::string> names;
  if (pfm_initialize() != PFM_SUCCESS) return names;
  // pfm_for_all_pmus() increments an enum, which C++ does not allow.
  for (int pmu = PFM_PMU_NONE; pmu < PFM_PMU_MAX; ++pmu) {
    pfm_pmu_info_t info;
    std::memset(&info, 0, sizeof info);
    info.size = sizeof info;
    if (pfm_get_pmu_info(static_cast<pfm_pmu_t>(pmu), &info) == PFM_SUCCESS && info.is_present && info.name) {
      names.emplace_back(info.name);
    }
  }
  return names;
}

}  // namespace timeit
