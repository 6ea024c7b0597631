#include "timeit/render/compare_format.h"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <tuple>
#include <vector>

#include "timeit/base/spellings.h"
#include "timeit/base/text_format.h"
#include "timeit/base/utf8.h"
#include "timeit/measure/generic_events.h"
#include "timeit/render/histogram_text.h"
#include "timeit/stats/geomean.h"
#include "timeit/stats/outliers.h"

namespace timeit {
namespace {

using Cells = std::vector<std::string>;

// How a format writes a name (a benchmark, a metric, a host's value) into its text: the
// text table's way, EscapeForDisplay, or Markdown's, MarkdownName.
using NameWriter = std::string (*)(std::string_view);

std::string Number(double value) {
  if (!std::isfinite(value)) return "-";
  return StringPrintf("%.4g", value + 0.0);  // + 0.0: never "-0"
}

// A ratio bound: four significant digits, but never "1" for a bound that is not exactly
// 1, so an interval that excludes 1 never reads as touching it.
std::string RatioBound(double value) {
  std::string text = Number(value);
  for (int digits = 5; text == "1" && value != 1 && digits <= 17; ++digits) text = StringPrintf("%.*g", digits, value);
  return text;
}

std::string Percent(double change) {
  if (std::isnan(change)) return "-";
  if (std::isinf(change)) return change > 0 ? "+inf%" : "-inf%";
  return StringPrintf("%+.2f%%", 100 * change);
}

std::string PValue(double p) {
  if (!std::isfinite(p)) return "-";
  return StringPrintf(p < 1e-4 ? "%.1e" : "%.4f", p);
}

// "[a, b]", with the end at `no_change` open when the interval excludes it.
std::string IntervalText(double lower, double upper, double no_change, bool excludes_no_change,
                         std::string (*bound)(double)) {
  if (!std::isfinite(lower) || !std::isfinite(upper)) return "";
  bool open_lower = excludes_no_change && lower == no_change;
  bool open_upper = excludes_no_change && upper == no_change;
  return std::string(open_lower ? " (" : " [") + bound(lower) + ", " + bound(upper) + (open_upper ? ")" : "]");
}

std::string ShiftBound(double value) { return Number(value); }

std::string ChangeCell(const Effect& effect) {
  if (std::isfinite(effect.ratio)) {
    return RatioBound(effect.ratio) +
           IntervalText(effect.ratio_lower, effect.ratio_upper, 1, effect.excludes_no_change, RatioBound);
  }
  if (std::isfinite(effect.shift)) {  // from a base median of 0: the change in the metric's unit
    return "Δ" + StringPrintf("%+.4g", effect.shift + 0.0) +
           IntervalText(effect.shift_lower, effect.shift_upper, 0, effect.excludes_no_change, ShiftBound);
  }
  return "-";
}

std::string DetectableCell(const Effect& effect) {
  if (std::isfinite(effect.detectable)) return StringPrintf("±%.2f%%", 100 * effect.detectable);
  if (std::isnan(effect.ratio) && std::isfinite(effect.detectable_shift)) return "±" + Number(effect.detectable_shift);
  return "-";
}

std::string RunsCell(const SideSummary& side) {
  std::vector<std::string> notes;
  if (side.failed > 0) notes.push_back(std::to_string(side.failed) + " failed");
  if (!side.outliers.empty()) {
    notes.push_back(std::to_string(side.outliers.size()) + (side.outliers.size() == 1 ? " outlier" : " outliers"));
  }
  std::string cell = std::to_string(side.n);
  for (size_t i = 0; i < notes.size(); ++i) cell += (i == 0 ? " (" : ", ") + notes[i];
  return notes.empty() ? cell : cell + ")";
}

// Whether `metric` is a time in seconds: rusage's, lit's and LNT's times, and perf's clocks.
bool IsSeconds(std::string_view metric) {
  for (std::string_view time :
       {"real", "user", "sys", "exec_time", "execution_time", "compile_time", "link_time", "user_time", "sys_time"}) {
    if (metric == time) return true;
  }
  return IsGenericEvent(metric, "task-clock") || IsGenericEvent(metric, "cpu-clock");
}

// `value` to `digits` significant digits in the metric's unit: a time in s, ms, µs or ns
// ("53.1 ms", "12.0 ms"), anything else as a plain number ("1234", "2.5").
std::string Quantity(double value, bool seconds, int digits) {
  if (!std::isfinite(value)) return "-";
  if (!seconds) {
    if (value == std::floor(value) || std::fabs(value) >= std::pow(10.0, digits)) return StringPrintf("%.0f", value);
    return StringPrintf("%.*g", digits, value);
  }
  if (value == 0) return "0 s";
  static constexpr std::pair<double, const char*> kUnits[] = {{1, "s"}, {1e-3, "ms"}, {1e-6, "µs"}, {1e-9, "ns"}};
  const auto* unit = &kUnits[3];
  for (const auto& candidate : kUnits) {
    if (value >= candidate.first) {
      unit = &candidate;
      break;
    }
  }
  double scaled = value / unit->first;
  int decimals = std::max(0, digits - 1 - static_cast<int>(std::floor(std::log10(scaled))));
  return StringPrintf("%.*f %s", decimals, scaled, unit->second);
}

// A change in whole percent from 10 % on, with one decimal below ("-77%", "+3.5%").
std::string ShortPercent(double change) {
  if (std::isinf(change)) return change > 0 ? "+inf%" : "-inf%";
  return StringPrintf(std::fabs(change) >= 0.1 ? "%+.0f%%" : "%+.1f%%", 100 * change + 0.0);
}

// Why a work metric that changed far more than the row's metric matters.
const char* WorkReason(WorkKind kind) {
  switch (kind) {
    case WorkKind::kSystemTime:
      return "the kernel's work changed, not the program's";
    case WorkKind::kPageFaults:
      return "its paging changed (memory touched, huge pages), not only its speed";
    case WorkKind::kContextSwitches:
      return "it was switched out more or less often: the machine's load changed, not the program";
    case WorkKind::kMigrations:
      return "it moved between CPUs more or less often: the machine's load changed, not the program";
  }
  return "";
}

// "sys: 53.1 ms -> 12.0 ms (-77%, p = 0.0002) while task-clock -30%: the kernel's work
// changed, not the program's"
std::string WorkChangeText(const ComparisonRow& row, const WorkChange& work, NameWriter name) {
  bool seconds = IsSeconds(work.metric);
  return name(work.metric) + ": " + Quantity(work.base_median, seconds, 3) + " -> " +
         Quantity(work.new_median, seconds, 3) + " (" + ShortPercent(work.change) + ", p = " + PValue(work.p) +
         ") while " + name(row.metric) + " " +
         ShortPercent(RelativeMedianChange(row.base.median, row.candidate.median)) + ": " + WorkReason(work.kind);
}

// A side's values of one host field, quoted: 'Linux 6.1.0', 'Linux 6.5.0'.
std::string QuotedValues(const std::vector<std::string>& values, NameWriter name) {
  std::string text;
  for (const std::string& value : values) text += (text.empty() ? "'" : ", '") + name(value) + "'";
  return text;
}

// Where the hosts differ in a field that decides speed: between the sides, or among the
// hosts of one side.
enum class HostScope { kBetween, kBase, kNew };

struct HostWarning {
  HostScope scope;
  const HostDifference* difference;
  /// The values of the base (kBase) or the new side (kNew).
  const std::vector<std::string>& values() const {
    return scope == HostScope::kNew ? difference->candidate : difference->base;
  }
};

const char* ScopeName(HostScope scope) { return scope == HostScope::kNew ? "new" : "base"; }

// The host warnings every row carries, between the sides first, then within the base, then
// within the new side: what the text, JSON, CSV and stderr each say in their way.
std::vector<HostWarning> HostWarnings(const ComparisonReport& report) {
  std::vector<HostWarning> warnings;
  for (HostScope scope : {HostScope::kBetween, HostScope::kBase, HostScope::kNew}) {
    for (const HostDifference& difference : report.host_differences) {
      HostWarning warning{scope, &difference};
      bool applies = scope == HostScope::kBetween ? difference.sides_differ : warning.values().size() > 1;
      if (difference.warned && applies) warnings.push_back(warning);
    }
  }
  return warnings;
}

// Appends `part` to `text`, after `separator` unless it is the first.
void AppendPart(std::string& text, const std::string& part, const char* separator) {
  text += (text.empty() ? "" : separator) + part;
}

// The lines above the table: one for the fields that differ between the sides (they apply
// to every row), one per side that pooled several hosts.
std::string HostLines(const ComparisonReport& report, NameWriter name) {
  std::string parts[3];
  for (const HostWarning& warning : HostWarnings(report)) {
    const HostDifference& difference = *warning.difference;
    std::string values = warning.scope == HostScope::kBetween ? "base " + QuotedValues(difference.base, name) +
                                                                    ", new " + QuotedValues(difference.candidate, name)
                                                              : QuotedValues(warning.values(), name);
    AppendPart(parts[static_cast<int>(warning.scope)], difference.field + ": " + values, "; ");
  }
  std::string text;
  if (!parts[0].empty()) text += "hosts differ: " + parts[0] + " (every row may differ for that reason alone)\n";
  for (HostScope scope : {HostScope::kBase, HostScope::kNew}) {
    const std::string& part = parts[static_cast<int>(scope)];
    if (!part.empty()) {
      text += std::string("hosts differ within ") + ScopeName(scope) + ": " + part +
              " (its runs were pooled from several machines or set-ups)\n";
    }
  }
  return text;
}

// The histogram lines under a row: both sides on the row's bins, one scale.
std::string HistogramLines(const ComparisonRow& row) {
  const RowHistogram& histogram = *row.histogram;
  if (histogram.base.edges.empty()) return "";  // no positive value to place on log bins
  size_t scale = 0;
  for (const stats::Histogram* side : {&histogram.base, &histogram.candidate}) {
    for (size_t count : side->counts) scale = std::max(scale, count);
  }
  bool seconds = IsSeconds(row.metric);
  double lo = histogram.base.edges.front();
  double hi = histogram.base.edges.back();
  std::string range = Quantity(lo, seconds, 4) + (lo == hi ? "" : " .. " + Quantity(hi, seconds, 4));
  auto line = [&](const char* name, const stats::Histogram& side, const std::string& after) {
    std::string text = std::string("  ") + name + " |" + FormatHistogramBars(side.counts, scale) + "|" + after;
    if (side.not_positive > 0) text += StringPrintf("%s%zu at 0", after.empty() ? " " : ", and ", side.not_positive);
    return text + "\n";
  };
  return line("base", histogram.base, " " + range) + line("new ", histogram.candidate, "");
}

bool IsLnt(const ComparisonReport& report) { return report.settings.policy == ComparePolicy::kLnt; }

Cells Header(const ComparisonReport& report) {
  if (IsLnt(report)) {
    return {"benchmark", "metric",  "runs base",  "runs new",   "base (closest)",
            "new min",   "Δ (LNT)", "stddev new", "decided by", "verdict"};
  }
  return {"benchmark", "metric",  "runs base", "runs new", "median base",   "median new", "Δmedian", "Δmin",
          "MAD base",  "MAD new", "p",         "p adj",    "new/base [CI]", "detectable", "verdict"};
}

// The cells of one row in the report's layout.
Cells RowCells(const ComparisonReport& report, const ComparisonRow& row, NameWriter name) {
  Cells cells = {name(row.benchmark), row.metric.empty() ? "-" : name(row.metric), RunsCell(row.base),
                 RunsCell(row.candidate)};
  auto known = [](const SideSummary& side, double value) { return side.n ? Number(value) : "-"; };
  if (IsLnt(report)) {
    if (row.lnt) {
      const lnt::Comparison& lnt = *row.lnt;
      cells.insert(cells.end(), {Number(lnt.previous), Number(lnt.current), Percent(lnt.pct_delta),
                                 lnt.stddev ? Number(*lnt.stddev) : "-", std::string(lnt::RuleName(lnt.rule))});
    } else {
      cells.insert(cells.end(), 5, "-");
    }
  } else {
    cells.insert(cells.end(), {known(row.base, row.base.median), known(row.candidate, row.candidate.median),
                               Percent(row.median_change), Percent(row.min_change), known(row.base, row.base.mad),
                               known(row.candidate, row.candidate.mad)});
    if (row.test) {
      cells.insert(cells.end(), {PValue(row.test->p_value), PValue(row.p_adjusted), ChangeCell(row.effect),
                                 DetectableCell(row.effect)});
    } else {
      cells.insert(cells.end(), 4, "-");
    }
  }
  cells.push_back(std::string(VerdictName(row.verdict)));
  return cells;
}

// Names, metrics, the verdict and LNT's rule read left-aligned; numbers right-aligned.
bool LeftAligned(const ComparisonReport& report, size_t column, size_t columns) {
  return column < 2 || column + 1 == columns || (IsLnt(report) && column + 2 == columns);
}

// Display width of UTF-8 text: counts code points, which is right for what we print.
size_t Width(const std::string& text) {
  size_t width = 0;
  for (unsigned char c : text) width += (c & 0xC0) != 0x80;
  return width;
}

const char* MethodDescription(stats::MannWhitneyMethod method) {
  switch (method) {
    case stats::MannWhitneyMethod::kExact:
      return "exact null distribution where cheap, ties included";
    case stats::MannWhitneyMethod::kAuto:
      return "SciPy's auto: exact only without ties and with a side of at most 8 runs";
    case stats::MannWhitneyMethod::kAsymptotic:
      return "normal approximation";
  }
  return "";
}

const char* CorrectionName(stats::PAdjustMethod correction) {
  switch (correction) {
    case stats::PAdjustMethod::kBenjaminiHochberg:
      return "Benjamini-Hochberg";
    case stats::PAdjustMethod::kHolm:
      return "Holm";
    case stats::PAdjustMethod::kNone:
      break;
  }
  return "none";
}

// A confidence level 1 - cutoff as a percentage with enough decimals to show the cutoff.
std::string LevelPercent(double cutoff) {
  int decimals = cutoff > 0 ? std::max(1, static_cast<int>(std::ceil(-std::log10(cutoff))) - 1) : 1;
  return StringPrintf("%.*f%%", std::min(decimals, 12), 100 * (1 - cutoff));
}

// What the run-count advice assumes when it is not today's family: that every tested row is
// in it, as each is once it has those runs.
std::string AllTestedNote(const MetricFamily& family) {
  if (family.family == family.tested) return "";
  return StringPrintf(" (a lone change needs p < %.3g once all %zu tested rows are in the family)",
                      family.all_tested_lone_change_p, family.tested);
}

std::string FamilyLine(const MetricFamily& family, NameWriter name) {
  std::string metric = name(family.metric);
  if (family.tested == 0) return metric + ": no benchmark has data on both sides\n";
  std::string line = metric + StringPrintf(": family of %zu of %zu tested rows; a lone change needs p < %.3g; ",
                                           family.family, family.tested, family.lone_change_p);
  line += StringPrintf("%zu vs %zu runs (the most common) give p >= %.3g", family.common_base_runs,
                       family.common_new_runs, family.common_smallest_p);
  if (!(family.common_smallest_p < family.lone_change_p)) line += ", too few for a lone change";
  if (family.runs_needed > 0) {
    line += StringPrintf("; %zu runs per side suffice", family.runs_needed) + AllTestedNote(family);
  } else {
    line += "; no run count suffices";
  }
  line += StringPrintf("; %zu flagged, %zu too few runs; intervals at %s (p < %.3g flags)\n", family.flagged,
                       family.too_few, LevelPercent(family.cutoff).c_str(), family.cutoff);
  return line;
}

// What was left out before any row was made (--filter-hash); empty when nothing was asked.
std::string FilterLine(const ComparisonReport& report) {
  if (!report.settings.filter_hash) return "";
  return StringPrintf("filter-hash: %zu benchmark%s left out, the same binary hash on both sides\n",
                      report.same_hash_dropped, report.same_hash_dropped == 1 ? "" : "s");
}

std::string VerdictExplanation(const ComparisonReport& report, NameWriter name) {
  const CompareSettings& settings = report.settings;
  if (IsLnt(report)) {
    return "verdict: LNT's rules: the min of the new runs against the closest base run; a change under 1% or "
           "under 0.01 (absolute, in the metric's unit) is ignored; then LNT's Mann-Whitney test (its tables up to "
           "20 runs a side) when both sides have at least 4 runs; then 2.576 population standard deviations of the "
           "new runs, or 0.2% for a single new run; no correction across rows\n";
  }
  std::string text = StringPrintf("verdict: regressed or improved when the Mann-Whitney U p-value (two-sided, %s) ",
                                  MethodDescription(settings.method));
  if (settings.correction == stats::PAdjustMethod::kNone) {
    text += StringPrintf("is below %g (no correction across rows)", settings.alpha);
  } else {
    text += StringPrintf("is below the cut-off %s sets at %g within each metric", CorrectionName(settings.correction),
                         settings.alpha);
  }
  text += StringPrintf(
      ", and the Hodges-Lehmann change is beyond ±%g%%; too few runs: complete separation could not have "
      "been flagged\n",
      settings.threshold * 100);
  text +=
      "change: new/base is the Hodges-Lehmann estimate (median of pairwise log ratios; where a value is 0, of "
      "pairwise differences, Δ when the base median is 0) in the interval that inverts the test at the metric's "
      "level; detectable: the change the row would flag in 80% of nights at its noise, runs and level (never "
      "below the threshold); MAD = median(|x - median(x)|), unscaled\n";
  for (const MetricFamily& family : report.families) text += FamilyLine(family, name);
  return text;
}

std::string Explanation(const ComparisonReport& report, NameWriter name) {
  return HostLines(report, name) + FilterLine(report) + VerdictExplanation(report, name);
}

std::string GeomeanLine(const GeomeanRow& row, const ComparisonReport& report, NameWriter name) {
  const char* interval = IsLnt(report) ? "of LNT's changes, " : "";
  return "geomean " + name(row.metric) +
         StringPrintf(" over %zu benchmark%s: %s", row.benchmarks, row.benchmarks == 1 ? "" : "s",
                      Number(row.ratio).c_str()) +
         (std::isfinite(row.lower) && std::isfinite(row.upper)
              ? " [" + Number(row.lower) + ", " + Number(row.upper) + "]"
              : "") +
         StringPrintf(" (%s; %s%d%% percentile bootstrap over benchmarks, %d resamples)\n",
                      Percent(row.ratio - 1).c_str(), interval,
                      static_cast<int>(std::lround(report.settings.confidence * 100)), stats::kGeomeanResamples);
}

// As in results files: a name that is not UTF-8 is written with U+FFFD under `key`, and its
// exact bytes beside it under key_bytes, so that two such names stay two names.
void AddNameBytes(nlohmann::json& item, const std::string& key, const std::string& name) {
  if (!IsValidUtf8(name)) item[key + "_bytes"] = HexEncode(name);
}

nlohmann::json NumberOrNull(double value) { return std::isfinite(value) ? nlohmann::json(value) : nlohmann::json(); }

nlohmann::json SideJson(const SideSummary& side) {
  nlohmann::json json = {{"n", side.n}, {"failed", side.failed}};
  if (side.n > 0 && std::isfinite(side.median)) {
    json["min"] = side.min;
    json["median"] = side.median;
    json["mad"] = side.mad;
  }
  json["outliers"] = side.outliers.size();
  json["outlier_values"] = side.outliers;
  return json;
}

nlohmann::json HistogramJson(const RowHistogram& histogram) {
  auto side = [](const stats::Histogram& counts) {
    return nlohmann::json{{"counts", counts.counts}, {"not_positive", counts.not_positive}};
  };
  return {{"edges", histogram.base.edges}, {"base", side(histogram.base)}, {"new", side(histogram.candidate)}};
}

// The host warnings every row carries: "host-differs" between the sides, "hosts-mixed"
// among one side's hosts.
nlohmann::json HostWarningsJson(const ComparisonReport& report) {
  nlohmann::json warnings = nlohmann::json::array();
  for (const HostWarning& warning : HostWarnings(report)) {
    const HostDifference& difference = *warning.difference;
    if (warning.scope == HostScope::kBetween) {
      warnings.push_back({{"kind", "host-differs"},
                          {"field", difference.field},
                          {"base", difference.base},
                          {"new", difference.candidate}});
    } else {
      warnings.push_back({{"kind", "hosts-mixed"},
                          {"field", difference.field},
                          {"side", ScopeName(warning.scope)},
                          {"values", warning.values()}});
    }
  }
  return warnings;
}

nlohmann::json RowWarningsJson(const ComparisonRow& row, const nlohmann::json& host_warnings) {
  nlohmann::json warnings = nlohmann::json::array();
  for (const WorkChange& work : row.work_changes) {
    warnings.push_back({{"kind", "work-changed"},
                        {"metric", work.metric},
                        {"base_median", work.base_median},
                        {"new_median", work.new_median},
                        {"change", NumberOrNull(work.change)},
                        {"p", work.p}});
  }
  for (const nlohmann::json& warning : host_warnings) warnings.push_back(warning);
  return warnings;
}

nlohmann::json HostsJson(const ComparisonReport& report) {
  nlohmann::json differences = nlohmann::json::array();
  for (const HostDifference& difference : report.host_differences) {
    differences.push_back({{"field", difference.field},
                           {"base", difference.base},
                           {"new", difference.candidate},
                           {"sides_differ", difference.sides_differ},
                           {"warned", difference.warned}});
  }
  return {{"differences", std::move(differences)}};
}

const MetricFamily* FamilyOf(const ComparisonReport& report, const std::string& metric) {
  for (const MetricFamily& family : report.families) {
    if (family.metric == metric) return &family;
  }
  return nullptr;
}

// A name as a program reads it back exactly, and nothing that would drive a terminal (a CSV
// file is read with `cat` too): escaped reversibly, then quoted as RFC 4180 asks, which
// keeps a CR or LF as it is.
std::string CsvField(const std::string& raw) {
  std::string text = EscapeReversibly(raw);
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + "\"";
}

std::string CsvNumber(double value) {
  if (std::isnan(value)) return "";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  return StringPrintf("%.10g", value);
}

// Empty where the value is not finite, as the other formats show "-" or null: an unbounded
// interval leaves no detectable change.
std::string CsvFiniteNumber(double value) { return std::isfinite(value) ? CsvNumber(value) : ""; }

// The host warnings of every row: "host-differs kernel; hosts-mixed base cpu_count".
std::string CsvHostWarnings(const ComparisonReport& report) {
  std::string text;
  for (const HostWarning& warning : HostWarnings(report)) {
    AppendPart(text,
               warning.scope == HostScope::kBetween
                   ? "host-differs " + warning.difference->field
                   : std::string("hosts-mixed ") + ScopeName(warning.scope) + " " + warning.difference->field,
               "; ");
  }
  return text;
}

// A row's warnings in one field: "work-changed sys -0.7736 p=0.00018; host-differs kernel".
std::string CsvWarnings(const ComparisonRow& row, const std::string& host_warnings) {
  std::string text;
  for (const WorkChange& work : row.work_changes) {
    AppendPart(text, "work-changed " + work.metric + " " + CsvNumber(work.change) + " p=" + CsvNumber(work.p), "; ");
  }
  if (!host_warnings.empty()) AppendPart(text, host_warnings, "; ");
  return text;
}

// Which distribution the row's test used: "exact" or "asymptotic", in --method's words.
std::string TestMethodName(const stats::MannWhitneyResult& test) {
  return std::string(stats::MannWhitneyMethodName(test.exact ? stats::MannWhitneyMethod::kExact
                                                             : stats::MannWhitneyMethod::kAsymptotic));
}

const char* ScaleName(EffectScale scale) { return scale == EffectScale::kRatio ? "ratio" : "difference"; }

// Text as Markdown source that renders as that text: a backslash before each character that
// CommonMark or GitHub would read as syntax (an escaped ASCII punctuation character renders
// as itself). That is the backslash and the pipe, and what makes code, emphasis,
// strikethrough, links and images, HTML, entities, emoji, mentions, references and (on
// GitHub, between dollar signs) mathematics; an
// underscore between letters or digits makes no emphasis and stays. At the start, where
// the text can open a line, also what makes a list item ("-", "+", "1." or "1)").
std::string MarkdownLiteral(std::string_view text) {
  auto digit = [&](size_t i) { return i < text.size() && text[i] >= '0' && text[i] <= '9'; };
  auto word_character = [&](size_t i) {
    return digit(i) || (i < text.size() && ((text[i] >= 'a' && text[i] <= 'z') || (text[i] >= 'A' && text[i] <= 'Z')));
  };
  size_t digits = 0;
  while (digit(digits)) ++digits;
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    bool syntax = std::string_view("\\`*~[]<>&|:@#!$").find(c) != std::string_view::npos ||
                  (c == '_' && !(i > 0 && word_character(i - 1) && word_character(i + 1))) ||
                  (i == 0 && (c == '-' || c == '+')) || (i == digits && digits > 0 && (c == '.' || c == ')'));
    if (syntax) out += '\\';
    out += c;
  }
  return out;
}

// A name as the Markdown report shows it: as the text table does, in Markdown's terms.
std::string MarkdownName(std::string_view name) { return MarkdownLiteral(EscapeForDisplay(name)); }

// When no benchmark is on both sides, whether the names of one side are those of the
// other with one directory prefix before them, as when a subdirectory of a build is
// compared: a summary is named by its path below the directory given, a results file
// beside it (--json-per-test) by the one the writer was given. Says which, or nothing.
std::optional<std::string> NamePrefixHint(const ComparisonReport& report) {
  std::set<std::string, std::less<>> removed, added;
  for (const ComparisonRow& row : report.rows) {
    if (row.verdict == Verdict::kRemoved) {
      removed.insert(row.benchmark);
    } else if (row.verdict == Verdict::kAdded) {
      added.insert(row.benchmark);
    } else {
      return std::nullopt;  // some benchmarks do match
    }
  }
  // The longer names' side, the shorter names' side, and which is which.
  for (auto [longer, shorter, longer_side] : {std::tuple{&added, &removed, "new"}, {&removed, &added, "base"}}) {
    for (const std::string& name : *longer) {
      for (size_t slash = name.find('/'); slash != std::string::npos; slash = name.find('/', slash + 1)) {
        if (shorter->count(std::string_view(name).substr(slash + 1)) == 0) continue;
        std::string prefix = name.substr(0, slash + 1);
        size_t explained = 0;
        for (const std::string& other : *shorter) explained += longer->count(prefix + other);
        return StringPrintf(
                   "no benchmark is on both sides, but %zu of the %s side's %zu names are the other side's "
                   "with '",
                   explained, longer_side, longer->size()) +
               EscapeForDisplay(prefix) +
               "' before them: a summary is named by its path below the directory given here, a results file "
               "beside it (--json-per-test) by its path below the build directory timeit was given; compare the "
               "build directories themselves";
      }
    }
  }
  return std::nullopt;
}

}  // namespace

