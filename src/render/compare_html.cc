#include "timeit/render/compare_html.h"

#include <string_view>
#include <vector>

#include "compare_figure.h"
#include "compare_lines.h"
#include "html_page.h"
#include "html_writer.h"
#include "svg_plot.h"
#include "timeit/base/text_format.h"
#include "timeit/base/utf8.h"
#include "timeit/render/compare_findings.h"
#include "timeit/stats/outliers.h"

namespace timeit {
namespace {

// The most characters of a name a cell shows; the whole name is in its title.
constexpr size_t kBenchmarkCharacters = 60;
constexpr size_t kMetricCharacters = 30;

// The verdicts counted at the top even when no row has them: the ones every comparison can give.
bool AlwaysCounted(Verdict verdict) {
  return IsFlagged(verdict) || verdict == Verdict::kUnchanged || verdict == Verdict::kTooFewRuns;
}

void VerdictCounts(HtmlWriter& page, const ComparisonReport& report) {
  page.Open("p", {{"id", "verdicts"}, {"class", "counts"}});
  for (const auto& spelling : kVerdictSpellings) {
    size_t count = report.count(spelling.value);
    if (count == 0 && !AlwaysCounted(spelling.value)) continue;
    std::string number = std::to_string(count);
    page.Open("span", {{"data-verdict", spelling.word}, {"data-count", number}})
        .Element("b", {}, number)
        .Text(" ")
        .Element("span", {{"class", "v"}}, spelling.word)
        .Close("span");
  }
  page.Close("p");
}

// What the rows that are not flagged are: "1950 other rows: 1940 unchanged, 10 too few runs".
std::string OtherRowsSummary(const ComparisonReport& report, size_t others) {
  std::vector<std::string> parts;
  for (const auto& spelling : kVerdictSpellings) {
    size_t count = report.count(spelling.value);
    if (!IsFlagged(spelling.value) && count > 0) {
      parts.push_back(std::to_string(count) + " " + std::string(spelling.word));
    }
  }
  return std::to_string(others) + (others == 1 ? " other row: " : " other rows: ") + Join(parts, ", ");
}

// A mark of the legend, as the figures draw it.
std::string Glyph(svg::Shape shape, std::string_view colour) {
  svg::Figure glyph(10, 10, "");
  glyph.Dots({{5, 5}}, {.shape = shape, .colour = colour, .size = shape == svg::Shape::kCross ? 6.0 : 5.0});
  return glyph.Finish();
}

void Legend(HtmlWriter& page, const ComparisonReport& report) {
  svg::Figure median(6, 14, "");
  median.Line({3, 1}, {3, 13}, {.colour = svg::ink::kAxis, .width = 2.5});
  page.Open("p", {{"class", "legend"}})
      .Text("In each figure: ")
      .Markup(Glyph(svg::Shape::kCircle, svg::ink::kBlue))
      .Text(" base runs, ")
      .Markup(Glyph(svg::Shape::kSquare, svg::ink::kOrange))
      .Text(" new runs (each jittered up or down within its lane), ")
      .Markup(Glyph(svg::Shape::kCross, svg::ink::kAxis))
      .Text(StringPrintf(" outliers (modified z-score beyond %g: marked, kept in every statistic), ",
                         stats::kOutlierThreshold))
      .Markup(median.Finish())
      .Text(" each side's median");
  // LNT's rows have no estimate with an interval to draw.
  if (!IsLnt(report)) {
    page.Text(
        "; on the right, the Hodges-Lehmann change new/base (new - base where a value is 0) with its interval, "
        "against no change (dashed) and the band of changes within the threshold (" +
        StringPrintf("±%g%%", report.settings.threshold * 100) + ", grey)");
  }
  page.Text(".").Close("p");
}

class RowsTable {
 public:
  RowsTable(const ComparisonReport& report, const CompareStyle& style)
      : report_(report), style_(style), header_(Header(report)), columns_(std::to_string(header_.size())) {}

  void Write(HtmlWriter& page, std::string_view id, const std::vector<size_t>& rows) const {
    page.Open("table", {{"id", id}, {"class", "rows grouped"}}).Open("thead").Open("tr");
    for (const std::string& cell : header_) page.Element("th", {}, cell);
    page.Close("tr").Close("thead").Markup("\n");
    for (size_t index : rows) Row(page, index);
    page.Close("table");
  }

 private:
  bool Plotted(const ComparisonRow& row) const {
    return style_.plots == PlotSelection::kAll || (style_.plots == PlotSelection::kFlagged && IsFlagged(row.verdict));
  }

