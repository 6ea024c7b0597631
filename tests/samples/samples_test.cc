#include "timeit/samples/samples.h"

#include <gtest/gtest.h>

namespace timeit {
namespace {

TEST(SampleProvenanceTest, WrittenRunsWidenTheSpanAndKeepTheFileOfEachEnd) {
  SampleProvenance provenance;
  provenance.NoteWrittenRuns("a.json", "2026-12-01T08:00:00Z", "2026-12-01T08:10:00Z");
  provenance.NoteWrittenRuns("b.json", "2026-12-01T08:05:00Z", "2026-12-01T08:20:00Z");
  provenance.NoteWrittenRuns("c.json", "2026-12-01T07:00:00Z", "2026-12-01T07:10:00Z");
  EXPECT_EQ(provenance.written_first_start, "2026-12-01T07:00:00Z");
  EXPECT_EQ(provenance.written_first_start_file, "c.json");
  EXPECT_EQ(provenance.written_last_end, "2026-12-01T08:20:00Z");
  EXPECT_EQ(provenance.written_last_end_file, "b.json");
  // A start not known leaves the start as it was.
  provenance.NoteWrittenRuns("d.json", "", "2026-12-01T09:00:00Z");
  EXPECT_EQ(provenance.written_first_start_file, "c.json");
  EXPECT_EQ(provenance.written_last_end_file, "d.json");
  // Recorded starts are apart from them.
  EXPECT_EQ(provenance.first_start, "");
}

TEST(SampleSetTest, AbsorbKeepsTheOtherSetsWrittenRuns) {
  SampleSet into;
  into.provenance().NoteWrittenRuns("a.json", "2026-12-01T08:00:00Z", "2026-12-01T08:10:00Z");
  SampleSet other;
  other.provenance().NoteWrittenRuns("b.time", "2026-12-01T07:59:00Z", "2026-12-01T08:01:00Z");
  other.provenance().NoteStart("2026-12-01T09:00:00Z");
  into.Absorb(other);
  const SampleProvenance& provenance = into.provenance();
  EXPECT_EQ(provenance.written_first_start, "2026-12-01T07:59:00Z");
  EXPECT_EQ(provenance.written_first_start_file, "b.time");
  EXPECT_EQ(provenance.written_last_end, "2026-12-01T08:10:00Z");
  EXPECT_EQ(provenance.written_last_end_file, "a.json");
  EXPECT_EQ(provenance.first_start, "2026-12-01T09:00:00Z");
}

TEST(SampleProvenanceTest, LabelsAreKeptOnceEachInTheOrderMet) {
  SampleSet into;
  into.provenance().NoteLabel("r100");
  into.provenance().NoteLabel("");  // says nothing
  into.provenance().NoteLabel("r101");
  into.provenance().NoteLabel("r100");
  SampleSet other;
  other.provenance().NoteLabel("r101");
  other.provenance().NoteLabel("r102");
  into.Absorb(other);
  EXPECT_EQ(into.provenance().labels, (std::vector<std::string>{"r100", "r101", "r102"}));
}

}  // namespace
}  // namespace timeit
