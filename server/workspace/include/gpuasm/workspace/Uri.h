// file:// URIs, the names documents have in editors, and the paths they stand for.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace gpuasm::workspace {

/// How the machine spells absolute paths: POSIX (`/dir/file`) or Windows (`C:\dir\file`,
/// `C:/dir/file`, `\\server\share\file`). The host's is the default; the other is there for
/// tests, which run on one machine.
enum class PathStyle { Posix, Windows };
#ifdef _WIN32
inline constexpr PathStyle kHostPathStyle = PathStyle::Windows;
#else
inline constexpr PathStyle kHostPathStyle = PathStyle::Posix;
#endif

/// A file:// URI for an absolute path, percent-encoding what RFC 3986 does not allow. A Windows
/// path is written as VS Code writes it: `C:\d\f.asm` is `file:///c%3A/d/f.asm` (the drive
/// letter in lower case), `\\server\share\f.asm` is `file://server/share/f.asm`.
std::string fileUri(const std::string& absolutePath, PathStyle style = kHostPathStyle);

/// The absolute path of a file:// URI (percent-decoded), none for another scheme or a malformed
/// escape. POSIX: an authority other than "localhost" is not a local file. Windows:
/// `file:///c%3A/d/f.asm` is `c:/d/f.asm` (Windows takes '/' for '\'), an authority is a
/// server's share (`//server/share/f.asm`).
std::optional<std::string> pathOfFileUri(std::string_view uri, PathStyle style = kHostPathStyle);

}  // namespace gpuasm::workspace