std::vector<std::string> FormatCompareWarnings(const ComparisonReport& report) {
  std::vector<std::string> warnings;
  if (std::optional<std::string> hint = NamePrefixHint(report)) warnings.push_back(*hint);
  for (const MetricFamily& family : report.families) {
    // Nothing compared though benchmarks are on both sides and ran: the metric is on one
    // side only (a side with neither a value nor a failed run), most often because the
    // files' kinds name it differently. Exit 0 alone would read as "nothing regressed".
    size_t unmatched = 0;
    for (const ComparisonRow& row : report.rows) {
      bool lacks = (row.base.n == 0 && row.base.failed == 0) || (row.candidate.n == 0 && row.candidate.failed == 0);
      if (row.metric == family.metric && row.verdict == Verdict::kNoData && lacks) ++unmatched;
    }
    if (family.tested == 0 && unmatched > 0) {
      warnings.push_back(EscapeForDisplay(family.metric) +
                         StringPrintf(": nothing was compared: %zu benchmark%s on both sides, none with this "
                                      "metric on both (lit's JSON names the run time exec_time, an LNT report "
                                      "execution_time, summaries and timeit's results files user or task-clock); "
                                      "--metric chooses one both sides have",
                                      unmatched, unmatched == 1 ? " is" : "s are"));
    }
    size_t hidden = 0;
    const ComparisonRow* largest = nullptr;
    double largest_change = 0;
    for (const ComparisonRow& row : report.rows) {
      if (row.metric != family.metric || row.verdict != Verdict::kTooFewRuns) continue;
      double change = JudgedChange(row);
      if (!(std::fabs(change) > report.settings.threshold)) continue;
      ++hidden;
      if (!largest || std::fabs(change) > std::fabs(largest_change)) {
        largest = &row;
        largest_change = change;
      }
    }
    if (hidden == 0) continue;
    std::string line =
        EscapeForDisplay(family.metric) +
        StringPrintf(
            ": %zu row%s could not be judged (too few runs) though the estimate is beyond ±%g%% "
            "(largest %s, ",
            hidden, hidden == 1 ? "" : "s", report.settings.threshold * 100, Percent(largest_change).c_str()) +
        EscapeForDisplay(largest->benchmark) + ")";
    if (family.runs_needed > 0) {
      line += StringPrintf("; %zu runs per side would let a lone change through", family.runs_needed) +
              AllTestedNote(family);
    }
    warnings.push_back(line);
  }
  // A shift that fits neither side: the test finds the samples differ, yet the median of
  // the pairwise differences is "no change" and no shift is accepted (counts that are
  // mostly 0 and 1 whose share of 1s moved). Such a row reads unchanged; say why.
  size_t shapeless = 0;
  const ComparisonRow* example = nullptr;
  for (const ComparisonRow& row : report.rows) {
    const Effect& e = row.effect;
    bool empty_ratio = e.ratio_lower == 1 && e.ratio_upper == 1;
    bool empty_shift = std::isnan(e.ratio_lower) && e.shift_lower == 0 && e.shift_upper == 0;
    if (row.test && e.excludes_no_change && row.verdict == Verdict::kUnchanged && (empty_ratio || empty_shift)) {
      ++shapeless;
      if (!example) example = &row;
    }
  }
  if (shapeless > 0) {
    warnings.push_back(StringPrintf("%zu row%s (p below the cut-off) with no shift to show: the distributions "
                                    "changed shape, not place, as when counts of 0 and 1 change their mix (",
                                    shapeless, shapeless == 1 ? " differs" : "s differ") +
                       EscapeForDisplay(example->benchmark) + " " + EscapeForDisplay(example->metric) +
                       "); they read unchanged");
  }
  size_t worked = 0;
  const ComparisonRow* worked_row = nullptr;
  const WorkChange* largest_work = nullptr;
  for (const ComparisonRow& row : report.rows) {
    worked += row.work_changes.empty() ? 0 : 1;
    for (const WorkChange& work : row.work_changes) {
      if (!largest_work || std::fabs(work.change) > std::fabs(largest_work->change)) {
        largest_work = &work;
        worked_row = &row;
      }
    }
  }
  if (worked > 0) {
    warnings.push_back(
        StringPrintf("%zu row%s: sys time, page faults, context switches or CPU migrations changed far more than the "
                     "metric compared, so the change is likely the machine's, not the program's (largest: ",
                     worked, worked == 1 ? "" : "s") +
        EscapeForDisplay(largest_work->metric) + " " + ShortPercent(largest_work->change) + " beside " +
        EscapeForDisplay(worked_row->benchmark) + " " + EscapeForDisplay(worked_row->metric) + " " +
        ShortPercent(RelativeMedianChange(worked_row->base.median, worked_row->candidate.median)) +
        "); the report says which under each row");
  }
  std::string fields[3];
  for (const HostWarning& warning : HostWarnings(report)) {
    AppendPart(fields[static_cast<int>(warning.scope)], warning.difference->field, ", ");
  }
  if (!fields[0].empty()) {
    warnings.push_back("the sides' hosts differ in " + fields[0] + ": every row may differ for that reason alone");
  }
  for (HostScope scope : {HostScope::kBase, HostScope::kNew}) {
    const std::string& part = fields[static_cast<int>(scope)];
    if (!part.empty()) {
      warnings.push_back(std::string("the ") + ScopeName(scope) + " runs come from hosts that differ in " + part);
    }
  }
  std::vector<std::string> failing = report.newly_failing();
  if (!failing.empty()) {
    std::string line = StringPrintf("%zu benchmark%s failed in new runs where no base run failed:", failing.size(),
                                    failing.size() == 1 ? "" : "s");
    for (size_t i = 0; i < failing.size() && i < 10; ++i) line += (i ? ", " : " ") + EscapeForDisplay(failing[i]);
    if (failing.size() > 10) line += StringPrintf(", and %zu more", failing.size() - 10);
    warnings.push_back(line);
  }
  return warnings;
}

