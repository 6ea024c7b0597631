#include "timeit/measure/pfm_encoding.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <string>

#include "timeit/base/error.h"

namespace timeit {
namespace {

perf_event_attr Encode(const std::string& name) { return EncodeEvent(name, PrivilegeLevels::kUserAndKernel); }

TEST(EncodeEventTest, Cycles) {
  perf_event_attr attr = Encode("cycles");
  EXPECT_EQ(attr.type, static_cast<uint32_t>(PERF_TYPE_HARDWARE));
  EXPECT_EQ(attr.config, static_cast<uint64_t>(PERF_COUNT_HW_CPU_CYCLES));
  EXPECT_EQ(attr.config, 0u);
  EXPECT_EQ(attr.size, sizeof(perf_event_attr));
}

TEST(EncodeEventTest, Instructions) {
  perf_event_attr attr = Encode("instructions");
  EXPECT_EQ(attr.type, 0u);  // PERF_TYPE_HARDWARE
  EXPECT_EQ(attr.config, 1u);  // PERF_COUNT_HW_INSTRUCTIONS
}

TEST(EncodeEventTest, TaskClock) {
  perf_event_attr attr = Encode("task-clock");
  EXPECT_EQ(attr.type, static_cast<uint32_t>(PERF_TYPE_SOFTWARE));
  EXPECT_EQ(attr.config, static_cast<uint64_t>(PERF_COUNT_SW_TASK_CLOCK));
}

TEST(EncodeEventTest, PageFaults) {
  perf_event_attr attr = Encode("page-faults");
  EXPECT_EQ(attr.type, 1u);  // PERF_TYPE_SOFTWARE
  EXPECT_EQ(attr.config, 2u);  // PERF_COUNT_SW_PAGE_FAULTS
}

TEST(EncodeEventTest, PmuQualifiedNameIsTheSameEvent) {
  perf_event_attr attr = Encode("perf::task-clock");
  EXPECT_EQ(attr.type, static_cast<uint32_t>(PERF_TYPE_SOFTWARE));
  EXPECT_EQ(attr.config, static_cast<uint64_t>(PERF_COUNT_SW_TASK_CLOCK));
}

TEST(EncodeEventTest, LastLevelCacheLoadMisses) {
  perf_event_attr attr = Encode("LLC-load-misses");
  EXPECT_EQ(attr.type, static_cast<uint32_t>(PERF_TYPE_HW_CACHE));
  // cache id | op << 8 | result << 16 = LL (2) | READ (0) << 8 | MISS (1) << 16.
  EXPECT_EQ(attr.config, 0x10002u);
}

TEST(EncodeEventTest, RawCode) {
  perf_event_attr attr = Encode("r00c0");
  EXPECT_EQ(attr.type, static_cast<uint32_t>(PERF_TYPE_RAW));
  EXPECT_EQ(attr.config, 0xc0u);
}

TEST(EncodeEventTest, UserAndKernelExcludesNeither) {
  perf_event_attr attr = EncodeEvent("cycles", PrivilegeLevels::kUserAndKernel);
  EXPECT_EQ(attr.exclude_kernel, 0u);
  EXPECT_EQ(attr.exclude_user, 0u);
}

TEST(EncodeEventTest, UserOnlyExcludesKernel) {
  perf_event_attr attr = EncodeEvent("cycles", PrivilegeLevels::kUserOnly);
  EXPECT_EQ(attr.exclude_kernel, 1u);
  EXPECT_EQ(attr.exclude_user, 0u);
  EXPECT_EQ(attr.type, static_cast<uint32_t>(PERF_TYPE_HARDWARE));
  EXPECT_EQ(attr.config, 0u);
}

TEST(EncodeEventTest, ExplicitModifierWinsOverLevels) {
  perf_event_attr attr = EncodeEvent("cycles:u", PrivilegeLevels::kUserAndKernel);
  EXPECT_EQ(attr.exclude_kernel, 1u);
  EXPECT_EQ(attr.exclude_user, 0u);
}

TEST(EncodeEventTest, UnknownNameIsUsageErrorNamingIt) {
  try {
    Encode("no-such-event-xyzzy");
    FAIL() << "no error for an unknown event";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kUsage);
    EXPECT_NE(std::string(e.what()).find("unknown event 'no-such-event-xyzzy'"), std::string::npos) << e.what();
  }
}

TEST(EncodeEventTest, UnknownNameStillFailsAfterAllTablesAreLoaded) {
  // The first unknown name loads every PMU table; a second one must fail the same way.
  EXPECT_THROW(Encode("no-such-event-1"), Error);
  EXPECT_THROW(Encode("no-such-event-2"), Error);
  // And a known name still encodes afterwards.
  EXPECT_EQ(Encode("task-clock").config, static_cast<uint64_t>(PERF_COUNT_SW_TASK_CLOCK));
}

TEST(IsTimeEventTest, SoftwareClocksOnly) {
  EXPECT_TRUE(IsTimeEvent(Encode("task-clock")));
  EXPECT_TRUE(IsTimeEvent(Encode("cpu-clock")));
  EXPECT_FALSE(IsTimeEvent(Encode("cycles")));
  EXPECT_FALSE(IsTimeEvent(Encode("page-faults")));
  EXPECT_FALSE(IsTimeEvent(Encode("context-switches")));
}

TEST(IsTimeEventTest, TypeMatters) {
  // PERF_COUNT_HW_INSTRUCTIONS and PERF_COUNT_SW_TASK_CLOCK are both 1.
  perf_event_attr attr{};
  attr.type = PERF_TYPE_HARDWARE;
  attr.config = PERF_COUNT_SW_TASK_CLOCK;
  EXPECT_FALSE(IsTimeEvent(attr));
  attr.type = PERF_TYPE_SOFTWARE;
  EXPECT_TRUE(IsTimeEvent(attr));
}

TEST(LibpfmVersionTest, MajorDotMinor) {
  std::string version = LibpfmVersion();
  EXPECT_FALSE(version.empty());
  EXPECT_TRUE(std::regex_match(version, std::regex("[1-9][0-9]*\\.[0-9]+"))) << version;
}

TEST(LibpfmPresentPmusTest, IncludesGenericPerfTable) {
  std::vector<std::string> pmus = LibpfmPresentPmus();
  EXPECT_NE(std::find(pmus.begin(), pmus.end(), "perf"), pmus.end());
  EXPECT_EQ(std::find(pmus.begin(), pmus.end(), ""), pmus.end());
}

}  // namespace
}  // namespace timeit
