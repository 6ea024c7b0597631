#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

/// Small SVG figures inside an HTML report: scales, axes with ticks in the metric's unit,
/// and marks (dots of several shapes, lines broken at gaps, markers, intervals, bands).
/// Colours are Okabe and Ito's, which readers with any common colour-vision deficiency tell
/// apart; what the colours tell apart the shapes and dash patterns tell too, so that a
/// figure printed in grey still reads. Coordinates are written to 0.1 px (a page may hold
/// many figures, and a tenth of a pixel is below what a screen shows). Text is escaped as
/// it is written. Private to the render library.
namespace timeit::svg {

/// Okabe and Ito's palette, and the greys around it.
namespace ink {
inline constexpr std::string_view kBlack = "#000";
inline constexpr std::string_view kOrange = "#E69F00";
inline constexpr std::string_view kSkyBlue = "#56B4E9";
inline constexpr std::string_view kBluishGreen = "#009E73";
inline constexpr std::string_view kBlue = "#0072B2";
inline constexpr std::string_view kVermillion = "#D55E00";
inline constexpr std::string_view kReddishPurple = "#CC79A7";
/// Axes and reference lines, and the faint marks behind the others.
inline constexpr std::string_view kAxis = "#555";
inline constexpr std::string_view kFaint = "#999";
inline constexpr std::string_view kBand = "#e8e8e8";
}  // namespace ink

/// A map from values to pixels along one axis: linear, or logarithmic (positive values
/// only). `from` and `to` are the pixels of `lo` and `hi`; to < from draws upwards.
class Scale {
 public:
  static Scale Linear(double lo, double hi, double from, double to);
  static Scale Log(double lo, double hi, double from, double to);

  /// The pixel of `value`; a value outside [lo, hi] lies beyond the ends, and on a log
  /// scale a value that is not positive lies at `from`.
  double operator()(double value) const;
  bool log() const { return log_; }
  double lo() const { return lo_; }
  double hi() const { return hi_; }
  double from() const { return from_; }
  double to() const { return to_; }

  /// Values worth a tick, in [lo, hi], about `target` of them: multiples of 1, 2 or 5
  /// times a power of ten on a linear scale; powers of ten on a log scale, with their 2
  /// and 5 multiples where fewer than 3 powers fall inside (and the linear ticks where
  /// still fewer than 2 would).
  std::vector<double> Ticks(int target) const;

 private:
  Scale(bool log, double lo, double hi, double from, double to);
  bool log_;
  double lo_, hi_, from_, to_;
};

/// The range a plot of values from `lo` to `hi` shows: widened by `pad` of its width on
/// each side (of its width in logarithms on a log scale), and a range of one value widened
/// around it (by 1 % of it, or by 1 around 0), so that every value is inside.
struct Range {
  double lo;
  double hi;
};
Range PaddedRange(double lo, double hi, bool log, double pad);

/// Whether values from `lo` to `hi` read better on a log scale: every one positive, and the
/// largest `factor` times the smallest or more.
bool PreferLog(double lo, double hi, double factor);

/// A label for each tick, in the metric's unit as Quantity writes it (seconds as s, ms, µs,
/// ns), each with the digits that tell it from its neighbours: 103.5 ms beside 104.0 ms.
std::vector<std::string> TickLabels(const std::vector<double>& ticks, bool seconds);

/// An offset within (-width / 2, width / 2) for the point at `index` of a set drawn at one
/// place (a side's runs in their lane, a night's runs), so that equal values stay apart:
/// the golden ratio's multiples modulo 1 spread any number of points evenly, and the same
/// point lands on the same offset on every page.
double Jitter(size_t index, double width);

/// A coordinate as written: rounded to 0.1, without a trailing ".0", never "-0".
std::string Coordinate(double value);

/// How a set of points is marked. Dots are drawn as zero-length strokes of one path (a
/// round cap makes a circle, a square cap a square): a few bytes a point.
enum class Shape {
  kCircle,
  kSquare,
  /// Two crossed strokes, ×: for points set apart (outliers).
  kCross,
  /// A triangle pointing up or down: for where something went up or down.
  kTriangleUp,
  kTriangleDown,
};

struct Point {
  double x = 0;
  double y = 0;
};

/// How a line is stroked.
struct Stroke {
  std::string_view colour = ink::kBlack;
  double width = 1;
  /// SVG's stroke-dasharray ("4 3"), or empty for a solid line.
  std::string_view dash = {};
  double opacity = 1;
};

/// How a set of points is drawn.
struct Marks {
  Shape shape = Shape::kCircle;
  std::string_view colour = ink::kBlack;
  /// Across, in px.
  double size = 5;
  double opacity = 1;
  /// Shown on hover, if not empty.
  std::string_view tooltip = {};
  /// The class of the path, if not empty: what the points are ("runs base"), for a reader of
  /// the page's structure (tests, scripts).
  std::string_view css_class = {};
};

/// Where a text is anchored.
enum class Anchor { kStart, kMiddle, kEnd };

/// One figure: an <svg> element of a fixed size, with the marks added in order (later on top).
class Figure {
 public:
  /// `label` says what the figure shows, for screen readers (aria-label); without one, the
  /// figure is decoration that they skip.
  Figure(double width, double height, std::string_view label);

  /// An axis along the bottom at `y`, from scale.from() to scale.to(): ticks with labels
  /// in the unit (TickLabels) under it, and `title` (the metric, with ", log scale" on a log
  /// scale) under them at the axis' start.
  void BottomAxis(const Scale& scale, double y, std::string_view title, bool seconds, int ticks = 5);
  /// An axis along the left at `x`, labels to its left, `title` above its top end.
  void LeftAxis(const Scale& scale, double x, std::string_view title, bool seconds, int ticks = 4);
  /// Whole-number ticks only (nights, runs): labelled as integers.
  void BottomIndexAxis(const Scale& scale, double y, std::string_view title, int ticks = 8);

  /// A mark at each point, all in one path.
  void Dots(const std::vector<Point>& points, const Marks& marks);
  /// Lines through each run of points, apart from one another: a line broken at gaps. A
  /// run of one point draws nothing. `css_class`, if not empty, is the path's class.
  void Polyline(const std::vector<std::vector<Point>>& pieces, const Stroke& stroke, std::string_view css_class = {});
  /// A straight line, with `tooltip` on hover if not empty.
  void Line(Point from, Point to, const Stroke& stroke, std::string_view tooltip = {});
  /// An interval from `lo` to `hi` at height `y`, with end ticks `cap` px high.
  void Interval(double lo, double hi, double y, double cap, const Stroke& stroke);
  /// A filled rectangle from `corner` to `opposite`, behind what follows.
  void Band(Point corner, Point opposite, std::string_view colour);
  /// Text at `at`, as it is to be shown (a name as EscapeForDisplay shows it): it is escaped
  /// for HTML here.
  void Text(Point at, std::string_view text, Anchor anchor = Anchor::kStart, std::string_view colour = {});

  /// The <svg> element.
  std::string Finish() const;

 private:
  double width_;
  double height_;
  std::string label_;
  std::string body_;
};

}  // namespace timeit::svg
