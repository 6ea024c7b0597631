#include "timeit/render/history_renderer.h"

namespace timeit {

std::string RenderHistory(const history::HistoryReport& report, ReportFormat format, const HistoryStyle& style) {
  switch (format) {
    case ReportFormat::kText:
      return RenderHistoryText(report, style);
    case ReportFormat::kJson:
      return RenderHistoryJson(report);
    case ReportFormat::kCsv:
      return RenderHistoryCsv(report);
    case ReportFormat::kMarkdown:
      return RenderHistoryMarkdown(report, style);
    case ReportFormat::kHtml:
      return RenderHistoryHtml(report, style);
  }
  return RenderHistoryText(report, style);
}

}  // namespace timeit
