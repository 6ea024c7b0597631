#pragma once

#include <optional>
#include <string>
#include <vector>

#include "command_line.h"
#include "timeit/compare/comparison.h"
#include "timeit/render/compare_renderer.h"

namespace timeit {

/// Everything timeit-compare's command line can say. Defaults are the member initialisers.
struct CompareOptions {
  /// Results files or directories of each side; several (or a name seen twice) pool their runs.
  std::vector<std::string> base_files;
  std::vector<std::string> new_files;
  CompareSettings settings;
  ReportFormat format = ReportFormat::kText;
  /// -o: the file the report is written to, instead of standard output.
  std::optional<std::string> output;
  /// --plot: the rows the HTML report draws a figure for.
  PlotSelection plots = PlotSelection::kFlagged;
  /// --color: whether the text table is painted.
  ColorMode color = ColorMode::kAuto;
  /// --no-histogram: leave out the histograms the text report draws under each row.
  bool no_histogram = false;
  /// Exit 1 when any row regressed or a benchmark newly fails.
  bool fail_on_regression = false;
};

/// Parses the command line; throws HelpRequested (src/cli/command_line.h) after printing
/// --help, or a usage Error.
CompareOptions ParseCompareOptions(int argc, char** argv);

}  // namespace timeit
