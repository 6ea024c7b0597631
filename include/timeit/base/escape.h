#pragma once

#include <string>
#include <string_view>

/// Names (bytes, from file names, --name, a summary's metrics) written into the syntax of an
/// output format, so that each reads as itself and no two read alike. The escapes for
/// people and for programs, EscapeForDisplay and EscapeReversibly, are utf8.h's; these put
/// their text into Markdown and CSV.
namespace timeit {

/// How a format writes a name into its text: EscapeForDisplay, EscapeForMarkdown, ...
using NameWriter = std::string (*)(std::string_view);

/// Text as Markdown source that renders as that text: a backslash before each character that
/// CommonMark or GitHub would read as syntax (an escaped ASCII punctuation character renders
/// as itself). That is the backslash and the pipe, and what makes code, emphasis,
/// strikethrough, links and images, HTML, entities, emoji, mentions, references and (on
/// GitHub, between dollar signs) mathematics; an
/// underscore between letters or digits makes no emphasis and stays. At the start, where
/// the text can open a line, also what makes a list item ("-", "+", "1." or "1)").
/// "[a](b)" -> "\\[a\\](b)"; "- *m*" -> "\\- \\*m\\*"; "snake_case" stays.
std::string MarkdownLiteral(std::string_view text);

/// A name as Markdown shows it: as EscapeForDisplay shows it, in Markdown's terms
/// (MarkdownLiteral), so that it renders as a text table shows it. "a|b\n" -> "a\\|b\\\\n".
std::string EscapeForMarkdown(std::string_view name);

/// A name as one field of RFC 4180 CSV that a program reads back exactly, and that holds
/// nothing that would drive a terminal (a CSV file is read with `cat` too): EscapeReversibly,
/// then quoted (a quote doubled) where it holds a comma, a quote, CR or LF, which stay as
/// they are. "slow,er" -> "\"slow,er\""; "a\x1b" -> "a\\x1b".
std::string CsvField(std::string_view name);

}  // namespace timeit
