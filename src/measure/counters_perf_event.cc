#include <linux/perf_event.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <fstream>

#include "timeit/base/error.h"
#include "timeit/measure/counter_backend.h"
#include "timeit/measure/counter_math.h"
#include "timeit/measure/event_encoding.h"
#include "timeit/sys/retry_on_eintr.h"
#include "timeit/sys/unique_fd.h"

namespace timeit {
namespace {

// event_encoding.h spells the ABI numbers out so it compiles everywhere; here they meet
// the kernel's.
static_assert(kPerfTypeHardware == PERF_TYPE_HARDWARE && kPerfTypeSoftware == PERF_TYPE_SOFTWARE &&
              kPerfTypeHwCache == PERF_TYPE_HW_CACHE && kPerfTypeRaw == PERF_TYPE_RAW);
static_assert(kPerfCountSwCpuClock == PERF_COUNT_SW_CPU_CLOCK && kPerfCountSwTaskClock == PERF_COUNT_SW_TASK_CLOCK);

std::string ParanoidLevel() {
  std::ifstream file("/proc/sys/kernel/perf_event_paranoid");
  std::string level;
  if (!(file >> level)) return "unknown";
  return level;
}

// The only place an EventEncoding becomes the kernel's perf_event_attr.
int OpenCounter(const EventEncoding& encoding, pid_t pid) {
  perf_event_attr attr;
  std::memset(&attr, 0, sizeof attr);
  attr.size = sizeof attr;
  attr.type = encoding.type;
  attr.config = encoding.config;
  attr.config1 = encoding.config1;
  attr.config2 = encoding.config2;
  attr.exclude_user = encoding.exclude_user;
  attr.exclude_kernel = encoding.exclude_kernel;
  attr.exclude_hv = encoding.exclude_hv;
  attr.exclude_guest = encoding.exclude_guest;
  attr.exclude_host = encoding.exclude_host;
  attr.pinned = encoding.pinned;
  attr.exclusive = encoding.exclusive;
  // Counting only, started by the kernel at the program's exec (not at our open, which
  // would count the child's wait on the cork) and inherited by every process and thread
  // it creates, so `sh -c`, make and compiler drivers are measured whole.
  attr.disabled = 1;
  attr.enable_on_exec = 1;
  attr.inherit = 1;
  attr.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
  long fd = RetryOnEintr([&] { return ::syscall(SYS_perf_event_open, &attr, pid, -1, -1, PERF_FLAG_FD_CLOEXEC); });
  return fd >= 0 ? static_cast<int>(fd) : -1;
}

// One counter per event, not a group: a group the PMU cannot hold never runs at all,
// inherited group reads fail on kernels before 4.13, and perf stat does the same.
struct OpenEvent {
  std::string name;
  EventEncoding encoding;
};

class PerfEventBackend final : public CounterBackend {
 public:
  explicit PerfEventBackend(const std::vector<std::string>& events) {
    for (const std::string& name : events) {
      events_.push_back({name, EncodeEvent(name, PrivilegeLevels::kUserAndKernel)});
    }
  }

  void Attach(pid_t pid) override {
    fds_.clear();
    readings_.clear();
    denied_errno_ = 0;
    bool any_open = false;
    for (const OpenEvent& event : events_) {
      CounterReading reading;
      reading.event = event.name;
      reading.is_time = IsTimeEvent(event.encoding);
      int fd = OpenCounter(event.encoding, pid);
      if (fd < 0 && errno == EACCES && !event.encoding.exclude_kernel) {
        // perf_event_paranoid >= 2 forbids kernel counts without CAP_PERFMON; user-space
        // counts are still worth having, as long as the results say that is what they are.
        fd = OpenCounter(EncodeEvent(event.name, PrivilegeLevels::kUserOnly), pid);
        if (fd >= 0) reading.user_only = true;
      }
      if (fd < 0) {
        int error = errno;
        reading.error = SystemErrorMessage("perf_event_open", error);
        if (error == EMFILE || error == ENFILE) {
          // Out of descriptors is not a missing PMU: the event exists, it just was not
          // counted this time.
          reading.status = CounterStatus::kNotCounted;
          reading.error += error == EMFILE ? " (timeit's open-file limit, ulimit -n)" : " (the system's file table)";
        } else {
          reading.status = CounterStatus::kNotSupported;
        }
        if (error == EPERM || error == EACCES || error == ENOSYS) denied_errno_ = error;
      } else {
        any_open = true;
      }
      fds_.emplace_back(fd);
      readings_.push_back(std::move(reading));
    }
    available_ = any_open || events_.empty();
    if (!available_) {
      if (denied_errno_ == ENOSYS) {
        reason_ = "perf_event_open is not implemented by this kernel";
      } else if (denied_errno_ != 0) {
        reason_ = SystemErrorMessage("perf_event_open", denied_errno_) +
                  " (kernel.perf_event_paranoid=" + ParanoidLevel() +
                  "; a container's seccomp profile can also forbid it)";
      } else {
        reason_ = "none of the requested events can be counted on this machine";
        available_ = true;  // perf works; these events do not exist here.
      }
    }
  }

  CounterResults Collect() override {
    CounterResults results;
    results.backend = "perf_event";
    results.available = available_;
    results.unavailable_reason = available_ ? "" : reason_;
    for (size_t i = 0; i < fds_.size(); ++i) {
      CounterReading& reading = readings_[i];
      if (!fds_[i]) continue;
      std::array<uint64_t, 3> words{};
      ssize_t got = RetryOnEintr([&] { return ::read(fds_[i].get(), words.data(), sizeof words); });
      std::optional<RawCount> count;
      if (got > 0) count = ParseReadBuffer(std::span(words.data(), static_cast<size_t>(got) / 8));
      if (!count) {
        reading.status = CounterStatus::kNotCounted;
        reading.error = got < 0 ? SystemErrorMessage("read", errno) : "short read from counter";
        continue;
      }
      ApplyRawCount(*count, reading);
    }
    // Read every counter before closing any: all of them saw the same run.
    fds_.clear();
    results.readings = std::move(readings_);
    readings_.clear();
    return results;
  }

 private:
  std::vector<OpenEvent> events_;
  std::vector<UniqueFd> fds_;
  std::vector<CounterReading> readings_;
  bool available_ = false;
  int denied_errno_ = 0;
  std::string reason_;
};

}  // namespace

std::unique_ptr<CounterBackend> MakePerfEventBackend(const std::vector<std::string>& events) {
  return std::make_unique<PerfEventBackend>(events);
}

}  // namespace timeit
