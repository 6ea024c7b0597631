#include "timeit/pfm_encoding.h"

#include <perfmon/pfmlib_perf_event.h>

#include <cstring>

#include "timeit/error.h"

namespace timeit {
namespace {

// libpfm4 keeps global tables and must be initialised once per process, from one thread.
// Its return value is checked by the first encoding instead: pfm_initialize() reports
// success even when it activated no PMU at all.
int InitializeLibpfm() {
  static const int result = pfm_initialize();
  return result;
}

}  // namespace

perf_event_attr EncodeEvent(const std::string& name, PrivilegeLevels levels) {
  int init = InitializeLibpfm();
  if (init != PFM_SUCCESS) {
    throw Error(ErrorKind::kSystem, std::string("cannot initialise libpfm4: ") + pfm_strerror(init));
  }
  perf_event_attr attr;
  std::memset(&attr, 0, sizeof attr);
  // Without the size libpfm4 assumes the first ABI revision and ignores newer fields.
  attr.size = sizeof attr;
  pfm_perf_encode_arg_t arg;
  std::memset(&arg, 0, sizeof arg);
  arg.size = sizeof arg;
  arg.attr = &attr;
  int plm = levels == PrivilegeLevels::kUserOnly ? PFM_PLM3 : (PFM_PLM0 | PFM_PLM3);
  int ret = pfm_get_os_event_encoding(name.c_str(), plm, PFM_OS_PERF_EVENT_EXT, &arg);
  if (ret != PFM_SUCCESS) {
    throw Error(ErrorKind::kUsage, "unknown event '" + name + "': " + pfm_strerror(ret));
  }
  return attr;
}

bool IsTimeEvent(const perf_event_attr& attr) {
  return attr.type == PERF_TYPE_SOFTWARE &&
         (attr.config == PERF_COUNT_SW_TASK_CLOCK || attr.config == PERF_COUNT_SW_CPU_CLOCK);
}

std::string LibpfmVersion() {
  int version = pfm_get_version();
  return std::to_string(PFM_MAJ_VERSION(version)) + "." + std::to_string(PFM_MIN_VERSION(version));
}

std::vector<std::string> LibpfmPresentPmus() {
  std::vector<std::string> names;
  if (InitializeLibpfm() != PFM_SUCCESS) return names;
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
