#include "timeit/compare/host_differences.h"

#include <gtest/gtest.h>

namespace timeit {
namespace {

using Host = std::map<std::string, std::string, std::less<>>;

SampleProvenance Hosts(std::initializer_list<Host> hosts) {
  SampleProvenance provenance;
  for (const Host& host : hosts) provenance.NoteHost(host);
  return provenance;
}

const Host kBot = {{"hostname", "bot1"},
                   {"kernel", "Linux 6.1.0"},
                   {"cpu_model", "Xeon"},
                   {"cpu_count", "2"},
                   {"cpu_governor", "performance"}};

Host With(Host host, const std::string& key, const std::string& value) {
  host[key] = value;
  return host;
}

TEST(HostDifferencesTest, NoneWhenHostsAgreeOrNoFileSays) {
  EXPECT_TRUE(HostDifferences(Hosts({}), Hosts({})).empty());
  EXPECT_TRUE(HostDifferences(Hosts({kBot}), Hosts({kBot})).empty());
  // lit's JSON has no host: unknown is not different.
  EXPECT_TRUE(HostDifferences(Hosts({kBot}), Hosts({})).empty());
  // Nor is a field one side does not give (a VM without cpufreq has no governor).
  Host vm = kBot;
  vm.erase("cpu_governor");
  EXPECT_TRUE(HostDifferences(Hosts({kBot}), Hosts({vm})).empty());
}

TEST(HostDifferencesTest, AFieldThatDecidesSpeedIsWarned) {
  std::vector<HostDifference> differences =
      HostDifferences(Hosts({kBot}), Hosts({With(kBot, "kernel", "Linux 6.5.0")}));
  ASSERT_EQ(differences.size(), 1u);
  EXPECT_EQ(differences[0].field, "kernel");
  EXPECT_EQ(differences[0].base, std::vector<std::string>{"Linux 6.1.0"});
  EXPECT_EQ(differences[0].candidate, std::vector<std::string>{"Linux 6.5.0"});
  EXPECT_TRUE(differences[0].sides_differ);
  EXPECT_TRUE(differences[0].warned);
}

TEST(HostDifferencesTest, OtherFieldsAreNotedNotWarned) {
  std::vector<HostDifference> differences =
      HostDifferences(Hosts({kBot}), Hosts({With(With(kBot, "hostname", "bot2"), "cpu_count", "4")}));
  ASSERT_EQ(differences.size(), 2u);
  // The warned fields first.
  EXPECT_EQ(differences[0].field, "cpu_count");
  EXPECT_TRUE(differences[0].warned);
  EXPECT_EQ(differences[1].field, "hostname");
  EXPECT_FALSE(differences[1].warned);
  EXPECT_TRUE(differences[1].sides_differ);
}

TEST(HostDifferencesTest, HostsMixedWithinASide) {
  // The base pooled a 2-CPU and a 4-CPU machine; the new side ran on the 2-CPU one.
  std::vector<HostDifference> differences = HostDifferences(Hosts({kBot, With(kBot, "cpu_count", "4")}), Hosts({kBot}));
  ASSERT_EQ(differences.size(), 1u);
  EXPECT_EQ(differences[0].base, (std::vector<std::string>{"2", "4"}));
  EXPECT_EQ(differences[0].candidate, std::vector<std::string>{"2"});
  EXPECT_TRUE(differences[0].sides_differ);
  // Both sides pooled the same two machines: they do not differ, but each is mixed.
  Host other = With(kBot, "cpu_model", "EPYC");
  differences = HostDifferences(Hosts({kBot, other}), Hosts({other, kBot}));
  ASSERT_EQ(differences.size(), 1u);
  EXPECT_EQ(differences[0].field, "cpu_model");
  EXPECT_FALSE(differences[0].sides_differ);
  EXPECT_EQ(differences[0].base.size(), 2u);
  EXPECT_EQ(differences[0].candidate.size(), 2u);
}

}  // namespace
}  // namespace timeit
