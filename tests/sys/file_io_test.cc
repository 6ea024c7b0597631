#include "timeit/sys/file_io.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "temp_dir.h"
#include "timeit/sys/unique_fd.h"

namespace timeit {
namespace {

using testing::TempDir;

TEST(FileIoTest, WriteTextFileTruncatesOrAppends) {
  TempDir dir;
  std::string path = dir.File("out");
  WriteTextFile(path, "first line\n", O_TRUNC);
  WriteTextFile(path, "short\n", O_TRUNC);
  EXPECT_EQ(testing::ReadFile(path), "short\n");
  WriteTextFile(path, "exit 0\n", O_APPEND);
  EXPECT_EQ(testing::ReadFile(path), "short\nexit 0\n");
}

TEST(FileIoTest, ReadAllReadsPastOneBuffer) {
  TempDir dir;
  std::string path = dir.File("big");
  std::string content(200000, 'x');
  content.back() = 'y';
  WriteTextFile(path, content, O_TRUNC);
  UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  ASSERT_TRUE(fd);
  EXPECT_EQ(ReadAll(fd.get(), path, ErrorKind::kInput), content);
}

TEST(FileIoTest, ErrorsNameTheFile) {
  try {
    WriteTextFile("/nonexistent/dir/out", "x", O_TRUNC);
    FAIL() << "no error";
  } catch (const Error& error) {
    EXPECT_EQ(error.kind(), ErrorKind::kSystem);
    EXPECT_STREQ(error.what(), "cannot open '/nonexistent/dir/out': No such file or directory");
  }
  UniqueFd write_only(::open("/dev/null", O_WRONLY | O_CLOEXEC));
  try {
    ReadAll(write_only.get(), "/dev/null", ErrorKind::kInput);
    FAIL() << "no error";
  } catch (const Error& error) {
    EXPECT_EQ(error.kind(), ErrorKind::kInput);
    EXPECT_STREQ(error.what(), "cannot read '/dev/null': Bad file descriptor");
  }
}

TEST(FileIoTest, ReplaceFileReplacesWholeAndLeavesNothingBeside) {
  TempDir dir;
  std::string path = dir.File("report");
  ReplaceFile(path, "first, and longer\n");
  ReplaceFile(path, "second\n");
  EXPECT_EQ(testing::ReadFile(path), "second\n");
  size_t entries = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(dir.path())) ++entries;
  EXPECT_EQ(entries, 1u);
}

TEST(FileIoTest, ReplaceFileFailureLeavesTheTargetAndNoNewFile) {
  TempDir dir;
  // rename(2) refuses to put a file in a directory's place (EISDIR): the new file is
  // written, and the rename fails.
  std::string directory = dir.File("taken");
  std::filesystem::create_directory(directory);
  WriteTextFile(directory + "/inside", "x", O_TRUNC);
  EXPECT_THROW(ReplaceFile(directory, "new\n"), Error);
  EXPECT_EQ(testing::ReadFile(directory + "/inside"), "x");
  size_t entries = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(dir.path())) ++entries;
  EXPECT_EQ(entries, 1u);
  try {
    ReplaceFile("/nonexistent/dir/out", "x");
    FAIL() << "no error";
  } catch (const Error& error) {
    EXPECT_EQ(error.kind(), ErrorKind::kSystem);
    EXPECT_NE(std::string(error.what()).find("'/nonexistent/dir/out'"), std::string::npos) << error.what();
  }
}

}  // namespace
}  // namespace timeit
