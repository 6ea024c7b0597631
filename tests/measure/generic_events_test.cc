#include "timeit/measure/generic_events.h"

#include <gtest/gtest.h>

#ifdef __linux__
#include <linux/perf_event.h>
#endif

#include <algorithm>
#include <cstdlib>
#include <set>
#include <string>
#include <vector>

#include "timeit/base/error.h"

namespace timeit {
namespace {

std::optional<EventEncoding> Encode(std::string_view name, PrivilegeLevels levels = PrivilegeLevels::kUserAndKernel) {
  return EncodeGenericEvent(name, levels);
}

std::string Upper(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::toupper(c); });
  return text;
}

TEST(GenericEventsTest, EveryNameIsDistinctAndEncodesAsItsEntry) {
  std::set<std::string> seen;
  for (const GenericEvent& event : GenericEvents()) {
    EXPECT_TRUE(seen.insert(Upper(std::string(event.name))).second) << event.name << " twice";
    std::optional<EventEncoding> encoding = Encode(event.name);
    ASSERT_TRUE(encoding) << event.name;
    EXPECT_EQ(encoding->type, event.type) << event.name;
    EXPECT_EQ(encoding->config, event.config) << event.name;
  }
  EXPECT_GE(seen.size(), 60u);
}

TEST(EncodeGenericEventTest, WithoutModifiersCountsUserAndKernelButNotHypervisorOrGuest) {
  std::optional<EventEncoding> cycles = Encode("cycles");
  ASSERT_TRUE(cycles);
  EXPECT_EQ(cycles->type, kPerfTypeHardware);
  EXPECT_EQ(cycles->config, 0u);
  EXPECT_FALSE(cycles->exclude_user);
  EXPECT_FALSE(cycles->exclude_kernel);
  EXPECT_TRUE(cycles->exclude_hv);
  EXPECT_TRUE(cycles->exclude_guest);
  EXPECT_FALSE(cycles->exclude_host);
  EXPECT_EQ(cycles->config1, 0u);
  EXPECT_FALSE(cycles->pinned);
}

TEST(EncodeGenericEventTest, UserOnlyLevelsExcludeTheKernel) {
  std::optional<EventEncoding> cycles = Encode("task-clock", PrivilegeLevels::kUserOnly);
  ASSERT_TRUE(cycles);
  EXPECT_FALSE(cycles->exclude_user);
  EXPECT_TRUE(cycles->exclude_kernel);
  EXPECT_TRUE(cycles->exclude_hv);
}

TEST(EncodeGenericEventTest, ModifiersWinOverLevels) {
  std::optional<EventEncoding> kernel = Encode("cycles:k", PrivilegeLevels::kUserOnly);
  ASSERT_TRUE(kernel);
  EXPECT_TRUE(kernel->exclude_user);
  EXPECT_FALSE(kernel->exclude_kernel);
  std::optional<EventEncoding> user = Encode("instructions:u", PrivilegeLevels::kUserAndKernel);
  ASSERT_TRUE(user);
  EXPECT_FALSE(user->exclude_user);
  EXPECT_TRUE(user->exclude_kernel);
  EXPECT_TRUE(user->exclude_hv);
}

TEST(EncodeGenericEventTest, ModifiersCombineInPerfsAndLibpfmsSpelling) {
  std::optional<EventEncoding> separate = Encode("cycles:u:k", PrivilegeLevels::kUserOnly);
  ASSERT_TRUE(separate);
  EXPECT_FALSE(separate->exclude_user);
  EXPECT_FALSE(separate->exclude_kernel);
  EXPECT_EQ(Encode("cycles:uk", PrivilegeLevels::kUserOnly), separate);
  EXPECT_EQ(Encode("cycles:ku", PrivilegeLevels::kUserOnly), separate);
  EXPECT_EQ(Encode("cycles:u:u:k", PrivilegeLevels::kUserOnly), separate);
}

TEST(EncodeGenericEventTest, HypervisorOnlyForEventsAPmuCounts) {
  std::optional<EventEncoding> cycles = Encode("cycles:h");
  ASSERT_TRUE(cycles);
  EXPECT_TRUE(cycles->exclude_user);
  EXPECT_TRUE(cycles->exclude_kernel);
  EXPECT_FALSE(cycles->exclude_hv);
  EXPECT_TRUE(Encode("LLC-loads:uh"));
  // libpfm4 refuses `h` on software events; the table leaves them to it.
  EXPECT_FALSE(Encode("task-clock:h"));
  EXPECT_FALSE(Encode("page-faults:uh"));
}

TEST(EncodeGenericEventTest, CaseAndThePerfPrefixDoNotMatter) {
  std::optional<EventEncoding> expected = Encode("llc-load-misses:u");
  ASSERT_TRUE(expected);
  EXPECT_EQ(expected->type, kPerfTypeHwCache);
  EXPECT_EQ(Encode("LLC-load-misses:U"), expected);
  EXPECT_EQ(Encode("perf::LLC-load-misses:u"), expected);
  EXPECT_EQ(Encode("PERF::llc-LOAD-misses:u"), expected);
}

TEST(EncodeGenericEventTest, EverythingElseIsLeftToLibpfm) {
  for (const char* name :
       {"r00c0", "cpu::cycles", "ix86arch::INSTRUCTION_RETIRED", "perf::PERF_COUNT_HW_CPU_CYCLES",
        "cycles:", "cycles:mg", "cycles:u=1", "cycles:period=1000", "cycles:x", "perf::", "perf::perf::cycles", "",
        ":u", "cycle", "cycles,instructions", " cycles", "L1-icache-stores", "iTLB-prefetches", "bpf-output"}) {
    EXPECT_FALSE(Encode(name)) << name;
  }
}

