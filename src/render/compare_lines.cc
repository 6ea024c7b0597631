#include "compare_lines.h"

#include <algorithm>
#include <cmath>
#include <variant>

#include "timeit/base/text_format.h"
#include "timeit/render/number_text.h"
#include "timeit/stats/geomean.h"

namespace timeit {
namespace {

// A change and its interval: "[a, b]", with the end at `no_change` open when the interval
// excludes it; empty when the interval is unbounded.
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

// A side's values of one host field, quoted: 'Linux 6.1.0', 'Linux 6.5.0'.
std::string QuotedValues(const std::vector<std::string>& values, NameWriter name) {
  std::string text;
  for (const std::string& value : values) text += (text.empty() ? "'" : ", '") + name(value) + "'";
  return text;
}

// The fields of a host finding, each with its values: "kernel: base 'Linux 6.1.0', new
// 'Linux 6.5.0'" between the sides, "cpu_count: '2', '4'" within one.
std::string HostFieldsText(const HostsDiffer& differ, NameWriter name) {
  std::vector<std::string> parts;
  for (const HostDifference& difference : differ.fields) {
    parts.push_back(difference.field + ": base " + QuotedValues(difference.base, name) + ", new " +
                    QuotedValues(difference.candidate, name));
  }
  return Join(parts, "; ");
}

std::string HostFieldsText(const HostsMixed& mixed, NameWriter name) {
  std::vector<std::string> parts;
  for (const HostValues& field : mixed.fields) parts.push_back(field.field + ": " + QuotedValues(field.values, name));
  return Join(parts, "; ");
}

// The lines above the table: one for the fields that differ between the sides (they apply
// to every row), one per side that pooled several hosts.
std::string HostLines(const ComparisonReport& report, NameWriter name) {
  std::string text;
  for (const Finding& finding : report.findings) {
    if (const auto* differ = std::get_if<HostsDiffer>(&finding)) {
      text += "hosts differ: " + HostFieldsText(*differ, name) + " (every row may differ for that reason alone)\n";
    } else if (const auto* mixed = std::get_if<HostsMixed>(&finding)) {
      text += "hosts differ within " + std::string(CompareSideName(mixed->side)) + ": " + HostFieldsText(*mixed, name) +
              " (its runs were pooled from several machines or set-ups)\n";
    }
  }
  return text;
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

}  // namespace

std::string FamilyLine(const MetricFamily& family, NameWriter name) {
  std::string metric = name(family.metric);
  if (family.tested == 0) return metric + ": no benchmark has data on both sides\n";
  std::string line = metric + StringPrintf(": family of %zu of %zu tested rows; a lone change needs p < %.3g; ",
                                           family.family, family.tested, family.lone_change_p);
  line += StringPrintf("%zu vs %zu runs (the most common) give p >= %.3g", family.common_base_runs,
                       family.common_new_runs, family.common_smallest_p);
  if (!family.common_runs_suffice) line += ", too few for a lone change";
  if (family.runs_needed > 0) {
    line += StringPrintf("; %zu runs per side suffice", family.runs_needed) +
            AllTestedNote(family.family, family.tested, family.all_tested_lone_change_p);
  } else {
    line += "; no run count suffices";
  }
  line += StringPrintf("; %zu flagged, %zu too few runs; intervals at %s (p < %.3g flags)\n", family.flagged,
                       family.too_few, LevelPercent(family.cutoff).c_str(), family.cutoff);
  return line;
}

std::string FilterLine(const ComparisonReport& report) {
  if (!report.settings.filter_hash) return "";
  return StringPrintf("filter-hash: %zu benchmark%s left out, the same binary hash on both sides\n",
                      report.same_hash_dropped, report.same_hash_dropped == 1 ? "" : "s");
}

std::string MethodLines(const ComparisonReport& report) {
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
  return text;
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

bool LeftAligned(const ComparisonReport& report, size_t column, size_t columns) {
  return column < 2 || column + 1 == columns || (IsLnt(report) && column + 2 == columns);
}

std::string WorkChangeText(const ComparisonRow& row, const WorkChange& work, NameWriter name) {
  bool seconds = IsSeconds(work.metric);
  return name(work.metric) + ": " + Quantity(work.base_median, seconds, 3) + " -> " +
         Quantity(work.new_median, seconds, 3) + " (" + ShortPercent(work.change) + ", p = " + PValue(work.p) +
         ") while " + name(row.metric) + " " +
         ShortPercent(RelativeMedianChange(row.base.median, row.candidate.median)) + ": " + WorkReason(work.kind);
}

std::string Explanation(const ComparisonReport& report, NameWriter name) {
  std::string text = HostLines(report, name) + FilterLine(report) + MethodLines(report);
  if (IsLnt(report)) return text;  // LNT's rules have no families
  for (const MetricFamily& family : report.families) text += FamilyLine(family, name);
  return text;
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

std::string AllTestedNote(size_t family, size_t tested, double all_tested_lone_change_p) {
  if (family == tested) return "";
  return StringPrintf(" (a lone change needs p < %.3g once all %zu tested rows are in the family)",
                      all_tested_lone_change_p, tested);
}

}  // namespace timeit
