#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "timeit/compare/comparison.h"
#include "timeit/render/plot_selection.h"
#include "timeit/render/report_format.h"

/// The writers of a comparison report, one per output format, each in its own file behind
/// one interface: pure functions from a report (its rows, families and findings, all decided
/// by Compare) to text. A renderer decides nothing; it words what the report holds.
namespace timeit {

/// How a report is drawn, for the formats that draw (text, HTML).
struct CompareStyle {
  /// Paint regressions red and improvements green (for terminals only).
  bool color = false;
  /// Draw each row's histogram under it (text).
  bool histograms = true;
  /// The rows drawn as a figure of their runs (HTML).
  PlotSelection plots = PlotSelection::kFlagged;
};

class CompareRenderer {
 public:
  virtual ~CompareRenderer() = default;
  /// The whole report in this format, ended by a line end.
  virtual std::string Render(const ComparisonReport& report) const = 0;
};

/// The renderer of `format` (compare_text.h, compare_json.h, compare_csv.h,
/// compare_markdown.h, compare_html.h), drawing with `style` where it draws.
std::unique_ptr<CompareRenderer> MakeCompareRenderer(ReportFormat format, const CompareStyle& style = {});

}  // namespace timeit
