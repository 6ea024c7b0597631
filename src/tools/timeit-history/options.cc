#include "options.h"

#include <CLI/CLI.hpp>
#include <filesystem>

#include "timeit/base/error.h"
#include "timeit/base/text_format.h"
#include "timeit/formats/inputs/nights.h"
#include "timeit/measure/host_info.h"

namespace timeit {
namespace {

// More nights than any history holds: every night is recent.
constexpr unsigned long long kMostRecentNights = 1000000000;

void AddInputOptions(CLI::App& app, HistoryCommandLine& options) {
  app.add_option("nights", options.nights,
                 "NIGHT...: each night's results, oldest first: a results file, lit's JSON, an LNT report, or a "
                 "directory of them");
  app.add_option("--nights-in", options.nights_in,
                 "Take every entry of DIR as a night (hidden ones excepted), in natural order (night-9 before "
                 "night-10)");
  app.add_option("-m,--metric", options.history.metrics,
                 "Metric to analyse (repeatable); default: per benchmark, task-clock where the nights have it, else "
                 "user (exec_time for lit's JSON, execution_time for LNT reports)")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      ->allow_extra_args(false);
  app.add_flag("--skip-unreadable", options.skip_unreadable,
               "Skip a night that cannot be read (a gap in every series) with a warning, instead of stopping");
}

void AddAnalysisOptions(CLI::App& app, HistoryCommandLine& options) {
  const history::HistorySettings defaults;
  app.add_option("--alpha", options.history.settings.alpha,
                 "False-alarm probability per series: the chance that a series without change shows one")
      ->transform(Fraction("a probability between 0 and 1", false))
      ->default_str(ShortestDecimal(defaults.alpha));
  app.add_option("--recent", options.history.recent,
                 "How many of the last nights count as recent, for --fail-on-regression and the * marks")
      ->transform(WholeNumberIn(1, kMostRecentNights))
      ->capture_default_str();
}

void AddOutputOptions(CLI::App& app, HistoryCommandLine& options) {
  AddChoice(app, "--format", options.format, kReportFormatSpellings,
            "Output: text, json, csv, markdown, or html (one self-contained page with a figure of each changed "
            "series)");
  AddOutputOption(app, options.output);
  AddChoice(app, "--color", options.color, kColorModeSpellings, "Colour the text table: auto, always, never");
  app.add_flag("--no-sparkline", options.no_sparkline, "Leave out each changed series' sparkline of its nights");
  AddChoice(app, "--plot", options.plots, kPlotSelectionSpellings,
            "Series the HTML report draws a figure of their nights for: flagged (with a change point), all, none");
  app.add_flag("--fail-on-regression", options.fail_on_regression,
               "Exit 1 when a regression starts within the last --recent nights");
}

void RequireTwoNights(size_t nights) {
  if (nights >= 2) return;
  throw Error(ErrorKind::kUsage, "a history needs at least 2 nights; " + std::to_string(nights) +
                                     (nights == 1 ? " was" : " were") + " given");
}

// A report written into the directory of nights would be a night of the next history.
void RefuseOutputAmongTheNights(const HistoryCommandLine& options) {
  if (!options.output) return;
  std::error_code error;
  std::filesystem::path output = std::filesystem::weakly_canonical(*options.output, error);
  std::filesystem::path nights = std::filesystem::weakly_canonical(*options.nights_in, error);
  if (error || output.parent_path() != nights) return;
  throw Error(ErrorKind::kUsage, "-o '" + *options.output + "' is in --nights-in '" + *options.nights_in +
                                     "': the next history would read the report as a night; write it elsewhere");
}

}  // namespace

std::vector<std::string> NightsToRead(const HistoryCommandLine& options, std::vector<std::string>& warnings) {
  if (!options.nights_in) return options.nights;
  std::vector<std::string> nights = NightsInDirectory(*options.nights_in, warnings);
  RequireTwoNights(nights.size());
  return nights;
}

HistoryCommandLine ParseHistoryCommandLine(int argc, char** argv) {
  HistoryCommandLine options;
  CLI::App app{"Find where benchmarks changed over a history of nights, and say whether it lasted.", "timeit-history"};
  app.footer(
      "Examples:\n"
      "  timeit-history night-1.json night-2.json night-3.json ...\n"
      "  timeit-history --nights-in nightly/ --fail-on-regression --recent 3\n"
      "  timeit-history --format json -o history.json lnt-reports/*.json\n"
      "  timeit-history --format html -o history.html --nights-in nightly/\n"
      "Exit status: 0, or 1 with --fail-on-regression when a regression starts within the last --recent\n"
      "nights; 2 for bad usage or input.");
  app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  AddInputOptions(app, options);
  AddAnalysisOptions(app, options);
  AddOutputOptions(app, options);
  AddVersionFlag(app, TimeitVersion());
  ParseCommandLine(app, argc, argv);
  if (options.nights_in) {
    if (!options.nights.empty()) {
      throw Error(ErrorKind::kUsage, "give the nights as NIGHT arguments or --nights-in DIR, not both");
    }
    RefuseOutputAmongTheNights(options);
  } else {
    RequireTwoNights(options.nights.size());
  }
  return options;
}

}  // namespace timeit
