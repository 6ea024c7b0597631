// The libpfm4 oracle for the generic event table, in a test binary of its own: libpfm4
// keeps tables loaded by earlier tests across pfm_terminate() on some machines, which
// would change what this oracle answers when it shares a process with them.
#include <gtest/gtest.h>

#if TIMEIT_HAVE_LIBPFM
#include <perfmon/pfmlib_perf_event.h>
#endif

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <set>
#include <string>

#include "timeit/base/error.h"
#include "timeit/measure/generic_events.h"
#include "timeit/measure/pfm_encoding.h"

namespace timeit {
namespace {

#if TIMEIT_HAVE_LIBPFM
std::optional<EventEncoding> Encode(std::string_view name, PrivilegeLevels levels = PrivilegeLevels::kUserAndKernel) {
  return EncodeGenericEvent(name, levels);
}

std::string Upper(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::toupper(c); });
  return text;
}

// The independent oracle: libpfm4's own `perf` table, loaded alone (as timeit loaded it
// for these names before the table existed), must give the same encoding for every
// spelling the table accepts. EncodeWithLibpfm finds libpfm4 initialised and uses the
// tables loaded here.
class LibpfmOracleTest : public ::testing::Test {
 protected:
  void SetUp() override {
    pfm_terminate();  // whatever another test in this process loaded
    ::setenv("LIBPFM_FORCE_PMU", "perf", 1);
    int result = pfm_initialize();
    ::unsetenv("LIBPFM_FORCE_PMU");
    ASSERT_EQ(result, PFM_SUCCESS) << pfm_strerror(result);
  }
  void TearDown() override { pfm_terminate(); }

  // libpfm4's encoding of `name` from the tables SetUp loaded, or std::nullopt when it
  // refuses it.
  static std::optional<EventEncoding> Libpfm(const std::string& name, PrivilegeLevels levels) {
    try {
      return EncodeWithLibpfm(name, levels);
    } catch (const Error&) {
      return std::nullopt;
    }
  }
};

TEST_F(LibpfmOracleTest, EverySpellingOfEveryNameEncodesAsLibpfmDoes) {
  // perf knows these, libpfm4's table does not: NumbersAreTheKernels checks them.
  const std::set<std::string_view> kernel_only = {"alignment-faults", "emulation-faults", "dummy"};
  int compared = 0;
  for (const GenericEvent& event : GenericEvents()) {
    std::string name(event.name);
    if (kernel_only.count(event.name)) {
      EXPECT_FALSE(Libpfm(name, PrivilegeLevels::kUserAndKernel)) << name << " is in libpfm4 now: compare it";
      continue;
    }
    // {what the table is given, what libpfm4 is given}: libpfm4 has no combined letters.
    std::vector<std::pair<std::string, std::string>> spellings = {
        {name, name},
        {Upper(name), name},
        {"perf::" + name, name},
        {name + ":u", name + ":u"},
        {name + ":k", name + ":k"},
        {name + ":uk", name + ":u:k"},
        {name + ":K:U", name + ":k:u"},
    };
    if (event.type != kPerfTypeSoftware) {
      spellings.push_back({name + ":h", name + ":h"});
      spellings.push_back({name + ":uh", name + ":u:h"});
      spellings.push_back({name + ":ukh", name + ":u:k:h"});
    } else {
      ASSERT_FALSE(Libpfm(name + ":h", PrivilegeLevels::kUserAndKernel)) << name;
      EXPECT_FALSE(Encode(name + ":h")) << name;
    }
    for (const auto& [ours, theirs] : spellings) {
      for (PrivilegeLevels levels : {PrivilegeLevels::kUserAndKernel, PrivilegeLevels::kUserOnly}) {
        std::optional<EventEncoding> expected = Libpfm(theirs, levels);
        ASSERT_TRUE(expected) << "libpfm4 refuses " << theirs;
        std::optional<EventEncoding> encoding = Encode(ours, levels);
        ASSERT_TRUE(encoding) << ours;
        EXPECT_EQ(*encoding, *expected) << ours << " against libpfm4's " << theirs << " at levels "
                                        << static_cast<int>(levels);
        ++compared;
      }
    }
  }
  EXPECT_GT(compared, 500);
}

TEST_F(LibpfmOracleTest, TheTableHasEveryGenericNameLibpfmHas) {
  pfm_pmu_info_t pmu;
  std::memset(&pmu, 0, sizeof pmu);
  pmu.size = sizeof pmu;
  ASSERT_EQ(pfm_get_pmu_info(PFM_PMU_PERF_EVENT, &pmu), PFM_SUCCESS);
  int checked = 0;
  for (int index = pmu.first_event; index != -1; index = pfm_get_event_next(index)) {
    pfm_event_info_t info;
    std::memset(&info, 0, sizeof info);
    info.size = sizeof info;
    ASSERT_EQ(pfm_get_event_info(index, PFM_OS_PERF_EVENT_EXT, &info), PFM_SUCCESS);
    std::string name = info.name;
    // PERF_COUNT_HW_CPU_CYCLES and the like are libpfm4's spellings, not perf's; they,
    // tracepoints and the PMU's sysfs events stay with libpfm4.
    std::optional<EventEncoding> expected = Libpfm(name, PrivilegeLevels::kUserAndKernel);
    if (name.rfind("PERF_COUNT_", 0) == 0 || !expected ||
        (expected->type != kPerfTypeHardware && expected->type != kPerfTypeSoftware &&
         expected->type != kPerfTypeHwCache)) {
      continue;
    }
    EXPECT_EQ(Encode(name), expected) << name << " is in libpfm4's perf table but not in ours";
    ++checked;
  }
  EXPECT_GE(checked, 55);
}
#else
TEST(LibpfmOracleTest, EverySpellingOfEveryNameEncodesAsLibpfmDoes) {
  GTEST_SKIP() << "built without libpfm4: NumbersAreTheKernels checks the table against the kernel's header";
}
#endif

}  // namespace
}  // namespace timeit
