#include "timeit/render/compare_renderer.h"

#include "timeit/render/compare_csv.h"
#include "timeit/render/compare_html.h"
#include "timeit/render/compare_json.h"
#include "timeit/render/compare_markdown.h"
#include "timeit/render/compare_text.h"

namespace timeit {

std::unique_ptr<CompareRenderer> MakeCompareRenderer(ReportFormat format, const CompareStyle& style) {
  switch (format) {
    case ReportFormat::kText:
      break;  // below, as for a value out of range
    case ReportFormat::kJson:
      return std::make_unique<CompareJsonRenderer>();
    case ReportFormat::kCsv:
      return std::make_unique<CompareCsvRenderer>();
    case ReportFormat::kMarkdown:
      return std::make_unique<CompareMarkdownRenderer>();
    case ReportFormat::kHtml:
      return std::make_unique<CompareHtmlRenderer>(style);
  }
  return std::make_unique<CompareTextRenderer>(style);
}

}  // namespace timeit
