#include "timeit/measure/generic_events.h"

#include <algorithm>
#include <array>

namespace timeit {
namespace {

// The kernel's ABI numbers (linux/perf_event.h), written out so the table compiles on
// every platform; generic_events_test checks each entry against the kernel's header and
// against libpfm4.
constexpr uint64_t kCpuCycles = 0, kInstructions = 1, kCacheReferences = 2, kCacheMisses = 3, kBranchInstructions = 4,
                   kBranchMisses = 5, kBusCycles = 6, kStalledCyclesFrontend = 7, kStalledCyclesBackend = 8,
                   kRefCpuCycles = 9;
constexpr uint64_t kPageFaults = 2, kContextSwitches = 3, kCpuMigrations = 4, kPageFaultsMin = 5, kPageFaultsMaj = 6,
                   kAlignmentFaults = 7, kEmulationFaults = 8, kDummy = 9, kCgroupSwitches = 11;

// A hardware-cache event's config: which cache, which operation, access or miss.
enum : uint64_t { kL1d = 0, kL1i = 1, kLl = 2, kDtlb = 3, kItlb = 4, kBpu = 5, kNode = 6 };
enum : uint64_t { kRead = 0, kWrite = 1, kPrefetch = 2 };
enum : uint64_t { kAccess = 0, kMiss = 1 };
constexpr uint64_t Cache(uint64_t cache, uint64_t op, uint64_t result) { return cache | op << 8 | result << 16; }

constexpr GenericEvent Hw(std::string_view name, uint64_t config) { return {name, kPerfTypeHardware, config}; }
constexpr GenericEvent Sw(std::string_view name, uint64_t config) { return {name, kPerfTypeSoftware, config}; }
constexpr GenericEvent HwCache(std::string_view name, uint64_t cache, uint64_t op, uint64_t result) {
  return {name, kPerfTypeHwCache, Cache(cache, op, result)};
}

// `perf list`'s generic events. The hardware-cache combinations are the ones perf and
// libpfm4 both accept: no stores or prefetches for the instruction-side caches.
constexpr std::array kGenericEvents = {
    Hw("cpu-cycles", kCpuCycles),
    Hw("cycles", kCpuCycles),
    Hw("instructions", kInstructions),
    Hw("cache-references", kCacheReferences),
    Hw("cache-misses", kCacheMisses),
    Hw("branch-instructions", kBranchInstructions),
    Hw("branches", kBranchInstructions),
    Hw("branch-misses", kBranchMisses),
    Hw("bus-cycles", kBusCycles),
    Hw("stalled-cycles-frontend", kStalledCyclesFrontend),
    Hw("idle-cycles-frontend", kStalledCyclesFrontend),
    Hw("stalled-cycles-backend", kStalledCyclesBackend),
    Hw("idle-cycles-backend", kStalledCyclesBackend),
    Hw("ref-cycles", kRefCpuCycles),

    Sw("cpu-clock", kPerfCountSwCpuClock),
    Sw("task-clock", kPerfCountSwTaskClock),
    Sw("page-faults", kPageFaults),
    Sw("faults", kPageFaults),
    Sw("context-switches", kContextSwitches),
    Sw("cs", kContextSwitches),
    Sw("cpu-migrations", kCpuMigrations),
    Sw("migrations", kCpuMigrations),
    Sw("minor-faults", kPageFaultsMin),
    Sw("major-faults", kPageFaultsMaj),
    Sw("alignment-faults", kAlignmentFaults),
    Sw("emulation-faults", kEmulationFaults),
    Sw("dummy", kDummy),
    Sw("cgroup-switches", kCgroupSwitches),

    HwCache("L1-dcache-loads", kL1d, kRead, kAccess),
    HwCache("L1-dcache-load-misses", kL1d, kRead, kMiss),
    HwCache("L1-dcache-stores", kL1d, kWrite, kAccess),
    HwCache("L1-dcache-store-misses", kL1d, kWrite, kMiss),
    HwCache("L1-dcache-prefetches", kL1d, kPrefetch, kAccess),
    HwCache("L1-dcache-prefetch-misses", kL1d, kPrefetch, kMiss),
    HwCache("L1-icache-loads", kL1i, kRead, kAccess),
    HwCache("L1-icache-load-misses", kL1i, kRead, kMiss),
    HwCache("L1-icache-prefetches", kL1i, kPrefetch, kAccess),
    HwCache("L1-icache-prefetch-misses", kL1i, kPrefetch, kMiss),
    HwCache("LLC-loads", kLl, kRead, kAccess),
    HwCache("LLC-load-misses", kLl, kRead, kMiss),
    HwCache("LLC-stores", kLl, kWrite, kAccess),
    HwCache("LLC-store-misses", kLl, kWrite, kMiss),
    HwCache("LLC-prefetches", kLl, kPrefetch, kAccess),
    HwCache("LLC-prefetch-misses", kLl, kPrefetch, kMiss),
    HwCache("dTLB-loads", kDtlb, kRead, kAccess),
    HwCache("dTLB-load-misses", kDtlb, kRead, kMiss),
    HwCache("dTLB-stores", kDtlb, kWrite, kAccess),
    HwCache("dTLB-store-misses", kDtlb, kWrite, kMiss),
    HwCache("dTLB-prefetches", kDtlb, kPrefetch, kAccess),
    HwCache("dTLB-prefetch-misses", kDtlb, kPrefetch, kMiss),
    HwCache("iTLB-loads", kItlb, kRead, kAccess),
    HwCache("iTLB-load-misses", kItlb, kRead, kMiss),
    HwCache("branch-loads", kBpu, kRead, kAccess),
    HwCache("branch-load-misses", kBpu, kRead, kMiss),
    HwCache("node-loads", kNode, kRead, kAccess),
    HwCache("node-load-misses", kNode, kRead, kMiss),
    HwCache("node-stores", kNode, kWrite, kAccess),
    HwCache("node-store-misses", kNode, kWrite, kMiss),
    HwCache("node-prefetches", kNode, kPrefetch, kAccess),
    HwCache("node-prefetch-misses", kNode, kPrefetch, kMiss),
};

// ASCII only: event names are, and the C locale must not change what matches.
char LowerAscii(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

bool EqualIgnoringCase(std::string_view a, std::string_view b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                    [](char x, char y) { return LowerAscii(x) == LowerAscii(y); });
}

const GenericEvent* FindGenericEvent(std::string_view name) {
  auto found = std::find_if(kGenericEvents.begin(), kGenericEvents.end(),
                            [&](const GenericEvent& event) { return EqualIgnoringCase(event.name, name); });
  return found == kGenericEvents.end() ? nullptr : &*found;
}

}  // namespace

std::span<const GenericEvent> GenericEvents() { return kGenericEvents; }

std::optional<EventEncoding> EncodeGenericEvent(std::string_view name, PrivilegeLevels levels) {
  constexpr std::string_view kPmuPrefix = "perf::";
  if (EqualIgnoringCase(name.substr(0, kPmuPrefix.size()), kPmuPrefix)) name.remove_prefix(kPmuPrefix.size());
  size_t colon = name.find(':');
  const GenericEvent* event = FindGenericEvent(name.substr(0, colon));
  if (event == nullptr) return std::nullopt;

  // libpfm4 leaves the hypervisor modifier to events a PMU counts.
  bool hypervisor_allowed = event->type == kPerfTypeHardware || event->type == kPerfTypeHwCache;
  bool user = false, kernel = false, hypervisor = false, any_modifier = false;
  while (colon != std::string_view::npos) {
    size_t start = colon + 1;
    colon = name.find(':', start);
    std::string_view modifier = name.substr(start, colon == std::string_view::npos ? colon : colon - start);
    if (modifier.empty()) return std::nullopt;
    for (char letter : modifier) {
      switch (LowerAscii(letter)) {
        case 'u':
          user = true;
          break;
        case 'k':
          kernel = true;
          break;
        case 'h':
          if (!hypervisor_allowed) return std::nullopt;
          hypervisor = true;
          break;
        default:
          return std::nullopt;
      }
    }
    any_modifier = true;
  }
  if (!any_modifier) {
    user = true;
    kernel = levels == PrivilegeLevels::kUserAndKernel;
  }

  EventEncoding encoding;
  encoding.type = event->type;
  encoding.config = event->config;
  encoding.exclude_user = !user;
  encoding.exclude_kernel = !kernel;
  encoding.exclude_hv = !hypervisor;
  // libpfm4 counts the host only unless asked for the guest (its `:mg`).
  encoding.exclude_guest = true;
  return encoding;
}

bool IsGenericEvent(std::string_view name, std::string_view generic) {
  std::optional<EventEncoding> encoding = EncodeGenericEvent(name, PrivilegeLevels::kUserAndKernel);
  std::optional<EventEncoding> wanted = EncodeGenericEvent(generic, PrivilegeLevels::kUserAndKernel);
  return encoding && wanted && encoding->type == wanted->type && encoding->config == wanted->config;
}

bool IsTaskClock(std::string_view name) { return IsGenericEvent(name, "task-clock"); }

}  // namespace timeit
