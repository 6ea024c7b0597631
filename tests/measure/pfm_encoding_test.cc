#include "timeit/measure/pfm_encoding.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <string>

#include "timeit/base/error.h"

namespace timeit {
namespace {

EventEncoding Encode(const std::string& name) { return EncodeWithLibpfm(name, PrivilegeLevels::kUserAndKernel); }

// "unknown event 'NAME'" and the kind, or a failure naming what came instead.
void ExpectUnknownEvent(const std::string& name, const std::string& reason) {
  try {
    Encode(name);
    ADD_FAILURE() << "no error for " << name;
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kUsage);
    EXPECT_NE(std::string(e.what()).find("unknown event '" + name + "': "), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(reason), std::string::npos) << e.what();
  }
}

TEST(EncodeWithLibpfmTest, RawCode) {
  if (!TIMEIT_HAVE_LIBPFM) GTEST_SKIP() << "built without libpfm4: see RefusesEveryNameWithoutLibpfm";
  EventEncoding raw = Encode("r00c0");
  EXPECT_EQ(raw.type, kPerfTypeRaw);
  EXPECT_EQ(raw.config, 0xc0u);
  EXPECT_FALSE(raw.exclude_kernel);
  EXPECT_TRUE(EncodeWithLibpfm("r00c0", PrivilegeLevels::kUserOnly).exclude_kernel);
}

TEST(EncodeWithLibpfmTest, LibpfmsOwnSpellingsAndModifiers) {
  if (!TIMEIT_HAVE_LIBPFM) GTEST_SKIP() << "built without libpfm4: see RefusesEveryNameWithoutLibpfm";
  EventEncoding cycles = Encode("perf::PERF_COUNT_HW_CPU_CYCLES:u:pinned:excl");
  EXPECT_EQ(cycles.type, kPerfTypeHardware);
  EXPECT_EQ(cycles.config, 0u);
  EXPECT_TRUE(cycles.exclude_kernel);
  EXPECT_TRUE(cycles.pinned);
  EXPECT_TRUE(cycles.exclusive);
  EXPECT_FALSE(Encode("cycles:mg").exclude_guest);
}

TEST(EncodeWithLibpfmTest, UnknownNameIsUsageErrorWithLibpfmsReason) {
  if (!TIMEIT_HAVE_LIBPFM) GTEST_SKIP() << "built without libpfm4: see RefusesEveryNameWithoutLibpfm";
  ExpectUnknownEvent("no-such-event-1", "event not found");
  // Still refused once every table is loaded, and known names still encode.
  ExpectUnknownEvent("no-such-event-2", "event not found");
  ExpectUnknownEvent("task-clock:h", "invalid event attribute");
  EXPECT_EQ(Encode("task-clock").config, kPerfCountSwTaskClock);
}

TEST(EncodeWithLibpfmTest, RefusesEveryNameWithoutLibpfm) {
  if (TIMEIT_HAVE_LIBPFM) GTEST_SKIP() << "built with libpfm4: see the other EncodeWithLibpfmTest tests";
  for (const char* name : {"r00c0", "no-such-event-1", "task-clock:h", "cycles"}) {
    ExpectUnknownEvent(name, "built without libpfm4");
  }
}

TEST(LibpfmVersionTest, MajorDotMinor) {
  if (!TIMEIT_HAVE_LIBPFM) GTEST_SKIP() << "built without libpfm4: see AbsentWithoutLibpfm";
  std::optional<std::string> version = LibpfmVersion();
  ASSERT_TRUE(version);
  EXPECT_TRUE(std::regex_match(*version, std::regex("[1-9][0-9]*\\.[0-9]+"))) << *version;
}

TEST(LibpfmVersionTest, AbsentWithoutLibpfm) {
  if (TIMEIT_HAVE_LIBPFM) GTEST_SKIP() << "built with libpfm4: see MajorDotMinor";
  EXPECT_FALSE(LibpfmVersion());
  EXPECT_TRUE(LibpfmPresentPmus().empty());
}

TEST(LibpfmPresentPmusTest, IncludesGenericPerfTable) {
  if (!TIMEIT_HAVE_LIBPFM) GTEST_SKIP() << "built without libpfm4: see LibpfmVersionTest.AbsentWithoutLibpfm";
  std::vector<std::string> pmus = LibpfmPresentPmus();
  EXPECT_NE(std::find(pmus.begin(), pmus.end(), "perf"), pmus.end());
  EXPECT_EQ(std::find(pmus.begin(), pmus.end(), ""), pmus.end());
}

}  // namespace
}  // namespace timeit
