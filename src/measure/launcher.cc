#include "timeit/measure/launcher.h"

#include <fcntl.h>
#ifdef __linux__
#include <sched.h>
#include <sys/personality.h>
#endif
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
#include <memory>

#include "timeit/base/error.h"
#include "timeit/measure/exit_code.h"
#include "timeit/sys/max_rss.h"
#include "timeit/sys/retry_on_eintr.h"
#include "timeit/sys/unique_fd.h"

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

// Whether the timer of a run's --timeout is armed (ScopedTimer).
volatile sig_atomic_t g_timer_armed = 0;
// Whether SIGALRM was ignored or blocked when the outermost scope began: the timeout needs
// a handler and the signal unblocked, but the program must still start with SIGALRM as
// timeit found it.
volatile sig_atomic_t g_alarm_ignored_on_entry = 0;
bool g_alarm_blocked_on_entry = false;

// SIGALRM is the timeout only when it is the timer's: with the timer armed, and not sent
// by a process (kill, sigqueue, tgkill). Any other is a signal to timeit, as SIGTERM is,
// and ignored when it was on entry, as the others are: a run it stops is interrupted, not
// timed out.
void OnAlarm(int signo, siginfo_t* info, void*) {
  bool sent = info != nullptr && (info->si_code == SI_USER || info->si_code == SI_QUEUE
#ifdef SI_TKILL
                                  || info->si_code == SI_TKILL
#endif
                                 );
  if (g_timer_armed != 0 && !sent) {
    g_timed_out = 1;
    if (g_child_pgid > 0) ::kill(-g_child_pgid, SIGKILL);
  } else if (g_alarm_ignored_on_entry == 0) {
    OnTerminationSignal(signo);
  }
}

constexpr int kForwardedSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
static_assert(std::size(kForwardedSignals) == 4, "SignalScope::saved_ has one slot per signal");

// How many SignalScopes are alive; only the outermost installs and restores handlers.
int g_scope_depth = 0;
// Whether SIGCHLD was ignored when the outermost scope began: the kernel would then reap
// the program by itself and wait4 would find no child, so timeit restores the default for
// itself and ignores it again in the program.
bool g_child_ignored_on_entry = false;

}  // namespace

SignalScope::SignalScope() {
  if (g_scope_depth++ > 0) return;
  g_child_pgid = 0;
  g_received_signal = 0;
  g_timed_out = 0;
  struct sigaction action;
  std::memset(&action, 0, sizeof action);
  sigemptyset(&action.sa_mask);
  for (size_t i = 0; i < std::size(kForwardedSignals); ++i) installed_[i] = false;
  try {
    for (size_t i = 0; i < std::size(kForwardedSignals); ++i) {
      if (::sigaction(kForwardedSignals[i], nullptr, &saved_[i]) != 0) {
        throw Error(ErrorKind::kSystem, SystemErrorMessage("sigaction", errno));
      }
      // A signal ignored on entry stays ignored, for timeit and for the program (exec keeps
      // SIG_IGN): `nohup timeit prog` must survive a hang-up, as with tools/timeit.c.
      if (saved_[i].sa_handler == SIG_IGN) continue;
      action.sa_handler = OnTerminationSignal;
      if (::sigaction(kForwardedSignals[i], &action, nullptr) != 0) {
        throw Error(ErrorKind::kSystem, SystemErrorMessage("sigaction", errno));
      }
      installed_[i] = true;
    }
    if (::sigaction(SIGALRM, nullptr, &saved_alarm_) != 0) {
      throw Error(ErrorKind::kSystem, SystemErrorMessage("sigaction", errno));
    }
    g_alarm_ignored_on_entry = saved_alarm_.sa_handler == SIG_IGN;  // before OnAlarm reads it
    struct sigaction alarm_action;
    std::memset(&alarm_action, 0, sizeof alarm_action);
    sigemptyset(&alarm_action.sa_mask);
    alarm_action.sa_flags = SA_SIGINFO;
    alarm_action.sa_sigaction = OnAlarm;
    if (::sigaction(SIGALRM, &alarm_action, nullptr) != 0) {
      throw Error(ErrorKind::kSystem, SystemErrorMessage("sigaction", errno));
    }
    alarm_installed_ = true;
    sigset_t alarm, old_mask;
    sigemptyset(&alarm);
    sigaddset(&alarm, SIGALRM);
    if (::sigprocmask(SIG_UNBLOCK, &alarm, &old_mask) != 0) {
      throw Error(ErrorKind::kSystem, SystemErrorMessage("sigprocmask", errno));
    }
    g_alarm_blocked_on_entry = sigismember(&old_mask, SIGALRM) == 1;
    alarm_unblocked_ = g_alarm_blocked_on_entry;
    if (::sigaction(SIGCHLD, nullptr, &saved_child_) != 0) {
      throw Error(ErrorKind::kSystem, SystemErrorMessage("sigaction", errno));
    }
    g_child_ignored_on_entry = saved_child_.sa_handler == SIG_IGN;
    if (g_child_ignored_on_entry) {
      action.sa_handler = SIG_DFL;
      if (::sigaction(SIGCHLD, &action, nullptr) != 0) {
        throw Error(ErrorKind::kSystem, SystemErrorMessage("sigaction", errno));
      }
      child_reset_ = true;
    }
  } catch (...) {
    Restore();
    --g_scope_depth;
    throw;
  }
}

