#include "timeit/results/host_info.h"

#include <sys/utsname.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "timeit/measure/pfm_encoding.h"

namespace timeit {
namespace {

std::string CpuModel() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpuinfo, line)) {
    if (line.rfind("model name", 0) == 0) {
      size_t value = line.find_first_not_of(" \t", line.find(':') + 1);
      if (line.find(':') != std::string::npos && value != std::string::npos) return line.substr(value);
    }
  }
  return "unknown";
}

}  // namespace

std::vector<std::string> KernelPmus() {
  std::vector<std::string> names;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator("/sys/bus/event_source/devices", error)) {
    names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

bool HasCorePmu(const std::vector<std::string>& kernel_pmus) {
  for (const std::string& name : kernel_pmus) {
    if (name == "cpu" || name.rfind("cpu_", 0) == 0 || name.rfind("armv", 0) == 0) return true;
  }
  return false;
}

std::string TimeitVersion() { return TIMEIT_VERSION; }

HostInfo CollectHostInfo() {
  HostInfo host;
  utsname names;
  if (::uname(&names) == 0) {
    host.hostname = names.nodename;
    host.kernel = std::string(names.sysname) + " " + names.release;
    host.machine = names.machine;
  }
  host.cpu_model = CpuModel();
  host.cpu_count = ::sysconf(_SC_NPROCESSORS_ONLN);
  std::ifstream paranoid("/proc/sys/kernel/perf_event_paranoid");
  int level;
  if (paranoid >> level) host.perf_event_paranoid = level;
  host.kernel_pmus = KernelPmus();
  host.libpfm_pmus = LibpfmPresentPmus();
  host.timeit_version = TimeitVersion();
  host.libpfm_version = LibpfmVersion();
  return host;
}

}  // namespace timeit
