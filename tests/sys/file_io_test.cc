#include "timeit/sys/file_io.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

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

}  // namespace
}  // namespace timeit
