#include "timeit/measure/run_controls.h"

#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "timeit/base/error.h"

namespace timeit {
namespace {

using Cpus = std::vector<int>;

TEST(CpuListTest, ParsesNumbersAndRanges) {
  EXPECT_EQ(ParseCpuList("0"), (Cpus{0}));
  EXPECT_EQ(ParseCpuList("0-3"), (Cpus{0, 1, 2, 3}));
  EXPECT_EQ(ParseCpuList("0,2-3"), (Cpus{0, 2, 3}));
  EXPECT_EQ(ParseCpuList("5-5"), (Cpus{5}));
  EXPECT_EQ(ParseCpuList("007"), (Cpus{7}));  // decimal, as taskset reads it
  EXPECT_EQ(ParseCpuList("8191"), (Cpus{kMaxCpuNumber}));
}

// A CPU named twice is one CPU, and the order of the list is not the order of anything.
TEST(CpuListTest, SortsAndMerges) {
  EXPECT_EQ(ParseCpuList("3,0-1,1"), (Cpus{0, 1, 3}));
  EXPECT_EQ(ParseCpuList("2-4,0-3"), (Cpus{0, 1, 2, 3, 4}));
}

// Each is refused with a message quoting the list; none is read as something else.
TEST(CpuListTest, RefusesWhatIsNotAList) {
  for (const char* list :
       {",", "0,", ",0", "0,,1", "a", " 0", "0 ", "-1", "1-", "-", "0-1-2", "+1", "0x1", "1-3:2", "0;1", "1.5"}) {
    try {
      ParseCpuList(list);
      ADD_FAILURE() << "'" << list << "' was accepted";
    } catch (const Error& error) {
      EXPECT_EQ(error.kind(), ErrorKind::kUsage);
      EXPECT_EQ(std::string(error.what()).find("'" + std::string(list) + "' is not a CPU list: "), 0u) << error.what();
    }
  }
}

std::string MessageFor(const std::string& list) {
  try {
    ParseCpuList(list);
  } catch (const Error& error) {
    return error.what();
  }
  return "accepted";
}

TEST(CpuListTest, SaysWhatIsWrong) {
  EXPECT_EQ(MessageFor(""), "the CPU list is empty");
  EXPECT_EQ(MessageFor("3-1"), "'3-1' is not a CPU list: the range 3-1 goes downwards");
  EXPECT_EQ(MessageFor("0,8192"),
            "'0,8192' is not a CPU list: CPU 8192 is beyond 8191, the highest CPU number Linux supports");
  // Too long for any integer: refused, never wrapped round to a small CPU.
  EXPECT_EQ(MessageFor("18446744073709551616"),
            "'18446744073709551616' is not a CPU list: CPU 18446744073709551616 is beyond 8191, the highest CPU "
            "number Linux supports");
  EXPECT_EQ(MessageFor("0-9999"),
            "'0-9999' is not a CPU list: CPU 9999 is beyond 8191, the highest CPU number Linux supports");
  EXPECT_EQ(MessageFor("0,x"),
            "'0,x' is not a CPU list: 'x' is neither a CPU number nor a range of them (write CPU numbers and ranges "
            "separated by commas: 0, 0-3, 0,2-3)");
}

TEST(CpuListTest, FormatsRunsAsRanges) {
  EXPECT_EQ(FormatCpuList({}), "");
  EXPECT_EQ(FormatCpuList({0}), "0");
  EXPECT_EQ(FormatCpuList({0, 1, 3}), "0-1,3");
  EXPECT_EQ(FormatCpuList({0, 1, 2, 5, 7, 8}), "0-2,5,7-8");
  EXPECT_EQ(FormatCpuList({4, 6}), "4,6");
  for (const Cpus& cpus : {Cpus{0}, Cpus{0, 1, 3}, Cpus{1, 2, 3, 9, 10, 12}}) {
    EXPECT_EQ(ParseCpuList(FormatCpuList(cpus)), cpus);
  }
}

#ifdef __linux__

// The kernel says the same in /proc/self/status, in the same list syntax.
TEST(AllowedCpusTest, AreThoseTheKernelLists) {
  std::ifstream status("/proc/self/status");
  std::string line;
  std::optional<Cpus> listed;
  while (std::getline(status, line)) {
    const std::string key = "Cpus_allowed_list:";
    if (line.rfind(key, 0) == 0) listed = ParseCpuList(line.substr(line.find_first_not_of(" \t", key.size())));
  }
  ASSERT_TRUE(listed.has_value()) << "no Cpus_allowed_list in /proc/self/status";
  std::optional<Cpus> allowed = AllowedCpus();
  ASSERT_TRUE(allowed.has_value());
  EXPECT_EQ(*allowed, *listed);
  EXPECT_FALSE(allowed->empty());
  EXPECT_TRUE(CanDisableAslr());
}

#else

TEST(AllowedCpusTest, NoneWherePinningIsNotSupported) {
  EXPECT_EQ(AllowedCpus(), std::nullopt);
  EXPECT_FALSE(CanDisableAslr());
}

#endif

}  // namespace
}  // namespace timeit