// Restoring an action sigaction itself returned cannot fail (EINVAL and EFAULT are the
// only errors), so the results are not checked here, where nothing could be done anyway.
void SignalScope::Restore() {
  for (size_t i = 0; i < std::size(kForwardedSignals); ++i) {
    if (installed_[i]) ::sigaction(kForwardedSignals[i], &saved_[i], nullptr);
    installed_[i] = false;
  }
  if (alarm_installed_) ::sigaction(SIGALRM, &saved_alarm_, nullptr);
  alarm_installed_ = false;
  if (alarm_unblocked_) {
    sigset_t alarm;
    sigemptyset(&alarm);
    sigaddset(&alarm, SIGALRM);
    ::sigprocmask(SIG_BLOCK, &alarm, nullptr);
  }
  alarm_unblocked_ = false;
  if (child_reset_) ::sigaction(SIGCHLD, &saved_child_, nullptr);
  child_reset_ = false;
}

SignalScope::~SignalScope() {
  if (--g_scope_depth > 0) return;
  // Restoring what we found can only fail for a signal number the kernel rejects, which
  // these are not; there is nothing better to do in a destructor either way.
  Restore();
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
    timer.it_value.tv_usec = static_cast<suseconds_t>((seconds - static_cast<double>(timer.it_value.tv_sec)) * 1e6);
    if (timer.it_value.tv_sec == 0 && timer.it_value.tv_usec == 0) timer.it_value.tv_usec = 1;
    g_timer_armed = 1;  // before: the timer may fire at once
    armed_ = ::setitimer(ITIMER_REAL, &timer, nullptr) == 0;
    if (!armed_) g_timer_armed = 0;
  }
  ~ScopedTimer() {
    if (!armed_) return;
    itimerval off{};
    ::setitimer(ITIMER_REAL, &off, nullptr);
    g_timer_armed = 0;  // after: a SIGALRM the timer raised is delivered by the time setitimer returns
  }
  ScopedTimer(const ScopedTimer&) = delete;
  ScopedTimer& operator=(const ScopedTimer&) = delete;

 private:
  bool armed_ = false;
};

/// A forked child and its process group. When it goes out of scope the group is killed,
/// and the child killed and reaped if it was not yet, so no zombie or orphan is left behind.
class UnreapedChild {
 public:
  explicit UnreapedChild(pid_t pid) : pid_(pid) {}
  ~UnreapedChild() {
    // The group too, even once the program is reaped: whatever it left running must not
    // outlive a run that ends by an exception (a counter that could not be read).
    ::kill(-pid_, SIGKILL);
    if (reaped_) return;
    ::kill(pid_, SIGKILL);
    RetryOnEintr([&] { return ::waitpid(pid_, nullptr, 0); });
  }
  UnreapedChild(const UnreapedChild&) = delete;
  UnreapedChild& operator=(const UnreapedChild&) = delete;
  pid_t pid() const { return pid_; }
  /// wait4 succeeded: the child is gone; only its group is left to kill.
  void MarkReaped() { reaped_ = true; }

