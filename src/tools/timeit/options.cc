#include "options.h"

#include <sys/stat.h>

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cerrno>
#include <chrono>
#include <climits>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <iterator>
#include <limits>
#include <optional>
#include <random>

#include "command_line.h"
#include "timeit/base/error.h"
#include "timeit/base/split_mix64.h"
#include "timeit/base/text_format.h"
#include "timeit/base/utf8.h"
#include "timeit/formats/lit/lit_test_name.h"
#include "timeit/measure/event_encoding.h"
#include "timeit/measure/event_list.h"
#include "timeit/measure/host_info.h"
#include "timeit/measure/run_controls.h"
#include "timeit/sys/path_under.h"
#include "timeit/sys/shell_words.h"

namespace timeit {
namespace {

// Options every timeit of a session should get (a lit run of the test-suite, where the
// command lines are litsupport's and cannot be changed), read before the command line's.
constexpr const char* kOptionsVariable = "TIMEIT_OPTIONS";

struct LimitOption {
  const char* flag;
  int resource;
  const char* macro;
  const char* help;
};

constexpr LimitOption kLimitOptions[] = {
    {"--limit-cpu", RLIMIT_CPU, "RLIMIT_CPU", "Limit CPU time (seconds)"},
    {"--limit-stack-size", RLIMIT_STACK, "RLIMIT_STACK", "Limit stack size (bytes)"},
    {"--limit-data-size", RLIMIT_DATA, "RLIMIT_DATA", "Limit data segment size (bytes)"},
    {"--limit-rss-size", RLIMIT_RSS, "RLIMIT_RSS", "Limit resident set size (bytes)"},
    {"--limit-file-size", RLIMIT_FSIZE, "RLIMIT_FSIZE", "Limit size of files written (bytes)"},
    {"--limit-core", RLIMIT_CORE, "RLIMIT_CORE", "Limit core file size (bytes)"},
    {"--limit-file-count", RLIMIT_NOFILE, "RLIMIT_NOFILE", "Limit number of open files"},
    {"--limit-subprocess-count", RLIMIT_NPROC, "RLIMIT_NPROC", "Limit number of processes"},
};

// The shortest timeout: the interval timer counts in microseconds.
constexpr double kMinTimeoutSeconds = 1e-6;

// A decimal number of seconds from 0 to 1e9: beyond ~30 years the timer cannot be armed
// (and the cast to time_t overflows). A transform: a positive value below a microsecond,
// even one too small for a double ("1e-400" reads as 0, which means "never"), becomes a
// microsecond, since asking for a timeout must never switch it off.
CLI::Validator TimeoutSeconds() {
  return CLI::Validator(
      [](std::string& value) -> std::string {
        std::optional<double> seconds = ParseDecimal(value);
        if (!seconds || !(*seconds <= 1e9)) return "'" + value + "' is not a number of seconds from 0 to 1e9";
        bool positive = value.find_first_of("123456789") < value.find_first_of("eE");
        if (positive && *seconds < kMinTimeoutSeconds) seconds = kMinTimeoutSeconds;
        value = StringPrintf("%.17g", *seconds);  // every digit: CLI11 must read back this very double
        return {};
      },
      "SECONDS");
}

// Runs of a series: --repeat plus --warmup must still fit an int.
constexpr unsigned long long kMaxRuns = 1'000'000'000;

// -t, -c, the redirections: how the program is started.
void AddChildOptions(CLI::App& app, ChildSpec& child) {
  app.add_option("-t,--timeout", child.timeout_seconds,
                 "Kill the program's process group after this many seconds (0: never; a positive value below "
                 "a microsecond counts as one)")
      ->transform(TimeoutSeconds());
  app.add_option("-c,--chdir", child.working_directory, "Run the program in this directory");
  app.add_option("--redirect-input", child.stdin_path, "Read the program's stdin from this file");
  // Later redirections override earlier ones, in command-line order, as upstream: the
  // callbacks run as each option is parsed.
  app.add_option_function<std::string>(
         "--redirect-output", [&child](const std::string& path) { child.stdout_path = child.stderr_path = path; },
         "Write the program's stdout and stderr to this file")
      ->trigger_on_parse();
  app.add_option_function<std::string>(
         "--redirect-stdout", [&child](const std::string& path) { child.stdout_path = path; },
         "Write the program's stdout to this file")
      ->trigger_on_parse();
  app.add_option_function<std::string>(
         "--redirect-stderr", [&child](const std::string& path) { child.stderr_path = path; },
         "Write the program's stderr to this file")
      ->trigger_on_parse();
}

// --limit-*: one rlimit each; the last value given for a resource wins.
void AddLimitOptions(CLI::App& app, std::vector<ResourceLimit>& limits) {
  for (const LimitOption& limit : kLimitOptions) {
    app.add_option_function<rlim_t>(
           limit.flag,
           [&limits, limit](rlim_t value) {
             std::erase_if(limits, [&](const ResourceLimit& l) { return l.resource == limit.resource; });
             limits.push_back({limit.resource, limit.macro, value});
           },
           limit.help)
        // rlim_t is unsigned: without this "-1" would silently wrap to "unlimited", and a
        // value beyond it would saturate to it.
        ->transform(WholeNumberIn(0, std::numeric_limits<rlim_t>::max()));
  }
}

// -p, --summary, --append-exitstatus, --report-maxrss, --user-time, --aggregate, --progress:
// what is reported and where.
void AddReportOptions(CLI::App& app, TimeitOptions& options) {
  app.add_flag("-p,--posix", options.posix, "Report on stderr in POSIX format (no --summary)");
  app.add_option("--summary", options.summary_path, "Write the timing summary to this file");
  app.add_flag("--append-exitstatus", options.append_exit_status, "Append 'exit N' to the stdout file and exit 0");
  app.add_flag("--report-maxrss", options.summary.report_maxrss, "Report the peak resident set size (bytes)");
  AddChoice(app, "--user-time", options.summary.user_time, kUserTimeSourceSpellings,
            "What the summary's user line reports: rusage (user CPU time) or task-clock (the kernel's user+sys CPU "
            "time)");
  AddChoice(app, "--aggregate", options.aggregate, stats::kAggregateSpellings,
            "How the summary combines repeated runs: min (as LNT), median or mean");
  AddChoice(app, "--progress", options.progress, kProgressModeSpellings,
            "While a series runs, redraw one line on stderr with the run, the time elapsed and an estimate of the "
            "time left: auto (on a terminal, after a second, when the program's stdout is elsewhere), always or "
            "never");
}

// -e, --no-perf, -v and the hidden --counter-backend and --fake-host: what is counted and how,
// and on what machine as far as the tests are concerned.
void AddCounterOptions(CLI::App& app, TimeitOptions& options, std::optional<std::string>& events) {
  constexpr std::string_view kFake = "fake:";
  std::string defaults;
  for (const std::string& event : DefaultEvents()) defaults += (defaults.empty() ? "" : ", ") + event;
  app.add_option("-e,--events", events,
                 "Comma-separated events to count: perf's generic names (cycles:u, task-clock, "
                 "LLC-load-misses, ...) or, with libpfm4, any name it knows; default: " +
                     defaults);
  app.add_flag("--no-perf", options.no_perf, "Count nothing: rusage and the wall clock only");
  app.add_flag("-v,--verbose", options.verbose, "Report every event and any fallback on stderr");
  app.add_flag("--calibrate", options.calibrate,
               "Measure the clock's resolution and read latency and what timeit reports for programs that do "
               "nothing, print it, then run the command if one is given (--json records it in a new file's host)");
  app.add_option_function<std::string>("--counter-backend",
                                       [&options, kFake](const std::string& backend) {
                                         if (!backend.starts_with(kFake)) {
                                           throw CLI::ValidationError("--counter-backend", "must be fake:FILE");
                                         }
                                         options.fake_counter_file = backend.substr(kFake.size());
                                       })
      ->group("");
  app.add_option("--fake-host", options.fake_host_root)->group("");
}

// A decimal number above 0 (a percentage, seconds), as ParseDecimal reads it.
CLI::Validator PositiveDecimal(const std::string& what) {
  return CLI::Validator(
      [what](std::string& value) -> std::string {
        std::optional<double> number = ParseDecimal(value);
        if (!number || !(*number > 0)) return "'" + value + "' is not " + what + " above 0";
        value = StringPrintf("%.17g", *number);  // every digit: CLI11 must read back this very double
        return {};
      },
      "NUMBER");
}

// A label for the runs: text, since it is written into JSON as it is and names a night.
CLI::Validator RunLabel() {
  return CLI::Validator(
      [](std::string& value) -> std::string {
        if (value.empty()) return "the label is empty";
        if (!IsValidUtf8(value)) return "the label is not valid UTF-8";
        return {};
      },
      "TEXT");
}

// --json, --name, --label, -r, --warmup, --ignore-failure, --order and the adaptive
// options: the series and where its runs are kept.
void AddSeriesOptions(CLI::App& app, TimeitOptions& options) {
  app.add_option("--json", options.json_path,
                 "Add the runs to this results file (timeit-results/2, JSON Lines); the default for every command");
  app.add_option("--json-per-test", options.json_per_test_root,
                 "With --summary X.time under ROOT (the test-suite's build directory): add the run to X.timeit.json, "
                 "named after the lit test (SingleSource/Benchmarks/Misc/pi) unless --name is given")
      ->type_name("ROOT");
  app.add_option("--lock-timeout", options.lock_timeout_seconds,
                 "Seconds to wait for another timeit's lock on the --json file before giving up (exit 66)")
      ->transform(TimeoutSeconds())
      ->capture_default_str();
  app.add_option("--name", options.name, "Benchmark name in the results file (default: the command)");
  app.add_option("--label", options.label,
                 "What the runs are of (a revision, a build), recorded in each run in the results file; timeit-lnt "
                 "takes it as the order")
      ->check(RunLabel());
  app.add_option("-r,--repeat", options.repeat, "Run each program N times and record every run")
      ->transform(WholeNumberIn(1, kMaxRuns));
  app.add_option("--warmup", options.series.warmup_runs, "Run each program K times first, unrecorded")
      ->transform(WholeNumberIn(0, kMaxRuns));
  app.add_flag("--ignore-failure", options.series.ignore_failure,
               "Keep repeating after a run fails (otherwise the first failure stops the series)");
  AddChoice(app, "--order", options.series.order, kRunOrderSpellings,
            "With two or more commands (cmdA ::: cmdB): abba (rounds forward and reversed in turn), alternate, random "
            "(each round shuffled, from --seed) or sequential (all runs of one command, then the next)");
  app.add_option("--target-rmad", options.target_rmad,
                 "Repeat until the relative MAD of task-clock (or user time) is at most this many percent for every "
                 "command, within --min-runs, --max-runs and --max-time (not with -r)")
      ->transform(PositiveDecimal("a percentage"))
      ->type_name("PERCENT");
  app.add_option("--min-runs", options.min_runs, "With --target-rmad: runs of each command before it can be met (5)")
      ->transform(WholeNumberIn(2, kMaxRuns));
  app.add_option("--max-runs", options.max_runs, "With --target-rmad: runs of each command at most (100)")
      ->transform(WholeNumberIn(2, kMaxRuns));
  app.add_option(
         "--max-time", options.max_time,
         "With --target-rmad: seconds of wall time of all measured runs together: no round starts that would go "
         "past it, at the mean round's length (60)")
      ->transform(PositiveDecimal("a number of seconds"))
      ->type_name("SECONDS");
}

// --cpu, --no-aslr, --env-offset, --seed: what timeit controls about each run.
void AddControlOptions(CLI::App& app, TimeitOptions& options, std::optional<uint64_t>& seed) {
  app.add_option_function<std::string>(
         "--cpu",
         [&options](const std::string& list) {
           try {
             options.child.controls.cpus = ParseCpuList(list);
           } catch (const Error& error) {
             throw CLI::ValidationError("--cpu", error.what());
           }
         },
         "Pin the program and its descendants to these CPUs, listed as for taskset -c (0, 0-3, 0,2-3)")
      ->type_name("LIST");
  app.add_flag("--no-aslr", options.child.controls.aslr_disabled,
               "Run the program without address-space layout randomisation");
  app.add_flag("--env-offset", options.series.env_offset,
               "Give each run an environment variable " + std::string(kEnvOffsetVariable) +
                   " of a random length (0 to " + std::to_string(kEnvOffsetLimit - 1) +
                   " bytes), which moves the program's stack, to show what stack alignment does to it");
  app.add_option(
         "--seed", seed,
         "Seed of everything drawn at random (--order random, --env-offset); default: a new one each time, recorded")
      ->transform(WholeNumberIn(0, std::numeric_limits<uint64_t>::max()));
}

// The word that starts another command of the series.
constexpr std::string_view kCommandSeparator = ":::";

// The command: what CLI11 left after the options, without a leading `--`. It may be empty
// when `optional` (--calibrate alone).
std::vector<std::string> TakeCommand(std::vector<std::string> rest, bool more_follow, bool optional = false) {
  if (!rest.empty() && rest.front() == "--") {
    rest.erase(rest.begin());
  } else if (!rest.empty() && !rest.front().empty() && rest.front()[0] == '-') {
    throw Error(ErrorKind::kUsage, "invalid argument '" + rest.front() + "'");
  }
  if (rest.empty() && more_follow) {
    throw Error(ErrorKind::kUsage, "no command before '" + std::string(kCommandSeparator) + "'");
  }
  if (rest.empty() && !optional) throw Error(ErrorKind::kUsage, "no command (or arguments) was given");
  return rest;
}

// The words of each command: `rest` cut at every `:::`.
std::vector<std::vector<std::string>> SplitCommands(const std::vector<std::string>& rest) {
  std::vector<std::vector<std::string>> commands(1);
  for (const std::string& word : rest) {
    if (word == kCommandSeparator) {
      commands.emplace_back();
    } else {
      commands.back().push_back(word);
    }
  }
  return commands;
}

// A command after a `:::`: its own --name and --json, then (after `--`, or at the first
// word that is not an option) the command. Everything else is the whole series' and goes
// before the first command.
struct CommandWords {
  std::vector<std::string> argv;
  std::optional<std::string> name;
  std::optional<std::string> json_path;
};

CommandWords ParseLaterCommand(const std::vector<std::string>& words, bool more_follow) {
  CommandWords command;
  CLI::App app{"", "timeit"};
  app.prefix_command();
  app.set_help_flag();
  app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  app.add_option("--name", command.name);
  app.add_option("--json", command.json_path);
  std::vector<const char*> argv{"timeit"};
  for (const std::string& word : words) argv.push_back(word.c_str());
  const std::string after = "after '" + std::string(kCommandSeparator) + "': ";
  try {
    ParseCommandLine(app, static_cast<int>(argv.size()), const_cast<char**>(argv.data()));
  } catch (const Error& error) {
    throw Error(ErrorKind::kUsage, after + error.what());
  }
  std::vector<std::string> rest = app.remaining();
  if (!rest.empty() && rest.front() != "--" && !rest.front().empty() && rest.front()[0] == '-') {
    throw Error(ErrorKind::kUsage, after + "only --name and --json can come before a command, not '" + rest.front() +
                                       "' (options of the whole series go before the first command)");
  }
  if (rest.empty() || (rest.size() == 1 && rest.front() == "--")) {
    throw Error(ErrorKind::kUsage, "no command after '" + std::string(kCommandSeparator) + "'" +
                                       (more_follow ? " (before the next)" : ""));
  }
  command.argv = TakeCommand(std::move(rest), false);
  return command;
}

// `check`'s result; an Error it throws, about an option that came from TIMEIT_OPTIONS when
// `from_environment`, says so.
template <typename Check>
auto Attributed(bool from_environment, Check check) -> decltype(check()) {
  try {
    return check();
  } catch (const Error& error) {
    if (!from_environment) throw;
    throw Error(error.kind(), std::string(kOptionsVariable) + ": " + error.what());
  }
}

// The events -e names, each known (a misspelt one is a usage error before anything runs,
// even with --no-perf, which counts none of them).
std::vector<std::string> EventsToCount(const std::optional<std::string>& events) {
  if (!events) return DefaultEvents();
  if (events->empty()) throw Error(ErrorKind::kUsage, "-e/--events: the event list is empty");
  std::vector<std::string> names = ParseEventList(*events);
  for (const std::string& name : names) EncodeEvent(name, PrivilegeLevels::kUserAndKernel);
  return names;
}

// What no single option can check on its own. `given` is what the command line alone
// says, to tell which options came from TIMEIT_OPTIONS.
void CheckCombinations(const TimeitOptions& options, const TimeitOptions& given, bool no_command) {
  Attributed(!given.append_exit_status, [&] {
    if (options.append_exit_status && !options.child.stdout_path) {
      throw Error(ErrorKind::kUsage, "--append-exitstatus needs --redirect-stdout or --redirect-output");
    }
  });
  Attributed(!given.json_per_test_root, [&] {
    if (options.json_per_test_root && !options.summary_path) {
      throw Error(ErrorKind::kUsage, "--json-per-test needs --summary (its results file goes beside the summary)");
    }
  });
  Attributed(!given.json_per_test_root || !given.json_path, [&] {
    if (options.json_per_test_root && options.json_path) {
      throw Error(ErrorKind::kUsage, "--json-per-test and --json cannot be used together");
    }
  });
  if (no_command) {  // --calibrate alone: no run whose outputs these would be
    Attributed(!given.summary_path, [&] {
      if (options.summary_path) {
        throw Error(ErrorKind::kUsage, "--summary needs a command (--calibrate alone makes no run)");
      }
    });
    Attributed(!given.append_exit_status, [&] {
      if (options.append_exit_status) {
        throw Error(ErrorKind::kUsage, "--append-exitstatus needs a command (--calibrate alone makes no run)");
      }
    });
  }
}

// --cpu and --no-aslr where they can work, and --cpu only with CPUs timeit may use itself:
// told before anything runs, not in every run's failure.
void CheckControls(const RunControls& controls) {
  if (!controls.cpus.empty()) {
    std::optional<std::vector<int>> allowed = AllowedCpus();
    if (!allowed) {
      throw Error(ErrorKind::kUsage, "--cpu is not supported on this system (it needs Linux's sched_setaffinity)");
    }
    std::vector<int> refused;
    std::set_difference(controls.cpus.begin(), controls.cpus.end(), allowed->begin(), allowed->end(),
                        std::back_inserter(refused));
    if (!refused.empty()) {
      bool one = refused.size() == 1;
      throw Error(ErrorKind::kUsage, "--cpu: " + std::string(one ? "CPU " : "CPUs ") + FormatCpuList(refused) +
                                         (one ? " is" : " are") + " not among the CPUs timeit may run on (" +
                                         FormatCpuList(*allowed) + "), so the program cannot be pinned to " +
                                         (one ? "it" : "them"));
    }
  }
  if (controls.aslr_disabled && !CanDisableAslr()) {
    throw Error(ErrorKind::kUsage, "--no-aslr is not supported on this system (it needs Linux's personality)");
  }
}

// A seed nobody chose, for a series without --seed: from the system's random source, or,
// where there is none, from the clock and the process id (two timeits started in the same
// nanosecond still differ). Below 2^32, so that it reads back exactly in any JSON reader
// (JavaScript's numbers stop at 2^53).
uint64_t DrawSeed() {
  try {
    std::random_device source;
    return source() & 0xffffffffU;
  } catch (const std::exception&) {
    auto now = static_cast<uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
    return SplitMix64(now ^ (static_cast<uint64_t>(::getpid()) << 40)).Next() >> 32;
  }
}

// The series' runs: -r, or the adaptive options (--target-rmad and its bounds).
void ResolveRuns(TimeitOptions& options, const TimeitOptions& given) {
  bool bounds = options.min_runs || options.max_runs || options.max_time;
  Attributed(!given.repeat || !given.target_rmad, [&] {
    if (options.repeat && options.target_rmad) {
      throw Error(ErrorKind::kUsage, "--target-rmad decides how many runs to make: -r cannot go with it");
    }
  });
  Attributed(!given.min_runs && !given.max_runs && !given.max_time, [&] {
    if (bounds && !options.target_rmad) {
      throw Error(ErrorKind::kUsage, "--min-runs, --max-runs and --max-time bound --target-rmad, which is not given");
    }
  });
  options.series.measured_runs = options.repeat.value_or(1);
  if (!options.target_rmad) return;
  AdaptivePlan adaptive;
  adaptive.target_rmad_percent = *options.target_rmad;
  // A --max-runs below the default --min-runs lowers it, as a --min-runs above the default
  // --max-runs raises that.
  adaptive.min_runs = options.min_runs.value_or(std::min(adaptive.min_runs, options.max_runs.value_or(INT_MAX)));
  adaptive.max_runs = options.max_runs.value_or(std::max(adaptive.max_runs, adaptive.min_runs));
  adaptive.max_seconds = options.max_time.value_or(adaptive.max_seconds);
  Attributed(!given.min_runs && !given.max_runs, [&] {
    if (adaptive.min_runs > adaptive.max_runs) {
      throw Error(ErrorKind::kUsage, "--min-runs " + std::to_string(adaptive.min_runs) + " is more than --max-runs " +
                                         std::to_string(adaptive.max_runs));
    }
  });
  options.series.adaptive = adaptive;
}

// `path` made absolute, its links followed (a dangling one too: the file it will create is
// the file it names) and its dots resolved; nullopt when it cannot be.
std::optional<std::filesystem::path> ResolvedPath(const std::string& text) {
  namespace fs = std::filesystem;
  std::error_code error;
  fs::path path = fs::absolute(text, error);
  for (int hops = 0; !error && hops < 40 && fs::is_symlink(fs::symlink_status(path, error)); ++hops) {
    fs::path target = fs::read_symlink(path, error);
    path = target.is_absolute() ? target : path.parent_path() / target;
  }
  if (error && error != std::errc::no_such_file_or_directory) return std::nullopt;
  error.clear();
  fs::path resolved = fs::weakly_canonical(path, error);
  if (error) return std::nullopt;
  return resolved;
}

// Whether two results-file paths name one file: the same file where both exist (a link, or
// "./a.json" beside "a.json"), else the same path once made absolute and resolved.
bool SameFile(const std::string& a, const std::string& b) {
  if (a == b) return true;
  struct stat first, second;
  if (::stat(a.c_str(), &first) == 0 && ::stat(b.c_str(), &second) == 0) {
    return first.st_dev == second.st_dev && first.st_ino == second.st_ino;
  }
  std::optional<std::filesystem::path> resolved_a = ResolvedPath(a);
  std::optional<std::filesystem::path> resolved_b = ResolvedPath(b);
  return resolved_a && resolved_b && *resolved_a == *resolved_b;
}

// Each command's name and results file, and what two or more commands rule out.
void ResolveCommands(TimeitOptions& options, const TimeitOptions& given, std::vector<CommandWords> words) {
  for (size_t i = 0; i < words.size(); ++i) {
    BenchmarkCommand command;
    command.argv = std::move(words[i].argv);
    // The first command's --name and --json are the global ones (and --json-per-test's).
    std::optional<std::string> name = i == 0 ? options.name : words[i].name;
    if (name && name->empty()) {
      Attributed(i == 0 && !given.name,
                 [] { throw Error(ErrorKind::kUsage, "--name: a benchmark's name cannot be empty"); });
    }
    command.name = name ? *name : JoinWords(command.argv);
    command.json_path = i == 0 || !words[i].json_path ? options.json_path : words[i].json_path;
    // One spelling per file, so that its runs and its series record are one file's.
    for (const BenchmarkCommand& earlier : options.commands) {
      if (command.json_path && earlier.json_path && SameFile(*command.json_path, *earlier.json_path)) {
        command.json_path = earlier.json_path;
        break;
      }
    }
    options.commands.push_back(std::move(command));
  }
  if (options.commands.size() < 2) return;
  auto refuse = [](const std::string& what) {
    throw Error(ErrorKind::kUsage, what + " cannot go with two or more commands (':::')");
  };
  Attributed(!given.summary_path, [&] {
    if (options.summary_path) refuse("--summary, which reports one program's runs,");
  });
  Attributed(!given.append_exit_status, [&] {
    if (options.append_exit_status) refuse("--append-exitstatus, which reports one program's exit status,");
  });
  Attributed(!given.posix, [&] {
    if (options.posix) refuse("-p, which reports one program's run in tools/timeit.c's layout,");
  });
  Attributed(!given.target_rmad || given.series.order != RunOrder::kSequential, [&] {
    if (options.series.adaptive && options.series.order == RunOrder::kSequential) {
      throw Error(ErrorKind::kUsage,
                  "--order sequential cannot go with --target-rmad, which stops the commands together after a round");
    }
  });
  // Runs are told apart by name only: two commands under one name in one file would pool.
  for (size_t i = 0; i < options.commands.size(); ++i) {
    for (size_t j = 0; j < i; ++j) {
      const BenchmarkCommand& a = options.commands[j];
      const BenchmarkCommand& b = options.commands[i];
      if (a.name == b.name && a.json_path && a.json_path == b.json_path) {
        throw Error(ErrorKind::kUsage, "commands " + std::to_string(j + 1) + " and " + std::to_string(i + 1) +
                                           " would both add runs named '" + a.name + "' to '" + *a.json_path +
                                           "': give them different --name or --json");
      }
    }
  }
  // Positions and totals are ints.
  int64_t runs = options.series.adaptive ? options.series.adaptive->max_runs : options.series.measured_runs;
  constexpr int64_t kMaxSeriesRuns = 2 * static_cast<int64_t>(kMaxRuns);
  if ((runs + options.series.warmup_runs) * static_cast<int64_t>(options.commands.size()) > kMaxSeriesRuns) {
    throw Error(ErrorKind::kUsage, "the series would make more than " + std::to_string(kMaxSeriesRuns) + " runs");
  }
}

// --json-per-test: the results file beside the summary, and the benchmark named after the
// lit test whose summary it is. A summary elsewhere would give a name no lit run knows.
void ResolvePerTestResults(TimeitOptions& options) {
  if (!options.json_per_test_root) return;
  const std::string& root = *options.json_per_test_root;
  const std::string& summary = *options.summary_path;
  std::optional<std::string> below;
  try {
    below = PathUnder(root, summary);
  } catch (const Error& error) {
    throw Error(ErrorKind::kUsage, std::string("--json-per-test: ") + error.what());
  }
  if (!below) {
    throw Error(ErrorKind::kUsage, "--json-per-test: the summary '" + summary + "' is not under '" + root + "'");
  }
  options.json_path = ResultsFileBesideSummary(summary);
  if (options.name) return;
  options.name = LitTestName(*below);
  if (options.name->empty()) {
    throw Error(ErrorKind::kUsage, "--json-per-test: the summary '" + summary +
                                       "' names no benchmark: its path below '" + root +
                                       "' is empty once '.time' is taken off; give --name");
  }
}

// Where a list of words comes from. TIMEIT_OPTIONS holds options only, and neither --help
// nor --version: set in a lit run, either would make every test pass without running it.
enum class WordSource { kCommandLine, kEnvironment };

// What parsing a list of words gives, before the command is taken from what is left.
struct ParsedWords {
  TimeitOptions options;
  std::optional<std::string> events;
  std::optional<uint64_t> seed;
  /// The words CLI11 did not take as options: the command, perhaps after `--`.
  std::vector<std::string> rest;
};

ParsedWords ParseWords(const std::vector<std::string>& words, WordSource source) {
  ParsedWords parsed;
  CLI::App app{
      "Run a command and measure it with kernel performance counters.\n"
      "A drop-in for the LLVM test-suite's tools/timeit.",
      "timeit"};
  app.footer(
      "Options end at the first argument that is not one, or at --; the rest is the command.\n"
      "Each ::: in it starts another command, which only --name and --json may precede: the commands' runs "
      "are interleaved (--order).\n" +
      std::string(kOptionsVariable) +
      ": options read before the command line's, split into words as a shell would; an option given on the "
      "command line replaces the same option from there.");
  // Options end at the first argument that is not one; it and everything after it is
  // the command, passed on untouched (`timeit --summary s prog --summary x`).
  app.prefix_command();
  app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);

