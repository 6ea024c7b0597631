#pragma once

#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>

/// HTML written by the reports: the markup is the renderers' own, and every string that
/// came from an input (a name, a label, a message quoting either) goes in escaped, as text
/// or as an attribute's value, so that no input can open an element or an attribute.
/// Private to the render library.
namespace timeit {

/// `text` as HTML text: '&', '<' and '>' as character references. Inside any element but
/// <script> and <style> (whose text the page never takes from an input).
std::string HtmlText(std::string_view text);

/// `text` as the value of a double-quoted attribute: '&', '<', '>', '"' and '\'' as
/// character references.
std::string HtmlAttributeValue(std::string_view text);

/// `shown` (text as EscapeForDisplay shows it: UTF-8, nothing hidden) cut to at most
/// `max_characters` code points: its start and its end, the longer part, joined by "…",
/// where a name's distinguishing part usually is (the benchmark at the end of a path).
/// As it is when it fits; `max_characters` is at least 3.
std::string ShortenedForDisplay(std::string_view shown, size_t max_characters);

/// One attribute of an element: its name (the renderer's, never from an input) and its
/// value (any text: escaped as it is written).
struct HtmlAttribute {
  std::string_view name;
  std::string_view value;
};

/// Builds a page, or a piece of one, into one string.
class HtmlWriter {
 public:
  using Attributes = std::initializer_list<HtmlAttribute>;

  /// `<tag name="value" ...>`, each value escaped; an attribute with an empty name is left out.
  HtmlWriter& Open(std::string_view tag, Attributes attributes = {});
  /// `</tag>`.
  HtmlWriter& Close(std::string_view tag);
  /// Text, escaped.
  HtmlWriter& Text(std::string_view text);
  /// `<tag ...>text</tag>`, the text escaped.
  HtmlWriter& Element(std::string_view tag, Attributes attributes, std::string_view text);
  /// A name (bytes from an input) as an element's text: shown as EscapeForDisplay shows it
  /// (as the text formats show it), cut to `max_characters` (ShortenedForDisplay), and then
  /// whole in a `title` attribute, which a browser shows on hover.
  HtmlWriter& Name(std::string_view tag, Attributes attributes, std::string_view name, size_t max_characters);
  /// Each line of `lines` (each ended by '\n') as an element `tag` of its own, escaped, with
  /// class `css_class` where it is not empty: the text report's lines as paragraphs.
  HtmlWriter& Lines(std::string_view tag, std::string_view lines, std::string_view css_class = {});
  /// Markup the renderers made themselves (a figure, a style sheet), written as it is: never
  /// text from an input that has not gone through the escapes above.
  HtmlWriter& Markup(std::string_view markup);

  const std::string& str() const { return out_; }
  std::string Take() { return std::move(out_); }

 private:
  // `<tag` and the attributes, without the '>'.
  void StartTag(std::string_view tag, Attributes attributes);
  void AddAttribute(const HtmlAttribute& attribute);

  std::string out_;
};

}  // namespace timeit
