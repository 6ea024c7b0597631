#include <algorithm>
#include <string_view>
#include <vector>

#include "history_figure.h"
#include "history_lines.h"
#include "html_page.h"
#include "html_writer.h"
#include "svg_plot.h"
#include "timeit/base/text_format.h"
#include "timeit/base/utf8.h"
#include "timeit/render/history_renderer.h"

namespace timeit {
namespace {

using history::HistoryChange;
using history::HistoryReport;
using history::HistorySeries;

constexpr size_t kBenchmarkCharacters = 60;
constexpr size_t kShortCharacters = 30;
// The columns of HistoryHeader(false) that hold names from the inputs, and the direction.
constexpr size_t kLabelColumn = 1;
constexpr size_t kDirectionColumn = 2;
constexpr size_t kBenchmarkColumn = 3;
constexpr size_t kMetricColumn = 4;

// The series drawn, in the order a reader meets them: those with change points in the
// order of the table (newest change first), then, when every series is asked for, the
// others in the report's order.
std::vector<size_t> PlottedSeries(const HistoryReport& report, PlotSelection plots) {
  std::vector<size_t> order;
  if (plots == PlotSelection::kNone) return order;
  std::vector<bool> taken(report.series.size(), false);
  for (const HistoryChange& change : report.changes) {
    if (!taken[change.series]) order.push_back(change.series);
    taken[change.series] = true;
  }
  if (plots == PlotSelection::kAll) {
    for (size_t s = 0; s < report.series.size(); ++s) {
      if (!taken[s]) order.push_back(s);
    }
  }
  return order;
}

void ChangesTable(HtmlWriter& page, const HistoryReport& report, const std::vector<bool>& plotted) {
  page.Open("table", {{"id", "changes"}, {"class", "rows"}}).Open("thead").Open("tr");
  for (const std::string& cell : HistoryHeader(false)) page.Element("th", {}, cell);
  page.Close("tr").Close("thead").Markup("\n").Open("tbody");
  for (size_t k = 0; k < report.changes.size(); ++k) {
    const HistoryChange& change = report.changes[k];
    const HistorySeries& series = report.series[change.series];
    Cells cells = HistoryCells(report, change, EscapeForDisplay, false);
    std::string series_index = std::to_string(change.series);
    page.Open("tr", {{"id", "change-" + std::to_string(k)},
                     {"data-verdict", DirectionName(change.change.direction)},
                     {"data-series", series_index}});
    for (size_t column = 0; column < cells.size(); ++column) {
      if (column == kLabelColumn) {
        page.Name("td", {}, report.nights[change.change.index].label, kShortCharacters);
      } else if (column == kDirectionColumn) {
        page.Element("td", {{"class", "v"}}, cells[column]);
      } else if (column == kBenchmarkColumn && plotted[change.series]) {
        page.Open("td").Name("a", {{"href", "#series-" + series_index}}, series.benchmark, kBenchmarkCharacters);
        page.Close("td");
      } else if (column == kBenchmarkColumn) {
        page.Name("td", {}, series.benchmark, kBenchmarkCharacters);
      } else if (column == kMetricColumn) {
        page.Name("td", {}, series.metric, kShortCharacters);
      } else {
        page.Element("td", {}, cells[column]);
      }
    }
    page.Close("tr").Markup("\n");
  }
  page.Close("tbody").Close("table").Markup("\n");
}

void Legend(HtmlWriter& page) {
  auto glyph = [](svg::Shape shape, std::string_view colour, double size, double opacity) {
    svg::Figure figure(10, 10, "");
    figure.Dots({{5, 5}}, {.shape = shape, .colour = colour, .size = size, .opacity = opacity});
    return figure.Finish();
  };
  auto stroke = [](const svg::Stroke& line) {
    svg::Figure figure(18, 10, "");
    figure.Line({1, 5}, {17, 5}, line);
    return figure.Finish();
  };
  page.Open("p", {{"class", "legend"}})
      .Text("In each figure: ")
      .Markup(glyph(svg::Shape::kCircle, svg::ink::kFaint, 4, 0.8))
      .Text(" every run of every night, ")
      .Markup(stroke({.colour = svg::ink::kBlack, .width = 1.3}))
      .Text(" the nights' summaries (broken where a night has no runs), ")
      .Markup(glyph(svg::Shape::kTriangleUp, svg::ink::kVermillion, 8, 1))
      .Text(" a change point, dashed, vermillion for a regression, ")
      .Markup(glyph(svg::Shape::kTriangleDown, svg::ink::kBluishGreen, 8, 1))
      .Text(
          " bluish green for an improvement (the triangle points the way the level moved; its night and levels "
          "on hover), ")
      .Markup(stroke({.colour = svg::ink::kBlue, .width = 2.5}))
      .Text(" the level before and after each change.")
      .Close("p");
}

void SeriesFigures(HtmlWriter& page, const HistoryReport& report, const std::vector<size_t>& order) {
  page.Open("section", {{"id", "series"}});
  for (size_t s : order) {
    const HistorySeries& series = report.series[s];
    size_t changes = series.analysis.change_points.size();
    std::string index = std::to_string(s);
    page.Open("figure", {{"id", "series-" + index}, {"data-series", index}, {"data-changes", std::to_string(changes)}})
        .Open("figcaption")
        .Name("span", {}, series.benchmark, kBenchmarkCharacters)
        .Text(" ")
        .Name("span", {}, series.metric, kShortCharacters);
    if (series.analysis.too_few_nights) {
      page.Text(": too few nights to analyse");
    } else {
      page.Text(StringPrintf(": %zu change point%s", changes, changes == 1 ? "" : "s"));
    }
    page.Close("figcaption").Markup(HistorySeriesFigure(report, series)).Close("figure").Markup("\n");
  }
  page.Close("section");
}

}  // namespace

std::string RenderHistoryHtml(const HistoryReport& report, const HistoryStyle& style) {
  HtmlWriter page;
  page.Element("h1", {}, "timeit-history").Markup("\n");
  page.Open("div", {{"id", "summary"}, {"class", "counts"}});
  page.Lines("p", HistorySummaryLines(report, EscapeForDisplay));
  page.Close("div").Markup("\n");
  std::vector<size_t> order = PlottedSeries(report, style.plots);
  std::vector<bool> plotted(report.series.size(), false);
  for (size_t s : order) plotted[s] = true;
  if (!report.changes.empty()) {
    page.Element("h2", {{"id", "change-points"}}, StringPrintf("Change points: %zu", report.changes.size()));
    page.Markup("\n<div id=\"filters\"></div>\n");
    ChangesTable(page, report, plotted);
  }
  if (!order.empty()) {
    page.Element("h2", {{"id", "series-figures"}}, StringPrintf("Series drawn: %zu", order.size()));
    Legend(page);
    page.Markup("\n");
    SeriesFigures(page, report, order);
  }
  std::string title =
      StringPrintf("timeit-history: %zu change points over %zu nights", report.changes.size(), report.nights.size());
  std::string css = LeftAlignedColumnsStyle(HistoryHeader(false).size(), HistoryColumnLeftAligned);
  std::string body = page.Take();
  return HtmlPage({.title = title, .style = css, .body = body});
}

}  // namespace timeit