 private:
  pid_t pid_;
  bool reaped_ = false;
};

/// How the program shares timeit's terminal, and what timeit does when the program stops.
///
/// When timeit is a job of its own (an interactive shell started it: it leads its process
/// group) and that job holds the terminal, the program's group is lent the terminal for
/// the run, so a program that reads it is not stopped by SIGTTIN, and the terminal's
/// Ctrl-C and Ctrl-Z reach it as they would at a shell. Anywhere else (under make, `sh -c`,
/// a script) timeit shares its job's process group with others and lends nothing: the
/// terminal's Ctrl-C reaches timeit, which kills the program's group, and a program that
/// reads the terminal is stopped by SIGTTIN, which timeit reports instead of waiting for
/// ever.
///
/// A program stopped from the terminal (Ctrl-Z) stops timeit's job too, so the shell sees
/// one stopped job; when the job continues, the program continues, with the terminal if
/// the job is in the foreground again (`fg`), without it otherwise (`bg`).
class TerminalJob {
 public:
  explicit TerminalJob(pid_t group) : group_(group) {
    // The controlling terminal, not stdin: a program may open /dev/tty itself (a password
    // prompt) with stdin redirected.
    terminal_.reset(RetryOnEintr([] { return ::open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC); }));
    own_job_ = terminal_ && ::getpgrp() == ::getpid();
    if (own_job_ && InForeground()) held_ = SetForeground(group_);
  }
  ~TerminalJob() {
    if (held_) SetForeground(::getpgrp());
  }
  TerminalJob(const TerminalJob&) = delete;
  TerminalJob& operator=(const TerminalJob&) = delete;

  /// Whether the program holds the terminal now.
  bool held() const { return held_; }
  /// The terminal stopped the program (SIGTTIN or SIGTTOU) where timeit cannot lend it
  /// the terminal: the run was ended, and this is the signal that stopped it.
  std::optional<int> refused_terminal() const {
    return refused_terminal_ != 0 ? std::optional<int>(refused_terminal_) : std::nullopt;
  }

  /// The program was stopped by `stop_signal`; decides what becomes of it.
  void ProgramStopped(int stop_signal) {
    bool wants_terminal = stop_signal == SIGTTIN || stop_signal == SIGTTOU;
    if (!own_job_) {
      if (wants_terminal) {
        // Lending the terminal would take it from the job timeit is part of (make's, a
        // shell script's), whose Ctrl-C would then no longer reach it.
        refused_terminal_ = stop_signal;
        ::kill(-group_, SIGKILL);
      }
      // Stopped by someone on purpose (kill -STOP): whoever did continues it.
      return;
    }
    if (wants_terminal && InForeground()) {
      // It stopped while timeit's job was itself stopped or in the background, and the
      // job is in the foreground now: it can have the terminal.
      held_ = SetForeground(group_);
      ::kill(-group_, SIGCONT);
      return;
    }
    if (held_) {
      SetForeground(::getpgrp());
      held_ = false;
    }
    // Stop timeit's whole job (a pipeline's other commands too), as the terminal's Ctrl-Z
    // would have; the shell then reports the job stopped. Execution resumes here when the
    // job is continued.
    ::kill(0, SIGSTOP);
    if (InForeground()) held_ = SetForeground(group_);
    ::kill(-group_, SIGCONT);
  }

 private:
  bool InForeground() const { return ::tcgetpgrp(terminal_.get()) == ::getpgrp(); }

  // tcsetpgrp from a background group raises SIGTTOU unless it is blocked.
  bool SetForeground(pid_t group) const {
    sigset_t ttou, old;
    sigemptyset(&ttou);
    sigaddset(&ttou, SIGTTOU);
    // Without the block, tcsetpgrp could stop timeit itself: then do without the terminal.
    if (::sigprocmask(SIG_BLOCK, &ttou, &old) != 0) return false;
    bool done = ::tcsetpgrp(terminal_.get(), group) == 0;
    ::sigprocmask(SIG_SETMASK, &old, nullptr);
    return done;
  }

  pid_t group_;
  UniqueFd terminal_;
  bool own_job_ = false;
  bool held_ = false;
  int refused_terminal_ = 0;  // the stop signal, or 0
};

