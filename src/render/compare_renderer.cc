#include "timeit/render/compare_renderer.h"

#include "timeit/render/compare_csv.h"
#include "timeit/render/compare_json.h"
#include "timeit/render/compare_markdown.h"
#include "timeit/render/compare_text.h"

namespace timeit {

std::unique_ptr<CompareRenderer> MakeCompareRenderer(CompareFormat format, const CompareStyle& style) {
  switch (format) {
    case CompareFormat::kText:
      break;  // below, as for a value out of range
    case CompareFormat::kJson:
      return std::make_unique<CompareJsonRenderer>();
    case CompareFormat::kCsv:
      return std::make_unique<CompareCsvRenderer>();
    case CompareFormat::kMarkdown:
      return std::make_unique<CompareMarkdownRenderer>();
  }
  return std::make_unique<CompareTextRenderer>(style);
}

}  // namespace timeit
