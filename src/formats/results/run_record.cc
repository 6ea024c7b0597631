#include "run_record.h"

#include <cmath>
#include <cstdint>
#include <nlohmann/json.hpp>

#include "timeit/base/utf8.h"
#include "timeit/formats/results/results_schema.h"

namespace timeit {
namespace {

namespace schema = results_schema;
// Insertion order is the order fields are written in: what a comparison reads comes first.
using Json = nlohmann::ordered_json;

// Every requested event, compactly (one line per run, and most of the line): name ->
// [status, raw count, ns enabled, ns running], and the reason as a fifth element when
// there is one. Its value, scaled for multiplexing, is in "metrics".
Json CountersToJson(const CounterResults& counters) {
  Json json = {{"backend", counters.backend}, {"available", counters.available}};
  if (!counters.available) json["unavailable_reason"] = counters.unavailable_reason;
  Json events = Json::object();
  Json user_only = Json::array();
  for (const CounterReading& reading : counters.readings) {
    Json event = {CounterStatusName(reading.status), reading.raw, reading.time_enabled, reading.time_running};
    if (!reading.error.empty()) event.push_back(reading.error);
    events[reading.event] = std::move(event);
    if (reading.user_only) user_only.push_back(reading.event);
  }
  json["events"] = std::move(events);
  if (!user_only.empty()) json["user_only"] = std::move(user_only);
  return json;
}

// Sizes and counts are integers; a multiplexed count is an estimate, rounded. An estimate
// scaled beyond 2^64 stays the double it is: converting it to uint64_t would be undefined
// (and in practice wrote 0).
Json CountToJson(double count) {
  constexpr double kTwoTo64 = 18446744073709551616.0;
  double rounded = std::round(count);
  if (rounded >= 0 && rounded < kTwoTo64) return static_cast<uint64_t>(rounded);
  return rounded;
}

// {"median", "mad"} of a metric in its unit (seconds or a count; a median of counts can be
// a half), and "n" when fewer runs than the program's successful ones had it.
Json OverheadMetricToJson(const OverheadMetric& metric, int successful_runs) {
  Json json = {{"median", metric.median}, {"mad", metric.mad}};
  if (metric.n != successful_runs) json["n"] = metric.n;
  return json;
}

// --calibrate's findings: the clock in nanoseconds, and per program that does nothing the
// metrics timeit reported for it, keyed as runs key their metrics; those without a value
// are under "absent" with the reason.
Json CalibrationToJson(const Calibration& calibration) {
  const ClockLatency& latency = calibration.read_latency;
  Json json = {{"clock", calibration.clock}};
  json["clock_source"] = calibration.clock_source ? Json(*calibration.clock_source) : nullptr;
  json["resolution_ns"] = calibration.resolution_ns;
  json["read_latency_ns"] = {{"median", latency.median_ns}, {"mad", latency.mad_ns},
                             {"min", latency.min_ns},       {"max", latency.max_ns},
                             {"batches", latency.batches},  {"reads_per_batch", latency.reads_per_batch}};
  json["warmup_runs"] = calibration.warmup_runs;
  Json overhead = Json::object();
  for (const ProgramOverhead& program : calibration.overhead) {
    int successful = program.runs - program.failed;
    Json entry = Json::object();
    entry["path"] = program.path.empty() ? Json(nullptr) : Json(program.path);
    entry["n"] = successful;
    if (program.failed > 0) entry["failed"] = program.failed;
    if (!program.problem.empty()) entry["problem"] = program.problem;
    Json absent = Json::object();
    for (const OverheadMetric& metric : program.metrics) {
      if (metric.n > 0) {
        entry[metric.name] = OverheadMetricToJson(metric, successful);
      } else if (successful > 0) {
        absent[metric.name] = metric.absent;
      }
    }
    if (!absent.empty()) entry["absent"] = std::move(absent);
    overhead[program.label] = std::move(entry);
  }
  json["overhead"] = std::move(overhead);
  if (calibration.interrupted_by) json["interrupted_by"] = *calibration.interrupted_by;
  return json;
}

// A number that may be unknown (NaN): null then.
Json NumberOrNull(double value) { return std::isfinite(value) ? Json(value) : Json(nullptr); }

Json LoadToJson(const std::optional<std::array<double, 3>>& load) { return load ? Json(*load) : Json(nullptr); }

Json HostToJson(const HostInfo& host) {
  Json json = {{"hostname", host.hostname},       {"kernel", host.kernel},
               {"machine", host.machine},         {"cpu_model", host.cpu_model},
               {"cpu_count", host.cpu_count},     {"kernel_pmus", host.kernel_pmus},
               {"libpfm_pmus", host.libpfm_pmus}, {"timeit_version", host.timeit_version}};
  json["libpfm_version"] = host.libpfm_version ? Json(*host.libpfm_version) : nullptr;
  json["perf_event_paranoid"] = host.perf_event_paranoid ? Json(*host.perf_event_paranoid) : nullptr;
  json["hardware_counters"] = HasCorePmu(host.kernel_pmus);
  json["cpu_governor"] = host.cpu_governor ? Json(*host.cpu_governor) : nullptr;
  json["turbo"] = host.turbo ? Json(*host.turbo) : nullptr;
  json["smt"] = host.smt ? Json(*host.smt) : nullptr;
  json["aslr"] = host.aslr ? Json(*host.aslr) : nullptr;
  json["load_average"] = LoadToJson(host.load_average);
  if (host.calibration) json["calibration"] = CalibrationToJson(*host.calibration);
  return json;
}

// What timeit set about the run, and only what it was asked to set: a record without these
// fields is of a run started as timeit found things.
void AddControls(const RunControls& controls, Json& record) {
  if (!controls.cpus.empty()) record["cpus"] = FormatCpuList(controls.cpus);
  if (controls.aslr_disabled) record["aslr_disabled"] = true;
  if (controls.env_offset) record["env_offset"] = *controls.env_offset;
  if (controls.seed) record["seed"] = *controls.seed;
}

// JSON text is UTF-8, and names and arguments are bytes: anything else is written with
// U+FFFD for the invalid bytes, and the exact bytes go alongside in hex.
std::string Dump(const Json& json) { return json.dump(-1, ' ', false, Json::error_handler_t::replace); }

}  // namespace

std::string EncodeHeaderLine(const HostInfo& host) {
  Json header = {{schema::kSchema, schema::kSchemaV2}, {schema::kHost, HostToJson(host)}};
  return Dump(header) + "\n";
}

std::string EncodeRunLine(const RunIdentity& identity, const Measurement& run) {
  const std::string& name = identity.name;
  const std::vector<std::string>& command = identity.command;
  Json metrics = Json::object();
  for (const Metric& metric : MetricsOf(run)) {
    if (!IsValidMetric(metric.value)) continue;
    metrics[metric.name] = metric.unit == MetricUnit::kSeconds ? Json(metric.value) : CountToJson(metric.value);
  }
  Json record = Json::object();
  record[schema::kBenchmark] = name;
  record[schema::kOutcome] = SpellingOf(schema::kRunOutcomeSpellings, schema::OutcomeOf(run));
  record[schema::kMetrics] = std::move(metrics);
  if (!IsValidUtf8(name)) record[schema::kBenchmarkBytes] = HexEncode(name);
  record["exit_code"] = run.exit_code;
  if (run.term_signal) record["signal"] = *run.term_signal;
  if (run.timed_out) record["timed_out"] = true;
  if (run.interrupted_by) record["interrupted_by"] = *run.interrupted_by;
  if (run.failure != LaunchFailure::kNone) {
    record["failure"] = SpellingOf(kLaunchFailureSpellings, run.failure);
    record["failure_message"] = run.failure_message;
  }
  record[schema::kStartTime] = run.start_time;
  if (!identity.label.empty()) record[schema::kLabel] = identity.label;
  if (run.position) record[schema::kPosition] = *run.position;
  record[schema::kCommand] = command;
  bool command_is_text = true;
  for (const std::string& argument : command) command_is_text = command_is_text && IsValidUtf8(argument);
  if (!command_is_text) {
    Json bytes = Json::array();
    for (const std::string& argument : command) bytes.push_back(HexEncode(argument));
    record[schema::kCommandBytes] = std::move(bytes);
  }
  AddControls(run.controls, record);
  record["rusage"] = {{"minor_faults", run.rusage.minor_faults},
                      {"major_faults", run.rusage.major_faults},
                      {"voluntary_context_switches", run.rusage.voluntary_switches},
                      {"involuntary_context_switches", run.rusage.involuntary_switches},
                      {"block_inputs", run.rusage.block_inputs},
                      {"block_outputs", run.rusage.block_outputs}};
  record["counters"] = CountersToJson(run.counters);
  return Dump(record) + "\n";
}

std::string EncodeSeriesLine(const SeriesRecord& record) {
  Json names = Json::array();
  Json rmad = Json::object();
  Json runs = Json::object();
  for (const SeriesRecord::Benchmark& benchmark : record.benchmarks) {
    // Keys must stay apart: names that differ only in bytes that are not UTF-8 would both
    // become U+FFFD, so such bytes are written as the text \xHH here.
    std::string name = EscapeInvalidUtf8(benchmark.name);
    names.push_back(name);
    rmad[name] = NumberOrNull(benchmark.rmad);
    runs[name] = benchmark.runs;
  }
  Json series = Json::object();
  series["benchmarks"] = std::move(names);
  series["order"] = SpellingOf(kRunOrderSpellings, record.order);
  series["seed"] = record.seed;
  series["stopped"] = SpellingOf(kSeriesStopSpellings, record.stopped);
  series["target_rmad"] = record.target_rmad ? Json(*record.target_rmad) : Json(nullptr);
  series["primary_metric"] = SpellingOf(kPrimaryMetricSpellings, record.primary_metric);
  series["rmad"] = std::move(rmad);
  series["runs"] = std::move(runs);
  series["load_average"] = {{"start", LoadToJson(record.load_average_start)},
                            {"end", LoadToJson(record.load_average_end)}};
  series["cpus"] = record.cpus.empty() ? Json(nullptr) : Json(FormatCpuList(record.cpus));
  series["aslr_disabled"] = record.aslr_disabled;
  series["env_offset"] = record.env_offset;
  Json warnings = Json::array();
  for (const SeriesRecord::Warning& warning : record.warnings) {
    warnings.push_back({{"benchmark", warning.benchmark ? Json(EscapeInvalidUtf8(*warning.benchmark)) : Json(nullptr)},
                        {"kind", warning.kind},
                        {"message", warning.message}});
  }
  series["warnings"] = std::move(warnings);
  series["host"] = HostToJson(record.host);
  Json line = Json::object();
  line[schema::kSeries] = std::move(series);
  return Dump(line) + "\n";
}

}  // namespace timeit
