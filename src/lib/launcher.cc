#include "timeit/launcher.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>

#include "timeit/error.h"
#include "timeit/exit_code.h"
#include "timeit/unique_fd.h"

namespace timeit {
namespace {

// Signal handlers can only talk to the rest of the program through these. The handlers
// kill the process group themselves (kill is async-signal-safe), so an interrupted or
// timed-out program dies at once, not whenever wait4 next returns.
volatile sig_atomic_t g_child_pgid = 0;
volatile sig_atomic_t g_received_signal = 0;
volatile sig_atomic_t g_timed_out = 0;

void OnTerminationSignal(int signo) {
  g_received_signal = signo;
  if (g_child_pgid > 0) ::kill(-g_child_pgid, SIGKILL);
}

void OnTimeout(int) {
  g_timed_out = 1;
  if (g_child_pgid > 0) ::kill(-g_child_pgid, SIGKILL);
}

constexpr int kForwardedSignals[] = {SIGINT, SIGTERM, SIGHUP};
static_assert(std::size(kForwardedSignals) == 3, "SignalScope::saved_ has one slot per signal");

// How many SignalScopes are alive; only the outermost installs and restores handlers.
int g_scope_depth = 0;

}  // namespace

SignalScope::SignalScope() {
  if (g_scope_depth++ > 0) return;
  g_child_pgid = 0;
  g_received_signal = 0;
  g_timed_out = 0;
  struct sigaction action;
  std::memset(&action, 0, sizeof action);
  sigemptyset(&action.sa_mask);
  action.sa_handler = OnTerminationSignal;
  for (size_t i = 0; i < std::size(kForwardedSignals); ++i) {
    ::sigaction(kForwardedSignals[i], &action, &saved_[i]);
  }
  action.sa_handler = OnTimeout;
  ::sigaction(SIGALRM, &action, &saved_alarm_);
}

SignalScope::~SignalScope() {
  if (--g_scope_depth > 0) return;
  for (size_t i = 0; i < std::size(kForwardedSignals); ++i) {
    ::sigaction(kForwardedSignals[i], &saved_[i], nullptr);
  }
  ::sigaction(SIGALRM, &saved_alarm_, nullptr);
  g_child_pgid = 0;
}

std::optional<int> SignalScope::ReceivedSignal() {
  return g_received_signal != 0 ? std::optional<int>(g_received_signal) : std::nullopt;
}

namespace {

/// Arms a one-shot SIGALRM for the timeout and disarms it on every way out.
class ScopedTimer {
 public:
  explicit ScopedTimer(double seconds) {
    if (seconds <= 0) return;
    itimerval timer{};
    timer.it_value.tv_sec = static_cast<time_t>(seconds);
    timer.it_value.tv_usec = static_cast<suseconds_t>((seconds - timer.it_value.tv_sec) * 1e6);
    if (timer.it_value.tv_sec == 0 && timer.it_value.tv_usec == 0) timer.it_value.tv_usec = 1;
    armed_ = ::setitimer(ITIMER_REAL, &timer, nullptr) == 0;
  }
  ~ScopedTimer() {
    if (!armed_) return;
    itimerval off{};
    ::setitimer(ITIMER_REAL, &off, nullptr);
  }
  ScopedTimer(const ScopedTimer&) = delete;
  ScopedTimer& operator=(const ScopedTimer&) = delete;

 private:
  bool armed_ = false;
};

/// A forked child that has not been reaped yet. If it is abandoned (an exception), its
/// whole process group is killed and reaped, so no zombie or orphan is left behind.
class UnreapedChild {
 public:
  explicit UnreapedChild(pid_t pid) : pid_(pid) {}
  ~UnreapedChild() {
    if (pid_ <= 0) return;
    ::kill(-pid_, SIGKILL);
    ::kill(pid_, SIGKILL);
    while (::waitpid(pid_, nullptr, 0) < 0 && errno == EINTR) {
    }
  }
  UnreapedChild(const UnreapedChild&) = delete;
  UnreapedChild& operator=(const UnreapedChild&) = delete;
  pid_t pid() const { return pid_; }
  /// wait4 succeeded: the child is gone and nothing is left to clean up.
  void MarkReaped() { pid_ = -1; }