/// What the child tells the parent through the status pipe when it cannot exec.
/// A successful exec closes the pipe (close-on-exec) without writing anything.
enum class ChildStage : int {
  kStdin = 1,
  kStdout,
  kStderr,
  kChdir,
  kExec,
  kProcessGroup,
  kSignals,
  kAffinity,
  kPersonality
};
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
  return static_cast<double>(time.tv_sec) +
         static_cast<double>(time.tv_usec) / 1e6;  // "0.001231", not "0.0012309999999999999"
}

// --- Everything from here to the next such line runs in the forked child, before exec. --

[[noreturn]] void ReportAndExit(int status_fd, ChildStage stage, int error, int exit_code) {
  ChildReport report{stage, error};
  // One write smaller than PIPE_BUF is atomic; if the parent is gone there is no one to
  // tell, and the exit code still says what happened.
  ssize_t ignored = ::write(status_fd, &report, sizeof report);
  (void)ignored;
  ::_exit(exit_code);
}

int OpenForChild(const char* path, int flags) {
  return RetryOnEintr([&] { return ::open(path, flags | O_CLOEXEC, 0666); });
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
    int length = std::snprintf(message, sizeof message, "%s: warning: unable to set limit for %s (to {%lu, %lu})\n",
                               prefix.c_str(), limit.name.c_str(), static_cast<unsigned long>(wanted.rlim_cur),
                               static_cast<unsigned long>(wanted.rlim_max));
    // This runs between fork and exec, so no allocation: a stack buffer, and a message
    // cut short when a very long program name would not fit.
    if (length < 0) return;
    size_t size = std::min(static_cast<size_t>(length), sizeof message - 1);
    ssize_t ignored = ::write(STDERR_FILENO, message, size);
    (void)ignored;
  }
}

#ifdef __linux__

// The mask sched_setaffinity takes, sized for the highest CPU asked for; null when the spec
// pins nothing.
struct CpuMask {
  struct Free {
    void operator()(cpu_set_t* set) const { CPU_FREE(set); }
  };
  std::unique_ptr<cpu_set_t, Free> set;
  size_t size = 0;
};

// Pins the child to its CPUs and turns address-space randomisation off for the program it
// is about to exec, as the spec asks. Returns what failed, to be reported once released.
std::optional<ChildReport> ApplyControls(const RunControls& controls, const CpuMask& cpus) {
  if (cpus.set && ::sched_setaffinity(0, cpus.size, cpus.set.get()) != 0) {
    return ChildReport{ChildStage::kAffinity, errno};
  }
  if (controls.aslr_disabled) {
    // 0xffffffff reads the persona without changing it; the other flags are kept.
    int current = ::personality(0xffffffff);
    if (current == -1 || ::personality(static_cast<unsigned long>(current) | ADDR_NO_RANDOMIZE) == -1) {
      return ChildReport{ChildStage::kPersonality, errno};
    }
  }
  return std::nullopt;
}

#else

struct CpuMask {};

// The options are refused before any run where this is built (run_controls.h).
std::optional<ChildReport> ApplyControls(const RunControls& controls, const CpuMask&) {
  if (!controls.cpus.empty()) return ChildReport{ChildStage::kAffinity, ENOSYS};
  if (controls.aslr_disabled) return ChildReport{ChildStage::kPersonality, ENOSYS};
  return std::nullopt;
}

#endif

/// What the child reads besides the spec, all made before fork so that it only reads
/// memory it already has.
struct PreparedChild {
  /// The argument vector execvp wants, pointing into the spec.
  std::vector<char*> argv;
  CpuMask cpus;
  /// "TIMEIT_ENV_OFFSET=xxx..." for --env-offset, and the environment holding it (timeit's
  /// own otherwise); empty when the program gets timeit's environment as it is.
  std::string offset_variable;
  std::vector<char*> environment;
};

