#pragma once

#include <compare>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "timeit/samples/samples.h"

/// Reading results for comparison: timeit's own files (timeit-results/2 record streams and
/// timeit-results/1 documents, results_schema.h defines both), the LLVM test-suite's (lit's
/// JSON results, timeit summary files) and LNT's (format-2 reports); files or directories.
namespace timeit {

/// Adds the runs in the results file at `path` to `into`, pooled by benchmark name, and
/// notes its hosts and run start times in into.provenance() (for lit's JSON and summaries,
/// which record no time, when it was written and how long its runs took). The kind of
/// file is told by its content: a timeit-results/2 header, a summary's "exit" line, or a
/// JSON document's top-level keys ("schema", lit's "__version__", LNT's "format_version").
/// A summary's benchmark is LitTestName(path). Appends a warning to `warnings` for each line it skipped
/// (an incomplete record left by a writer that was killed) and for an empty file (one a
/// writer has just created). Memory stays proportional to the numbers kept, not to the
/// text. Throws an input Error naming the file and what is wrong: unreadable, malformed JSON
/// (with line and column), the wrong schema, a field of the wrong type (with its path, e.g.
/// benchmarks[2].runs[0].metrics.real or line 7: metrics.real), a negative metric or a
/// number out of range, a key given twice; a file of no known kind is refused with what a
/// timeit-results/1 document lacks.
void ReadResultsFile(const std::string& path, SampleSet& into, std::vector<std::string>& warnings);

/// ReadResultsFile for a file; for a directory, every results file found under it, walked in
/// name order without following links to directories: *.json files of a known kind (those of
/// another kind are skipped with a warning), and *.time summaries, named LitTestName(their
/// path below `path`), except compile steps' (*.o.time, *.link.time, and the results files
/// beside them, *.o.timeit.json, *.link.timeit.json) and those with a timeit
/// results file beside them (ResultsFileBesideSummary), which is read instead while it is a
/// results file with runs in it not older than the summary (otherwise the summary is read,
/// with a warning). A warning also says when such a file holds runs of earlier lit runs
/// than the one that wrote its summary, and when two summaries under `path` give one name
/// (their runs pool). Throws an input Error for a directory without any
/// results, or one that cannot be read.
void ReadResults(const std::string& path, SampleSet& into, std::vector<std::string>& warnings);

/// A file as the kernel tells files apart: every path to one file gives the same identity.
struct FileIdentity {
  uint64_t device = 0;
  uint64_t inode = 0;
  friend auto operator<=>(const FileIdentity&, const FileIdentity&) = default;
};

/// The identity of the file at `path` (links followed); nullopt when there is none.
std::optional<FileIdentity> IdentityOfFile(const std::string& path);

/// The files a reading read, each once: its identity, and the path it was first reached by.
using FilesRead = std::map<FileIdentity, std::string>;

/// The path by which `files` reached the file at `path` (any path to the same file), or
/// nullopt when that file is none of them or there is no file at `path`.
std::optional<std::string> InputAt(const FilesRead& files, const std::string& path);

/// Reads the files and directories of one side (of a comparison, or timeit-lnt's inputs)
/// into `into`, each as ReadResults reads it, but every file once: a file reached again
/// (named twice, in two directories given, through a link) is not read again, with one
/// warning per path given under which that happened. Throws an input Error when the side
/// has no benchmark at all (its files are empty, hold headers only, or tests that did not
/// run), as for a directory without results. Returns the files read.
FilesRead ReadSide(const std::vector<std::string>& paths, SampleSet& into, std::vector<std::string>& warnings);

}  // namespace timeit
