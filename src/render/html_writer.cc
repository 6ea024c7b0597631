#include "html_writer.h"

#include "timeit/base/utf8.h"

namespace timeit {
namespace {

// Appends `text` with the characters that could end it written as character references: in
// text, those that open or close markup; in an attribute's value, the quotes too.
void AppendEscaped(std::string& out, std::string_view text, bool attribute) {
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += attribute ? "&quot;" : "\"";
        break;
      case '\'':
        out += attribute ? "&#39;" : "'";
        break;
      default:
        out += c;
    }
  }
}

// The byte offset just past the first `count` code points of well-formed UTF-8 `text`.
size_t PrefixBytes(std::string_view text, size_t count) {
  size_t at = 0;
  for (size_t i = 0; i < count && at < text.size(); ++i) {
    std::optional<Utf8Character> character = Utf8CharacterAt(text, at);
    at += character ? character->length : 1;
  }
  return at;
}

}  // namespace

std::string HtmlText(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  AppendEscaped(out, text, false);
  return out;
}

std::string HtmlAttributeValue(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  AppendEscaped(out, text, true);
  return out;
}

std::string ShortenedForDisplay(std::string_view shown, size_t max_characters) {
  size_t characters = CodePointCount(shown);
  if (characters <= max_characters || max_characters < 3) return std::string(shown);
  size_t kept = max_characters - 1;  // one for the ellipsis
  size_t head = kept / 3;
  size_t tail = kept - head;
  return std::string(shown.substr(0, PrefixBytes(shown, head))) + "…" +
         std::string(shown.substr(PrefixBytes(shown, characters - tail)));
}

void HtmlWriter::StartTag(std::string_view tag, Attributes attributes) {
  out_ += '<';
  out_ += tag;
  for (const HtmlAttribute& attribute : attributes) AddAttribute(attribute);
}

void HtmlWriter::AddAttribute(const HtmlAttribute& attribute) {
  if (attribute.name.empty()) return;
  out_ += ' ';
  out_ += attribute.name;
  out_ += "=\"";
  AppendEscaped(out_, attribute.value, true);
  out_ += '"';
}

HtmlWriter& HtmlWriter::Open(std::string_view tag, Attributes attributes) {
  StartTag(tag, attributes);
  out_ += '>';
  return *this;
}

HtmlWriter& HtmlWriter::Close(std::string_view tag) {
  out_ += "</";
  out_ += tag;
  out_ += '>';
  return *this;
}

HtmlWriter& HtmlWriter::Text(std::string_view text) {
  AppendEscaped(out_, text, false);
  return *this;
}

HtmlWriter& HtmlWriter::Element(std::string_view tag, Attributes attributes, std::string_view text) {
  return Open(tag, attributes).Text(text).Close(tag);
}

HtmlWriter& HtmlWriter::Name(std::string_view tag, Attributes attributes, std::string_view name,
                             size_t max_characters) {
  std::string shown = EscapeForDisplay(name);
  std::string shortened = ShortenedForDisplay(shown, max_characters);
  StartTag(tag, attributes);
  if (shortened.size() != shown.size()) AddAttribute({"title", shown});
  out_ += '>';
  return Text(shortened).Close(tag);
}

HtmlWriter& HtmlWriter::Lines(std::string_view tag, std::string_view lines, std::string_view css_class) {
  for (size_t start = 0; start < lines.size();) {
    size_t end = lines.find('\n', start);
    if (end == std::string_view::npos) end = lines.size();
    Element(tag, {{css_class.empty() ? "" : "class", css_class}}, lines.substr(start, end - start));
    start = end + 1;
  }
  return *this;
}

HtmlWriter& HtmlWriter::Markup(std::string_view markup) {
  out_ += markup;
  return *this;
}

}  // namespace timeit
