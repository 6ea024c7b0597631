#include "options.h"

#include <CLI/CLI.hpp>
#include <optional>

#include "command_line.h"
#include "timeit/base/error.h"
#include "timeit/base/text_format.h"
#include "timeit/measure/host_info.h"

namespace timeit {
namespace {

// The files of each side (positional or --base/--new) and the metrics compared.
void AddInputOptions(CLI::App& app, CompareOptions& options, std::vector<std::string>& positional) {
  app.add_option("files", positional, "BASE NEW: a results file or a directory of them each (or use --base/--new)");
  app.add_option("--base", options.base_files, "Results files or directories of the base side (pooled)")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      ->expected(1, -1);
  app.add_option("--new", options.new_files, "Results files or directories of the new side (pooled)")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      ->expected(1, -1);
  app.add_option("-m,--metric", options.settings.metrics,
                 "Metric to compare (repeatable); default: task-clock where both sides have it, else user "
                 "(exec_time for lit's JSON, execution_time for LNT reports)")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      // One value per -m, so `-m user base.json new.json` leaves the files alone.
      ->allow_extra_args(false);
  app.add_flag("--filter-hash", options.settings.filter_hash,
               "Leave out benchmarks whose binary has the same hash on both sides (lit's JSON and LNT reports "
               "record it)");
}

// How a row's verdict is decided; --help shows the defaults of CompareSettings.
void AddVerdictOptions(CLI::App& app, CompareSettings& settings) {
  const CompareSettings defaults;
  app.add_option("--alpha", settings.alpha, "Significance level of the adjusted p-value")
      ->transform(Fraction("a probability between 0 and 1", false))
      ->default_str(ShortestDecimal(defaults.alpha));
  app.add_option("--threshold", settings.threshold, "Smallest change that counts, in percent")
      ->transform(Fraction("a percentage from 0 to 100", true))
      ->default_str(ShortestDecimal(defaults.threshold * 100));
  AddChoice(app, "--correction", settings.correction, stats::kPAdjustMethodSpellings,
            "p-value correction within each metric's rows: bh (Benjamini-Hochberg), holm, none");
  AddChoice(app, "--method", settings.method, stats::kMannWhitneyMethodSpellings,
            "Mann-Whitney null distribution: exact (exact where cheap, ties included), auto (SciPy's default rule, "
            "to reproduce scipy.stats.mannwhitneyu), asymptotic");
  AddChoice(app, "--policy", settings.policy, kComparePolicySpellings,
            "Verdict rules: default, or lnt for LNT's own (the min of new against the closest base run; changes "
            "under 1% or under 0.01, an absolute floor in the metric's unit, are ignored)");
}

// The report's order and format, and the exit code.
void AddOutputOptions(CLI::App& app, CompareOptions& options) {
  AddChoice(app, "--sort", options.settings.order, kRowOrderSpellings,
            "Row order: verdict (regressed, improved, then the rest, each by effect size), effect, name, p");
  AddChoice(app, "--format", options.format, kReportFormatSpellings,
            "Output: text, json, csv, markdown, or html (one self-contained page with a figure of each flagged row)");
  AddOutputOption(app, options.output);
  AddChoice(app, "--plot", options.plots, kPlotSelectionSpellings,
            "Rows the HTML report draws a figure of their runs for: flagged (regressed or improved), all, none");
  AddChoice(app, "--color", options.color, kColorModeSpellings, "Colour the text table: auto, always, never");
  app.add_flag("--no-histogram", options.no_histogram,
               "Leave out the histograms the text report draws under each row (for long reports)");
  app.add_flag("--fail-on-regression", options.fail_on_regression,
               "Exit 1 when any benchmark regressed, or failed in new runs where no base run failed");
}

// BASE NEW, or --base FILE... --new FILE..., but not both and not one side alone.
void TakeFiles(const std::vector<std::string>& positional, CompareOptions& options) {
  if (!positional.empty()) {
    if (positional.size() != 2 || !options.base_files.empty() || !options.new_files.empty()) {
      throw Error(ErrorKind::kUsage, "give two files or directories (BASE NEW), or --base FILE... --new FILE...");
    }
    options.base_files = {positional[0]};
    options.new_files = {positional[1]};
  }
  if (options.base_files.empty() || options.new_files.empty()) {
    throw Error(ErrorKind::kUsage, "nothing to compare: give BASE.json NEW.json, or --base and --new");
  }
}

}  // namespace

CompareOptions ParseCompareOptions(int argc, char** argv) {
  CompareOptions options;
  CLI::App app{"Compare two sets of timeit results: is the difference real?", "timeit-compare"};
  app.footer(
      "Examples:\n"
      "  timeit-compare base.json new.json\n"
      "  timeit-compare --filter-hash base-build/results.json new-build/results.json\n"
      "  timeit-compare --base a1.json a2.json --new b1.json b2.json -m task-clock -m maxrss\n"
      "  timeit-compare --format html -o report.html base.json new.json\n"
      "Exit status: 0, or 1 with --fail-on-regression when a row regressed or a benchmark newly fails; 2 for\n"
      "bad usage or input.");
  app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);

  std::vector<std::string> positional;
  AddInputOptions(app, options, positional);
  AddVerdictOptions(app, options.settings);
  AddOutputOptions(app, options);
  AddVersionFlag(app, TimeitVersion());
  ParseCommandLine(app, argc, argv);
  TakeFiles(positional, options);
  return options;
}

}  // namespace timeit
