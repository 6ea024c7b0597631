#include "timeit/measure/event_encoding.h"

#include <gtest/gtest.h>

#if TIMEIT_HAVE_LIBPFM
#include <perfmon/pfmlib.h>
#endif

#include <string>

#include "timeit/base/error.h"
#include "timeit/measure/event_list.h"

namespace timeit {
namespace {

EventEncoding Encode(const std::string& name) { return EncodeEvent(name, PrivilegeLevels::kUserAndKernel); }

TEST(EncodeEventTest, GenericNamesComeFromTheTable) {
  EXPECT_EQ(Encode("cycles").type, kPerfTypeHardware);
  EXPECT_EQ(Encode("cycles").config, 0u);
  EXPECT_EQ(Encode("instructions").config, 1u);
  EXPECT_EQ(Encode("task-clock").type, kPerfTypeSoftware);
  EXPECT_EQ(Encode("task-clock").config, kPerfCountSwTaskClock);
  EXPECT_EQ(Encode("perf::page-faults").config, 2u);
  // cache id | op << 8 | result << 16 = LL (2) | READ (0) << 8 | MISS (1) << 16.
  EXPECT_EQ(Encode("LLC-load-misses").type, kPerfTypeHwCache);
  EXPECT_EQ(Encode("LLC-load-misses").config, 0x10002u);
}

TEST(EncodeEventTest, LevelsAndModifiers) {
  EXPECT_FALSE(EncodeEvent("cycles", PrivilegeLevels::kUserAndKernel).exclude_kernel);
  EXPECT_TRUE(EncodeEvent("cycles", PrivilegeLevels::kUserOnly).exclude_kernel);
  EXPECT_TRUE(EncodeEvent("cycles:u", PrivilegeLevels::kUserAndKernel).exclude_kernel);
  EXPECT_FALSE(EncodeEvent("cycles:u", PrivilegeLevels::kUserAndKernel).exclude_user);
}

#if TIMEIT_HAVE_LIBPFM
// The point of the table: timeit's default events never initialise libpfm4, whose PMU
// probing was most of timeit's own start-up time.
TEST(EncodeEventTest, DefaultEventsLeaveLibpfmUninitialised) {
  pfm_terminate();
  for (const std::string& name : DefaultEvents()) Encode(name);
  EXPECT_EQ(pfm_find_event("cycles"), PFM_ERR_NOINIT);
  // A name only libpfm4 knows initialises it.
  EXPECT_EQ(Encode("r00c0").type, kPerfTypeRaw);
  EXPECT_GE(pfm_find_event("cycles"), 0);
}
#else
TEST(EncodeEventTest, DefaultEventsLeaveLibpfmUninitialised) { GTEST_SKIP() << "built without libpfm4"; }
#endif

TEST(EncodeEventTest, OtherNamesGoToLibpfm) {
  if (!TIMEIT_HAVE_LIBPFM) GTEST_SKIP() << "built without libpfm4: see OtherNamesAreRefusedWithoutLibpfm";
  EventEncoding raw = Encode("r00c0");
  EXPECT_EQ(raw.type, kPerfTypeRaw);
  EXPECT_EQ(raw.config, 0xc0u);
  EXPECT_TRUE(Encode("cycles:pinned").pinned);
}

TEST(EncodeEventTest, OtherNamesAreRefusedWithoutLibpfm) {
  if (TIMEIT_HAVE_LIBPFM) GTEST_SKIP() << "built with libpfm4: see OtherNamesGoToLibpfm";
  for (const char* name : {"r00c0", "cycles:pinned", "perf::PERF_COUNT_HW_CPU_CYCLES"}) {
    try {
      Encode(name);
      FAIL() << "no error for " << name;
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), ErrorKind::kUsage);
      EXPECT_NE(std::string(e.what()).find("unknown event '" + std::string(name) + "'"), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("without libpfm4"), std::string::npos) << e.what();
    }
  }
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

TEST(IsTimeEventTest, SoftwareClocksOnly) {
  EXPECT_TRUE(IsTimeEvent(Encode("task-clock")));
  EXPECT_TRUE(IsTimeEvent(Encode("cpu-clock")));
  EXPECT_FALSE(IsTimeEvent(Encode("cycles")));
  EXPECT_FALSE(IsTimeEvent(Encode("page-faults")));
  EXPECT_FALSE(IsTimeEvent(Encode("context-switches")));
}

TEST(IsTimeEventTest, TypeMatters) {
  // PERF_COUNT_HW_INSTRUCTIONS and PERF_COUNT_SW_TASK_CLOCK are both 1.
  EventEncoding encoding;
  encoding.type = kPerfTypeHardware;
  encoding.config = kPerfCountSwTaskClock;
  EXPECT_FALSE(IsTimeEvent(encoding));
  encoding.type = kPerfTypeSoftware;
  EXPECT_TRUE(IsTimeEvent(encoding));
}

}  // namespace
}  // namespace timeit
