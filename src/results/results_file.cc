#include "timeit/results/results_file.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <optional>

#include "results_json.h"
#include "timeit/base/error.h"
#include "timeit/measure/launcher.h"
#include "timeit/results/results_reader.h"
#include "timeit/sys/file_io.h"
#include "timeit/sys/retry_on_eintr.h"
#include "timeit/sys/unique_fd.h"

namespace timeit {
namespace {

nlohmann::json CountersToJson(const CounterResults& counters) {
  nlohmann::json json = {{"backend", counters.backend}, {"available", counters.available}};
  if (!counters.available) json["unavailable_reason"] = counters.unavailable_reason;
  nlohmann::json events = nlohmann::json::array();
  for (const CounterReading& reading : counters.readings) {
    nlohmann::json event = {{"event", reading.event}, {"status", CounterStatusName(reading.status)}};
    if (reading.status != CounterStatus::kNotSupported) {
      event["raw"] = reading.raw;
      event["time_enabled_ns"] = reading.time_enabled;
      event["time_running_ns"] = reading.time_running;
    }
    if (reading.has_value()) event["value"] = reading.metric_value();
    event["unit"] = reading.is_time ? "s" : "count";
    if (reading.user_only) event["user_only"] = true;
    if (!reading.error.empty()) event["error"] = reading.error;
    events.push_back(std::move(event));
  }
  json["events"] = std::move(events);
  return json;
}

std::string_view FailureName(LaunchFailure failure) {
  switch (failure) {
    case LaunchFailure::kNone:
      return "none";
    case LaunchFailure::kSetup:
      return "setup";
    case LaunchFailure::kExec:
      return "exec";
    case LaunchFailure::kInterrupted:
      return "interrupted";
  }
  return "none";
}

/// Opens and exclusively locks the file currently at `path`. Another writer may have
/// renamed a new file over the one we locked while we waited; then we lock again.
UniqueFd LockCurrentFile(const std::string& path) {
  while (true) {
    // O_NONBLOCK: a FIFO put in the file's place must be refused, not waited on.
    UniqueFd fd(::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NONBLOCK, 0666));
    if (!fd) throw Error(ErrorKind::kSystem, SystemErrorMessage("cannot open '" + path + "'", errno));
    // Waiting for another writer is interruptible: a signal timeit's handlers caught
    // (SIGINT, SIGTERM, SIGHUP, SIGQUIT) ends the wait instead of being retried away.
    while (::flock(fd.get(), LOCK_EX) != 0) {
      if (errno != EINTR) throw Error(ErrorKind::kSystem, SystemErrorMessage("cannot lock '" + path + "'", errno));
      if (std::optional<int> signal = SignalScope::ReceivedSignal()) {
        throw Error(ErrorKind::kSystem,
                    "gave up waiting for the lock on '" + path + "': received signal " + std::to_string(*signal));
      }
    }
    struct stat locked, current;
    if (::fstat(fd.get(), &locked) == 0 && !S_ISREG(locked.st_mode)) {
      // Renaming a temporary over /dev/null or a FIFO would destroy it, not append to it.
      throw Error(ErrorKind::kUsage, "results file '" + path + "' is not a regular file");
    }
    if (::fstat(fd.get(), &locked) == 0 && ::stat(path.c_str(), &current) == 0 && locked.st_dev == current.st_dev &&
        locked.st_ino == current.st_ino) {
      return fd;
    }
  }
}

nlohmann::json& FindOrAddBenchmark(nlohmann::json& document, const std::string& name,
                                   const std::vector<std::string>& command) {
  nlohmann::json& benchmarks = document["benchmarks"];
  for (nlohmann::json& benchmark : benchmarks) {
    if (benchmark.value("name", "") == name) return benchmark;
  }
  benchmarks.push_back({{"name", name}, {"command", command}, {"runs", nlohmann::json::array()}});
  return benchmarks.back();
}

// Sizes and counts are integers; a multiplexed count is an estimate, rounded. An estimate
// scaled beyond 2^64 stays the double it is: converting it to uint64_t would be undefined
// (and in practice wrote 0).
nlohmann::json CountToJson(double count) {
  constexpr double kTwoTo64 = 18446744073709551616.0;
  double rounded = std::round(count);
  if (rounded >= 0 && rounded < kTwoTo64) return static_cast<uint64_t>(rounded);
  return rounded;
}

}  // namespace

