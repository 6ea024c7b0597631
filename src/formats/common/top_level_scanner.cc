#include "timeit/formats/common/top_level_scanner.h"

#include <nlohmann/json.hpp>

namespace timeit {

/// nlohmann's SAX events, reduced to the top-level members: nested values only move the
/// depth, so nothing below the top is kept however large it is.
class TopLevelScanner::Sax : public nlohmann::json_sax<nlohmann::json> {
 public:
  Sax(TopLevelScanner& scanner, size_t size) : scanner_(scanner), size_(size) {}

  bool null() override { return Value(std::nullopt); }
  bool boolean(bool) override { return Value(std::nullopt); }
  bool number_integer(number_integer_t) override { return Value(std::nullopt); }
  bool number_unsigned(number_unsigned_t) override { return Value(std::nullopt); }
  bool number_float(number_float_t, const string_t&) override { return Value(std::nullopt); }
  bool string(string_t& value) override { return Value(value); }
  bool binary(binary_t&) override { return Value(std::nullopt); }
  bool start_object(std::size_t) override {
    if (depth_ == 0) scanner_.is_object_ = true;
    return Open();
  }
  bool start_array(std::size_t) override { return Open(); }
  bool end_object() override { return Close(); }
  bool end_array() override { return Close(); }
  bool key(string_t& key) override {
    if (!AtMember()) return true;
    key_ = key;
    return scanner_.Key(key_);
  }
  bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception&) override {
    // The lexer counts the end of the input as a character read: an error there is past the text.
    scanner_.cut_short_ = position > size_;
    return false;
  }

 private:
  // Whether the parser is directly inside the top-level object.
  bool AtMember() const { return depth_ == 1 && scanner_.is_object_; }
  bool Value(std::optional<std::string_view> text) { return !AtMember() || scanner_.Value(key_, text); }
  bool Open() {
    // A container that is a member's value is reported as it opens, as a value without text.
    bool go_on = Value(std::nullopt);
    ++depth_;
    return go_on;
  }
  bool Close() {
    --depth_;
    return true;
  }

  TopLevelScanner& scanner_;
  size_t size_;  // of the text
  int depth_ = 0;
  std::string key_;  // the member's, while its value is read
};

bool TopLevelScanner::Scan(std::string_view text) {
  is_object_ = false;
  cut_short_ = false;
  Sax sax(*this, text.size());
  return nlohmann::json::sax_parse(text.begin(), text.end(), &sax);
}

}  // namespace timeit
