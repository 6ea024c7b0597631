#include "timeit/base/text_format.h"

#include <charconv>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace timeit {

std::string StringPrintf(const char* format, ...) {
  va_list args;
  va_start(args, format);
  va_list measuring;
  va_copy(measuring, args);
  int length = std::vsnprintf(nullptr, 0, format, measuring);
  va_end(measuring);
  std::string text;
  if (length > 0) {
    // One more for the terminating NUL vsnprintf writes; std::string keeps its own.
    text.resize(static_cast<size_t>(length) + 1);
    std::vsnprintf(text.data(), text.size(), format, args);
    text.resize(static_cast<size_t>(length));
  }
  va_end(args);
  return text;
}

std::string ShortestDecimal(double value) {
  // The longest shortest form of a double, "-2.2250738585072014e-308", is 24 characters.
  char text[32];
  std::to_chars_result end = std::to_chars(text, text + sizeof text, value);
  return std::string(text, end.ptr);
}

std::string PythonFloatRepr(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value < 0 ? "-inf" : "inf";
  // The shortest digits as d.ddde+x: repr picks the same ones (the shortest that read back,
  // the nearest of those), and only lays them out differently.
  char buffer[32];
  std::to_chars_result end = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::scientific);
  std::string_view text(buffer, static_cast<size_t>(end.ptr - buffer));
  std::string sign = text.front() == '-' ? "-" : "";
  text.remove_prefix(sign.size());
  size_t e = text.find('e');
  std::string digits = std::string(text.substr(0, 1)) + std::string(text.substr(0, e).substr(std::min<size_t>(e, 2)));
  int exponent = 0;
  std::from_chars(text.data() + e + 1 + (text[e + 1] == '+'), text.data() + text.size(), exponent);
  if (exponent < -4 || exponent >= 16) {
    std::string mantissa = digits.size() > 1 ? digits.substr(0, 1) + "." + digits.substr(1) : digits;
    return sign + mantissa + StringPrintf("e%c%02d", exponent < 0 ? '-' : '+', std::abs(exponent));
  }
  int point = exponent + 1;  // digits before the decimal point
  size_t count = digits.size();
  if (point <= 0) return sign + "0." + std::string(static_cast<size_t>(-point), '0') + digits;
  if (static_cast<size_t>(point) >= count) return sign + digits + std::string(point - count, '0') + ".0";
  return sign + digits.substr(0, static_cast<size_t>(point)) + "." + digits.substr(static_cast<size_t>(point));
}

std::string JoinWords(std::span<const std::string> words) {
  std::string text;
  for (const std::string& word : words) {
    if (!text.empty()) text += ' ';
    text += word;
  }
  return text;
}

std::string Join(std::span<const std::string> parts, std::string_view separator) {
  std::string text;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) text += separator;
    text += parts[i];
  }
  return text;
}

}  // namespace timeit
