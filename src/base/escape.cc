#include "timeit/base/escape.h"

#include "timeit/base/utf8.h"

namespace timeit {

std::string MarkdownLiteral(std::string_view text) {
  auto digit = [&](size_t i) { return i < text.size() && text[i] >= '0' && text[i] <= '9'; };
  auto word_character = [&](size_t i) {
    return digit(i) || (i < text.size() && ((text[i] >= 'a' && text[i] <= 'z') || (text[i] >= 'A' && text[i] <= 'Z')));
  };
  size_t digits = 0;
  while (digit(digits)) ++digits;
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    bool syntax = std::string_view("\\`*~[]<>&|:@#!$").find(c) != std::string_view::npos ||
                  (c == '_' && !(i > 0 && word_character(i - 1) && word_character(i + 1))) ||
                  (i == 0 && (c == '-' || c == '+')) || (i == digits && digits > 0 && (c == '.' || c == ')'));
    if (syntax) out += '\\';
    out += c;
  }
  return out;
}

std::string EscapeForMarkdown(std::string_view name) { return MarkdownLiteral(EscapeForDisplay(name)); }

std::string CsvField(std::string_view name) {
  std::string text = EscapeReversibly(name);
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + "\"";
}

}  // namespace timeit
