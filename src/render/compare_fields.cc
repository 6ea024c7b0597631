#include "compare_fields.h"

namespace timeit {

const MetricFamily* FamilyOf(const ComparisonReport& report, std::string_view metric) {
  for (const MetricFamily& family : report.families) {
    if (family.metric == metric) return &family;
  }
  return nullptr;
}

std::string TestMethodName(const stats::MannWhitneyResult& test) {
  return std::string(stats::MannWhitneyMethodName(test.exact ? stats::MannWhitneyMethod::kExact
                                                             : stats::MannWhitneyMethod::kAsymptotic));
}

const char* ScaleName(EffectScale scale) { return scale == EffectScale::kRatio ? "ratio" : "difference"; }

}  // namespace timeit
