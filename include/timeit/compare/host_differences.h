#pragma once

#include <string>
#include <vector>

#include "timeit/samples/samples.h"

/// Whether the machines behind two sides of a comparison differ in what makes numbers
/// comparable, from the host blocks their files carry.
namespace timeit {

/// A host field with more than one value among the hosts of a comparison: between the sides,
/// or within one side (runs pooled from several machines or set-ups).
struct HostDifference {
  /// The host block's key ("kernel").
  std::string field;
  /// The distinct values each side's hosts give, in the order met; empty when none of its
  /// hosts gives the field (a lit or LNT file, a VM without cpufreq): unknown is not
  /// different.
  std::vector<std::string> base;
  std::vector<std::string> candidate;
  /// Both sides give the field, and not the same values.
  bool sides_differ = false;
  /// A field that alone can make every row differ: cpu_model, kernel, cpu_governor,
  /// cpu_count. The others compared (hostname, machine, turbo, smt, aslr) are noted only.
  bool warned = false;
};

/// Every field, of those named above, that has more than one value between or within the
/// sides: the warned fields first, each group in the order above. Empty when every host of
/// both sides agrees (or no file says).
std::vector<HostDifference> HostDifferences(const SampleProvenance& base, const SampleProvenance& candidate);

}  // namespace timeit
