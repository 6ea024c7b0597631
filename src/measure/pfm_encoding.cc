#include "timeit/measure/pfm_encoding.h"

#include <perfmon/pfmlib_perf_event.h>

#include <cstdlib>
#include <cstring>

#include "timeit/base/error.h"

namespace timeit {
namespace {

// Which of libpfm4's PMU tables are active. libpfm4 keeps global state and must be
// initialised once per process, from one thread.
enum class LibpfmTables { kNone, kGenericOnly, kAll };
LibpfmTables g_tables = LibpfmTables::kNone;

// Probing every PMU table executes CPUID hundreds of times; in a VM each one traps to the
// hypervisor (~5 us here), which made pfm_initialize() ~2.5 ms: most of timeit's own cost
// per run. perf's generic names (all of the default events) live in the "perf" table,
// which needs no probing, so that table alone is tried first and every table only when a
// name is not found there. No x86 or arm64 core table defines those generic names, so a
// name resolves to the same encoding either way.
int InitializeLibpfm(LibpfmTables wanted) {
  if (g_tables == wanted || g_tables == LibpfmTables::kAll) return PFM_SUCCESS;
  if (g_tables != LibpfmTables::kNone) pfm_terminate();
  int result;
  if (wanted == LibpfmTables::kGenericOnly && std::getenv("LIBPFM_FORCE_PMU") == nullptr) {
    // Set only around the call: the program we run inherits our environment.
    ::setenv("LIBPFM_FORCE_PMU", "perf", 1);
    result = pfm_initialize();
    ::unsetenv("LIBPFM_FORCE_PMU");
  } else {
    wanted = LibpfmTables::kAll;
    result = pfm_initialize();
  }
  // pfm_initialize() reports success even when it activated no PMU at all; the encoding
  // that follows is the real test.
  g_tables = result == PFM_SUCCESS ? wanted : LibpfmTables::kNone;
  return result;
}

int Encode(const std::string& name, int plm, perf_event_attr& attr) {
  std::memset(&attr, 0, sizeof attr);
  // Without the size libpfm4 assumes the first ABI revision and ignores newer fields.
  attr.size = sizeof attr;
  pfm_perf_encode_arg_t arg;
  std::memset(&arg, 0, sizeof arg);
  arg.size = sizeof arg;
  arg.attr = &attr;
  return pfm_get_os_event_encoding(name.c_str(), plm, PFM_OS_PERF_EVENT_EXT, &arg);
}

void ThrowIfFailed(int init) {
  if (init != PFM_SUCCESS) {
    throw Error(ErrorKind::kSystem, std::string("cannot initialise libpfm4: ") + pfm_strerror(init));
  }
}

}  // namespace

perf_event_attr EncodeEvent(const std::string& name, PrivilegeLevels levels) {
  ThrowIfFailed(InitializeLibpfm(LibpfmTables::kGenericOnly));
  int plm = levels == PrivilegeLevels::kUserOnly ? PFM_PLM3 : (PFM_PLM0 | PFM_PLM3);
  perf_event_attr attr;
  int ret = Encode(name, plm, attr);
  if (ret != PFM_SUCCESS && g_tables != LibpfmTables::kAll) {
    ThrowIfFailed(InitializeLibpfm(LibpfmTables::kAll));
    ret = Encode(name, plm, attr);
  }
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
  if (InitializeLibpfm(LibpfmTables::kAll) != PFM_SUCCESS) return names;
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