[[noreturn]] void RunChild(const ChildSpec& spec, const PreparedChild& prepared, int cork_fd, int status_fd) {
  // The program starts with the signal mask timeit inherited and the dispositions it
  // found: exec resets our handlers to the default and keeps what is ignored. What timeit
  // changed for itself (SIGALRM caught and unblocked for the timeout, SIGCHLD not ignored
  // so that wait4 works) is put back as it was.
  if (g_alarm_ignored_on_entry && ::signal(SIGALRM, SIG_IGN) == SIG_ERR) {
    ReportAndExit(status_fd, ChildStage::kSignals, errno, exit_code::kSetupFailure);
  }
  if (g_child_ignored_on_entry && ::signal(SIGCHLD, SIG_IGN) == SIG_ERR) {
    ReportAndExit(status_fd, ChildStage::kSignals, errno, exit_code::kSetupFailure);
  }
  if (g_alarm_blocked_on_entry) {
    sigset_t alarm;
    sigemptyset(&alarm);
    sigaddset(&alarm, SIGALRM);
    if (::sigprocmask(SIG_BLOCK, &alarm, nullptr) != 0) {
      ReportAndExit(status_fd, ChildStage::kSignals, errno, exit_code::kSetupFailure);
    }
  }
  // Our own process group, so the whole tree the program creates can be killed at once.
  if (::setpgid(0, 0) != 0) ReportAndExit(status_fd, ChildStage::kProcessGroup, errno, exit_code::kSetupFailure);
  // Pinned before it is released, so that moving it to its CPUs is neither timed nor
  // counted as a migration. A failure waits for the release, like the redirections': the
  // parent writes to the cork, which must still have a reader.
  std::optional<ChildReport> refused = ApplyControls(spec.controls, prepared.cpus);

  char go = 0;
  ssize_t got = RetryOnEintr([&] { return ::read(cork_fd, &go, 1); });
  // The parent closed the cork without writing: the run was cancelled.
  if (got != 1) ::_exit(exit_code::kSignalledBeforeStart);
  if (refused) ReportAndExit(status_fd, refused->stage, refused->error, exit_code::kSetupFailure);

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

  if (!prepared.environment.empty()) environ = const_cast<char**>(prepared.environment.data());
  char* const* argv = prepared.argv.data();
  ::execvp(argv[0], argv);
  // errno is saved before anything else can touch it (tools/timeit.c let perror clobber
  // it and reported 67 instead of 127 whenever stderr was write-only).
  int error = errno;
  ReportAndExit(status_fd, ChildStage::kExec, error, ExitCodeFromExecErrno(error));
}

// --- The steps of Launch() in timeit. --------------------------------------------------

// The argument vector, the CPU mask and the environment for the child. The argument vector
// points into `spec`, which must outlive it.
void PrepareChild(const ChildSpec& spec, PreparedChild& prepared) {
  for (const std::string& arg : spec.argv) prepared.argv.push_back(const_cast<char*>(arg.c_str()));
  prepared.argv.push_back(nullptr);
#ifdef __linux__
  if (!spec.controls.cpus.empty()) {
    int capacity = spec.controls.cpus.back() + 1;
    prepared.cpus.set.reset(CPU_ALLOC(capacity));
    if (!prepared.cpus.set) throw std::bad_alloc();
    prepared.cpus.size = CPU_ALLOC_SIZE(capacity);
    CPU_ZERO_S(prepared.cpus.size, prepared.cpus.set.get());
    for (int cpu : spec.controls.cpus) CPU_SET_S(cpu, prepared.cpus.size, prepared.cpus.set.get());
  }
#endif
  if (spec.controls.env_offset) {
    // Only pointers are copied: the variables stay where timeit's environment has them.
    std::string name = std::string(kEnvOffsetVariable) + "=";
    prepared.offset_variable = name + std::string(static_cast<size_t>(*spec.controls.env_offset), 'x');
    for (char** variable = environ; *variable != nullptr; ++variable) {
      if (std::strncmp(*variable, name.c_str(), name.size()) != 0) prepared.environment.push_back(*variable);
    }
    prepared.environment.push_back(prepared.offset_variable.data());
    prepared.environment.push_back(nullptr);
  }
}