nlohmann::json RunToJson(const Measurement& run) {
  nlohmann::json metrics = nlohmann::json::object();
  for (const Metric& metric : MetricsOf(run)) {
    if (metric.unit == MetricUnit::kSeconds) {
      metrics[metric.name] = metric.value;
    } else {
      metrics[metric.name] = CountToJson(metric.value);
    }
  }
  nlohmann::json json = {{"metrics", std::move(metrics)}, {"exit_code", run.exit_code}, {"start_time", run.start_time}};
  if (run.term_signal) json["signal"] = *run.term_signal;
  if (run.timed_out) json["timed_out"] = true;
  if (run.interrupted_by) json["interrupted_by"] = *run.interrupted_by;
  if (run.failure != LaunchFailure::kNone) {
    json["failure"] = FailureName(run.failure);
    json["failure_message"] = run.failure_message;
  }
  json["rusage"] = {{"minor_faults", run.rusage.minor_faults},
                    {"major_faults", run.rusage.major_faults},
                    {"voluntary_context_switches", run.rusage.voluntary_switches},
                    {"involuntary_context_switches", run.rusage.involuntary_switches},
                    {"block_inputs", run.rusage.block_inputs},
                    {"block_outputs", run.rusage.block_outputs}};
  json["counters"] = CountersToJson(run.counters);
  return json;
}

nlohmann::json HostToJson(const HostInfo& host) {
  nlohmann::json json = {{"hostname", host.hostname},       {"kernel", host.kernel},
                         {"machine", host.machine},         {"cpu_model", host.cpu_model},
                         {"cpu_count", host.cpu_count},     {"kernel_pmus", host.kernel_pmus},
                         {"libpfm_pmus", host.libpfm_pmus}, {"timeit_version", host.timeit_version}};
  json["libpfm_version"] = host.libpfm_version ? nlohmann::json(*host.libpfm_version) : nullptr;
  json["perf_event_paranoid"] = host.perf_event_paranoid ? nlohmann::json(*host.perf_event_paranoid) : nullptr;
  json["hardware_counters"] = HasCorePmu(host.kernel_pmus);
  return json;
}

namespace {

// Whether `document` has the shape we are about to modify; anything else is left alone.
bool IsResultsDocument(const nlohmann::json& document) {
  if (!document.is_object()) return false;
  auto schema = document.find("schema");
  auto benchmarks = document.find("benchmarks");
  if (schema == document.end() || !schema->is_string() || *schema != kResultsSchema) return false;
  if (benchmarks == document.end() || !benchmarks->is_array()) return false;
  for (const nlohmann::json& benchmark : *benchmarks) {
    if (!benchmark.is_object()) return false;
    auto name = benchmark.find("name");
    auto runs = benchmark.find("runs");
    if (name == benchmark.end() || !name->is_string() || runs == benchmark.end() || !runs->is_array()) {
      return false;
    }
  }
  return true;
}

/// Removes the temporary file unless Keep() is called: no copy is left behind by an
/// error half-way through writing.
class TemporaryFile {
 public:
  explicit TemporaryFile(std::string path) : path_(std::move(path)) {}
  ~TemporaryFile() {
    if (!kept_) ::unlink(path_.c_str());
  }
  TemporaryFile(const TemporaryFile&) = delete;
  TemporaryFile& operator=(const TemporaryFile&) = delete;
  const std::string& path() const { return path_; }
  void Keep() { kept_ = true; }

 private:
  std::string path_;
  bool kept_ = false;
};

}  // namespace

