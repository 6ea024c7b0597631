#pragma once

#include <string>

#include "timeit/render/compare_renderer.h"

namespace timeit {

/// One self-contained page (render's html_page.h: nothing loaded from anywhere, readable
/// without JavaScript, which adds sorting and filtering). At the top, in the text report's
/// words and from the same code: the verdicts counted (`<p id="verdicts">`, a `<span
/// data-verdict="V" data-count="N">` for each of regressed, improved, unchanged and too
/// few runs, and for no data, added and removed where there are any), each metric's family
/// line, the geometric means, the findings timeit-compare warns about on stderr, and how
/// verdicts are decided. Then the rows that regressed or improved (`<table id="flagged">`),
/// and the other rows in a second table (`<table id="others">`) inside `<details
/// id="other-rows">`, open only when they are at most kOpenOtherRowsUpTo: a report of
/// 20,000 unchanged rows is a closed list, not a page to scroll. Each row is a `<tbody
/// id="row-I" data-verdict="V">`, I its place in the report's order, holding its cells (the
/// text table's, the verdict in `<td class="v">`), a `<tr class="note">` for each work
/// change, and for the rows style.plots asks for (by default the flagged ones) a `<tr
/// class="fig">` with the row's figure: both sides' runs, their medians and outliers, and
/// the Hodges-Lehmann change with its interval (render's compare_figure.h). Names are shown
/// as the text table shows them (EscapeForDisplay), escaped for HTML, and a long one cut in
/// the middle with the whole in its cell's title.
class CompareHtmlRenderer final : public CompareRenderer {
 public:
  /// The most other rows shown at once without a click.
  static constexpr size_t kOpenOtherRowsUpTo = 50;

  explicit CompareHtmlRenderer(const CompareStyle& style = {}) : style_(style) {}
  std::string Render(const ComparisonReport& report) const override;

 private:
  CompareStyle style_;
};

}  // namespace timeit