#ifdef __linux__
// The kernel's header is the reference for the numbers the table writes out.
TEST(GenericEventsTest, NumbersAreTheKernels) {
  struct Expected {
    const char* name;
    uint32_t type;
    uint64_t config;
  };
  auto cache = [](uint64_t id, uint64_t op, uint64_t result) { return id | op << 8 | result << 16; };
  const Expected expected[] = {
      {"cpu-cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES},
      {"cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES},
      {"instructions", PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS},
      {"cache-references", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_REFERENCES},
      {"cache-misses", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_MISSES},
      {"branch-instructions", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_INSTRUCTIONS},
      {"branches", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_INSTRUCTIONS},
      {"branch-misses", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES},
      {"bus-cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BUS_CYCLES},
      {"stalled-cycles-frontend", PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_FRONTEND},
      {"idle-cycles-frontend", PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_FRONTEND},
      {"stalled-cycles-backend", PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_BACKEND},
      {"idle-cycles-backend", PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_BACKEND},
      {"ref-cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_REF_CPU_CYCLES},
      {"cpu-clock", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK},
      {"task-clock", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK},
      {"page-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS},
      {"faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS},
      {"context-switches", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES},
      {"cs", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES},
      {"cpu-migrations", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS},
      {"migrations", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS},
      {"minor-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MIN},
      {"major-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MAJ},
      {"alignment-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_ALIGNMENT_FAULTS},
      {"emulation-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_EMULATION_FAULTS},
      {"dummy", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_DUMMY},
      {"cgroup-switches", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CGROUP_SWITCHES},
      {"L1-dcache-loads", PERF_TYPE_HW_CACHE,
       cache(PERF_COUNT_HW_CACHE_L1D, PERF_COUNT_HW_CACHE_OP_READ, PERF_COUNT_HW_CACHE_RESULT_ACCESS)},
      {"L1-dcache-store-misses", PERF_TYPE_HW_CACHE,
       cache(PERF_COUNT_HW_CACHE_L1D, PERF_COUNT_HW_CACHE_OP_WRITE, PERF_COUNT_HW_CACHE_RESULT_MISS)},
      {"L1-icache-prefetch-misses", PERF_TYPE_HW_CACHE,
       cache(PERF_COUNT_HW_CACHE_L1I, PERF_COUNT_HW_CACHE_OP_PREFETCH, PERF_COUNT_HW_CACHE_RESULT_MISS)},
      {"LLC-load-misses", PERF_TYPE_HW_CACHE,
       cache(PERF_COUNT_HW_CACHE_LL, PERF_COUNT_HW_CACHE_OP_READ, PERF_COUNT_HW_CACHE_RESULT_MISS)},
      {"dTLB-prefetches", PERF_TYPE_HW_CACHE,
       cache(PERF_COUNT_HW_CACHE_DTLB, PERF_COUNT_HW_CACHE_OP_PREFETCH, PERF_COUNT_HW_CACHE_RESULT_ACCESS)},
      {"iTLB-load-misses", PERF_TYPE_HW_CACHE,
       cache(PERF_COUNT_HW_CACHE_ITLB, PERF_COUNT_HW_CACHE_OP_READ, PERF_COUNT_HW_CACHE_RESULT_MISS)},
      {"branch-loads", PERF_TYPE_HW_CACHE,
       cache(PERF_COUNT_HW_CACHE_BPU, PERF_COUNT_HW_CACHE_OP_READ, PERF_COUNT_HW_CACHE_RESULT_ACCESS)},
      {"node-store-misses", PERF_TYPE_HW_CACHE,
       cache(PERF_COUNT_HW_CACHE_NODE, PERF_COUNT_HW_CACHE_OP_WRITE, PERF_COUNT_HW_CACHE_RESULT_MISS)},
  };
  for (const Expected& event : expected) {
    std::optional<EventEncoding> encoding = Encode(event.name);
    ASSERT_TRUE(encoding) << event.name;
    EXPECT_EQ(encoding->type, event.type) << event.name;
    EXPECT_EQ(encoding->config, event.config) << event.name;
  }
}
#endif

}  // namespace
}  // namespace timeit

namespace timeit {
namespace {

TEST(IsTaskClockTest, EverySpellingOfTaskClockAndNothingElse) {
  for (const char* name : {"task-clock", "TASK-CLOCK", "perf::task-clock", "task-clock:u", "Task-Clock:uk"}) {
    EXPECT_TRUE(IsTaskClock(name)) << name;
  }
  for (const char* name : {"cpu-clock", "task-clocks", "cycles", "", "r00c0", "task-clock:p"}) {
    EXPECT_FALSE(IsTaskClock(name)) << name;
  }
}

TEST(IsGenericEventTest, AnySpellingAndModifiersOfTheNamedEvent) {
  for (const char* name : {"instructions", "INSTRUCTIONS", "perf::instructions", "instructions:u", "instructions:k"}) {
    EXPECT_TRUE(IsGenericEvent(name, "instructions")) << name;
  }
  EXPECT_TRUE(IsGenericEvent("cpu-cycles", "cycles"));  // an alias is the same event
  for (const char* name : {"instructions:p", "branch-instructions", "cycles", "", "r00c0"}) {
    EXPECT_FALSE(IsGenericEvent(name, "instructions")) << name;
  }
  EXPECT_FALSE(IsGenericEvent("instructions", "no-such-event"));
}

}  // namespace
}  // namespace timeit