void CheckResultsTarget(const std::string& path) {
  auto refuse = [&](const std::string& why) {
    throw Error(ErrorKind::kInput, "cannot record runs in '" + path + "': " + why);
  };
  if (path.empty()) refuse("the path is empty");
  struct stat info;
  if (::stat(path.c_str(), &info) != 0) {
    if (errno != ENOENT) refuse(std::strerror(errno));
    std::string directory = path.find('/') == std::string::npos ? "." : path.substr(0, path.rfind('/') + 1);
    if (::access(directory.c_str(), W_OK | X_OK) != 0) {
      refuse("cannot create it in '" + directory + "': " + std::strerror(errno));
    }
    return;
  }
  if (S_ISDIR(info.st_mode)) refuse("it is a directory");
  if (!S_ISREG(info.st_mode)) refuse("it is not a regular file (a FIFO, socket or device)");
  if (::access(path.c_str(), W_OK) != 0) refuse(std::string("it is not writable: ") + std::strerror(errno));
  if (info.st_size == 0) return;
  // The whole file, as timeit-compare would read it: a file it could not read later is no
  // place to put a night of runs.
  SampleSet ignored;
  ReadResultsFile(path, ignored);
}

void AppendRuns(const std::string& requested_path, const std::string& name, const std::vector<std::string>& command,
                const std::vector<Measurement>& runs, const HostInfo& host) {
  // A symlink is followed once, here: renaming over the link itself would replace the
  // link with a file and leave its target without the run.
  // (Created first if need be, because realpath only resolves paths that exist.)
  UniqueFd create(::open(requested_path.c_str(), O_RDONLY | O_CREAT | O_CLOEXEC | O_NONBLOCK, 0666));
  char resolved[PATH_MAX];
  std::string path = ::realpath(requested_path.c_str(), resolved) ? std::string(resolved) : requested_path;
  UniqueFd lock = LockCurrentFile(path);
  std::string content = ReadAll(lock.get(), requested_path, ErrorKind::kSystem);
  nlohmann::json document;
  if (content.find_first_not_of(" \t\r\n") == std::string::npos) {
    // New, or left empty by a writer that died before its first write.
    document = {{"schema", kResultsSchema}, {"host", HostToJson(host)}, {"benchmarks", nlohmann::json::array()}};
  } else {
    try {
      document = nlohmann::json::parse(content);
    } catch (const nlohmann::json::parse_error& e) {
      throw Error(ErrorKind::kInput, "'" + requested_path + "' is not a results file, left untouched: " + e.what());
    }
    if (!IsResultsDocument(document)) {
      throw Error(ErrorKind::kInput,
                  "'" + requested_path + "' is not a " + std::string(kResultsSchema) + " results file, left untouched");
    }
  }
  nlohmann::json& benchmark = FindOrAddBenchmark(document, name, command);
  for (const Measurement& run : runs) benchmark["runs"].push_back(RunToJson(run));
  // Names and arguments are bytes, not always UTF-8; JSON must be, so invalid sequences
  // become U+FFFD rather than losing the run.
  std::string text = document.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";

  // A name no one can guess, created exclusively (mkostemp: O_CREAT|O_EXCL, mode 0600):
  // in a shared directory, a link planted at a predictable name would otherwise make timeit
  // write through it into another file.
  std::string temporary_name = path + ".tmp.XXXXXX";
  UniqueFd out(::mkostemp(temporary_name.data(), O_CLOEXEC));
  if (!out) throw Error(ErrorKind::kSystem, SystemErrorMessage("cannot create a file beside '" + path + "'", errno));
  TemporaryFile temporary(temporary_name);
  {
    struct stat original;
    if (::fstat(lock.get(), &original) == 0) ::fchmod(out.get(), original.st_mode & 07777);
    WriteAll(out.get(), text, temporary.path());
    out.reset();
  }
  // rename is atomic: readers see the old file or the new one, never a torn one. The
  // lock is still held on the old inode, so the next writer waits, then re-locks the new one.
  if (::rename(temporary.path().c_str(), path.c_str()) != 0) {
    throw Error(ErrorKind::kSystem, SystemErrorMessage("cannot replace '" + requested_path + "'", errno));
  }
  temporary.Keep();
}

}  // namespace timeit
