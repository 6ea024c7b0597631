#include "timeit/render/compare_csv.h"

#include <cmath>
#include <variant>
#include <vector>

#include "compare_fields.h"
#include "timeit/base/escape.h"
#include "timeit/base/text_format.h"

namespace timeit {
namespace {

std::string CsvNumber(double value) {
  if (std::isnan(value)) return "";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  return StringPrintf("%.10g", value);
}

// Empty where the value is not finite, as the other formats show "-" or null: an unbounded
// interval leaves no detectable change.
std::string CsvFiniteNumber(double value) { return std::isfinite(value) ? CsvNumber(value) : ""; }

// The host warnings of every row: "host-differs kernel", "hosts-mixed base cpu_count".
std::vector<std::string> CsvHostWarnings(const ComparisonReport& report) {
  std::vector<std::string> warnings;
  for (const Finding& finding : report.findings) {
    if (const auto* differ = std::get_if<HostsDiffer>(&finding)) {
      for (const HostDifference& difference : differ->fields) {
        warnings.push_back(std::string(kHostDiffersWarning) + " " + difference.field);
      }
    } else if (const auto* mixed = std::get_if<HostsMixed>(&finding)) {
      for (const HostValues& field : mixed->fields) {
        warnings.push_back(std::string(kHostsMixedWarning) + " " + std::string(CompareSideName(mixed->side)) + " " +
                           field.field);
      }
    }
  }
  return warnings;
}

// A row's warnings in one field: "work-changed sys -0.7736 p=0.00018; host-differs kernel".
std::string CsvWarnings(const ComparisonRow& row, const std::vector<std::string>& host_warnings) {
  std::vector<std::string> warnings;
  for (const WorkChange& work : row.work_changes) {
    warnings.push_back(std::string(kWorkChangedWarning) + " " + work.metric + " " + CsvNumber(work.change) +
                       " p=" + CsvNumber(work.p));
  }
  warnings.insert(warnings.end(), host_warnings.begin(), host_warnings.end());
  return Join(warnings, "; ");
}

}  // namespace

std::string CompareCsvRenderer::Render(const ComparisonReport& report) const {
  std::vector<std::string> host_warnings = CsvHostWarnings(report);
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
              CsvField(lnt::RuleName(lnt.rule));
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