// Forks the child, which puts itself in its own group and waits on the cork. Returns its
// pid in timeit, with the child's ends of both pipes closed.
pid_t ForkCorkedChild(const ChildSpec& spec, const PreparedChild& prepared, Pipe& cork, Pipe& status) {
  pid_t pid = ::fork();
  if (pid < 0) throw Error(ErrorKind::kSystem, SystemErrorMessage("fork", errno));
  if (pid == 0) {
    cork.write_end.reset();
    status.read_end.reset();
    RunChild(spec, prepared, cork.read_end.get(), status.write_end.get());
  }
  cork.read_end.reset();
  status.write_end.reset();
  return pid;
}

// Makes `pid` the leader of its own process group from timeit's side too, and lets the
// signal handlers kill that group from now on.
void TakeOwnGroup(pid_t pid) {
  // Both sides set the group, whichever runs first, so kill(-pid) can never miss it. The
  // child cannot have exec'd yet (it waits on the cork); ESRCH means it is already gone,
  // which the status pipe and wait4 report.
  if (::setpgid(pid, pid) != 0 && errno != ESRCH) {
    throw Error(ErrorKind::kSystem, SystemErrorMessage("setpgid", errno));
  }
  g_child_pgid = pid;
}

// Lets the corked child go on to exec, unless timeit was told to stop before. Returns
// whether it was released: exactly when the byte went through, so a signal landing just
// after it is an interrupt of a started run, not "before start". Closing the cork without
// writing tells the child to exit without exec.
bool ReleaseUnlessInterrupted(UniqueFd& cork) {
  ssize_t written = 0;
  if (g_received_signal == 0) {
    char go = 1;
    written = RetryOnEintr([&] { return ::write(cork.get(), &go, 1); });
  }
  cork.reset();
  return written == 1;
}

struct ProgramEnd {
  int wait_status = 0;
  rusage usage{};
};

// Waits until the program has ended (not merely stopped) and reaps it, killing it when
// `timeout_seconds` (if positive) pass first.
ProgramEnd WaitForProgram(UnreapedChild& child, TerminalJob& terminal, double timeout_seconds) {
  ProgramEnd end;
  {
    ScopedTimer timer(timeout_seconds);
    while (true) {
      pid_t reaped = RetryOnEintr([&] { return ::wait4(child.pid(), &end.wait_status, WUNTRACED, &end.usage); });
      if (reaped < 0) throw Error(ErrorKind::kSystem, SystemErrorMessage("wait4", errno));
      if (!WIFSTOPPED(end.wait_status)) break;
      terminal.ProgramStopped(WSTOPSIG(end.wait_status));
    }
  }
  // With the terminal the program got the terminal's Ctrl-C and Ctrl-\, and its hang-up
  // when the terminal closed, not timeit: they are timeit's interrupt all the same, and a
  // series must stop.
  if (terminal.held() && WIFSIGNALED(end.wait_status) && g_received_signal == 0) {
    int signal = WTERMSIG(end.wait_status);
    if (signal == SIGINT || signal == SIGQUIT || signal == SIGHUP) g_received_signal = signal;
  }
  child.MarkReaped();
  g_child_pgid = 0;
  return end;
}

void RecordUsage(const rusage& usage, Measurement& measurement) {
  measurement.user_seconds = Seconds(usage.ru_utime);
  measurement.sys_seconds = Seconds(usage.ru_stime);
  measurement.maxrss_bytes = MaxRssBytes(usage);
  measurement.rusage = {usage.ru_minflt, usage.ru_majflt,  usage.ru_nvcsw,
                        usage.ru_nivcsw, usage.ru_inblock, usage.ru_oublock};
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
    case ChildStage::kProcessGroup:
      return "cannot give the program its own process group: " + error;
    case ChildStage::kSignals:
      return "cannot give the program the signal dispositions and mask timeit started with: " + error;
    case ChildStage::kAffinity:
      return std::string("cannot pin the program to ") + (spec.controls.cpus.size() == 1 ? "CPU " : "CPUs ") +
             FormatCpuList(spec.controls.cpus) + " (sched_setaffinity): " + error;
    case ChildStage::kPersonality:
      return "cannot start the program without address-space randomisation (personality): " + error;
  }
  return error;
}

