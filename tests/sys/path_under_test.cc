#include "timeit/sys/path_under.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "temp_dir.h"

namespace timeit {
namespace {

namespace fs = std::filesystem;

TEST(PathUnderTest, GivesThePathBelowTheRoot) {
  testing::TempDir dir;
  fs::create_directories(dir.path() / "build/Single/Output");
  EXPECT_EQ(PathUnder(dir.File("build"), dir.File("build/Single/Output/pi.test.time")), "Single/Output/pi.test.time");
  // The file, and even directories of it, need not exist yet.
  EXPECT_EQ(PathUnder(dir.File("build"), dir.File("build/New/Output/x.time")), "New/Output/x.time");
}

TEST(PathUnderTest, LinksAndDotsChangeNothing) {
  testing::TempDir dir;
  fs::create_directories(dir.path() / "real/Single/Output");
  fs::create_directory_symlink(dir.path() / "real", dir.path() / "link");
  const std::string expected = "Single/Output/pi.time";
  EXPECT_EQ(PathUnder(dir.File("link"), dir.File("real/Single/Output/pi.time")), expected);
  EXPECT_EQ(PathUnder(dir.File("real"), dir.File("link/Single/Output/pi.time")), expected);
  EXPECT_EQ(PathUnder(dir.File("real/Single/.."), dir.File("real/./Single/Output/../Output/pi.time")), expected);
  // A ".." in the part that does not exist yet is resolved by its spelling.
  EXPECT_EQ(PathUnder(dir.File("real"), dir.File("real/Single/New/../Output/pi.time")), expected);
}

TEST(PathUnderTest, ALinkInTheFilesPlaceIsNotFollowed) {
  testing::TempDir dir;
  fs::create_directories(dir.path() / "build/Single/Output");
  fs::create_directories(dir.path() / "build/B/Output");
  fs::create_directories(dir.path() / "elsewhere");
  fs::create_symlink("../../B/Output/real.time", dir.path() / "build/Single/Output/alias.time");
  fs::create_symlink(dir.path() / "elsewhere/x.time", dir.path() / "build/Single/Output/out.time");
  // The same answer whether the target exists yet or not, and whether it is under the root.
  for (bool target_exists : {false, true}) {
    if (target_exists) {
      testing::WriteFile(dir.File("build/B/Output/real.time"), "");
      testing::WriteFile(dir.File("elsewhere/x.time"), "");
    }
    EXPECT_EQ(PathUnder(dir.File("build"), dir.File("build/Single/Output/alias.time")), "Single/Output/alias.time");
    EXPECT_EQ(PathUnder(dir.File("build"), dir.File("build/Single/Output/out.time")), "Single/Output/out.time");
  }
}

TEST(PathUnderTest, PathsElsewhereAreNotUnder) {
  testing::TempDir dir;
  fs::create_directories(dir.path() / "build");
  fs::create_directories(dir.path() / "build-other");
  EXPECT_EQ(PathUnder(dir.File("build"), dir.File("build-other/x.time")), std::nullopt);
  EXPECT_EQ(PathUnder(dir.File("build"), dir.File("x.time")), std::nullopt);
  EXPECT_EQ(PathUnder(dir.File("build"), dir.File("build/../x.time")), std::nullopt);
  EXPECT_EQ(PathUnder(dir.File("build"), dir.File("build")), std::nullopt);
}

TEST(PathUnderTest, ARootThatIsNoDirectoryIsAnError) {
  testing::TempDir dir;
  testing::WriteFile(dir.File("file"), "");
  for (const std::string& root : {dir.File("missing"), dir.File("file")}) {
    try {
      PathUnder(root, dir.File("x.time"));
      ADD_FAILURE() << "no error for " << root;
    } catch (const Error& error) {
      EXPECT_EQ(error.kind(), ErrorKind::kInput);
      EXPECT_NE(std::string(error.what()).find("'" + root + "'"), std::string::npos) << error.what();
    }
  }
}

}  // namespace
}  // namespace timeit
