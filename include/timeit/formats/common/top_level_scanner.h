#pragma once

#include <optional>
#include <string_view>

/// Telling a JSON text's kind from its top-level keys without building it: a results line
/// (is it a header or a run?) and a whole document (timeit's, lit's or LNT's?) are both
/// told this way, the second before a large document is read past its first telling key.
namespace timeit {

/// Walks the members of a JSON text's top-level object in order, keeping nothing nested.
/// A subclass says what each member means to it, and may stop the walk at any of them.
class TopLevelScanner {
 public:
  virtual ~TopLevelScanner() = default;

  /// Parses `text`, calling Key and Value for each top-level member. True when the whole
  /// text is valid JSON and no call stopped the walk.
  bool Scan(std::string_view text);

  /// Whether the text's value was an object (as far as Scan read): only an object has members.
  bool is_object() const { return is_object_; }

  /// Whether Scan failed at the end of the text, not before: the text is valid JSON as far
  /// as it goes, cut short inside a value (a string, a number, a literal, an open container).
  bool cut_short() const { return cut_short_; }

 protected:
  /// A key of the top-level object; false stops the walk.
  virtual bool Key(std::string_view key) = 0;
  /// The value of `key`, the key just given: its text if it is a string, nullopt for any
  /// other value (a number, null, an object, an array); false stops the walk.
  virtual bool Value(std::string_view key, std::optional<std::string_view> text) = 0;

 private:
  class Sax;
  bool is_object_ = false;
  bool cut_short_ = false;
};

}  // namespace timeit
