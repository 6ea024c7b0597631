#include "timeit/measure/host_info.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "temp_dir.h"

namespace timeit {
namespace {

namespace fs = std::filesystem;
using testing::TempDir;
using testing::WriteFile;

// A machine laid out in a directory, as /proc and /sys would show it.
class FakeMachine {
 public:
  void Write(const std::string& relative, const std::string& content) {
    fs::path path = dir_.path() / relative;
    fs::create_directories(path.parent_path());
    WriteFile(path.string(), content);
  }
  const fs::path& root() const { return dir_.path(); }

 private:
  TempDir dir_;
};

TEST(HostInfoTest, ConditionsAreReadFromProcAndSys) {
  FakeMachine machine;
  machine.Write("sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "performance\n");
  machine.Write("sys/devices/system/cpu/cpu1/cpufreq/scaling_governor", "performance\n");
  machine.Write("sys/devices/system/cpu/intel_pstate/no_turbo", "1\n");
  machine.Write("sys/devices/system/cpu/smt/active", "0\n");
  machine.Write("proc/sys/kernel/randomize_va_space", "2\n");
  machine.Write("proc/sys/kernel/perf_event_paranoid", "-1\n");
  machine.Write("proc/loadavg", "0.52 1.25 3.00 2/345 6789\n");
  machine.Write("proc/cpuinfo", "processor\t: 0\nmodel name\t: Fake CPU @ 3.0GHz\n");
  HostInfo host = CollectHostInfo(machine.root());
  EXPECT_EQ(host.cpu_governor, "performance");
  EXPECT_EQ(host.turbo, false);  // no_turbo 1
  EXPECT_EQ(host.smt, false);
  EXPECT_EQ(host.aslr, 2);
  EXPECT_EQ(host.perf_event_paranoid, -1);
  ASSERT_TRUE(host.load_average);
  EXPECT_EQ(*host.load_average, (std::array<double, 3>{0.52, 1.25, 3.00}));
  EXPECT_EQ(host.cpu_model, "Fake CPU @ 3.0GHz");
}

TEST(HostInfoTest, GovernorsThatDifferAreListedOnceEachSorted) {
  FakeMachine machine;
  machine.Write("sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "powersave\n");
  machine.Write("sys/devices/system/cpu/cpu1/cpufreq/scaling_governor", "performance\n");
  machine.Write("sys/devices/system/cpu/cpu2/cpufreq/scaling_governor", "powersave\n");
  // Not CPUs, though their names start alike.
  machine.Write("sys/devices/system/cpu/cpufreq/policy0/scaling_governor", "schedutil\n");
  machine.Write("sys/devices/system/cpu/cpuidle/scaling_governor", "ondemand\n");
  EXPECT_EQ(CollectHostInfo(machine.root()).cpu_governor, "performance,powersave");
}

TEST(HostInfoTest, BoostIsTheOtherWayToSayTurbo) {
  FakeMachine machine;
  machine.Write("sys/devices/system/cpu/cpufreq/boost", "1\n");
  EXPECT_EQ(CollectHostInfo(machine.root()).turbo, true);
  machine.Write("sys/devices/system/cpu/intel_pstate/no_turbo", "0\n");  // intel_pstate wins
  machine.Write("sys/devices/system/cpu/cpufreq/boost", "0\n");
  EXPECT_EQ(CollectHostInfo(machine.root()).turbo, true);
}

TEST(HostInfoTest, WhatTheKernelDoesNotSayIsAbsent) {
  FakeMachine machine;  // a VM: no cpufreq, no SMT control
  machine.Write("proc/loadavg", "garbage\n");
  HostInfo host = CollectHostInfo(machine.root());
  EXPECT_FALSE(host.cpu_governor);
  EXPECT_FALSE(host.turbo);
  EXPECT_FALSE(host.smt);
  EXPECT_FALSE(host.aslr);
  EXPECT_FALSE(host.load_average);
  EXPECT_FALSE(host.perf_event_paranoid);
  EXPECT_EQ(host.cpu_model, "unknown");
  EXPECT_GT(host.cpu_count, 0);  // always this machine's
}

TEST(HostInfoTest, ThisMachinesLoadAverageIsReadable) {
  // Every Linux kernel has /proc/loadavg; its values are never negative.
  std::optional<std::array<double, 3>> load = LoadAverage();
  ASSERT_TRUE(load);
  for (double value : *load) EXPECT_GE(value, 0);
}

}  // namespace
}  // namespace timeit
