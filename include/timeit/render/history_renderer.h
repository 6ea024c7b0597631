#pragma once

#include <cstddef>
#include <string>

#include "timeit/history/history_report.h"
#include "timeit/render/plot_selection.h"
#include "timeit/render/report_format.h"

/// The writers of a history report, one per format: pure functions from what
/// HistoryBuilder::Finish decided to text. They decide nothing.
namespace timeit {

/// How a history is drawn, for the formats that draw (text, Markdown, HTML).
struct HistoryStyle {
  /// Paint regressions red and improvements green (for terminals only).
  bool color = false;
  /// Draw each changed series' nights as a sparkline (text, Markdown).
  bool sparklines = true;
  /// The series drawn as a figure of their nights (HTML).
  PlotSelection plots = PlotSelection::kFlagged;
};

/// The widest a sparkline is drawn: one character a night up to this many nights.
inline constexpr size_t kHistorySparklineWidth = 60;

/// The report in `format`, ended by a line end.
std::string RenderHistory(const history::HistoryReport& report, ReportFormat format, const HistoryStyle& style = {});

/// Per format (history_text.cc, history_json.cc, history_csv.cc, history_markdown.cc,
/// history_html.cc).
///
/// Text: a line on the nights and series, a line counting the change points, then a table
/// of them in the report's order (newest first), each with its series' sparkline.
std::string RenderHistoryText(const history::HistoryReport& report, const HistoryStyle& style);
/// Markdown: the same lines and table, names escaped for Markdown.
std::string RenderHistoryMarkdown(const history::HistoryReport& report, const HistoryStyle& style);
/// {"schema": "timeit-history/1", "settings": {...}, "nights": [{"index", "label", "path",
/// "skipped"}], "series": N, "too_few_nights": M, "change_points": [{"benchmark", "metric",
/// "index", "night", "direction", "before", "after", "scale", "ratio" | "shift" with
/// "_lower"/"_upper", "p_value", "p_is_bound", "held", "until", "recent"}],
/// "recent_regression": bool}. Numbers unrounded, NaN as null; a name that is not UTF-8 as
/// the comparison's JSON writes it (U+FFFD, its bytes in hex under "benchmark_bytes").
std::string RenderHistoryJson(const history::HistoryReport& report);
/// RFC 4180: a header line, then one line per change point, in the report's order.
std::string RenderHistoryCsv(const history::HistoryReport& report);
/// One self-contained page (html_page.h): the text report's lines, its table of change
/// points (each row `id="change-K"`, K its place in the report, with `data-verdict` its
/// direction and `data-series` its series), and a figure (`<figure id="series-S"
/// data-series="S">`, S its index among the report's series) of each series style.plots
/// asks for: every run of every night as a faint dot, the nights' summaries as a line broken
/// at gaps, each change point as a dashed vertical line (a triangle at its top pointing the
/// way the level moved) with the levels before and after it as horizontal segments.
std::string RenderHistoryHtml(const history::HistoryReport& report, const HistoryStyle& style);

}  // namespace timeit
