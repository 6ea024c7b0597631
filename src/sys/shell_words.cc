#include "timeit/sys/shell_words.h"

#include <wordexp.h>

namespace timeit {
namespace {

// wordexp's failures, said the way a user who wrote the text can act on.
std::string WordexpErrorMessage(int error) {
  switch (error) {
    case WRDE_BADCHAR:
      return "a newline, |, &, ;, <, >, (, ), { or } outside quotes";
    case WRDE_BADVAL:
      return "a variable that is not set";
    case WRDE_CMDSUB:
      return "a command substitution, which is never run";
    case WRDE_SYNTAX:
      return "a syntax error, such as an unterminated quote";
    case WRDE_NOSPACE:
      return "more words than memory holds";
    default:
      return "an error " + std::to_string(error) + " from wordexp";
  }
}

// Owns what a successful wordexp allocated.
class ExpandedWords {
 public:
  explicit ExpandedWords(const std::string& text) {
    error_ = ::wordexp(text.c_str(), &words_, WRDE_NOCMD | WRDE_UNDEF);
    // WRDE_NOSPACE may leave a partial result that must still be freed.
    owned_ = error_ == 0 || error_ == WRDE_NOSPACE;
  }
  ~ExpandedWords() {
    if (owned_) ::wordfree(&words_);
  }
  ExpandedWords(const ExpandedWords&) = delete;
  ExpandedWords& operator=(const ExpandedWords&) = delete;

  int error() const { return error_; }
  std::vector<std::string> words() const { return {words_.we_wordv, words_.we_wordv + words_.we_wordc}; }

 private:
  wordexp_t words_{};
  int error_ = 0;
  bool owned_ = false;
};

}  // namespace

std::vector<std::string> SplitShellWords(const std::string& text) {
  ExpandedWords expanded(text);
  if (expanded.error() != 0) {
    throw Error(ErrorKind::kUsage, "cannot split into words: " + WordexpErrorMessage(expanded.error()));
  }
  return expanded.words();
}

}  // namespace timeit