std::string FormatCompareText(const ComparisonReport& report, const CompareTextStyle& style) {
  std::vector<Cells> table = {Header(report)};
  for (const ComparisonRow& row : report.rows) table.push_back(RowCells(report, row, EscapeForDisplay));
  std::vector<size_t> widths(table[0].size(), 0);
  for (const Cells& cells : table) {
    for (size_t i = 0; i < cells.size(); ++i) widths[i] = std::max(widths[i], Width(cells[i]));
  }
  std::string text = Explanation(report, EscapeForDisplay);
  size_t columns = table[0].size();
  for (size_t r = 0; r < table.size(); ++r) {
    std::string line;
    for (size_t i = 0; i < columns; ++i) {
      const std::string& cell = table[r][i];
      bool last = i + 1 == columns;
      std::string padding(widths[i] - Width(cell), ' ');
      std::string painted = cell;
      if (style.color && r > 0 && last) {
        Verdict verdict = report.rows[r - 1].verdict;
        if (verdict == Verdict::kRegressed) painted = "\033[31m" + cell + "\033[0m";
        if (verdict == Verdict::kImproved) painted = "\033[32m" + cell + "\033[0m";
      }
      if (i > 0) line += "  ";
      line += LeftAligned(report, i, columns) ? painted + (last ? "" : padding) : padding + painted;
    }
    text += line + "\n";
    if (r == 0) continue;
    const ComparisonRow& row = report.rows[r - 1];
    for (const WorkChange& work : row.work_changes) {
      text += "  ! " + WorkChangeText(row, work, EscapeForDisplay) + "\n";
    }
    if (style.histograms && row.histogram) text += HistogramLines(row);
  }
  for (const GeomeanRow& row : report.geomeans) text += GeomeanLine(row, report, EscapeForDisplay);
  return text;
}