  AddChildOptions(app, parsed.options.child);
  AddLimitOptions(app, parsed.options.child.limits);
  AddReportOptions(app, parsed.options);
  AddCounterOptions(app, parsed.options, parsed.events);
  AddSeriesOptions(app, parsed.options);
  AddControlOptions(app, parsed.options, parsed.seed);
  if (source == WordSource::kCommandLine) {
    AddVersionFlag(app, TimeitVersion());
  } else {
    app.set_help_flag();
  }
  std::vector<const char*> argv{"timeit"};
  for (const std::string& word : words) argv.push_back(word.c_str());
  ParseCommandLine(app, static_cast<int>(argv.size()), const_cast<char**>(argv.data()));
  parsed.rest = app.remaining();
  return parsed;
}

// TIMEIT_OPTIONS split into words, each of them checked: nothing there can be the command.
std::vector<std::string> EnvironmentOptionWords() {
  const char* value = std::getenv(kOptionsVariable);
  if (value == nullptr) return {};
  return Attributed(true, [value] {
    std::vector<std::string> words = SplitShellWords(value);
    if (words.empty()) return words;
    ParsedWords parsed = ParseWords(words, WordSource::kEnvironment);
    // The tests' fake readings must never stand in for a real run's, as they would in
    // every timeit that inherits the variable.
    if (parsed.options.fake_counter_file) {
      throw Error(ErrorKind::kUsage, "--counter-backend is read only from the command line");
    }
    if (parsed.options.fake_host_root) {
      throw Error(ErrorKind::kUsage, "--fake-host is read only from the command line");
    }
    if (parsed.rest.empty()) return words;
    const std::string& word = parsed.rest.front();
    if (word == "-h" || word == "--help" || word == "--version") {
      throw Error(ErrorKind::kUsage, word + " is read only from the command line");
    }
    if (word == "--" || word.empty() || word[0] != '-') {
      throw Error(ErrorKind::kUsage,
                  "'" + word + "' is not an option; the command (and --) go on the command line, not here");
    }
    throw Error(ErrorKind::kUsage, "invalid argument '" + word + "'");
  });
}

}  // namespace