 private:
  pid_t pid_;
};

/// What the child tells the parent through the status pipe when it cannot exec.
/// A successful exec closes the pipe (close-on-exec) without writing anything.
enum class ChildStage : int { kStdin = 1, kStdout, kStderr, kChdir, kExec };
struct ChildReport {
  ChildStage stage;
  int error;
};

double MonotonicSeconds() {
  timespec now;
  ::clock_gettime(CLOCK_MONOTONIC, &now);
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

std::string UtcTimestamp() {
  std::time_t now = std::time(nullptr);
  std::tm utc;
  ::gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

double Seconds(const timeval& time) {
  return static_cast<double>(time.tv_sec) + static_cast<double>(time.tv_usec) * 1e-6;
}

// --- Everything below until Launch() runs in the forked child, before exec. -------------

[[noreturn]] void ReportAndExit(int status_fd, ChildStage stage, int error, int exit_code) {
  ChildReport report{stage, error};
  // One write smaller than PIPE_BUF is atomic; if the parent is gone there is no one to
  // tell, and the exit code still says what happened.
  ssize_t ignored = ::write(status_fd, &report, sizeof report);
  (void)ignored;
  ::_exit(exit_code);
}

int OpenForChild(const char* path, int flags) {
  int fd;
  do {
    fd = ::open(path, flags | O_CLOEXEC, 0666);
  } while (fd < 0 && errno == EINTR);
  return fd;
}

// Moves `fd` onto `target` (which clears close-on-exec on the copy).
bool MoveTo(int fd, int target) {
  if (fd == target) return ::fcntl(fd, F_SETFD, 0) == 0;
  return ::dup2(fd, target) >= 0;
}

// Whether `path` names the file open on `fd` (however the two were spelt).
bool SameFile(int fd, const char* path) {
  struct stat open_file, named;
  return ::fstat(fd, &open_file) == 0 && ::stat(path, &named) == 0 && open_file.st_dev == named.st_dev &&
         open_file.st_ino == named.st_ino;
}

void ApplyLimit(const ResourceLimit& limit, const std::string& prefix) {
  rlimit current;
  if (::getrlimit(limit.resource, &current) != 0) current.rlim_max = RLIM_INFINITY;
  rlimit wanted;
  wanted.rlim_cur = wanted.rlim_max = std::min(limit.value, current.rlim_max);
  if (::setrlimit(limit.resource, &wanted) != 0) {
    char message[256];
    int length = std::snprintf(message, sizeof message,
                               "%s: warning: unable to set limit for %s (to {%lu, %lu})\n",
                               prefix.c_str(), limit.name.c_str(),
                               static_cast<unsigned long>(wanted.rlim_cur),
                               static_cast<unsigned long>(wanted.rlim_max));
    ssize_t ignored = ::write(STDERR_FILENO, message, static_cast<size_t>(length));
    (void)ignored;
  }
}

[[noreturn]] void RunChild(const ChildSpec& spec, char* const* argv, int cork_fd, int status_fd) {
  // Back to default signal handling and an empty mask: the program must see SIGINT the
  // way it would without us.
  for (int signo : kForwardedSignals) ::signal(signo, SIG_DFL);
  ::signal(SIGALRM, SIG_DFL);
  sigset_t empty;
  sigemptyset(&empty);
  ::sigprocmask(SIG_SETMASK, &empty, nullptr);
  // Our own process group, so the whole tree the program creates can be killed at once.
  ::setpgid(0, 0);

  char go = 0;
  ssize_t got;
  do {
    got = ::read(cork_fd, &go, 1);
  } while (got < 0 && errno == EINTR);
  // The parent closed the cork without writing: the run was cancelled.
  if (got != 1) ::_exit(exit_code::kSignalledBeforeStart);

  if (spec.stdin_path) {
    int fd = OpenForChild(spec.stdin_path->c_str(), O_RDONLY);
    if (fd < 0 || !MoveTo(fd, STDIN_FILENO)) {
      ReportAndExit(status_fd, ChildStage::kStdin, errno, exit_code::kSetupFailure);
    }
  }
  int stdout_fd = -1;
  if (spec.stdout_path) {
    stdout_fd = OpenForChild(spec.stdout_path->c_str(), O_WRONLY | O_CREAT | O_TRUNC);
    if (stdout_fd < 0) ReportAndExit(status_fd, ChildStage::kStdout, errno, exit_code::kSetupFailure);
  }
  int stderr_fd = -1;
  if (spec.stderr_path) {
    if (stdout_fd >= 0 && SameFile(stdout_fd, spec.stderr_path->c_str())) {
      // One descriptor, so the two streams interleave instead of overwriting each other.
      stderr_fd = stdout_fd;
    } else {
      stderr_fd = OpenForChild(spec.stderr_path->c_str(), O_WRONLY | O_CREAT | O_TRUNC);
      if (stderr_fd < 0) ReportAndExit(status_fd, ChildStage::kStderr, errno, exit_code::kSetupFailure);
    }
  }
  if (stdout_fd >= 0 && !MoveTo(stdout_fd, STDOUT_FILENO)) {
    ReportAndExit(status_fd, ChildStage::kStdout, errno, exit_code::kSetupFailure);
  }
  if (stderr_fd >= 0 && !MoveTo(stderr_fd, STDERR_FILENO)) {
    ReportAndExit(status_fd, ChildStage::kStderr, errno, exit_code::kSetupFailure);
  }

  for (const ResourceLimit& limit : spec.limits) ApplyLimit(limit, spec.message_prefix);

  if (spec.working_directory && ::chdir(spec.working_directory->c_str()) != 0) {
    ReportAndExit(status_fd, ChildStage::kChdir, errno, exit_code::kSetupFailure);
  }

  ::execvp(argv[0], argv);
  // errno is saved before anything else can touch it (tools/timeit.c let perror clobber
  // it and reported 67 instead of 127 whenever stderr was write-only).
  int error = errno;
  ReportAndExit(status_fd, ChildStage::kExec, error, ExitCodeFromExecErrno(error));
}

std::string DescribeChildFailure(const ChildSpec& spec, const ChildReport& report) {
  std::string error = std::strerror(report.error);
  switch (report.stage) {
    case ChildStage::kStdin:
      return "cannot open '" + spec.stdin_path.value_or("") + "' for reading: " + error;
    case ChildStage::kStdout:
      return "cannot open '" + spec.stdout_path.value_or("") + "' for writing: " + error;
    case ChildStage::kStderr:
      return "cannot open '" + spec.stderr_path.value_or("") + "' for writing: " + error;
    case ChildStage::kChdir:
      return "cannot change directory to '" + spec.working_directory.value_or("") + "': " + error;
    case ChildStage::kExec:
      return "cannot execute '" + spec.argv[0] + "': " + error;
  }
  return error;
}

}  // namespace

Measurement Launch(const ChildSpec& spec, CounterBackend& counters) {
  if (spec.argv.empty()) throw Error(ErrorKind::kUsage, "no command was given");
  // Built before fork so the child only reads memory it already has.
  std::vector<char*> argv;
  for (const std::string& arg : spec.argv) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);

  Pipe cork;
  Pipe status;
  if (!MakePipe(cork) || !MakePipe(status)) throw Error(ErrorKind::kSystem, SystemErrorMessage("pipe", errno));

  Measurement measurement;
  measurement.start_time = UtcTimestamp();
  SignalScope signals;  // a no-op inside a series' own scope
  g_timed_out = 0;

  pid_t pid = ::fork();
  if (pid < 0) throw Error(ErrorKind::kSystem, SystemErrorMessage("fork", errno));
  if (pid == 0) {
    cork.write_end.reset();
    status.read_end.reset();
    RunChild(spec, argv.data(), cork.read_end.get(), status.write_end.get());
  }
  UnreapedChild child(pid);
  cork.read_end.reset();
  status.write_end.reset();
  // Both sides set the group, whichever runs first, so kill(-pid) can never miss it.
  ::setpgid(pid, pid);
  g_child_pgid = pid;

  counters.Attach(pid);

  double start = MonotonicSeconds();
  if (g_received_signal == 0) {
    char go = 1;
    ssize_t written;
    do {
      written = ::write(cork.write_end.get(), &go, 1);
    } while (written < 0 && errno == EINTR);
  }
  // Closing without writing (after a signal) tells the child to exit without exec.
  bool released = g_received_signal == 0;
  cork.write_end.reset();

  int wait_status = 0;
  rusage usage{};
  {
    ScopedTimer timer(released ? spec.timeout_seconds : 0);
    while (::wait4(pid, &wait_status, 0, &usage) < 0) {
      if (errno != EINTR) throw Error(ErrorKind::kSystem, SystemErrorMessage("wait4", errno));
    }
  }
  measurement.real_seconds = MonotonicSeconds() - start;
  child.MarkReaped();
  g_child_pgid = 0;
  // Read before the group is killed, so the counts are exactly those of the processes
  // that had finished when the program did, not a race with dying stragglers.
  measurement.counters = counters.Collect();
  // Whatever the program left running in its group dies with it, as in tools/timeit.c.
  ::kill(-pid, SIGKILL);
  measurement.user_seconds = Seconds(usage.ru_utime);
  measurement.sys_seconds = Seconds(usage.ru_stime);
  // Linux reports kilobytes.
  measurement.maxrss_bytes = static_cast<uint64_t>(usage.ru_maxrss) * 1024;
  measurement.rusage = {usage.ru_minflt, usage.ru_majflt, usage.ru_nvcsw,
                        usage.ru_nivcsw, usage.ru_inblock, usage.ru_oublock};
  // The alarm can also fire after the program has exited by itself and before the timer
  // is disarmed; only a SIGKILL death is a timeout.
  measurement.timed_out = g_timed_out != 0 && WIFSIGNALED(wait_status) && WTERMSIG(wait_status) == SIGKILL;
  if (g_received_signal != 0) measurement.interrupted_by = static_cast<int>(g_received_signal);

  if (!released) {
    measurement.failure = LaunchFailure::kInterrupted;
    measurement.exit_code = exit_code::kSignalledBeforeStart;
    return measurement;
  }

  ChildReport report{};
  ssize_t got;
  do {
    got = ::read(status.read_end.get(), &report, sizeof report);
  } while (got < 0 && errno == EINTR);
  if (got == static_cast<ssize_t>(sizeof report)) {
    measurement.failure = report.stage == ChildStage::kExec ? LaunchFailure::kExec : LaunchFailure::kSetup;
    measurement.failure_message = DescribeChildFailure(spec, report);
    measurement.exit_code = report.stage == ChildStage::kExec ? ExitCodeFromExecErrno(report.error)
                                                              : exit_code::kSetupFailure;
    return measurement;
  }
  measurement.exit_code = ExitCodeFromWaitStatus(wait_status);
  if (WIFSIGNALED(wait_status)) measurement.term_signal = WTERMSIG(wait_status);
  return measurement;
}

}  // namespace timeit
