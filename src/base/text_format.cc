#include "timeit/base/text_format.h"

#include <charconv>
#include <cstdarg>
#include <cstdio>

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

std::string JoinWords(std::span<const std::string> words) {
  std::string text;
  for (const std::string& word : words) {
    if (!text.empty()) text += ' ';
    text += word;
  }
  return text;
}

}  // namespace timeit
