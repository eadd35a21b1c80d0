// file:// URIs, the names documents have in editors, and the paths they stand for.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace gpuasm::workspace {

/// A file:// URI for an absolute path, percent-encoding what RFC 3986 does not allow.
std::string fileUri(const std::string& absolutePath);

/// The absolute path of a file:// URI (percent-decoded; an authority other than "localhost" is
/// not a local file), none for another scheme or a malformed escape.
std::optional<std::string> pathOfFileUri(std::string_view uri);

}  // namespace gpuasm::workspace