  // A row: its cells, its notes, its figure.
  void Row(HtmlWriter& page, size_t index) const {
    const ComparisonRow& row = report_.rows[index];
    Cells cells = RowCells(report_, row, EscapeForDisplay);
    page.Open("tbody", {{"id", "row-" + std::to_string(index)}, {"data-verdict", VerdictName(row.verdict)}})
        .Open("tr")
        .Name("td", {}, row.benchmark, kBenchmarkCharacters);
    if (row.metric.empty()) {
      page.Element("td", {}, cells[1]);
    } else {
      page.Name("td", {}, row.metric, kMetricCharacters);
    }
    for (size_t column = 2; column + 1 < cells.size(); ++column) page.Element("td", {}, cells[column]);
    page.Element("td", {{"class", "v"}}, cells.back()).Close("tr");
    for (const WorkChange& work : row.work_changes) {
      page.Open("tr", {{"class", "note"}})
          .Element("td", {{"colspan", columns_}}, "! " + WorkChangeText(row, work, EscapeForDisplay))
          .Close("tr");
    }
    if (Plotted(row)) {
      std::string figure = CompareRowFigure(row, report_.settings.threshold);
      if (!figure.empty()) {
        page.Open("tr", {{"class", "fig"}}).Open("td", {{"colspan", columns_}}).Markup(figure).Close("td").Close("tr");
      }
    }
    page.Close("tbody").Markup("\n");
  }

  const ComparisonReport& report_;
  const CompareStyle& style_;
  Cells header_;
  std::string columns_;
};

std::string Title(const ComparisonReport& report) {
  return StringPrintf("timeit-compare: %zu regressed, %zu improved of %zu rows", report.count(Verdict::kRegressed),
                      report.count(Verdict::kImproved), report.rows.size());
}

}  // namespace

std::string CompareHtmlRenderer::Render(const ComparisonReport& report) const {
  HtmlWriter page;
  page.Element("h1", {}, "timeit-compare").Markup("\n");
  VerdictCounts(page, report);
  page.Markup("\n");
  if (!report.geomeans.empty()) {
    page.Open("div", {{"id", "geomeans"}});
    for (const GeomeanRow& row : report.geomeans) {
      page.Lines("p", GeomeanLine(row, report, EscapeForDisplay), "geomean");
    }
    page.Close("div").Markup("\n");
  }
  if (!IsLnt(report) && !report.families.empty()) {
    page.Open("div", {{"id", "families"}});
    for (const MetricFamily& family : report.families) page.Lines("p", FamilyLine(family, EscapeForDisplay), "family");
    page.Close("div").Markup("\n");
  }
  if (!report.findings.empty()) {
    page.Open("ul", {{"id", "findings"}, {"class", "findings"}});
    for (const Finding& finding : report.findings) page.Element("li", {}, FindingText(finding, EscapeForDisplay));
    page.Close("ul").Markup("\n");
  }
  page.Open("div", {{"id", "method"}, {"class", "method"}});
  page.Lines("p", FilterLine(report) + MethodLines(report));
  page.Close("div").Markup("\n");

  std::vector<size_t> flagged, others;
  for (size_t i = 0; i < report.rows.size(); ++i) (IsFlagged(report.rows[i].verdict) ? flagged : others).push_back(i);
  RowsTable table(report, style_);
  page.Element("h2", {{"id", "flagged-rows"}}, StringPrintf("Regressed and improved: %zu", flagged.size()));
  if (style_.plots != PlotSelection::kNone) Legend(page, report);
  page.Markup("\n<div id=\"filters\"></div>\n");
  if (flagged.empty()) {
    page.Element("p", {{"id", "no-flagged"}}, "No row regressed or improved.");
  } else {
    table.Write(page, "flagged", flagged);
  }
  if (!others.empty()) {
    bool open = others.size() <= kOpenOtherRowsUpTo;
    page.Open("details", {{"id", "other-rows"}, {open ? "open" : "", ""}})
        .Element("summary", {}, OtherRowsSummary(report, others.size()));
    table.Write(page, "others", others);
    page.Close("details");
  }
  std::string title = Title(report);
  size_t columns = Header(report).size();
  std::string style =
      LeftAlignedColumnsStyle(columns, [&](size_t column) { return LeftAligned(report, column, columns); });
  std::string body = page.Take();
  return HtmlPage({.title = title, .style = style, .body = body});
}

}  // namespace timeit
