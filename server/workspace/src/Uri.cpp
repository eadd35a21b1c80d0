// file:// URIs (see Uri.h).
#include <gpuasm/workspace/Uri.h>

#include <cctype>

namespace gpuasm::workspace {

namespace {

bool isDriveLetterPath(std::string_view path) {
  return path.size() >= 2 && std::isalpha(static_cast<unsigned char>(path[0])) != 0 && path[1] == ':';
}

}  // namespace

std::string fileUri(const std::string& absolutePath, PathStyle style) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string uri = "file://";
  std::string path = absolutePath;
  if (style == PathStyle::Windows) {
    for (char& c : path)
      if (c == '\\') c = '/';
    if (isDriveLetterPath(path)) {
      path[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(path[0])));
      path.insert(0, "/");
    } else if (path.starts_with("//")) {
      path.erase(0, 2);  // a share: its server is the URI's authority
    }
  }
  for (const char ch : path) {
    const auto c = static_cast<unsigned char>(ch);
    if (std::isalnum(c) != 0 || c == '/' || c == '-' || c == '.' || c == '_' || c == '~') {
      uri += ch;
    } else {
      uri += '%';
      uri += kHex[c >> 4];
      uri += kHex[c & 0xF];
    }
  }
  return uri;
}

std::optional<std::string> pathOfFileUri(std::string_view uri, PathStyle style) {
  constexpr std::string_view kScheme = "file://";
  if (uri.size() < kScheme.size() || uri.substr(0, kScheme.size()) != kScheme) return std::nullopt;
  std::string_view rest = uri.substr(kScheme.size());
  if (rest.starts_with("localhost/")) rest.remove_prefix(std::string_view("localhost").size());
  std::string path;
  if (!rest.starts_with('/')) {
    if (style == PathStyle::Posix || rest.empty()) return std::nullopt;
    path = "//";  // Windows: file://server/share/f is the share's file
  }
  auto hex = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  for (std::size_t i = 0; i < rest.size(); ++i) {
    if (rest[i] != '%') {
      path += rest[i];
      continue;
    }
    if (i + 2 >= rest.size() || hex(rest[i + 1]) < 0 || hex(rest[i + 2]) < 0) return std::nullopt;
    path += static_cast<char>(hex(rest[i + 1]) * 16 + hex(rest[i + 2]));
    i += 2;
  }
  // Windows: /c:/d/f is the drive's path c:/d/f.
  if (style == PathStyle::Windows && path.starts_with('/') &&
      isDriveLetterPath(std::string_view(path).substr(1)))
    path.erase(0, 1);
  return path;
}

}  // namespace gpuasm::workspace