// What became of the run: a timeout or an interrupt, a cancelled start, a failure the
// child reported on `status_fd` before exec, or else the program's own exit.
void RecordOutcome(const ChildSpec& spec, bool released, int status_fd, int wait_status, Measurement& measurement) {
  // The alarm can also fire after the program has exited by itself and before the timer
  // is disarmed; only a SIGKILL death is a timeout.
  measurement.timed_out = g_timed_out != 0 && WIFSIGNALED(wait_status) && WTERMSIG(wait_status) == SIGKILL;
  if (g_received_signal != 0) measurement.interrupted_by = static_cast<int>(g_received_signal);

  if (!released) {
    measurement.failure = LaunchFailure::kInterrupted;
    measurement.exit_code = exit_code::kSignalledBeforeStart;
    return;
  }

  ChildReport report{};
  ssize_t got = RetryOnEintr([&] { return ::read(status_fd, &report, sizeof report); });
  if (got == static_cast<ssize_t>(sizeof report)) {
    measurement.failure = report.stage == ChildStage::kExec ? LaunchFailure::kExec : LaunchFailure::kSetup;
    measurement.failure_message = DescribeChildFailure(spec, report);
    measurement.exit_code =
        report.stage == ChildStage::kExec ? ExitCodeFromExecErrno(report.error) : exit_code::kSetupFailure;
    return;
  }
  measurement.exit_code = ExitCodeFromWaitStatus(wait_status);
  if (WIFSIGNALED(wait_status)) measurement.term_signal = WTERMSIG(wait_status);
}

}  // namespace

Measurement Launch(const ChildSpec& spec, CounterBackend& counters) {
  if (spec.argv.empty()) throw Error(ErrorKind::kUsage, "no command was given");
  PreparedChild prepared;
  PrepareChild(spec, prepared);
  Pipe cork;
  Pipe status;
  if (!MakePipe(cork) || !MakePipe(status)) throw Error(ErrorKind::kSystem, SystemErrorMessage("pipe", errno));

  Measurement measurement;
  measurement.start_time = UtcTimestamp();
  measurement.controls = spec.controls;
  SignalScope signals;  // a no-op inside a series' own scope
  g_timed_out = 0;

  const pid_t pid = ForkCorkedChild(spec, prepared, cork, status);
  UnreapedChild child(pid);
  TakeOwnGroup(pid);
  TerminalJob terminal(pid);
  counters.Attach(pid);

  double start = MonotonicSeconds();
  bool released = ReleaseUnlessInterrupted(cork.write_end);
  ProgramEnd end = WaitForProgram(child, terminal, released ? spec.timeout_seconds : 0);
  measurement.real_seconds = MonotonicSeconds() - start;
  // Read before the group is killed, so the counts are exactly those of the processes
  // that had finished when the program did, not a race with dying stragglers.
  measurement.counters = counters.Collect();
  // Whatever the program left running in its group dies with it, as in tools/timeit.c.
  ::kill(-pid, SIGKILL);
  RecordUsage(end.usage, measurement);
  RecordOutcome(spec, released, status.read_end.get(), end.wait_status, measurement);
  if (std::optional<int> stop = terminal.refused_terminal()) {
    measurement.exit_code = exit_code::kSignalBase + *stop;
    measurement.term_signal.reset();
    measurement.failure_message =
        *stop == SIGTTIN
            ? "the program was stopped by SIGTTIN: it read the terminal, which timeit lends a program only when an "
              "interactive shell runs timeit itself as a job; give it another stdin (< /dev/null) or run timeit "
              "directly"
            : "the program was stopped by SIGTTOU: it changed the terminal's settings (or wrote to it under stty "
              "tostop), which timeit lends a program only when an interactive shell runs timeit itself as a job";
  }
  return measurement;
}

}  // namespace timeit
