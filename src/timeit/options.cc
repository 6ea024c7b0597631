#include "options.h"

#include <CLI/CLI.hpp>
#include <cerrno>
#include <cstdlib>
#include <limits>
#include <optional>
#include <iostream>

#include "timeit/base/error.h"
#include "timeit/measure/event_list.h"

namespace timeit {
namespace {

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

// A whole number from `minimum` to `maximum`, checked before CLI11 converts it (its own
// range validators print the limits as 300-digit doubles, and a conversion that does not
// fit would wrap or saturate silently).
CLI::Validator WholeNumberIn(unsigned long long minimum, unsigned long long maximum) {
  return CLI::Validator(
      [minimum, maximum](std::string& value) -> std::string {
        char* end = nullptr;
        errno = 0;
        unsigned long long number = std::strtoull(value.c_str(), &end, 10);
        bool digits = !value.empty() && value.find_first_not_of("0123456789") == std::string::npos;
        if (!digits || *end != '\0' || errno == ERANGE || number < minimum || number > maximum) {
          return "'" + value + "' is not a whole number from " + std::to_string(minimum) + " to " +
                 std::to_string(maximum);
        }
        return {};
      },
      "N");
}

// Runs of a series: --repeat plus --warmup must still fit an int.
constexpr unsigned long long kMaxRuns = 1'000'000'000;

}  // namespace

TimeitOptions ParseTimeitOptions(int argc, char** argv) {
  TimeitOptions options;
  CLI::App app{"Run a command and measure it with kernel performance counters.\n"
               "A drop-in for the LLVM test-suite's tools/timeit.",
               "timeit"};
  app.footer("Options end at the first argument that is not one, or at --; the rest is the command.");
  // Options end at the first argument that is not one; it and everything after it is
  // the command, passed on untouched (`timeit --summary s prog --summary x`).
  app.prefix_command();
  app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);

  app.add_flag("-p,--posix", options.posix, "Report on stderr in POSIX format (no --summary)");
  app.add_option("-t,--timeout", options.timeout_seconds,
                 "Kill the program's process group after this many seconds (0: never)")
      ->check(CLI::Validator(
          [](std::string& value) -> std::string {
            char* end = nullptr;
            double seconds = std::strtod(value.c_str(), &end);
            // Beyond ~30 years the timer cannot be armed (and the cast to time_t overflows).
            if (value.empty() || *end != '\0' || !(seconds >= 0) || !(seconds <= 1e9)) {
              return "'" + value + "' is not a number of seconds from 0 to 1e9";
            }
            return {};
          },
          "SECONDS"));
  app.add_option("-c,--chdir", options.working_directory, "Run the program in this directory");
  app.add_option("--summary", options.summary_path, "Write the timing summary to this file");
  app.add_option("--redirect-input", options.stdin_path, "Read the program's stdin from this file");
  // Later redirections override earlier ones, in command-line order, as upstream: the
  // callbacks run as each option is parsed.
  app.add_option_function<std::string>(
         "--redirect-output",
         [&options](const std::string& path) { options.stdout_path = options.stderr_path = path; },
         "Write the program's stdout and stderr to this file")
      ->trigger_on_parse();
  app.add_option_function<std::string>(
         "--redirect-stdout", [&options](const std::string& path) { options.stdout_path = path; },
         "Write the program's stdout to this file")
      ->trigger_on_parse();
  app.add_option_function<std::string>(
         "--redirect-stderr", [&options](const std::string& path) { options.stderr_path = path; },
         "Write the program's stderr to this file")
      ->trigger_on_parse();
  app.add_flag("--append-exitstatus", options.append_exit_status,
               "Append 'exit N' to the stdout file and exit 0");
  app.add_flag("--report-maxrss", options.report_maxrss, "Report the peak resident set size (bytes)");
  for (const LimitOption& limit : kLimitOptions) {
    app.add_option_function<rlim_t>(
        limit.flag,
        [&options, limit](rlim_t value) {
          std::erase_if(options.limits, [&](const ResourceLimit& l) { return l.resource == limit.resource; });
          options.limits.push_back({limit.resource, limit.macro, value});
        },
        limit.help)
        // rlim_t is unsigned: without this "-1" would silently wrap to "unlimited", and a
        // value beyond it would saturate to it.
        ->check(WholeNumberIn(0, std::numeric_limits<rlim_t>::max()));
  }

  std::optional<std::string> events;
  app.add_option("-e,--events", events,
                 "Comma-separated events to count (any name libpfm4 knows); default: task-clock, "
                 "cycles, instructions, branches, branch-misses, cache-references, cache-misses, "
                 "context-switches, cpu-migrations, page-faults");
  app.add_flag("--no-perf", options.no_perf, "Count nothing: rusage and the wall clock only");
  app.add_flag("-v,--verbose", options.verbose, "Report every event and any fallback on stderr");
  std::string user_time = "rusage";
  app.add_option("--user-time", user_time,
                 "What the summary's user line reports: rusage (user CPU time) or task-clock "
                 "(the kernel's user+sys CPU time)")
      ->check(CLI::IsMember({"rusage", "task-clock"}));
  app.add_option("--json", options.json_path, "Add the run to this results file (timeit-results/1)");
  app.add_option("--name", options.name, "Benchmark name in the results file (default: the command)");
  app.add_option("-r,--repeat", options.repeat, "Run the program N times and record every run")
      ->check(WholeNumberIn(1, kMaxRuns));
  app.add_option("--warmup", options.warmup, "Run the program K times first, unrecorded")
      ->check(WholeNumberIn(0, kMaxRuns));
  std::string aggregate = "min";
  app.add_option("--aggregate", aggregate,
                 "How the summary combines repeated runs: min (default, as LNT), median or mean")
      ->check(CLI::IsMember({"min", "median", "mean"}));
  app.add_flag("--ignore-failure", options.ignore_failure,
               "Keep repeating after a run fails (otherwise the first failure stops the series)");
  app.add_option("--counter-backend", options.counter_backend)->group("");

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    std::cout << app.help();
    throw HelpRequested{};
  } catch (const CLI::ParseError& e) {
    throw Error(ErrorKind::kUsage, e.what());
  }

  std::vector<std::string> rest = app.remaining();
  if (!rest.empty() && rest.front() == "--") {
    rest.erase(rest.begin());
  } else if (!rest.empty() && rest.front().size() > 0 && rest.front()[0] == '-') {
    throw Error(ErrorKind::kUsage, "invalid argument '" + rest.front() + "'");
  }
  if (rest.empty()) throw Error(ErrorKind::kUsage, "no command (or arguments) was given");
  options.command = std::move(rest);

  options.aggregate = aggregate == "median" ? Aggregate::kMedian
                      : aggregate == "mean"   ? Aggregate::kMean
                                              : Aggregate::kMin;
  options.user_time = user_time == "task-clock" ? UserTimeSource::kTaskClock : UserTimeSource::kRusage;
  if (events && events->empty()) throw Error(ErrorKind::kUsage, "-e/--events: the event list is empty");
  options.events = events ? ParseEventList(*events) : DefaultEvents();
  if (options.append_exit_status && !options.stdout_path) {
    throw Error(ErrorKind::kUsage, "--append-exitstatus needs --redirect-stdout or --redirect-output");
  }
  if (!options.counter_backend.empty() && options.counter_backend.rfind("fake:", 0) != 0) {
    throw Error(ErrorKind::kUsage, "--counter-backend must be fake:FILE");
  }
  return options;
}

}  // namespace timeit
