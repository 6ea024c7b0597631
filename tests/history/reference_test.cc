#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "history/synthetic_nights.h"
#include "timeit/history/change_points.h"
#include "timeit/history/null_table.h"

// The C++ method against its Python reference: method.py, the executable form of the
// specification the library ports (the statistician's METHOD.md, kept with the prototype in
// /work/notes/history-proto). The same 20 series, drawn here by synthetic_nights.h and there
// by its transcription in reference_series.py, are analysed by both. The expected values
// below are that script's output:
//   /usr/bin/python3 tests/history/reference_series.py /work/notes/history-proto
//       src/history/null_table.inc
namespace timeit::history {
namespace {

using testing::Generate;
using testing::SyntheticSeries;

const double kLog103 = std::log(1.03);
const double kLog110 = std::log(1.10);

// The cases of reference_series.py's CASES, in its order.
const std::vector<SyntheticSeries> kCases = {
    {.seed = 101},
    {.seed = 102, .runs = 1, .within = 0.03},
    {.seed = 103, .levels = {{30, 60, kLog103}}},
    {.seed = 104, .within = 0.03, .levels = {{25, 60, kLog103}}},
    {.seed = 105, .runs = 1, .within = 0.03, .levels = {{40, 60, kLog110}}},
    {.seed = 106, .within = 0.05, .levels = {{20, 60, std::log(0.95)}}},
    {.seed = 107, .levels = {{57, 60, kLog110}}},
    {.seed = 108, .levels = {{30, 31, std::log(1.20)}}},
    {.seed = 109, .runs = 1, .levels = {{30, 31, std::log(1.20)}}},
    {.seed = 110, .heavy = true},
    {.seed = 111, .runs = 1, .heavy = true},
    {.seed = 112, .levels = {{20, 28, kLog110}}},
    {.seed = 113, .runs = 1, .levels = {{20, 28, kLog110}}},
    {.seed = 114, .levels = {{30, 60, kLog110}}, .gaps = {3, 9, 14, 22, 27, 30, 31, 38, 45, 50, 51, 58}},
    {.seed = 115, .runs = 3, .within = 0.02, .levels = {{20, 60, std::log(1.05)}, {45, 60, std::log(1.05)}}},
    {.seed = 116, .nights = 120, .runs = 5, .levels = {{70, 120, std::log(1.04)}}},
    {.seed = 117, .nights = 200, .levels = {{50, 200, std::log(1.05)}, {130, 200, std::log(0.97)}}},
    {.seed = 118, .within = 1.0, .between = 0.5, .levels = {{35, 60, 2.0}}, .linear = true},
    {.seed = 119, .runs_cycle = {1, 2, 5, 3, 8}, .within = 0.02, .levels = {{33, 60, std::log(1.06)}}},
    {.seed = 120, .nights = 12, .runs = 1, .levels = {{6, 12, std::log(1.30)}}},
    // Weak steps, whose p lie inside the table (1e-4 to 1e-2).
    {.seed = 132, .within = 0.03, .levels = {{30, 60, std::log(1.02)}}},
    {.seed = 139, .within = 0.03, .levels = {{30, 60, std::log(1.02)}}},
    {.seed = 142, .within = 0.03, .levels = {{30, 60, std::log(1.02)}}},
    {.seed = 138, .nights = 90, .runs = 3, .within = 0.03, .levels = {{60, 90, std::log(1.03)}}},
};

// What method.analyse reports of a change point: its night, direction (+1 up, -1 down),
// the levels either side, the Hodges-Lehmann ratio (the shift in linear mode), the nights
// held, and its p (extrapolated below the table) with the prototype's own null table
// (null_table.csv: numpy's PCG64 from seed 19) and with this library's
// (src/history/null_table.inc) read in its place.
struct Expected {
  size_t index;
  int direction;
  double before;
  double after;
  double estimate;
  size_t held;
  double p_prototype_table;
  double p_library_table;
};

const std::vector<std::vector<Expected>> kExpected = {
    {},  // case 0
    {},  // case 1
    {{30, 1, 0.249060109102657, 0.25834732579212827, 1.0350044450034925, 30, 4.7470463274661463e-10,
      6.9605019186784305e-12}},  // case 2
    {{25, 1, 0.25051970042600602, 0.25817164939750503, 1.0270914496184547, 35, 3.8592748542841899e-07,
      5.0480622899309405e-08}},  // case 3
    {{40, 1, 0.25023553655929676, 0.2775006648553458, 1.1084633987237102, 20, 5.8339816792993356e-10,
      2.4040333161189529e-30}},  // case 4
    {{20, -1, 0.25020686010025894, 0.23759337429458854, 0.94845054908019943, 40, 3.1126247654211753e-08,
      1.7892038784323975e-09}},  // case 5
    {{57, 1, 0.25031405651219235, 0.27490391045759544, 1.1001342914576726, 3, 9.5486544234670384e-11,
      8.2926985878770891e-13}},  // case 6
    {{52, -1, 0.25027675622223922, 0.24712844889710206, 0.98584341037230905, 8, 0.00033677188084262739,
      0.00042493675977295841}},  // case 7
    {},                          // case 8
    {},                          // case 9
    {},                          // case 10
    {{20, 1, 0.25066555512432137, 0.27389069032129282, 1.0951654892940752, 8, 6.03024583243117e-09,
      7.611870151997904e-09},
     {28, -1, 0.27389069032129282, 0.25083478145476917, 0.91390829443762467, 32, 7.7207533626614739e-11,
      7.6460076494247302e-10}},  // case 11
    {{20, 1, 0.25024701910581498, 0.273766134877101, 1.0982010944776797, 8, 6.0495599458742629e-09,
      5.0863190502886579e-11},
     {28, -1, 0.273766134877101, 0.24885494085486443, 0.90560940305648863, 32, 1.3218586871577104e-11,
      4.9785146966669617e-11}},  // case 12
    {{32, 1, 0.25048713900807534, 0.27403614670014892, 1.0936060061620119, 23, 2.1215669148462613e-14,
      2.8984258979841401e-13}},  // case 13
    {{19, 1, 0.25031547834869056, 0.25989093318569828, 1.0422918322473884, 25, 5.7749806944309041e-07,
      7.9803876442254824e-07},
     {44, 1, 0.25989093318569828, 0.2771100730301681, 1.0652616643008423, 16, 2.3888511616257546e-10,
      3.0710752363419602e-08}},  // case 14
    {{70, 1, 0.25000472140506041, 0.26080248075333312, 1.0420508955744956, 50, 5.2283138608796317e-24,
      2.0094735021268025e-26}},  // case 15
    {{50, 1, 0.249540757451366, 0.26239906445279865, 1.0514228837646327, 80, 7.0971604670771067e-32,
      2.4651722141107336e-36},
     {130, -1, 0.26239906445279865, 0.25494698625809714, 0.97129580795028359, 70, 1.5558273100129601e-27,
      7.0413642253849147e-20}},  // case 16
    {{35, 1, -0.015205271745586446, 1.8719600692288563, 1.963296138247471, 25, 2.5127583123467353e-10,
      2.9932298213963227e-12}},  // case 17
    {{33, 1, 0.25125850831906871, 0.26645640262735748, 1.0612104577501587, 27, 1.4739216982317018e-10,
      1.4750296150278308e-12}},  // case 18
    {{6, 1, 0.25050820162151871, 0.33026541488813266, 1.3154383483158987, 6, 2.058878705085868e-06,
      4.9518400031021167e-06}},  // case 19
    {{29, 1, 0.25094135095181253, 0.2555189162416987, 1.0168636059435074, 31, 0.00092874574418773273,
      0.0011247505969994743}},  // case 20
    {{14, 1, 0.24816686390557793, 0.25360172885268656, 1.0175005049701291, 46, 0.0031649246937811674,
      0.0033091813837807247}},  // case 21
    {{27, 1, 0.24985371162392545, 0.25529506150185066, 1.0201230079474499, 33, 0.0014367549574248199,
      0.0016641735945266266}},  // case 22
    {{61, 1, 0.25145297470468619, 0.25633788089764281, 1.0236833759692729, 29, 0.00067990298234477488,
      0.00037528517270559445}},  // case 23
};

// Same series, same method: the same change points.
void ExpectSameChanges(const SeriesAnalysis& analysis, const std::vector<Expected>& expected) {
  ASSERT_EQ(analysis.change_points.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    const ChangePoint& change = analysis.change_points[i];
    EXPECT_EQ(change.index, expected[i].index);
    EXPECT_EQ(change.increased, expected[i].direction > 0);
    EXPECT_EQ(change.held, expected[i].held);
    EXPECT_NEAR(change.before, expected[i].before, 1e-12 * std::fabs(expected[i].before));
    EXPECT_NEAR(change.after, expected[i].after, 1e-12 * std::fabs(expected[i].after));
    EXPECT_NEAR(change.estimate, expected[i].estimate, 1e-12 * std::fabs(expected[i].estimate));
  }
}

// On the same table the p-values agree but for rounding (the statistics are summed in
// another order).
TEST(ReferenceTest, AgreesWithThePythonReferenceOnTheSameTable) {
  ASSERT_EQ(kCases.size(), kExpected.size());
  for (size_t c = 0; c < kCases.size(); ++c) {
    SCOPED_TRACE("case " + std::to_string(c));
    SeriesAnalysis analysis = AnalyseSeries(Generate(kCases[c]));
    ExpectSameChanges(analysis, kExpected[c]);
    for (size_t i = 0; i < analysis.change_points.size() && i < kExpected[c].size(); ++i) {
      double expected = kExpected[c][i].p_library_table;
      EXPECT_NEAR(analysis.change_points[i].p_estimate, expected, 1e-9 * expected);
    }
  }
}

// On another table (another generator and seed, the same definition), p-values that agree
// within the error of two Monte Carlo tables. At a p of P read in rows of R replicates each,
// each table's ln p has a standard error of about sqrt((1 - P) / (P R)) (the binomial error
// of the count above the quantile); the test allows 5 of those of the difference. p below
// the smallest tabulated probability are bounds in both, compared at that probability.
TEST(ReferenceTest, AgreesWithThePythonReferenceOnItsOwnTable) {
  int inside_table = 0;
  for (size_t c = 0; c < kCases.size(); ++c) {
    SCOPED_TRACE("case " + std::to_string(c));
    SeriesAnalysis analysis = AnalyseSeries(Generate(kCases[c]));
    for (size_t i = 0; i < analysis.change_points.size() && i < kExpected[c].size(); ++i) {
      const ChangePoint& change = analysis.change_points[i];
      size_t left = i > 0 ? analysis.change_points[i - 1].position : 0;
      size_t length = change.position + change.held - left;
      // The smallest tabulated probability of the stretch, whatever the statistic.
      double smallest = NullPValue(1, length, analysis.min_hold).smallest_tabulated;
      double mine = std::max(change.p_estimate, smallest);
      double theirs = std::max(kExpected[c][i].p_prototype_table, smallest);
      double at = std::min(mine, theirs);
      double replicates = static_cast<double>(NullTableReplicates(length));
      double tolerance = 5 * std::sqrt(2 * (1 - at) / (at * replicates));
      EXPECT_LE(std::fabs(std::log(mine / theirs)), tolerance) << change.p_estimate << " against " << theirs;
      inside_table += mine > smallest && theirs > smallest ? 1 : 0;
    }
  }
  EXPECT_GE(inside_table, 4);  // the comparison of p is not only of bounds
}

}  // namespace
}  // namespace timeit::history
