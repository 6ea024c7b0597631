#pragma once

#include <cstddef>
#include <vector>

namespace timeit::stats::oracle {

// A test oracle for the exact null distribution of U without ties, deliberately computed by
// another algorithm than the library's (which multiplies out a Gaussian binomial
// polynomial, NoTieCumulativeCounts): the textbook recurrence
//   c(u; m, n) = c(u - n; m - 1, n) + c(u; m, n - 1),
// the largest value being either an x (above all n y's) or a y. Returns c(u; m, n) for
// u = 0 .. min(cells, m n + 1) - 1: all of them with cells = m n + 1, or only a lower tail.
// uint64_t counts are exact up to 20 x 20 (C(40, 20) ~ 1.4e11); long double ones are for
// sizes whose counts overflow any integer (all terms are positive, so nothing cancels).
template <typename Count>
std::vector<Count> RecurrenceUCounts(size_t m, size_t n, size_t cells) {
  // previous[k][u] = c(u; i - 1, k) while row i is built, for k = 0 .. n.
  std::vector<std::vector<Count>> previous(n + 1, std::vector<Count>(cells, 0));
  for (size_t k = 0; k <= n; ++k) previous[k][0] = 1;  // i = 0: no x, U = 0
  for (size_t i = 1; i <= m; ++i) {
    std::vector<std::vector<Count>> current(n + 1, std::vector<Count>(cells, 0));
    current[0][0] = 1;  // no y: U = 0
    for (size_t k = 1; k <= n; ++k) {
      for (size_t u = 0; u < cells && u <= i * k; ++u) {
        current[k][u] = current[k - 1][u] + (u >= k ? previous[k][u - k] : 0);
      }
    }
    previous = std::move(current);
  }
  std::vector<Count> counts = std::move(previous[n]);
  if (counts.size() > m * n + 1) counts.resize(m * n + 1);
  return counts;
}

}  // namespace timeit::stats::oracle
