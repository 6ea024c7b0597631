#include "timeit/history/null_table.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace timeit::history {
namespace {

const NullTableRow& Row(int hold, size_t length) {
  for (const NullTableRow& row : NullTable()) {
    if (row.min_hold == hold && static_cast<size_t>(row.length) == length) return row;
  }
  ADD_FAILURE() << "no row for h = " << hold << ", L = " << length;
  return NullTable()[0];
}

std::vector<double> QuantilesOf(const NullTableRow& row) {
  return std::vector<double>(row.quantiles.begin(), row.quantiles.begin() + row.quantile_count);
}

// The method's grid: every length 6 .. 64, then 64 2^(j / 4) rounded, j = 1 .. 16.
TEST(NullTableTest, LengthsAreTheGrid) {
  std::vector<size_t> grid;
  for (size_t length = 6; length <= 64; ++length) grid.push_back(length);
  for (int j = 1; j <= 16; ++j) grid.push_back(static_cast<size_t>(std::lround(64 * std::pow(2.0, j / 4.0))));
  EXPECT_EQ(std::vector<size_t>(kNullTableLengths.begin(), kNullTableLengths.end()), grid);
}

// A row for each hold and each length of two holds or more, with its replicates, the
// quantiles its replicates resolve (P R >= 10) and those increasing.
TEST(NullTableTest, HasEveryRowItShould) {
  size_t rows = 0;
  for (int hold : {3, 5}) {
    for (size_t length : kNullTableLengths) {
      if (length < 2 * static_cast<size_t>(hold)) continue;
      ++rows;
      const NullTableRow& row = Row(hold, length);
      EXPECT_EQ(static_cast<size_t>(row.replicates), NullTableReplicates(length));
      EXPECT_EQ(row.quantile_count, length <= 64 ? 12 : 9) << length;
      std::vector<double> quantiles = QuantilesOf(row);
      EXPECT_TRUE(std::is_sorted(quantiles.begin(), quantiles.end())) << length;
      EXPECT_GT(quantiles.front(), 0) << length;
    }
  }
  EXPECT_EQ(NullTable().size(), rows);
  EXPECT_EQ(NullTableSeed(60), (uint64_t{19} << 32) + 60);
}

// q(P) = sorted[R - round(P R)] for the P with P R >= 10: of 0 .. 999, 500 for P = 0.5 (500
// values at or above it), ..., 990 for P = 0.01; 0.005 would rest on 5 values.
TEST(NullTableTest, QuantilesOfASample) {
  std::vector<double> sorted;
  for (int i = 0; i < 1000; ++i) sorted.push_back(i);
  EXPECT_EQ(NullQuantiles(sorted), (std::vector<double>{500, 800, 900, 950, 980, 990}));
}

// Log-linear interpolation from (0, 1) through (1, 0.5), (2, 0.2), (3, 0.1), then a tail
// whose log is linear in m^2 through the last two points.
TEST(NullTableTest, RowPValueInterpolates) {
  const std::vector<double> quantiles = {1, 2, 3};
  EXPECT_EQ(RowPValue(0, quantiles), 1.0);
  EXPECT_EQ(RowPValue(-2, quantiles), 1.0);
  EXPECT_NEAR(RowPValue(0.5, quantiles), std::sqrt(0.5), 1e-15);
  EXPECT_NEAR(RowPValue(1, quantiles), 0.5, 1e-15);
  EXPECT_NEAR(RowPValue(1.5, quantiles), std::sqrt(0.5 * 0.2), 1e-15);
  EXPECT_NEAR(RowPValue(2.75, quantiles), std::exp(0.25 * std::log(0.2) + 0.75 * std::log(0.1)), 1e-15);
  EXPECT_NEAR(RowPValue(3, quantiles), 0.1, 1e-15);
  // ln p = ln 0.1 + (ln 0.1 - ln 0.2) / (9 - 4) (16 - 9): 0.1 0.5^1.4 at m = 4.
  EXPECT_NEAR(RowPValue(4, quantiles), 0.1 * std::pow(0.5, 1.4), 1e-15);
  // A flat top (two equal last quantiles) leaves nothing beyond it.
  EXPECT_EQ(RowPValue(2.5, std::vector<double>{1, 2, 2}), 0.0);
}

TEST(NullTableTest, PValueOfAStretchWithARow) {
  const NullTableRow& row = Row(3, 60);
  for (double m : {0.5, 2.1, 3.0, 3.5, 4.5, 6.0}) {
    EXPECT_EQ(NullPValue(m, 60, 3).p, RowPValue(m, QuantilesOf(row))) << m;
  }
  // At a tabulated quantile, its probability.
  EXPECT_NEAR(NullPValue(row.quantiles[5], 60, 3).p, 0.01, 1e-12);
  EXPECT_EQ(NullPValue(3.0, 60, 3).smallest_tabulated, 1e-4);
  EXPECT_EQ(NullPValue(3.0, 91, 5).smallest_tabulated, 1e-3);
  EXPECT_EQ(NullPValue(4.0, 91, 5).p, RowPValue(4.0, QuantilesOf(Row(5, 91))));
}

// Between two lengths of the table ln p is linear in ln L: 100 nights lies 0.546 of the way
// from 91 to 108 in ln L.
TEST(NullTableTest, PValueBetweenLengthsInterpolatesInLogLength) {
  for (double m : {2.0, 3.0, 3.8, 5.0}) {
    double low = RowPValue(m, QuantilesOf(Row(3, 91)));
    double high = RowPValue(m, QuantilesOf(Row(3, 108)));
    double w = std::log(100.0 / 91) / std::log(108.0 / 91);
    EXPECT_NEAR(NullPValue(m, 100, 3).p, std::exp((1 - w) * std::log(low) + w * std::log(high)), 1e-12) << m;
    // And in between the two.
    EXPECT_LE(NullPValue(m, 100, 3).p, std::max(low, high));
    EXPECT_GE(NullPValue(m, 100, 3).p, std::min(low, high));
  }
  // From 64 to 76 nights: the rows of 64 (down to 1e-4) and 76 (1e-3); a p below 1e-3 is a
  // bound there.
  EXPECT_EQ(NullPValue(3.0, 70, 3).smallest_tabulated, 1e-3);
}

// From 1024 nights on, the row of 1024 scaled by L / 1024, at most 1; its smallest
// tabulated probability scales too.
TEST(NullTableTest, PValueBeyondTheTableScalesWithLength) {
  const std::vector<double> row = QuantilesOf(Row(5, 1024));
  EXPECT_EQ(NullPValue(4.5, 1024, 5).p, RowPValue(4.5, row));
  EXPECT_NEAR(NullPValue(4.5, 2048, 5).p, 2 * RowPValue(4.5, row), 1e-15);
  EXPECT_EQ(NullPValue(1.0, 4096, 5).p, 1.0);
  EXPECT_NEAR(NullPValue(4.5, 2048, 5).smallest_tabulated, 2e-3, 1e-15);
  ScanPValue far = NullPValue(8.0, 1500, 5);
  EXPECT_TRUE(far.is_bound());
  EXPECT_FALSE(NullPValue(3.0, 1500, 5).is_bound());
}

// The compiled-in table against a new simulation of a few short lengths with another seed
// and 20,000 replicates: the share of new statistics at or above the table's q(P) is
// binomial, with a variance of R P (1 - P) from the new sample and R^2 P (1 - P) / R_table
// from the table's own error; the count must be within 5 of those standard deviations.
TEST(NullTableTest, ASecondSimulationAgrees) {
  const size_t replicates = 20000;
  struct Case {
    int hold;
    size_t length;
  };
  for (Case c : {Case{3, 6}, Case{3, 12}, Case{3, 30}, Case{5, 10}, Case{5, 20}}) {
    std::vector<double> sample = SimulateNullStatistics(c.length, c.hold, replicates, 20250619 + c.length);
    const NullTableRow& row = Row(c.hold, c.length);
    for (size_t j : {0, 2, 5}) {  // P = 0.5, 0.1, 0.01
      double p = kNullTableProbabilities[j];
      double at_or_above =
          static_cast<double>(sample.end() - std::lower_bound(sample.begin(), sample.end(), row.quantiles[j]));
      double r = static_cast<double>(replicates);
      double sd = std::sqrt(r * p * (1 - p) * (1 + r / row.replicates));
      EXPECT_NEAR(at_or_above, r * p, 5 * sd) << "h = " << c.hold << ", L = " << c.length << ", P = " << p;
    }
  }
}

// The table against the prototype's, an independent simulation of the same definition
// (numpy's PCG64 from SeedSequence([19, L]) and numpy's normals, in Python): its quantiles
// q(P), copied from /work/notes/history-proto/null_table.csv (built by build_tables.py there,
// R_py replicates, the grid and probabilities of its METHOD.md section 2.6). Read in this
// table, each must have a p within 5 standard errors of P: sqrt(P (1 - P) (1 / R_py + 1 / R)),
// the binomial errors of both tables.
TEST(NullTableTest, AgreesWithThePrototypesTable) {
  struct Quantile {
    int hold;
    size_t length;
    double replicates;
    double p;
    double q;
  };
  const Quantile kPrototype[] = {
      {3, 20, 1e5, 0.5, 1.709816},    {3, 20, 1e5, 0.1, 2.457668},   {3, 20, 1e5, 0.01, 3.086136},
      {3, 20, 1e5, 0.001, 3.468286},  {3, 60, 1e5, 0.5, 2.101134},   {3, 60, 1e5, 0.1, 2.828063},
      {3, 60, 1e5, 0.01, 3.527306},   {3, 60, 1e5, 0.001, 4.044758}, {5, 12, 1e5, 0.5, 1.088935},
      {5, 12, 1e5, 0.1, 1.960935},    {5, 12, 1e5, 0.01, 2.591270},  {5, 12, 1e5, 0.001, 2.907960},
      {5, 40, 1e5, 0.5, 1.838707},    {5, 40, 1e5, 0.1, 2.632642},   {5, 40, 1e5, 0.01, 3.344693},
      {5, 40, 1e5, 0.001, 3.877816},  {3, 91, 1e4, 0.5, 2.236502},   {3, 91, 1e4, 0.1, 2.964397},
      {3, 91, 1e4, 0.01, 3.636599},   {3, 256, 1e4, 0.5, 2.549985},  {3, 256, 1e4, 0.1, 3.198792},
      {3, 256, 1e4, 0.01, 3.873623},  {5, 1024, 1e4, 0.5, 2.883268}, {5, 1024, 1e4, 0.1, 3.469822},
      {5, 1024, 1e4, 0.01, 4.141438},
  };
  for (const Quantile& q : kPrototype) {
    double mine = static_cast<double>(NullTableReplicates(q.length));
    double sd = std::sqrt(q.p * (1 - q.p) * (1 / q.replicates + 1 / mine));
    EXPECT_NEAR(NullPValue(q.q, q.length, q.hold).p, q.p, 5 * sd)
        << "h = " << q.hold << ", L = " << q.length << ", P = " << q.p;
  }
}

}  // namespace
}  // namespace timeit::history
