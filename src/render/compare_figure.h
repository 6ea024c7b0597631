#pragma once

#include <string>

#include "timeit/compare/comparison.h"

/// The figure of one comparison row, for the HTML page. Private to the render library.
namespace timeit {

/// An <svg> of `row`, about 620 x 96 px. Left, both sides' runs as dots on one axis of the
/// metric (in its unit; log scale where the values span a factor of 10 or more): the base
/// side's as blue circles in the upper lane, the new side's as orange squares in the lower
/// one, each jittered up and down within its lane by its run's place (deterministically)
/// so that equal values stay apart; an outlier as a × in its side's colour, kept in place;
/// each side's median as a vertical bar across its lane. Right, where the row has an
/// estimate, the change: the Hodges-Lehmann new/base (new - base for a change measured as a
/// shift) as a dot with its interval, coloured by the verdict, against a dashed line at no
/// change and a grey band of the changes within `threshold` of it. Empty when neither side
/// has a run.
std::string CompareRowFigure(const ComparisonRow& row, double threshold);

}  // namespace timeit
