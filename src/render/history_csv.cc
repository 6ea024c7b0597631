#include <cmath>

#include "history_lines.h"
#include "timeit/base/text_format.h"
#include "timeit/render/history_renderer.h"

namespace timeit {
namespace {

// Empty where not finite (an unbounded end of an interval), as the comparison's CSV.
std::string CsvNumber(double value) { return std::isfinite(value) ? StringPrintf("%.10g", value) : ""; }

}  // namespace

std::string RenderHistoryCsv(const history::HistoryReport& report) {
  std::string text =
      "benchmark,metric,index,night,direction,before,after,scale,change,change_lower,change_upper,p_value,p_is_bound,"
      "held,until,recent\n";
  for (const history::HistoryChange& item : report.changes) {
    const history::HistorySeries& series = report.series[item.series];
    const history::ChangePoint& change = item.change;
    std::vector<std::string> fields = {CsvField(series.benchmark),
                                       CsvField(series.metric),
                                       std::to_string(change.index),
                                       CsvField(report.nights[change.index].label),
                                       DirectionName(change.direction),
                                       CsvNumber(change.before),
                                       CsvNumber(change.after),
                                       series.analysis.scale == history::Scale::kLog ? "ratio" : "shift",
                                       CsvNumber(change.estimate),
                                       CsvNumber(change.lower),
                                       CsvNumber(change.upper),
                                       CsvNumber(change.p_value),
                                       change.p_is_bound ? "true" : "false",
                                       std::to_string(change.held),
                                       change.until ? std::to_string(*change.until) : "",
                                       item.recent ? "true" : "false"};
    text += Join(fields, ",") + "\n";
  }
  return text;
}

}  // namespace timeit
