#include "timeit/render/compare_json.h"

#include <cmath>
#include <nlohmann/json.hpp>
#include <variant>

#include "compare_fields.h"
#include "json_fields.h"
#include "timeit/base/text_format.h"
#include "timeit/base/utf8.h"
#include "timeit/stats/geomean.h"
#include "timeit/stats/outliers.h"

namespace timeit {
namespace {

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

// The host warnings every row carries: "host-differs" for each field the sides differ in,
// "hosts-mixed" for each a side's hosts differ in among themselves.
nlohmann::json HostWarningsJson(const ComparisonReport& report) {
  nlohmann::json warnings = nlohmann::json::array();
  for (const Finding& finding : report.findings) {
    if (const auto* differ = std::get_if<HostsDiffer>(&finding)) {
      for (const HostDifference& difference : differ->fields) {
        warnings.push_back({{"kind", kHostDiffersWarning},
                            {"field", difference.field},
                            {"base", difference.base},
                            {"new", difference.candidate}});
      }
    } else if (const auto* mixed = std::get_if<HostsMixed>(&finding)) {
      for (const HostValues& field : mixed->fields) {
        warnings.push_back({{"kind", kHostsMixedWarning},
                            {"field", field.field},
                            {"side", CompareSideName(mixed->side)},
                            {"values", field.values}});
      }
    }
  }
  return warnings;
}

nlohmann::json RowWarningsJson(const ComparisonRow& row, const nlohmann::json& host_warnings) {
  nlohmann::json warnings = nlohmann::json::array();
  for (const WorkChange& work : row.work_changes) {
    warnings.push_back({{"kind", kWorkChangedWarning},
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

}  // namespace

std::string CompareJsonRenderer::Render(const ComparisonReport& report) const {
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
  return DumpReport(json);
}

}  // namespace timeit
