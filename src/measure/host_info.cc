#include "timeit/measure/host_info.h"

#include <sys/utsname.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>

#include "timeit/measure/pfm_encoding.h"

namespace timeit {
namespace {

namespace fs = std::filesystem;

// The first word of a one-line kernel file, if it can be read.
std::optional<std::string> FirstWord(const fs::path& path) {
  std::ifstream file(path);
  std::string word;
  if (file >> word) return word;
  return std::nullopt;
}

std::optional<int> Integer(const fs::path& path) {
  std::ifstream file(path);
  int value;
  if (file >> value) return value;
  return std::nullopt;
}

std::optional<std::string> CpuGovernors(const fs::path& root) {
  std::set<std::string> governors;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(root / "sys/devices/system/cpu", error)) {
    std::string name = entry.path().filename().string();
    if (name.size() < 4 || name.rfind("cpu", 0) != 0 || name.find_first_not_of("0123456789", 3) != std::string::npos) {
      continue;
    }
    if (auto governor = FirstWord(entry.path() / "cpufreq/scaling_governor")) governors.insert(*governor);
  }
  if (governors.empty()) return std::nullopt;
  std::string joined;
  for (const std::string& governor : governors) joined += (joined.empty() ? "" : ",") + governor;
  return joined;
}

std::optional<bool> Turbo(const fs::path& root) {
  if (auto no_turbo = Integer(root / "sys/devices/system/cpu/intel_pstate/no_turbo")) return *no_turbo == 0;
  if (auto boost = Integer(root / "sys/devices/system/cpu/cpufreq/boost")) return *boost != 0;
  return std::nullopt;
}

std::optional<bool> Smt(const fs::path& root) {
  if (auto active = Integer(root / "sys/devices/system/cpu/smt/active")) return *active != 0;
  return std::nullopt;
}

std::string CpuModel(const fs::path& root) {
  std::ifstream cpuinfo(root / "proc/cpuinfo");
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

std::optional<std::array<double, 3>> LoadAverage(const std::filesystem::path& root) {
  std::ifstream file(root / "proc/loadavg");
  std::array<double, 3> load;
  if (file >> load[0] >> load[1] >> load[2]) return load;
  return std::nullopt;
}

HostInfo CollectHostInfo(const std::filesystem::path& root) {
  HostInfo host;
  utsname names;
  if (::uname(&names) == 0) {
    host.hostname = names.nodename;
    host.kernel = std::string(names.sysname) + " " + names.release;
    host.machine = names.machine;
  }
  host.cpu_model = CpuModel(root);
  host.cpu_count = ::sysconf(_SC_NPROCESSORS_ONLN);
  host.perf_event_paranoid = Integer(root / "proc/sys/kernel/perf_event_paranoid");
  host.kernel_pmus = KernelPmus();
  host.libpfm_pmus = LibpfmPresentPmus();
  host.timeit_version = TimeitVersion();
  host.libpfm_version = LibpfmVersion();
  host.cpu_governor = CpuGovernors(root);
  host.turbo = Turbo(root);
  host.smt = Smt(root);
  host.aslr = Integer(root / "proc/sys/kernel/randomize_va_space");
  host.load_average = LoadAverage(root);
  return host;
}

}  // namespace timeit
