#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "timeit/base/error.h"

/// Whole-file reads and writes with EINTR and short-count handling, and errors that name
/// the file.
namespace timeit {

/// Everything readable from `fd` until end of file. Failures throw an Error of `kind`
/// naming `path`.
std::string ReadAll(int fd, const std::string& path, ErrorKind kind);

/// Writes all of `text` to `fd`; failures throw a system Error naming `path`.
void WriteAll(int fd, std::string_view text, const std::string& path);

/// Opens `path` for writing (created if missing, plus `extra_flags` such as O_TRUNC or
/// O_APPEND), writes `text` and closes it; failures throw a system Error.
void WriteTextFile(const std::string& path, std::string_view text, int extra_flags);

/// Why a file could not be written at `path` later, found without opening, creating or
/// truncating anything: an empty path; an existing one that is a directory or not
/// writable; a missing one whose directory (that of a dangling link's target) is missing or
/// not writable ("cannot create it in 'DIR/': <strerror>"). nullopt when nothing stands in
/// the way.
std::optional<std::string> WhyNotWritable(const std::string& path);

/// Throws a system Error "cannot write 'PATH': <why>" when WhyNotWritable says why.
void CheckWritable(const std::string& path);

/// Puts `text` where `path` names, as a user of an output option expects:
///  - a regular file, or nothing: replaced all at once, by a new file written beside it and
///    then renamed over it, with the old file's permission bits and (where this user may
///    give it) its owner and group. A failure (a full disk) leaves the file as it was (no
///    partial or empty file) and removes the new one;
///  - a symbolic link (or a chain of them): followed, and the file at its end replaced as
///    above (made if missing), so that the link stays a link;
///  - a character device or a FIFO (/dev/null, a terminal, /dev/stdout on a pipe, a named
///    pipe), or a regular file reached through /proc (/dev/stdout that a shell redirected
///    to a file): opened and written in place, truncated, as a shell's `>` would; renaming a
///    file over one would put a regular file in its place, or leave the shell writing to
///    one no name leads to;
///  - anything else (a directory, a block device, a socket): a usage Error naming `path`,
///    before anything is written.
/// Other failures throw a system Error naming the file.
void ReplaceFile(const std::string& path, std::string_view text);

/// Throws the usage Error ReplaceFile would for `path` (or a system Error when `path`
/// cannot be looked at, or when the directory the new file would be made in does not let
/// it: "cannot write 'PATH': cannot create it in 'DIR/': <strerror>"), so that a front end
/// can refuse its output before doing the work.
void CheckReplaceable(const std::string& path);

}  // namespace timeit
