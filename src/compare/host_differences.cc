#include "timeit/compare/host_differences.h"

#include <algorithm>
#include <string_view>

namespace timeit {
namespace {

// What decides speed: the processor, the kernel (its scheduler, its memory management), the
// frequency policy and how many CPUs share the load.
constexpr std::string_view kWarnedFields[] = {"cpu_model", "kernel", "cpu_governor", "cpu_count"};
// What differs between machines of one pool (hostname) or matters less reliably: noted only.
constexpr std::string_view kNotedFields[] = {"hostname", "machine", "turbo", "smt", "aslr"};

std::vector<std::string> DistinctValues(const SampleProvenance& side, std::string_view field) {
  std::vector<std::string> values;
  for (const auto& host : side.hosts) {
    auto it = host.find(field);
    if (it != host.end() && std::find(values.begin(), values.end(), it->second) == values.end()) {
      values.push_back(it->second);
    }
  }
  return values;
}

bool SameSet(std::vector<std::string> a, std::vector<std::string> b) {
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  return a == b;
}

}  // namespace

std::vector<HostDifference> HostDifferences(const SampleProvenance& base, const SampleProvenance& candidate) {
  std::vector<HostDifference> differences;
  auto note = [&](std::string_view field, bool warned) {
    HostDifference difference{std::string(field), DistinctValues(base, field), DistinctValues(candidate, field), false,
                              warned};
    difference.sides_differ =
        !difference.base.empty() && !difference.candidate.empty() && !SameSet(difference.base, difference.candidate);
    if (difference.sides_differ || difference.base.size() > 1 || difference.candidate.size() > 1) {
      differences.push_back(std::move(difference));
    }
  };
  for (std::string_view field : kWarnedFields) note(field, true);
  for (std::string_view field : kNotedFields) note(field, false);
  return differences;
}

}  // namespace timeit