TimeitOptions ParseTimeitOptions(int argc, char** argv) {
  std::vector<std::string> command_line(argv + std::min(argc, 1), argv + argc);
  // The command line alone first: --help, --version and its own errors answer as they do
  // without TIMEIT_OPTIONS, whatever the environment holds.
  const ParsedWords given = ParseWords(command_line, WordSource::kCommandLine);
  ParsedWords parsed = given;
  std::vector<std::string> environment = EnvironmentOptionWords();
  if (!environment.empty()) {
    // Before the command line's own options, so that those, coming later, win.
    environment.insert(environment.end(), command_line.begin(), command_line.end());
    parsed = ParseWords(environment, WordSource::kCommandLine);
  }
  TimeitOptions options = std::move(parsed.options);
  std::vector<std::vector<std::string>> command_words = SplitCommands(parsed.rest);
  std::vector<CommandWords> commands;
  for (size_t i = 0; i < command_words.size(); ++i) {
    bool more_follow = i + 1 < command_words.size();
    if (i == 0) {
      std::vector<std::string> words = TakeCommand(std::move(command_words[i]), more_follow, options.calibrate);
      if (!words.empty()) commands.push_back({std::move(words), {}, {}});
    } else {
      commands.push_back(ParseLaterCommand(command_words[i], more_follow));
    }
  }
  options.events = Attributed(!given.events && parsed.events, [&] { return EventsToCount(parsed.events); });
  CheckCombinations(options, given.options, commands.empty());
  const RunControls& given_controls = given.options.child.controls;
  Attributed(given_controls.cpus != options.child.controls.cpus ||
                 given_controls.aslr_disabled != options.child.controls.aslr_disabled,
             [&] { CheckControls(options.child.controls); });
  options.series.seed = parsed.seed ? *parsed.seed : DrawSeed();
  ResolveRuns(options, given.options);
  Attributed(!given.options.json_per_test_root || !given.options.summary_path, [&] { ResolvePerTestResults(options); });
  ResolveCommands(options, given.options, std::move(commands));
  return options;
}

}  // namespace timeit