std::string FormatCompareMarkdown(const ComparisonReport& report) {
  std::string text;
  auto add_row = [&](const Cells& cells) {
    text += "|";
    for (const std::string& cell : cells) text += " " + cell + " |";
    text += "\n";
  };
  // The lines that say how rows are judged come first, as in the text report.
  text += Explanation(report, MarkdownName) + "\n";
  Cells header = Header(report);
  add_row(header);
  text += "|";
  for (size_t i = 0; i < header.size(); ++i) text += LeftAligned(report, i, header.size()) ? " --- |" : " ---: |";
  text += "\n";
  for (const ComparisonRow& row : report.rows) add_row(RowCells(report, row, MarkdownName));
  text += "\n";
  std::string notes;
  for (const ComparisonRow& row : report.rows) {
    for (const WorkChange& work : row.work_changes) {
      notes += "- " + MarkdownName(row.benchmark) + " " + MarkdownName(row.metric) + ": " +
               WorkChangeText(row, work, MarkdownName) + "\n";
    }
  }
  text += notes + (notes.empty() ? "" : "\n");
  for (const GeomeanRow& row : report.geomeans) text += "- " + GeomeanLine(row, report, MarkdownName);
  return text;
}

std::string FormatCompareJson(const ComparisonReport& report) {
  const CompareSettings& settings = report.settings;
  nlohmann::json json;
  json["schema"] = "timeit-compare/2";
  json["settings"] = {{"alpha", settings.alpha},
                      {"threshold", settings.threshold},
                      {"correction", stats::PAdjustMethodName(settings.correction)},
                      {"method", MannWhitneyMethodName(settings.method)},
                      {"policy", ComparePolicyName(settings.policy)},
                      {"sort", RowOrderName(settings.order)},
                      {"confidence", settings.confidence},
                      {"filter_hash", settings.filter_hash},
                      {"mad", "median(|x - median(x)|), unscaled"},
                      {"ratio", "Hodges-Lehmann estimate of new/base"},
                      {"outliers", StringPrintf("modified z-score 0.6745 (x - median) / MAD beyond %g; flagged, never "
                                                "removed",
                                                stats::kOutlierThreshold)},
                      {"work_changed", StringPrintf("of a row that regressed or improved: a work metric whose median "
                                                    "changed by more than %g%%, by a factor (max/min of its medians) "
                                                    "above the row's to the power %g, with a raw Mann-Whitney p "
                                                    "below alpha",
                                                    100 * kWorkChangeFloor, kWorkChangeFactor)}};
  nlohmann::json families = nlohmann::json::array();
  for (const MetricFamily& family : report.families) {
    families.push_back({{"metric", family.metric},
                        {"tested", family.tested},
                        {"family", family.family},
                        {"flagged", family.flagged},
                        {"too_few_runs", family.too_few},
                        {"lone_change_p", NumberOrNull(family.lone_change_p)},
                        {"cutoff", NumberOrNull(family.cutoff)},
                        {"interval_level", NumberOrNull(1 - family.cutoff)},
                        {"common_runs", {family.common_base_runs, family.common_new_runs}},
                        {"common_smallest_p", NumberOrNull(family.common_smallest_p)},
                        {"all_tested_lone_change_p", NumberOrNull(family.all_tested_lone_change_p)},
                        {"runs_needed", family.runs_needed}});
    AddNameBytes(families.back(), "metric", family.metric);
  }
  json["hosts"] = HostsJson(report);
  json["families"] = std::move(families);
  nlohmann::json host_warnings = HostWarningsJson(report);
  nlohmann::json rows = nlohmann::json::array();
  for (const ComparisonRow& row : report.rows) {
    nlohmann::json item = {{"benchmark", row.benchmark},
                           {"metric", row.metric.empty() ? nlohmann::json() : nlohmann::json(row.metric)},
                           {"verdict", VerdictName(row.verdict)},
                           {"base", SideJson(row.base)},
                           {"new", SideJson(row.candidate)},
                           {"min_change", NumberOrNull(row.min_change)},
                           {"median_change", NumberOrNull(row.median_change)}};
    AddNameBytes(item, "benchmark", row.benchmark);
    AddNameBytes(item, "metric", row.metric);
    if (row.test) {
      const Effect& effect = row.effect;
      item["u"] = row.test->u1;
      item["p"] = row.test->p_value;
      item["test_method"] = TestMethodName(*row.test);
      item["smallest_p"] = NumberOrNull(row.smallest_p);
      item["p_adjusted"] = NumberOrNull(row.p_adjusted);
      item["scale"] = ScaleName(effect.scale);
      item["ratio"] = NumberOrNull(effect.ratio);
      item["ratio_lower"] = NumberOrNull(effect.ratio_lower);
      item["ratio_upper"] = NumberOrNull(effect.ratio_upper);
      if (effect.scale == EffectScale::kDifference) {
        item["shift"] = NumberOrNull(effect.shift);
        item["shift_lower"] = NumberOrNull(effect.shift_lower);
        item["shift_upper"] = NumberOrNull(effect.shift_upper);
        item["detectable_shift"] = NumberOrNull(effect.detectable_shift);
      }
      if (const MetricFamily* family = FamilyOf(report, row.metric)) item["interval_level"] = 1 - family->cutoff;
      item["excludes_no_change"] = effect.excludes_no_change;
      item["detectable"] = NumberOrNull(effect.detectable);
    }
    if (row.lnt) {
      item["lnt"] = {{"current", row.lnt->current},
                     {"previous", row.lnt->previous},
                     {"delta", row.lnt->delta},
                     {"pct_delta", row.lnt->pct_delta},
                     {"stddev", row.lnt->stddev ? nlohmann::json(*row.lnt->stddev) : nlohmann::json()},
                     {"rule", lnt::RuleName(row.lnt->rule)}};
    }
    if (row.histogram) item["histogram"] = HistogramJson(*row.histogram);
    item["warnings"] = RowWarningsJson(row, host_warnings);
    rows.push_back(std::move(item));
  }
  json["rows"] = std::move(rows);
  nlohmann::json geomeans = nlohmann::json::array();
  for (const GeomeanRow& row : report.geomeans) {
    geomeans.push_back(
        {{"metric", row.metric},
         {"benchmarks", row.benchmarks},
         {"ratio", NumberOrNull(row.ratio)},
         {"lower", NumberOrNull(row.lower)},
         {"upper", NumberOrNull(row.upper)},
         {"interval", StringPrintf("percentile bootstrap over benchmarks, %d resamples", stats::kGeomeanResamples)}});
    AddNameBytes(geomeans.back(), "metric", row.metric);
  }
  json["geomeans"] = std::move(geomeans);
  if (settings.filter_hash) json["filtered"] = {{"same_hash", report.same_hash_dropped}};
  json["regressed"] = report.any_regressed();
  // A name that is not UTF-8 (a summary's metric, a file name) is written with U+FFFD, its
  // exact bytes beside it.
  return json.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

std::string FormatCompareCsv(const ComparisonReport& report) {
  std::string host_warnings = CsvHostWarnings(report);
  std::string text =
      "benchmark,metric,verdict,base_n,base_failed,base_min,base_median,base_mad,new_n,new_failed,new_min,"
      "new_median,new_mad,min_change,median_change,u,p,test_method,smallest_p,p_adjusted,scale,ratio,ratio_lower,"
      "ratio_upper,shift,shift_lower,shift_upper,interval_level,excludes_no_change,detectable,detectable_shift,"
      "lnt_current,lnt_previous,lnt_delta,lnt_pct_delta,lnt_stddev,lnt_rule,base_outliers,new_outliers,warnings\n";
  auto side = [](const SideSummary& s) {
    bool has = s.n > 0;
    return std::to_string(s.n) + "," + std::to_string(s.failed) + "," + (has ? CsvNumber(s.min) : "") + "," +
           (has ? CsvNumber(s.median) : "") + "," + (has ? CsvNumber(s.mad) : "");
  };
  for (const ComparisonRow& row : report.rows) {
    std::string line = CsvField(row.benchmark) + "," + CsvField(row.metric) + "," +
                       std::string(VerdictName(row.verdict)) + "," + side(row.base) + "," + side(row.candidate) + "," +
                       CsvNumber(row.min_change) + "," + CsvNumber(row.median_change) + ",";
    if (row.test) {
      const Effect& effect = row.effect;
      const MetricFamily* family = FamilyOf(report, row.metric);
      bool difference = effect.scale == EffectScale::kDifference;
      line += CsvNumber(row.test->u1) + "," + CsvNumber(row.test->p_value) + "," + TestMethodName(*row.test) + "," +
              CsvNumber(row.smallest_p) + "," + CsvNumber(row.p_adjusted) + "," + ScaleName(effect.scale) + "," +
              CsvNumber(effect.ratio) + "," + CsvNumber(effect.ratio_lower) + "," + CsvNumber(effect.ratio_upper) +
              "," +
              (difference
                   ? CsvNumber(effect.shift) + "," + CsvNumber(effect.shift_lower) + "," + CsvNumber(effect.shift_upper)
                   : ",,") +
              "," + (family ? CsvNumber(1 - family->cutoff) : "") + "," +
              (effect.excludes_no_change ? "true" : "false") + "," + CsvFiniteNumber(effect.detectable) + "," +
              (difference ? CsvFiniteNumber(effect.detectable_shift) : "") + ",";
    } else {
      line += ",,,,,,,,,,,,,,,,";
    }
    if (row.lnt) {
      const lnt::Comparison& lnt = *row.lnt;
      line += CsvNumber(lnt.current) + "," + CsvNumber(lnt.previous) + "," + CsvNumber(lnt.delta) + "," +
              CsvNumber(lnt.pct_delta) + "," + (lnt.stddev ? CsvNumber(*lnt.stddev) : "") + "," +
              CsvField(std::string(lnt::RuleName(lnt.rule)));
    } else {
      line += ",,,,,";
    }
    line += "," + std::to_string(row.base.outliers.size()) + "," + std::to_string(row.candidate.outliers.size()) + "," +
            CsvField(CsvWarnings(row, host_warnings));
    text += line + "\n";
  }
  for (const GeomeanRow& row : report.geomeans) {
    // The ratio and its interval in the ratio columns; everything else empty.
    text += "geomean," + CsvField(row.metric) + std::string(20, ',') + CsvNumber(row.ratio) + "," +
            CsvNumber(row.lower) + "," + CsvNumber(row.upper) + std::string(16, ',') + "\n";
  }
  return text;
}

}  // namespace timeit
