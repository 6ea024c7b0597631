#include "timeit/measure/counter_backend.h"

#include <gtest/gtest.h>
#include <linux/perf_event.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <filesystem>

#include "temp_dir.h"
#include "timeit/base/error.h"
#include "timeit/measure/launcher.h"

namespace timeit {
namespace {

using testing::TempDir;
using testing::WriteFile;

class FakeCounterBackendTest : public ::testing::Test {
 protected:
  CounterResults Run(const std::vector<std::string>& events, const std::string& spec) {
    WriteFile(path_, spec);
    std::unique_ptr<CounterBackend> backend = MakeFakeCounterBackend(events, path_);
    backend->Attach(::getpid());
    return backend->Collect();
  }

  TempDir dir_;
  std::string path_ = dir_.File("fake.json");
};

TEST_F(FakeCounterBackendTest, ReadingsAndStatuses) {
  CounterResults results = Run({"cycles", "instructions", "task-clock", "branches", "cache-misses", "page-faults"},
                               R"({"events": {
                                     "cycles": {"value": 1000, "enabled": 200, "running": 100},
                                     "instructions": "not-supported",
                                     "task-clock": {"value": 2000000, "enabled": 5, "running": 5},
                                     "branches": {"value": 0, "enabled": 10, "running": 0},
                                     "cache-misses": {"value": 3, "user_only": true}}})");
  EXPECT_EQ(results.backend, "fake");
  EXPECT_TRUE(results.available);
  EXPECT_EQ(results.unavailable_reason, "");
  ASSERT_EQ(results.readings.size(), 6u);

  const CounterReading& cycles = results.readings[0];
  EXPECT_EQ(cycles.event, "cycles");
  EXPECT_EQ(cycles.status, CounterStatus::kMultiplexed);
  EXPECT_EQ(cycles.raw, 1000u);
  EXPECT_DOUBLE_EQ(cycles.scaled, 2000.0);  // 1000 * 200 / 100
  EXPECT_FALSE(cycles.is_time);

  const CounterReading& instructions = results.readings[1];
  EXPECT_EQ(instructions.event, "instructions");
  EXPECT_EQ(instructions.status, CounterStatus::kNotSupported);
  EXPECT_FALSE(instructions.error.empty());

  const CounterReading& task_clock = results.readings[2];
  EXPECT_EQ(task_clock.status, CounterStatus::kCounted);
  EXPECT_TRUE(task_clock.is_time);
  EXPECT_DOUBLE_EQ(task_clock.metric_value(), 0.002);

  EXPECT_EQ(results.readings[3].event, "branches");
  EXPECT_EQ(results.readings[3].status, CounterStatus::kNotCounted);

  const CounterReading& misses = results.readings[4];
  EXPECT_EQ(misses.status, CounterStatus::kCounted);  // enabled and running default to 1
  EXPECT_DOUBLE_EQ(misses.scaled, 3.0);
  EXPECT_TRUE(misses.user_only);

  // Absent from the file: not supported.
  EXPECT_EQ(results.readings[5].event, "page-faults");
  EXPECT_EQ(results.readings[5].status, CounterStatus::kNotSupported);
}

TEST_F(FakeCounterBackendTest, ListsAreReadOneRunAfterAnother) {
  WriteFile(path_, R"({"events": {"task-clock": {"value": [300, 100, 200], "enabled": 4, "running": [4, 2]},
                                  "cycles": {"value": 7}}})");
  std::unique_ptr<CounterBackend> backend = MakeFakeCounterBackend({"task-clock", "cycles"}, path_);
  std::vector<double> scaled;
  std::vector<double> cycles;
  for (int run = 0; run < 7; ++run) {
    backend->Attach(::getpid());
    CounterResults results = backend->Collect();
    scaled.push_back(results.readings[0].scaled);
    cycles.push_back(results.readings[1].scaled);
  }
  // value cycles with period 3, running with period 2 (4/2 doubles the value).
  EXPECT_EQ(scaled, (std::vector<double>{300, 200, 200, 600, 100, 400, 300}));
  EXPECT_EQ(cycles, std::vector<double>(7, 7));
}

TEST_F(FakeCounterBackendTest, MalformedNumbersAreUsageErrors) {
  for (const char* spec : {R"({"events": {"cycles": {"value": []}}})", R"({"events": {"cycles": {"value": -1}}})",
                           R"({"events": {"cycles": {"running": [1, "x"]}}})", R"({"events": {"cycles": 5}})"}) {
    WriteFile(path_, spec);
    try {
      MakeFakeCounterBackend({"cycles"}, path_);
      ADD_FAILURE() << "no error for " << spec;
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), ErrorKind::kUsage) << spec;
      EXPECT_NE(std::string(e.what()).find("event 'cycles'"), std::string::npos) << e.what();
    }
  }
}

TEST_F(FakeCounterBackendTest, Unavailable) {
  CounterResults results = Run({"cycles"}, R"({"unavailable": "no PMU in this test"})");
  EXPECT_EQ(results.backend, "fake");
  EXPECT_FALSE(results.available);
  EXPECT_EQ(results.unavailable_reason, "no PMU in this test");
  EXPECT_TRUE(results.readings.empty());
}

TEST_F(FakeCounterBackendTest, UnknownEventIsUsageError) {
  WriteFile(path_, R"({"events": {}})");
  try {
    MakeFakeCounterBackend({"cycles", "bogus-event-name"}, path_);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kUsage);
    EXPECT_NE(std::string(e.what()).find("bogus-event-name"), std::string::npos) << e.what();
  }
}

