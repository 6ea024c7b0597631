#include "timeit/sys/shell_words.h"

#include <fnmatch.h>
#include <glob.h>

#include <algorithm>
#include <bitset>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <optional>
#include <string_view>
#include <utility>

namespace timeit {
namespace {

// The C library's wordexp is not used: with ~user it asks the passwd database (which in a
// static binary loads the host's NSS modules, and crashed), ${X:=y} sets the variable in
// timeit's own environment (and so the program's), ${X:?msg} prints to stderr, and
// arithmetic overflows silently. Here every expansion is one this file does itself.

// Outside quotes these make the text a shell command rather than a list of words.
constexpr std::string_view kShellOnly = "\n|&;<>(){}";
constexpr std::string_view kGlobChars = "*?[";
// The parameters only a shell has ($1, $@, $$, ...): timeit has no positional parameters.
constexpr std::string_view kSpecialParameters = "0123456789@*#?-$!";

[[noreturn]] void Refuse(const std::string& what) {
  throw Error(ErrorKind::kUsage, "cannot split into words: " + what);
}

[[noreturn]] void RefuseSyntax() { Refuse("a syntax error, such as an unterminated quote"); }

bool IsNameStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool IsNameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool IsIfsWhite(char c) { return c == ' ' || c == '\t' || c == '\n'; }

// One character of a word as it is built.
struct Piece {
  char c = 0;
  /// Quoted (or escaped, or from ~): never split, never a glob character.
  bool quoted = false;
  /// Came unquoted from an expansion: an IFS character here separates fields.
  bool split = false;
  /// No character: a quote stood here, so the word exists even when empty ('' or "").
  bool mark = false;
};
using Pieces = std::vector<Piece>;

// How the text being read is quoted, and so where it ends.
struct Context {
  /// Inside "...": only $, `, \ and the closing quote are special.
  bool double_quoted = false;
  /// The word of ${NAME-word}: it ends at its }, blanks are characters of it, and being
  /// the result of an expansion, its unquoted characters are split and globbed.
  bool braced = false;
};

void AddText(Pieces* out, std::string_view text, bool quoted) {
  if (out == nullptr) return;
  for (char c : text) out->push_back({c, quoted, !quoted, false});
}

// A field's characters as a glob or fnmatch pattern: quoted ones (and a backslash an
// expansion gave) match only themselves.
std::string MatchPattern(const Pieces& pieces) {
  std::string pattern;
  for (const Piece& piece : pieces) {
    if (piece.mark) continue;
    if (piece.quoted || piece.c == '\\') pattern += '\\';
    pattern += piece.c;
  }
  return pattern;
}

// One element of a pattern: one byte of a set (a byte, ?, a bracket expression), or any run
// of bytes (*).
struct PatternElement {
  std::bitset<256> bytes;
  bool any_run = false;
};

// Where the bracket expression opening at pattern[open] ends (just past its ]), as fnmatch
// reads it; nullopt for one left to fnmatch alone: one that does not end, or with [=x=] or
// [.x.] in it.
std::optional<size_t> BracketEnd(std::string_view pattern, size_t open) {
  // fnmatch takes ^ for ! only without POSIXLY_CORRECT.
  static const bool caret_negates = std::getenv("POSIXLY_CORRECT") == nullptr;
  size_t at = open + 1;
  if (at < pattern.size() && (pattern[at] == '!' || (caret_negates && pattern[at] == '^'))) ++at;
  for (bool first = true; at < pattern.size(); first = false) {
    char c = pattern[at];
    if (c == ']' && !first) return at + 1;  // a ] first is a member
    if (c == '\\') {
      at += 2;
      continue;
    }
    char next = at + 1 < pattern.size() ? pattern[at + 1] : '\0';
    if (c == '[' && (next == '=' || next == '.')) return std::nullopt;
    if (c == '[' && next == ':') {
      // [:name:] with a name of a to y, as fnmatch scans it; otherwise the [ is a member.
      size_t name_end = at + 2;
      while (name_end < pattern.size() && pattern[name_end] >= 'a' && pattern[name_end] < 'z') ++name_end;
      if (pattern.substr(name_end, 2) == ":]") {
        at = name_end + 2;
        continue;
      }
    }
    ++at;
  }
  return std::nullopt;
}

// `pattern` (fnmatch's, flags 0, in the C locale timeit runs in: one byte a character) as
// its elements, a run of *s as one; nullopt for a pattern with a bracket expression
// BracketEnd leaves to fnmatch, or ending in a lone backslash. A bracket expression's bytes
// are those fnmatch matches with it alone, so its ranges and classes mean what they mean
// to fnmatch.
std::optional<std::vector<PatternElement>> PatternElements(std::string_view pattern) {
  std::vector<PatternElement> elements;
  for (size_t at = 0; at < pattern.size();) {
    PatternElement element;
    char c = pattern[at];
    if (c == '*') {
      ++at;
      if (elements.empty() || !elements.back().any_run) elements.push_back({{}, true});
      continue;
    }
    if (c == '?') {
      element.bytes.set();
      ++at;
    } else if (c == '[') {
      std::optional<size_t> end = BracketEnd(pattern, at);
      if (!end) return std::nullopt;
      std::string bracket(pattern.substr(at, *end - at));
      for (int byte = 1; byte < 256; ++byte) {
        const char text[2] = {static_cast<char>(byte), '\0'};
        element.bytes[static_cast<size_t>(byte)] = ::fnmatch(bracket.c_str(), text, 0) == 0;
      }
      at = *end;
    } else {
      if (c == '\\' && ++at == pattern.size()) return std::nullopt;
      element.bytes.set(static_cast<unsigned char>(pattern[at++]));
    }
    elements.push_back(element);
  }
  return elements;
}

// The length of the shortest or longest prefix of the `size` bytes `byte_at` gives that
// `elements` match, in one pass over them: every element is a state, bit i set when the
// first i elements match the bytes read so far, and each byte moves all states at once,
// 64 to a machine word. Linear in `size` for a given pattern.
template <typename ByteAt>
std::optional<size_t> MatchedPrefix(const std::vector<PatternElement>& elements, size_t size, ByteAt byte_at,
                                    bool longest) {
  using Word = uint64_t;
  constexpr size_t kBits = 64;
  const size_t states = elements.size() + 1;
  const size_t words = (states + kBits - 1) / kBits;
  auto bit = [](std::vector<Word>& set, size_t state) -> void { set[state / kBits] |= Word{1} << (state % kBits); };
  // takes[b]: the states whose element takes the byte b and moves on; runs: those of a *,
  // which take any byte and stay, and may also match no byte at all.
  std::vector<std::vector<Word>> takes(256, std::vector<Word>(words));
  std::vector<Word> runs(words);
  for (size_t i = 0; i < elements.size(); ++i) {
    if (elements[i].any_run) bit(runs, i);
    for (size_t byte = 0; byte < 256; ++byte) {
      if (!elements[i].any_run && elements[i].bytes[byte]) bit(takes[byte], i);
    }
  }
  // A * also lets the state after it go on at once (never a second *: a run is one).
  auto close = [&](std::vector<Word>& set) {
    Word carry = 0;
    for (size_t w = 0; w < words; ++w) {
      Word through = set[w] & runs[w];
      set[w] |= (through << 1) | carry;
      carry = through >> (kBits - 1);
    }
  };
  std::vector<Word> active(words), next(words);
  bit(active, 0);
  close(active);
  const size_t last = states - 1;
  std::optional<size_t> matched;
  for (size_t length = 0;; ++length) {
    if ((active[last / kBits] >> (last % kBits)) & 1) {
      matched = length;
      if (!longest) return matched;
    }
    if (length == size) return matched;
    const std::vector<Word>& taking = takes[byte_at(length)];
    Word carry = 0, any = 0;
    for (size_t w = 0; w < words; ++w) {
      Word moving = active[w] & taking[w];
      next[w] = (moving << 1) | carry | (active[w] & runs[w]);
      carry = moving >> (kBits - 1);
      any |= next[w];
    }
    if (any == 0) return matched;
    close(next);
    active.swap(next);
  }
}

// What fnmatch alone matches, one prefix or suffix at a time: quadratic, so only for
// values of up to this many bytes.
constexpr size_t kFnmatchOnlyMaxBytes = 4096;

// ${NAME#p}, ${NAME##p}, ${NAME%p}, ${NAME%%p}, `spelled` so: `value` without the shortest
// or longest prefix or suffix that `pattern` matches.
std::string RemoveMatch(const std::string& value, const std::string& pattern, bool prefix, bool longest,
                        const std::string& spelled) {
  size_t size = value.size();
  std::optional<std::vector<PatternElement>> elements = PatternElements(pattern);
  if (elements) {
    if (!prefix) std::reverse(elements->begin(), elements->end());  // a suffix is a prefix read backwards
    auto byte_at = [&](size_t i) { return static_cast<unsigned char>(prefix ? value[i] : value[size - 1 - i]); };
    std::optional<size_t> cut = MatchedPrefix(*elements, size, byte_at, longest);
    if (!cut) return value;
    return prefix ? value.substr(*cut) : value.substr(0, size - *cut);
  }
  if (size > kFnmatchOnlyMaxBytes) {
    Refuse(spelled + " on a value of " + std::to_string(size) + " bytes: a pattern with [=x=], [.x.], a [ that is " +
           "not closed or a trailing backslash is matched only against values of up to " +
           std::to_string(kFnmatchOnlyMaxBytes) + " bytes");
  }
  for (size_t step = 0; step <= size; ++step) {
    // Shortest prefix first, or longest suffix first, and the other way round for longest.
    size_t cut = (prefix != longest) ? step : size - step;
    std::string part = prefix ? value.substr(0, cut) : value.substr(cut);
    if (::fnmatch(pattern.c_str(), part.c_str(), 0) == 0) return prefix ? value.substr(cut) : value.substr(0, cut);
  }
  return value;
}

// The fields of a word: split where an expansion's unquoted result holds IFS characters,
// as a POSIX shell splits them. A run of IFS white space is one separator and, at either
// end, none; every other IFS character separates, even around an empty field.
std::vector<Pieces> SplitFields(const Pieces& pieces) {
  const char* ifs_value = std::getenv("IFS");
  std::string_view ifs = ifs_value == nullptr ? " \t\n" : ifs_value;
  auto separates = [&](size_t i) {
    return i < pieces.size() && pieces[i].split && ifs.find(pieces[i].c) != std::string_view::npos;
  };
  auto skip_white = [&](size_t& i) {
    while (separates(i) && IsIfsWhite(pieces[i].c)) ++i;
  };
  std::vector<Pieces> fields;
  Pieces field;
  bool started = false;
  for (size_t i = 0; i < pieces.size();) {
    if (!separates(i)) {
      field.push_back(pieces[i++]);
      started = true;
      continue;
    }
    skip_white(i);
    bool hard = separates(i);  // what is left after white space is another IFS character
    if (hard) {
      ++i;
      skip_white(i);
    }
    if (started || hard) fields.push_back(std::move(field));
    field.clear();
    started = false;
  }
  if (started) fields.push_back(std::move(field));
  return fields;
}

// A field with an unquoted *, ? or [ is a glob: the files it matches, sorted, or the
// field itself when it matches none.
void AddGlobbed(const Pieces& field, std::vector<std::string>& words) {
  std::string plain;
  bool glob = false;
  for (const Piece& piece : field) {
    if (piece.mark) continue;
    plain += piece.c;
    glob |= !piece.quoted && kGlobChars.find(piece.c) != std::string_view::npos;
  }
  if (!glob) {
    words.push_back(std::move(plain));
    return;
  }
  glob_t matches{};
  int result = ::glob(MatchPattern(field).c_str(), 0, nullptr, &matches);
  if (result == 0) {
    for (size_t i = 0; i < matches.gl_pathc; ++i) words.emplace_back(matches.gl_pathv[i]);
  } else {
    words.push_back(std::move(plain));
  }
  ::globfree(&matches);
  if (result == GLOB_NOSPACE) throw std::bad_alloc();
}

// Reads the text once, from left to right, expanding as it goes.
class WordReader {
 public:
  explicit WordReader(const std::string& text) : text_(text) {}

