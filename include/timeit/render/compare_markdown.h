#pragma once

#include <string>

#include "timeit/render/compare_renderer.h"

namespace timeit {

/// The text report's lines about hosts, verdicts and each metric's family, then a
/// GitHub-flavoured Markdown table, the same columns as the text table, with names shown
/// as the text table shows them and whatever Markdown would read as syntax in them escaped
/// (EscapeForMarkdown: `|`, backslashes, `*`, `[`, `<`, ...), so each renders as the text
/// table's; the rows' work changes and the geometric means in lists below it.
class CompareMarkdownRenderer final : public CompareRenderer {
 public:
  std::string Render(const ComparisonReport& report) const override;
};

}  // namespace timeit
