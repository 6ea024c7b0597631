#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "command_line.h"
#include "timeit/history/history_report.h"
#include "timeit/render/plot_selection.h"
#include "timeit/render/report_format.h"

namespace timeit {

/// Everything timeit-history's command line can say. Defaults are the member initialisers.
struct HistoryCommandLine {
  /// The NIGHT arguments, in order (empty with --nights-in: see NightsToRead).
  std::vector<std::string> nights;
  /// --nights-in: the directory the nights were taken from, if they were.
  std::optional<std::string> nights_in;
  history::HistoryOptions history;
  ReportFormat format = ReportFormat::kText;
  /// -o: the file the report is written to, instead of standard output.
  std::optional<std::string> output;
  ColorMode color = ColorMode::kAuto;
  bool no_sparkline = false;
  /// --plot: the series the HTML report draws a figure of.
  PlotSelection plots = PlotSelection::kFlagged;
  /// Skip a night that cannot be read (a gap in every series), with a warning, instead of
  /// stopping.
  bool skip_unreadable = false;
  /// Exit 1 when a regression starts within the last history.recent nights.
  bool fail_on_regression = false;
};

/// Parses the command line; throws HelpRequested after printing --help, or a usage Error
/// (also for fewer than 2 NIGHT arguments, and for -o in the --nights-in directory).
HistoryCommandLine ParseHistoryCommandLine(int argc, char** argv);

/// The nights to read, in order: the NIGHT arguments, or the nights of --nights-in (what
/// it left out said in `warnings`). Throws a usage Error for fewer than 2.
std::vector<std::string> NightsToRead(const HistoryCommandLine& options, std::vector<std::string>& warnings);

}  // namespace timeit