  std::vector<std::string> Words() {
    std::vector<std::string> words;
    while (true) {
      while (At(' ') || At('\t')) ++pos_;
      if (AtEnd()) return words;
      Pieces pieces;
      Read(&pieces, Context{});
      for (const Pieces& field : SplitFields(pieces)) AddGlobbed(field, words);
    }
  }

 private:
  bool AtEnd() const { return pos_ >= text_.size(); }
  bool At(char c) const { return !AtEnd() && text_[pos_] == c; }
  char Peek(size_t ahead) const { return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0'; }

  void Expect(char c) {
    if (!At(c)) RefuseSyntax();
    ++pos_;
  }

  std::string ReadName() {
    size_t start = pos_;
    while (!AtEnd() && IsNameChar(text_[pos_])) ++pos_;
    return text_.substr(start, pos_ - start);
  }

  // Reads text in `context` up to where it ends (a blank or the end outside quotes, the
  // closing " or }), which is left unread. What it means goes to *out; with out null
  // (the word of ${NAME-word} when NAME is set) it is only checked.
  void Read(Pieces* out, Context context) {
    // Each "..." and ${...} inside another is read by a call inside this one: deeper than
    // any text needs, the stack would run out (a crash) before the end of the text.
    if (depth_ > kMaxNesting) Refuse("quotes and ${...} nested more than " + std::to_string(kMaxNesting) + " deep");
    ++depth_;
    struct Leave {
      int& depth;
      ~Leave() { --depth; }
    } leave{depth_};
    bool quoted = context.double_quoted;
    bool word_start = !quoted;
    while (!AtEnd()) {
      char c = text_[pos_];
      if (context.braced ? c == '}' : quoted ? c == '"' : c == ' ' || c == '\t') return;
      bool at_word_start = std::exchange(word_start, false);
      switch (c) {
        case '\\':
          ReadBackslash(out, context);
          break;
        case '$':
          ReadDollar(out, quoted);
          break;
        case '`':
          Refuse("a command substitution, which is never run");
        case '"':
          ++pos_;
          Read(out, Context{.double_quoted = true});
          Expect('"');
          if (out != nullptr) out->push_back({.quoted = true, .mark = true});
          break;
        case '\'':
          if (quoted) {
            AddChar(out, c, context);
          } else {
            ReadSingleQuoted(out);
          }
          break;
        case '~':
          if (at_word_start) {
            ReadTilde(out, context);
          } else {
            AddChar(out, c, context);
          }
          break;
        default:
          if (!quoted && kShellOnly.find(c) != std::string_view::npos) {
            Refuse("a newline, |, &, ;, <, >, (, ), { or } outside quotes");
          }
          AddChar(out, c, context);
      }
    }
  }

  // The character under the cursor, as it stands in `context`.
  void AddChar(Pieces* out, char c, Context context) {
    ++pos_;
    if (out != nullptr) out->push_back({c, context.double_quoted, context.braced && !context.double_quoted, false});
  }

  void ReadBackslash(Pieces* out, Context context) {
    ++pos_;
    if (AtEnd()) RefuseSyntax();
    char c = text_[pos_];
    if (c == '\n') {  // a line continuation: nothing
      ++pos_;
      return;
    }
    // Between double quotes a backslash escapes only what is special there.
    std::string_view escapable = context.braced ? "$`\"\\}" : "$`\"\\";
    if (context.double_quoted && escapable.find(c) == std::string_view::npos) {
      if (out != nullptr) out->push_back({'\\', true, false, false});
      return;
    }
    ++pos_;
    if (out != nullptr) out->push_back({c, true, false, false});
  }

  void ReadSingleQuoted(Pieces* out) {
    size_t close = text_.find('\'', pos_ + 1);
    if (close == std::string::npos) RefuseSyntax();
    AddText(out, std::string_view(text_).substr(pos_ + 1, close - pos_ - 1), true);
    if (out != nullptr) out->push_back({.quoted = true, .mark = true});
    pos_ = close + 1;
  }

  // ~ at the start of a word: $HOME, alone or before a /. Any other ~... form (~user, ~+,
  // ~-) would need the passwd database or a shell's directory stack, and is refused.
  void ReadTilde(Pieces* out, Context context) {
    size_t end = pos_ + 1;
    while (end < text_.size() && text_[end] != '/' && text_[end] != ' ' && text_[end] != '\t' &&
           !(context.braced && text_[end] == '}')) {
      ++end;
    }
    if (end != pos_ + 1) {
      Refuse("'" + text_.substr(pos_, end - pos_) +
             "': only ~ alone or before a / is expanded (to $HOME); quote a ~ meant as itself");
    }
    ++pos_;
    if (out == nullptr) return;
    const char* home = std::getenv("HOME");
    if (home == nullptr) Refuse("~ with HOME not set");
    AddText(out, home, true);
  }

  // A variable's value, which must be set.
  static const char* ValueOf(const std::string& name) {
    const char* value = std::getenv(name.c_str());
    if (value == nullptr) Refuse("a variable that is not set ($" + name + ")");
    return value;
  }

  void ReadDollar(Pieces* out, bool quoted) {
    char next = Peek(1);
    if (next == '(' && Peek(2) == '(') Refuse("$((...)), an arithmetic expansion, which is never done");
    if (next == '(') Refuse("a command substitution, which is never run");
    if (next == '[') Refuse("$[...], an arithmetic expansion, which is never done");
    if (next == '{') {
      pos_ += 2;
      ReadBraced(out, quoted);
      return;
    }
    if (IsNameStart(next)) {
      ++pos_;
      std::string name = ReadName();
      if (out != nullptr) AddText(out, ValueOf(name), quoted);
      return;
    }
    if (next != '\0' && kSpecialParameters.find(next) != std::string_view::npos) {
      Refuse(std::string("$") + next + ", a shell's special parameter, which only a shell has");
    }
    AddChar(out, '$', Context{.double_quoted = quoted});  // a $ before anything else is itself
  }

  // After "${": ${NAME}, ${#NAME}, ${NAME-word} and ${NAME+word} (with : also for an empty
  // value), and ${NAME#pattern} and its kin. ${NAME=word} would set NAME in timeit's
  // environment and so the program's, and ${NAME?word} prints its own message: both refused.
  void ReadBraced(Pieces* out, bool quoted) {
    bool length = At('#') && IsNameStart(Peek(1));
    if (length) ++pos_;
    if (AtEnd()) RefuseSyntax();
    if (!IsNameStart(text_[pos_])) {
      if (kSpecialParameters.find(text_[pos_]) == std::string_view::npos) RefuseSyntax();
      Refuse(std::string("${") + text_[pos_] + "}, a shell's special parameter, which only a shell has");
    }
    std::string name = ReadName();
    bool colon = At(':');
    if (colon) ++pos_;
    char action = Peek(0);
    if (length || (!colon && action == '}')) {
      Expect('}');
      if (out == nullptr) return;
      std::string value = ValueOf(name);
      AddText(out, length ? std::to_string(value.size()) : value, quoted);
      return;
    }
    std::string spelled = "${" + name + (colon ? ":" : "") + action + "...}";
    if (action == '=') Refuse(spelled + ", an assignment, which is never made");
    if (action == '?') {
      Refuse(spelled + ", which prints its own message (a plain $" + name + " is already refused when not set)");
    }
    Context word{.double_quoted = quoted, .braced = true};
    if (action == '-' || action == '+') {
      ++pos_;
      const char* value = out == nullptr ? nullptr : std::getenv(name.c_str());
      bool present = value != nullptr && (!colon || *value != '\0');
      bool use_word = (action == '-') != present;
      Read(use_word ? out : nullptr, word);
      Expect('}');
      if (action == '-' && present) AddText(out, value, quoted);
      return;
    }
    if (colon || (action != '#' && action != '%')) RefuseSyntax();
    ++pos_;
    bool longest = At(action);
    if (longest) ++pos_;
    Pieces pattern;
    Read(out == nullptr ? nullptr : &pattern, word);
    Expect('}');
    if (out == nullptr) return;
    std::string spelled_pattern = "${" + name + std::string(longest ? 2 : 1, action) + "pattern}";
    AddText(out, RemoveMatch(ValueOf(name), MatchPattern(pattern), action == '#', longest, spelled_pattern), quoted);
  }

  static constexpr int kMaxNesting = 100;

  const std::string& text_;
  size_t pos_ = 0;
  int depth_ = 0;
};

}  // namespace

std::vector<std::string> SplitShellWords(const std::string& text) { return WordReader(text).Words(); }

}  // namespace timeit