TEST_F(FakeCounterBackendTest, MissingOrMalformedFileIsUsageError) {
  try {
    MakeFakeCounterBackend({"cycles"}, dir_.File("absent.json"));
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kUsage);
  }
  WriteFile(path_, "{not json");
  try {
    MakeFakeCounterBackend({"cycles"}, path_);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kUsage);
  }
}

TEST(NoCounterBackendTest, UnavailableWithReason) {
  std::unique_ptr<CounterBackend> backend = MakeNoCounterBackend("--no-perf");
  backend->Attach(::getpid());
  CounterResults results = backend->Collect();
  EXPECT_EQ(results.backend, "none");
  EXPECT_FALSE(results.available);
  EXPECT_EQ(results.unavailable_reason, "--no-perf");
  EXPECT_TRUE(results.readings.empty());
}

TEST(PerfEventBackendTest, UnknownEventIsUsageError) {
  try {
    MakePerfEventBackend({"task-clock", "bogus-event-name"});
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kUsage);
  }
}

ChildSpec BusyLoop() {
  ChildSpec spec;
  spec.argv = {"/bin/sh", "-c", "i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done"};
  return spec;
}

// Whether this process may count anything at all: the most permissive request there is
// (a software event, user space only, on itself), made with the raw system call so that
// the answer does not depend on the backend under test. It fails where perf_event_paranoid
// is 3 or above, where a seccomp filter blocks the call, and in kernels without perf.
bool SoftwareCountersOpenHere() {
  perf_event_attr attr{};
  attr.size = sizeof attr;
  attr.type = PERF_TYPE_SOFTWARE;
  attr.config = PERF_COUNT_SW_TASK_CLOCK;
  attr.exclude_kernel = 1;
  attr.exclude_hv = 1;
  long fd = ::syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
  if (fd < 0) return false;
  ::close(static_cast<int>(fd));
  return true;
}

// Where perf is restricted, the run must still be measured, the counters marked
// unavailable with a reason, and nothing fail.
TEST(PerfEventBackendTest, RestrictedPerfFallsBackWithAReason) {
  if (SoftwareCountersOpenHere()) GTEST_SKIP() << "perf events can be opened here; CountsARealChild applies";
  std::unique_ptr<CounterBackend> backend = MakeDefaultCounterBackend({"task-clock", "instructions"});
  Measurement run = Launch(BusyLoop(), *backend);
  ASSERT_EQ(run.exit_code, 0) << run.failure_message;
  EXPECT_GT(run.real_seconds, 0.0);
  EXPECT_FALSE(run.counters.available);
  EXPECT_FALSE(run.counters.unavailable_reason.empty());
  for (const CounterReading& reading : run.counters.readings) EXPECT_FALSE(reading.has_value()) << reading.event;
}

// Software events need no PMU, so task-clock must be counted wherever perf events can be
// opened at all; the hardware event is counted exactly when the kernel has a CPU PMU.
TEST(PerfEventBackendTest, CountsARealChild) {
  if (!SoftwareCountersOpenHere())
    GTEST_SKIP() << "perf events are restricted here; RestrictedPerfFallsBackWithAReason applies";
  std::unique_ptr<CounterBackend> backend = MakeDefaultCounterBackend({"task-clock", "instructions"});
  Measurement run = Launch(BusyLoop(), *backend);
  ASSERT_EQ(run.exit_code, 0) << run.failure_message;
  const CounterResults& counters = run.counters;
  EXPECT_EQ(counters.backend, "perf_event");
  EXPECT_TRUE(counters.available) << counters.unavailable_reason;
  ASSERT_EQ(counters.readings.size(), 2u);

  const CounterReading& task_clock = counters.readings[0];
  EXPECT_EQ(task_clock.event, "task-clock");
  EXPECT_TRUE(task_clock.is_time);
  EXPECT_EQ(task_clock.status, CounterStatus::kCounted) << task_clock.error;
  EXPECT_GT(task_clock.raw, 0u);
  EXPECT_GT(task_clock.time_enabled, 0u);
  // One single-threaded shell: its CPU time cannot exceed the wall time much.
  EXPECT_GT(task_clock.metric_value(), 0.0);
  EXPECT_LT(task_clock.metric_value(), run.real_seconds + 0.05);

  const CounterReading& instructions = counters.readings[1];
  EXPECT_EQ(instructions.event, "instructions");
  EXPECT_FALSE(instructions.is_time);
  if (std::filesystem::exists("/sys/bus/event_source/devices/cpu")) {
    EXPECT_TRUE(instructions.has_value())
        << "status " << CounterStatusName(instructions.status) << ": " << instructions.error;
    // 20000 shell loop iterations take well over a million instructions.
    EXPECT_GT(instructions.scaled, 1e6);
  } else {
    EXPECT_EQ(instructions.status, CounterStatus::kNotSupported);
    EXPECT_NE(instructions.error.find("perf_event_open: "), std::string::npos) << instructions.error;
  }
}

TEST(PerfEventBackendTest, BackendCanBeReusedForASecondRun) {
  if (!SoftwareCountersOpenHere()) GTEST_SKIP() << "perf events are restricted here";
  std::unique_ptr<CounterBackend> backend = MakePerfEventBackend({"task-clock"});
  for (int i = 0; i < 2; ++i) {
    Measurement run = Launch(BusyLoop(), *backend);
    ASSERT_EQ(run.counters.readings.size(), 1u) << "run " << i;
    EXPECT_EQ(run.counters.readings[0].status, CounterStatus::kCounted) << "run " << i;
  }
}

}  // namespace
}  // namespace timeit
