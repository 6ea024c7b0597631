#include "render/html_page.h"

#include <gtest/gtest.h>

#include <string>

namespace timeit {
namespace {

TEST(HtmlPageTest, OneDocumentWithItsStyleAndScriptInline) {
  std::string page = HtmlPage({.title = "a <title>", .style = "p{}\n", .body = "<p>body</p>"});
  EXPECT_EQ(page.rfind("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n", 0), 0u);
  EXPECT_NE(page.find("<title>a &lt;title&gt;</title>"), std::string::npos);
  EXPECT_NE(page.find("p{}\n</style>"), std::string::npos);
  EXPECT_LT(page.find("<p>body</p>"), page.find("<script>"));
  EXPECT_TRUE(page.ends_with("</script>\n</body>\n</html>\n"));
  // Nothing is loaded from anywhere: no URL of any kind in the page's own parts, and the
  // browser is told to load nothing.
  for (const char* external : {"src=", "href=", "url(", "@import", "http:", "https:", "<link", "@font-face"}) {
    EXPECT_EQ(page.find(external), std::string::npos) << external;
  }
  EXPECT_NE(page.find("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';"), std::string::npos);
}

TEST(HtmlPageTest, ColumnsAlignedLeftAsTheTextTableAlignsThem) {
  EXPECT_EQ(LeftAlignedColumnsStyle(4, [](size_t column) { return column == 0 || column == 3; }),
            "table.rows td:nth-child(1),table.rows th:nth-child(1),table.rows td:nth-child(4),table.rows "
            "th:nth-child(4){text-align:left}\n");
  EXPECT_EQ(LeftAlignedColumnsStyle(4, [](size_t) { return false; }), "");
}

}  // namespace
}  // namespace timeit
