// file:// URIs of both path styles (server/workspace/Uri.h). The expected URIs are RFC 8089's
// forms as VS Code writes them (its URI.file: the drive letter in lower case, ':' escaped).
#include <gpuasm/workspace/Uri.h>

#include <gtest/gtest.h>

namespace gpuasm::workspace {
namespace {

TEST(Uri, PosixPathsRoundTrip) {
  EXPECT_EQ(fileUri("/home/a b/k.asm", PathStyle::Posix), "file:///home/a%20b/k.asm");
  EXPECT_EQ(pathOfFileUri("file:///home/a%20b/k.asm", PathStyle::Posix), "/home/a b/k.asm");
  EXPECT_EQ(pathOfFileUri("file://localhost/k.asm", PathStyle::Posix), "/k.asm");
  // Another machine's file is not a local one.
  EXPECT_EQ(pathOfFileUri("file://server/share/k.asm", PathStyle::Posix), std::nullopt);
  // A backslash is a character of a POSIX name, not a separator.
  EXPECT_EQ(fileUri("/d/a\\b.asm", PathStyle::Posix), "file:///d/a%5Cb.asm");
}

TEST(Uri, WindowsDriveLetterPathsAsVsCodeWritesThem) {
  EXPECT_EQ(fileUri("C:\\Users\\me\\k.asm", PathStyle::Windows), "file:///c%3A/Users/me/k.asm");
  EXPECT_EQ(fileUri("D:/work/a b.asm", PathStyle::Windows), "file:///d%3A/work/a%20b.asm");
  EXPECT_EQ(pathOfFileUri("file:///c%3A/Users/me/k.asm", PathStyle::Windows), "c:/Users/me/k.asm");
  EXPECT_EQ(pathOfFileUri("file:///C:/work/k.asm", PathStyle::Windows), "C:/work/k.asm");
  // A path that is only a drive's root.
  EXPECT_EQ(pathOfFileUri("file:///e%3A/", PathStyle::Windows), "e:/");
}

TEST(Uri, WindowsSharesHaveTheirServerAsAuthority) {
  EXPECT_EQ(fileUri("\\\\server\\share\\k.asm", PathStyle::Windows), "file://server/share/k.asm");
  EXPECT_EQ(pathOfFileUri("file://server/share/k.asm", PathStyle::Windows), "//server/share/k.asm");
  EXPECT_EQ(pathOfFileUri("file://", PathStyle::Windows), std::nullopt);
}

}  // namespace
}  // namespace gpuasm::workspace
