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
///    then renamed over it. A failure leaves the file as it was (no partial file) and
///    removes the new one;
///  - a symbolic link (or a chain of them): followed, and the file at its end replaced as
///    above (made if missing), so that the link stays a link;
///  - a character device or a FIFO (/dev/null, a terminal, /dev/stdout on a pipe, a named
///    pipe): opened and written in place, as a shell's `>` would; renaming a file over one
///    would put a regular file in its place;
///  - anything else (a directory, a block device, a socket): a usage Error naming `path`,
///    before anything is written.
/// Other failures throw a system Error naming the file.
void ReplaceFile(const std::string& path, std::string_view text);

/// Throws the usage Error ReplaceFile would for `path` (or a system Error when `path`
/// cannot be looked at), so that a front end can refuse its output before doing the work.
void CheckReplaceable(const std::string& path);

}  // namespace timeit
