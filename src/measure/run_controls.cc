#include "timeit/measure/run_controls.h"

#ifdef __linux__
#include <sched.h>
#endif

#include <algorithm>
#include <cerrno>
#include <memory>
#include <new>

#include "timeit/base/error.h"

namespace timeit {
namespace {

[[noreturn]] void NotACpuList(std::string_view list, const std::string& reason, bool hint) {
  std::string message = "'" + std::string(list) + "' is not a CPU list: " + reason;
  if (hint) message += " (write CPU numbers and ranges separated by commas: 0, 0-3, 0,2-3)";
  throw Error(ErrorKind::kUsage, message);
}

// A CPU number: decimal digits only, at most kMaxCpuNumber. Read digit by digit, so a
// number too long for any integer type is refused, never wrapped.
int ParseCpuNumber(std::string_view list, std::string_view element, std::string_view digits) {
  if (digits.empty() || digits.find_first_not_of("0123456789") != std::string_view::npos) {
    NotACpuList(list, "'" + std::string(element) + "' is neither a CPU number nor a range of them", true);
  }
  int number = 0;
  for (char digit : digits) {
    number = number * 10 + (digit - '0');
    if (number > kMaxCpuNumber) {
      NotACpuList(list,
                  "CPU " + std::string(digits) + " is beyond " + std::to_string(kMaxCpuNumber) +
                      ", the highest CPU number Linux supports",
                  false);
    }
  }
  return number;
}

}  // namespace

std::vector<int> ParseCpuList(std::string_view list) {
  if (list.empty()) throw Error(ErrorKind::kUsage, "the CPU list is empty");
  std::vector<int> cpus;
  size_t start = 0;
  while (true) {
    size_t comma = list.find(',', start);
    std::string_view element =
        list.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
    if (element.empty()) NotACpuList(list, "an element is empty", true);
    size_t dash = element.find('-');
    int first = ParseCpuNumber(list, element, element.substr(0, dash));
    int last = dash == std::string_view::npos ? first : ParseCpuNumber(list, element, element.substr(dash + 1));
    if (last < first) NotACpuList(list, "the range " + std::string(element) + " goes downwards", false);
    for (int cpu = first; cpu <= last; ++cpu) cpus.push_back(cpu);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  std::sort(cpus.begin(), cpus.end());
  cpus.erase(std::unique(cpus.begin(), cpus.end()), cpus.end());
  return cpus;
}

std::string FormatCpuList(const std::vector<int>& cpus) {
  std::string text;
  for (size_t i = 0; i < cpus.size();) {
    size_t end = i + 1;
    while (end < cpus.size() && cpus[end] == cpus[end - 1] + 1) ++end;
    if (!text.empty()) text += ',';
    text += std::to_string(cpus[i]);
    if (end - i > 1) text += "-" + std::to_string(cpus[end - 1]);
    i = end;
  }
  return text;
}

#ifdef __linux__

std::optional<std::vector<int>> AllowedCpus() {
  struct FreeCpuSet {
    void operator()(cpu_set_t* set) const { CPU_FREE(set); }
  };
  // The kernel refuses (EINVAL) a mask smaller than the CPUs it could have: grow until it fits.
  for (int capacity = 1024;; capacity *= 2) {
    std::unique_ptr<cpu_set_t, FreeCpuSet> set(CPU_ALLOC(capacity));
    if (!set) throw std::bad_alloc();
    size_t size = CPU_ALLOC_SIZE(capacity);
    if (::sched_getaffinity(0, size, set.get()) == 0) {
      std::vector<int> cpus;
      for (int cpu = 0; cpu < static_cast<int>(size * 8); ++cpu) {
        if (CPU_ISSET_S(cpu, size, set.get())) cpus.push_back(cpu);
      }
      return cpus;
    }
    if (errno != EINVAL || capacity > kMaxCpuNumber) {
      throw Error(ErrorKind::kSystem, SystemErrorMessage("sched_getaffinity", errno));
    }
  }
}

bool CanDisableAslr() { return true; }

#else

std::optional<std::vector<int>> AllowedCpus() { return std::nullopt; }

bool CanDisableAslr() { return false; }

#endif

}  // namespace timeit
