#include "svg_plot.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "html_writer.h"
#include "timeit/base/text_format.h"
#include "timeit/render/number_text.h"

namespace timeit::svg {
namespace {

// The ticks of a linear scale over [lo, hi]: multiples of a step of 1, 2 or 5 times a power
// of ten, about `target` of them.
std::vector<double> LinearTicks(double lo, double hi, int target) {
  double span = hi - lo;
  if (!(span > 0) || !std::isfinite(span)) return {lo};
  double raw = span / std::max(target, 1);
  double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  double residual = raw / magnitude;
  double step = (residual <= 1 ? 1 : residual <= 2 ? 2 : residual <= 5 ? 5 : 10) * magnitude;
  // A little slack, so that an end that is a multiple of the step up to rounding is a tick.
  auto first = static_cast<long long>(std::ceil(lo / step - 1e-9));
  auto last = static_cast<long long>(std::floor(hi / step + 1e-9));
  std::vector<double> ticks;
  for (long long k = first; k <= last; ++k) ticks.push_back(static_cast<double>(k) * step + 0.0);
  return ticks;
}

// The ticks of a log scale over [lo, hi] (both positive).
std::vector<double> LogTicks(double lo, double hi, int target) {
  auto first = static_cast<int>(std::ceil(std::log10(lo) - 1e-9));
  auto last = static_cast<int>(std::floor(std::log10(hi) + 1e-9));
  std::vector<double> ticks;
  if (last - first + 1 >= 3) {
    // Every power of ten is too many over many decades: every n-th, about `target` of them.
    int every = std::max(1, (last - first + 1 + target - 1) / std::max(target, 1));
    for (int k = first; k <= last; k += every) ticks.push_back(std::pow(10.0, k));
    return ticks;
  }
  for (int k = first - 1; k <= last; ++k) {
    for (double multiple : {1.0, 2.0, 5.0}) {
      double tick = multiple * std::pow(10.0, k);
      if (tick >= lo * (1 - 1e-9) && tick <= hi * (1 + 1e-9)) ticks.push_back(tick);
    }
  }
  if (ticks.size() < 2) return LinearTicks(lo, hi, target);
  return ticks;
}

const char* AnchorName(Anchor anchor) {
  switch (anchor) {
    case Anchor::kStart:
      break;
    case Anchor::kMiddle:
      return "middle";
    case Anchor::kEnd:
      return "end";
  }
  return "start";
}

// " stroke=... stroke-width=..." and the rest of `stroke` that differs from SVG's defaults.
std::string StrokeAttributes(const Stroke& stroke) {
  std::string text = " stroke=\"" + std::string(stroke.colour) + "\"";
  if (stroke.width != 1) text += " stroke-width=\"" + Coordinate(stroke.width) + "\"";
  if (!stroke.dash.empty()) text += " stroke-dasharray=\"" + std::string(stroke.dash) + "\"";
  if (stroke.opacity != 1) text += StringPrintf(" opacity=\"%.2g\"", stroke.opacity);
  return text;
}

// `<title>` for hover, where there is one.
std::string TooltipElement(std::string_view tooltip) {
  return tooltip.empty() ? "" : "<title>" + HtmlText(tooltip) + "</title>";
}

std::string XY(Point point) { return Coordinate(point.x) + " " + Coordinate(point.y); }

}  // namespace

Scale::Scale(bool log, double lo, double hi, double from, double to)
    : log_(log), lo_(lo), hi_(hi), from_(from), to_(to) {}

Scale Scale::Linear(double lo, double hi, double from, double to) { return Scale(false, lo, hi, from, to); }

Scale Scale::Log(double lo, double hi, double from, double to) { return Scale(true, lo, hi, from, to); }

double Scale::operator()(double value) const {
  double a = lo_, b = hi_, v = value;
  if (log_) {
    if (!(value > 0)) return from_;
    a = std::log10(lo_);
    b = std::log10(hi_);
    v = std::log10(value);
  }
  if (!(b > a)) return (from_ + to_) / 2;
  return from_ + (v - a) / (b - a) * (to_ - from_);
}

std::vector<double> Scale::Ticks(int target) const {
  return log_ && lo_ > 0 ? LogTicks(lo_, hi_, target) : LinearTicks(lo_, hi_, target);
}

Range PaddedRange(double lo, double hi, bool log, double pad) {
  if (log && lo > 0 && hi > 0) {
    double a = std::log10(lo), b = std::log10(hi);
    if (!(b > a)) {
      a -= std::log10(1.01);
      b += std::log10(1.01);
    }
    double margin = (b - a) * pad;
    // Kept within the doubles: padded beyond them (1e-300 and 1e300 on one axis), an end
    // would be 0 or infinite, and every value would land on one pixel.
    return {std::max(std::pow(10.0, a - margin), std::numeric_limits<double>::denorm_min()),
            std::min(std::pow(10.0, b + margin), std::numeric_limits<double>::max())};
  }
  if (!(hi > lo)) {
    double half = lo == 0 ? 1 : std::fabs(lo) * 0.01;
    lo -= half;
    hi += half;
  }
  double margin = (hi - lo) * pad;
  return {lo - margin, hi + margin};
}

bool PreferLog(double lo, double hi, double factor) { return lo > 0 && hi >= lo * factor; }

std::vector<std::string> TickLabels(const std::vector<double>& ticks, bool seconds) {
  std::vector<std::string> labels;
  for (size_t i = 0; i < ticks.size(); ++i) {
    // The distance to the nearest neighbour decides the digits a tick needs.
    double gap = std::numeric_limits<double>::infinity();
    if (i > 0) gap = std::min(gap, std::fabs(ticks[i] - ticks[i - 1]));
    if (i + 1 < ticks.size()) gap = std::min(gap, std::fabs(ticks[i + 1] - ticks[i]));
    int digits = 3;
    if (ticks[i] != 0 && std::isfinite(gap) && gap > 0) {
      digits = static_cast<int>(std::floor(std::log10(std::fabs(ticks[i]))) - std::floor(std::log10(gap))) + 1;
      digits = std::clamp(digits, 1, 17);
    }
    labels.push_back(Quantity(ticks[i], seconds, digits));
  }
  return labels;
}

double Jitter(size_t index, double width) {
  double fraction = std::fmod(static_cast<double>(index + 1) * 0.6180339887498949, 1.0);
  return (fraction - 0.5) * width;
}

std::string Coordinate(double value) {
  if (!std::isfinite(value)) return "0";
  double rounded = std::round(value * 10) / 10 + 0.0;  // + 0.0: never "-0"
  std::string text = StringPrintf("%.1f", rounded);
  if (text.ends_with(".0")) text.resize(text.size() - 2);
  return text == "-0" ? "0" : text;
}

Figure::Figure(double width, double height, std::string_view label) : width_(width), height_(height), label_(label) {}

void Figure::BottomAxis(const Scale& scale, double y, std::string_view title, bool seconds, int ticks) {
  Line({scale.from(), y}, {scale.to(), y}, {.colour = ink::kAxis});
  std::vector<double> values = scale.Ticks(ticks);
  std::vector<std::string> labels = TickLabels(values, seconds);
  std::string marks;
  for (double value : values) marks += "M" + XY({scale(value), y}) + "v3";
  body_ += "<path d=\"" + marks + "\"" + StrokeAttributes({.colour = ink::kAxis}) + "/>";
  for (size_t i = 0; i < values.size(); ++i) Text({scale(values[i]), y + 13}, labels[i], Anchor::kMiddle);
  Text({scale.from(), y + 25}, std::string(title) + (scale.log() ? ", log scale" : ""), Anchor::kStart);
}

void Figure::LeftAxis(const Scale& scale, double x, std::string_view title, bool seconds, int ticks) {
  Line({x, scale.from()}, {x, scale.to()}, {.colour = ink::kAxis});
  std::vector<double> values = scale.Ticks(ticks);
  std::vector<std::string> labels = TickLabels(values, seconds);
  std::string marks;
  for (double value : values) marks += "M" + XY({x, scale(value)}) + "h-3";
  body_ += "<path d=\"" + marks + "\"" + StrokeAttributes({.colour = ink::kAxis}) + "/>";
  for (size_t i = 0; i < values.size(); ++i) Text({x - 5, scale(values[i]) + 3.5}, labels[i], Anchor::kEnd);
  Text({2, std::min(scale.from(), scale.to()) - 6}, std::string(title) + (scale.log() ? ", log scale" : ""));
}

void Figure::BottomIndexAxis(const Scale& scale, double y, std::string_view title, int ticks) {
  Line({scale.from(), y}, {scale.to(), y}, {.colour = ink::kAxis});
  std::vector<double> values;
  for (double value : scale.Ticks(ticks)) {
    if (value == std::floor(value)) values.push_back(value);
  }
  std::string marks;
  for (double value : values) marks += "M" + XY({scale(value), y}) + "v3";
  body_ += "<path d=\"" + marks + "\"" + StrokeAttributes({.colour = ink::kAxis}) + "/>";
  for (double value : values) Text({scale(value), y + 13}, StringPrintf("%.0f", value), Anchor::kMiddle);
  Text({scale.to(), y + 25}, title, Anchor::kEnd);
}

void Figure::Dots(const std::vector<Point>& points, const Marks& marks) {
  if (points.empty()) return;
  std::string path;
  std::string paint;
  double size = marks.size;
  double half = size / 2;
  std::string colour(marks.colour);
  switch (marks.shape) {
    case Shape::kCircle:
    case Shape::kSquare: {
      bool square = marks.shape == Shape::kSquare;
      for (Point point : points) path += "M" + XY(point) + "h0";
      // A square's side as wide as a circle's diameter looks the larger of the two.
      paint = " fill=\"none\" stroke=\"" + colour + "\" stroke-width=\"" + Coordinate(square ? size * 0.85 : size) +
              "\" stroke-linecap=\"" + (square ? "square" : "round") + "\"";
      break;
    }
    case Shape::kCross:
      for (Point point : points) {
        path += "M" + XY({point.x - half, point.y - half}) + "l" + Coordinate(size) + " " + Coordinate(size) + "m0 " +
                Coordinate(-size) + "l" + Coordinate(-size) + " " + Coordinate(size);
      }
      paint = " fill=\"none\" stroke=\"" + colour + "\" stroke-width=\"1.5\"";
      break;
    case Shape::kTriangleUp:
    case Shape::kTriangleDown: {
      double tip = marks.shape == Shape::kTriangleUp ? -half : half;
      for (Point point : points) {
        path += "M" + XY({point.x, point.y + tip}) + "l" + Coordinate(half) + " " + Coordinate(-2 * tip) + "h" +
                Coordinate(-size) + "z";
      }
      paint = " fill=\"" + colour + "\"";
      break;
    }
  }
  if (marks.opacity != 1) paint += StringPrintf(" opacity=\"%.2g\"", marks.opacity);
  std::string element = "<path";
  if (!marks.css_class.empty()) element += " class=\"" + HtmlAttributeValue(marks.css_class) + "\"";
  element += " d=\"" + path + "\"" + paint;
  body_ += marks.tooltip.empty() ? element + "/>" : element + ">" + TooltipElement(marks.tooltip) + "</path>";
}

void Figure::Polyline(const std::vector<std::vector<Point>>& pieces, const Stroke& stroke, std::string_view css_class) {
  std::string path;
  for (const std::vector<Point>& piece : pieces) {
    if (piece.size() < 2) continue;
    path += "M" + XY(piece.front()) + "L";
    for (size_t i = 1; i < piece.size(); ++i) path += (i == 1 ? "" : " ") + XY(piece[i]);
  }
  if (path.empty()) return;
  std::string class_attribute = css_class.empty() ? "" : " class=\"" + HtmlAttributeValue(css_class) + "\"";
  body_ += "<path" + class_attribute + " d=\"" + path + "\" fill=\"none\"" + StrokeAttributes(stroke) +
           " stroke-linejoin=\"round\"/>";
}

void Figure::Line(Point from, Point to, const Stroke& stroke, std::string_view tooltip) {
  std::string element = "<line x1=\"" + Coordinate(from.x) + "\" y1=\"" + Coordinate(from.y) + "\" x2=\"" +
                        Coordinate(to.x) + "\" y2=\"" + Coordinate(to.y) + "\"" + StrokeAttributes(stroke);
  body_ += tooltip.empty() ? element + "/>" : element + ">" + TooltipElement(tooltip) + "</line>";
}

void Figure::Interval(double lo, double hi, double y, double cap, const Stroke& stroke) {
  std::string half = Coordinate(-cap / 2);
  std::string height = Coordinate(cap);
  body_ += "<path d=\"M" + XY({lo, y}) + "H" + Coordinate(hi) + "M" + XY({lo, y - cap / 2}) + "v" + height + "M" +
           XY({hi, y - cap / 2}) + "v" + height + "\" fill=\"none\"" + StrokeAttributes(stroke) + "/>";
}

void Figure::Band(Point corner, Point opposite, std::string_view colour) {
  double x = std::min(corner.x, opposite.x), y = std::min(corner.y, opposite.y);
  body_ += "<rect x=\"" + Coordinate(x) + "\" y=\"" + Coordinate(y) + "\" width=\"" +
           Coordinate(std::fabs(opposite.x - corner.x)) + "\" height=\"" +
           Coordinate(std::fabs(opposite.y - corner.y)) + "\" fill=\"" + std::string(colour) + "\"/>";
}

void Figure::Text(Point at, std::string_view text, Anchor anchor, std::string_view colour) {
  body_ += "<text x=\"" + Coordinate(at.x) + "\" y=\"" + Coordinate(at.y) + "\"";
  if (anchor != Anchor::kStart) body_ += std::string(" text-anchor=\"") + AnchorName(anchor) + "\"";
  if (!colour.empty()) body_ += " fill=\"" + std::string(colour) + "\"";
  body_ += ">" + HtmlText(text) + "</text>";
}

std::string Figure::Finish() const {
  std::string width = Coordinate(width_), height = Coordinate(height_);
  // A figure without a label is decoration (a legend's glyph): screen readers skip it.
  std::string role =
      label_.empty() ? "aria-hidden=\"true\"" : "role=\"img\" aria-label=\"" + HtmlAttributeValue(label_) + "\"";
  return "<svg width=\"" + width + "\" height=\"" + height + "\" viewBox=\"0 0 " + width + " " + height + "\" " + role +
         " font-size=\"10\">" + body_ + "</svg>";
}

}  // namespace timeit::svg
