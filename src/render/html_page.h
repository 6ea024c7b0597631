#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

/// The page around an HTML report: one self-contained file. Its style sheet and script are
/// inline, and nothing on it loads anything (no font, image, style sheet or script from
/// elsewhere), so that it reads the same offline, attached to a CI run or mailed. It reads
/// fully without JavaScript; with it, a small script adds sorting (click a column's header)
/// and filtering (a text box, and a check box per verdict) to every table of rows.
/// Private to the render library.
namespace timeit {

/// What a page is made of.
struct HtmlPageParts {
  /// The document's title (plain text: escaped here).
  std::string_view title;
  /// Style rules of this report beside the shared ones.
  std::string_view style;
  /// The markup inside <body>.
  std::string_view body;
};

/// The whole page, ended by a line end.
///
/// What the shared style and script expect of the body: a table of rows has class "rows";
/// each row is a <tr>, or, in a table with class "grouped", a <tbody> holding the row's
/// <tr> first and then what belongs under it (a figure, notes), which sorting keeps with
/// it. A row's `data-verdict` names its verdict (or its direction): the filter offers one
/// check box for each value met, the style colours the row's last cell by it
/// (regressed, improved). Sorting compares the cells of the clicked column as numbers where
/// they all read as numbers (a unit of time, a sign, %, ±, <, * and the like around them),
/// as text otherwise; filtering matches the text of the row's first <tr> and its titles (a
/// name cut short carries the whole in its title).
std::string HtmlPage(const HtmlPageParts& parts);

/// The style rule that aligns to the left the columns of the tables of rows (of `columns`)
/// that `left_aligned` names, as the text table aligns them; the others are right-aligned,
/// as numbers are. Empty when there are none.
std::string LeftAlignedColumnsStyle(size_t columns, const std::function<bool(size_t column)>& left_aligned);

}  // namespace timeit
