#include "render/svg_plot.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

namespace timeit::svg {
namespace {

TEST(SvgPlotTest, CoordinatesAreTenthsWithoutTrailingZeros) {
  EXPECT_EQ(Coordinate(3), "3");
  EXPECT_EQ(Coordinate(3.04), "3");
  EXPECT_EQ(Coordinate(3.06), "3.1");
  EXPECT_EQ(Coordinate(-2.25), "-2.3");  // half away from zero
  EXPECT_EQ(Coordinate(-0.04), "0");     // never "-0"
  EXPECT_EQ(Coordinate(123.456), "123.5");
  EXPECT_EQ(Coordinate(NAN), "0");
}

TEST(SvgPlotTest, LinearScaleMapsTheRangeOntoThePixels) {
  Scale x = Scale::Linear(10, 20, 100, 300);
  EXPECT_DOUBLE_EQ(x(10), 100);
  EXPECT_DOUBLE_EQ(x(15), 200);
  EXPECT_DOUBLE_EQ(x(20), 300);
  EXPECT_DOUBLE_EQ(x(25), 400);             // beyond the end, not clipped
  Scale up = Scale::Linear(0, 1, 140, 20);  // upwards, as a y axis
  EXPECT_DOUBLE_EQ(up(0.25), 110);
  EXPECT_DOUBLE_EQ(Scale::Linear(5, 5, 0, 10)(5), 5);  // an empty range: the middle
}

TEST(SvgPlotTest, LogScaleMapsFactorsToEqualDistances) {
  Scale x = Scale::Log(1, 100, 0, 200);
  EXPECT_DOUBLE_EQ(x(1), 0);
  EXPECT_NEAR(x(10), 100, 1e-9);
  EXPECT_NEAR(x(100), 200, 1e-9);
  EXPECT_DOUBLE_EQ(x(0), 0);  // no place on a log scale: at its start
  EXPECT_TRUE(x.log());
}

TEST(SvgPlotTest, LinearTicksAreRoundMultiples) {
  std::vector<double> ticks = Scale::Linear(0, 1, 0, 100).Ticks(5);
  ASSERT_EQ(ticks.size(), 6u);
  for (size_t i = 0; i < ticks.size(); ++i) EXPECT_NEAR(ticks[i], 0.2 * static_cast<double>(i), 1e-12);
  // 103.1 ms .. 116.6 ms: a step of 5 ms.
  ticks = Scale::Linear(0.1031, 0.1166, 0, 100).Ticks(5);
  ASSERT_EQ(ticks.size(), 3u);
  EXPECT_NEAR(ticks[0], 0.105, 1e-12);
  EXPECT_NEAR(ticks[2], 0.115, 1e-12);
  ticks = Scale::Linear(-3, 3, 0, 100).Ticks(3);
  EXPECT_EQ(ticks, (std::vector<double>{-2, 0, 2}));  // 0 is 0, never -0
  EXPECT_FALSE(std::signbit(ticks[1]));
}

TEST(SvgPlotTest, LogTicksArePowersOfTenOrTheirMultiples) {
  EXPECT_EQ(Scale::Log(1, 1000, 0, 100).Ticks(5), (std::vector<double>{1, 10, 100, 1000}));
  std::vector<double> ticks = Scale::Log(1, 11, 0, 100).Ticks(5);
  ASSERT_EQ(ticks.size(), 4u);
  EXPECT_DOUBLE_EQ(ticks[1], 2);
  EXPECT_DOUBLE_EQ(ticks[3], 10);
  // Thirteen powers: every fourth, four ticks.
  ticks = Scale::Log(1e-9, 1e3, 0, 100).Ticks(4);
  ASSERT_EQ(ticks.size(), 4u);
  EXPECT_NEAR(ticks[2], 0.1, 1e-15);
  // Within one decade and no multiple of 1, 2 or 5 but one: the linear ticks.
  ticks = Scale::Log(0.093, 0.118, 0, 100).Ticks(5);
  EXPECT_GE(ticks.size(), 2u);
  EXPECT_NEAR(ticks[0], 0.095, 1e-12);
}

TEST(SvgPlotTest, TickLabelsHaveTheDigitsThatTellThemApart) {
  EXPECT_EQ(TickLabels({0.1035, 0.104, 0.1045}, true), (std::vector<std::string>{"103.5 ms", "104.0 ms", "104.5 ms"}));
  EXPECT_EQ(TickLabels({0.01, 0.1, 1}, true), (std::vector<std::string>{"10 ms", "100 ms", "1.0 s"}));
  EXPECT_EQ(TickLabels({2.5, 3, 3.5}, false), (std::vector<std::string>{"2.5", "3", "3.5"}));
  EXPECT_EQ(TickLabels({0, 2000000}, false), (std::vector<std::string>{"0", "2000000"}));
  EXPECT_EQ(TickLabels({0.30000000000000004}, false), (std::vector<std::string>{"0.3"}));
}

TEST(SvgPlotTest, PaddedRangesHoldEveryValue) {
  Range range = PaddedRange(10, 20, false, 0.1);
  EXPECT_DOUBLE_EQ(range.lo, 9);
  EXPECT_DOUBLE_EQ(range.hi, 21);
  range = PaddedRange(5, 5, false, 0);  // one value: 1 % around it
  EXPECT_DOUBLE_EQ(range.lo, 4.95);
  EXPECT_DOUBLE_EQ(range.hi, 5.05);
  range = PaddedRange(0, 0, false, 0);
  EXPECT_DOUBLE_EQ(range.lo, -1);
  EXPECT_DOUBLE_EQ(range.hi, 1);
  range = PaddedRange(1, 100, true, 0.5);  // a decade of padding either side
  EXPECT_NEAR(range.lo, 0.1, 1e-12);
  EXPECT_NEAR(range.hi, 1000, 1e-9);
  // Padded beyond the doubles, the ends stay finite and positive, and the values apart.
  range = PaddedRange(1e-300, 1e300, true, 0.05);
  EXPECT_GT(range.lo, 0);
  EXPECT_TRUE(std::isfinite(range.hi));
  Scale wide = Scale::Log(range.lo, range.hi, 0, 100);
  EXPECT_GT(wide(1e-300), 0);
  EXPECT_LT(wide(1e300), 100);
  EXPECT_GT(wide(1e300) - wide(1e-300), 80);
  EXPECT_TRUE(PreferLog(1, 10, 10));
  EXPECT_FALSE(PreferLog(1, 9, 10));
  EXPECT_FALSE(PreferLog(0, 100, 10));  // 0 has no place on a log scale
}

TEST(SvgPlotTest, DotsAreOnePathOfZeroLengthStrokes) {
  Figure figure(100, 50, "runs");
  figure.Dots({{1, 2}, {3.04, 4.06}}, {.shape = Shape::kCircle, .colour = ink::kBlue, .size = 5});
  figure.Dots({{10, 10}}, {.shape = Shape::kSquare, .colour = ink::kOrange, .size = 4, .opacity = 0.5});
  figure.Dots({{20, 20}}, {.shape = Shape::kCross, .colour = ink::kBlue, .size = 6, .css_class = "outliers base"});
  figure.Dots({}, {.shape = Shape::kCircle, .colour = ink::kBlue, .size = 5});  // nothing, not an empty path
  std::string svg = figure.Finish();
  EXPECT_NE(svg.find("<path d=\"M1 2h0M3 4.1h0\" fill=\"none\" stroke=\"#0072B2\" stroke-width=\"5\" "
                     "stroke-linecap=\"round\"/>"),
            std::string::npos)
      << svg;
  EXPECT_NE(svg.find("<path d=\"M10 10h0\" fill=\"none\" stroke=\"#E69F00\" stroke-width=\"3.4\" "
                     "stroke-linecap=\"square\" opacity=\"0.5\"/>"),
            std::string::npos)
      << svg;
  EXPECT_NE(svg.find("<path class=\"outliers base\" d=\"M17 17l6 6m0 -6l-6 6\""), std::string::npos) << svg;
  EXPECT_EQ(svg.rfind("<svg width=\"100\" height=\"50\" viewBox=\"0 0 100 50\" role=\"img\" aria-label=\"runs\"", 0),
            0u);
  EXPECT_TRUE(svg.ends_with("</svg>"));
  EXPECT_EQ(svg.find("d=\"\""), std::string::npos);
}

TEST(SvgPlotTest, TrianglesPointTheWayTheyAreAsked) {
  Figure figure(20, 20, "");
  figure.Dots({{10, 10}}, {.shape = Shape::kTriangleUp, .colour = ink::kVermillion, .size = 8});
  figure.Dots({{10, 10}}, {.shape = Shape::kTriangleDown, .colour = ink::kBluishGreen, .size = 8, .tooltip = "<up>"});
  std::string svg = figure.Finish();
  EXPECT_NE(svg.find("d=\"M10 6l4 8h-8z\" fill=\"#D55E00\""), std::string::npos) << svg;  // tip on top
  EXPECT_NE(svg.find("d=\"M10 14l4 -8h-8z\" fill=\"#009E73\"><title>&lt;up&gt;</title></path>"), std::string::npos)
      << svg;                                                      // tip below
  EXPECT_NE(svg.find("aria-hidden=\"true\""), std::string::npos);  // no label: decoration
}

TEST(SvgPlotTest, ALineBreaksAtGapsAndLeavesLonePointsOut) {
  Figure figure(100, 100, "nights");
  figure.Polyline({{{0, 0}, {1, 1}, {2, 2}}, {{5, 5}}, {{7, 7}, {8, 8}}}, {.colour = ink::kBlack, .width = 1.5});
  std::string svg = figure.Finish();
  EXPECT_NE(svg.find("<path d=\"M0 0L1 1 2 2M7 7L8 8\" fill=\"none\" stroke=\"#000\" stroke-width=\"1.5\""),
            std::string::npos)
      << svg;
}

TEST(SvgPlotTest, TextAndTooltipsAreEscaped) {
  Figure figure(100, 100, "a \"label\" <b>");
  figure.Text({1, 2}, "<script>alert(1)</script>", Anchor::kEnd);
  figure.Line({0, 0}, {1, 1}, {.dash = "4 3"}, "night 3 (<r1>)");
  std::string svg = figure.Finish();
  EXPECT_NE(svg.find("aria-label=\"a &quot;label&quot; &lt;b&gt;\""), std::string::npos) << svg;
  EXPECT_NE(svg.find("<text x=\"1\" y=\"2\" text-anchor=\"end\">&lt;script&gt;alert(1)&lt;/script&gt;</text>"),
            std::string::npos)
      << svg;
  EXPECT_NE(svg.find("stroke-dasharray=\"4 3\"><title>night 3 (&lt;r1&gt;)</title></line>"), std::string::npos) << svg;
  EXPECT_EQ(svg.find("<script"), std::string::npos);
}

TEST(SvgPlotTest, AxesCarryTicksLabelsAndTheUnit) {
  Figure figure(400, 100, "axis");
  figure.BottomAxis(Scale::Linear(0.1, 0.2, 40, 390), 60, "task-clock", true);
  std::string svg = figure.Finish();
  for (const char* label : {">100 ms<", ">120 ms<", ">140 ms<", ">200 ms<", ">task-clock<"}) {
    EXPECT_NE(svg.find(label), std::string::npos) << label << "\n" << svg;
  }
  Figure log_figure(400, 100, "axis");
  log_figure.LeftAxis(Scale::Log(1, 1000, 90, 10), 40, "page-faults", false);
  svg = log_figure.Finish();
  EXPECT_NE(svg.find(">page-faults, log scale<"), std::string::npos) << svg;
  EXPECT_NE(svg.find(">1000<"), std::string::npos) << svg;
  Figure nights(400, 100, "nights");
  nights.BottomIndexAxis(Scale::Linear(-0.5, 2.5, 40, 390), 60, "night");
  svg = nights.Finish();
  EXPECT_NE(svg.find(">0<"), std::string::npos) << svg;
  EXPECT_NE(svg.find(">2<"), std::string::npos) << svg;
  EXPECT_EQ(svg.find(">0.5<"), std::string::npos) << svg;  // whole nights only
}

}  // namespace
}  // namespace timeit::svg
