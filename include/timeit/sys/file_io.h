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

/// Replaces the file at `path` with `text` all at once: written to a new file beside it,
/// which is then renamed over `path`. A failure leaves `path` as it was (no partial file)
/// and removes the new file; it throws a system Error naming the file.
void ReplaceFile(const std::string& path, std::string_view text);

}  // namespace timeit
