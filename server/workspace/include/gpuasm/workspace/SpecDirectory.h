// Which spec directory a file uses: the one rule of the command line and the language server
// (docs/PROTOCOL.md: `--spec-dir`, and "A document's spec"). A file's spec is the `specDir` of the
// gpuasm.json nearest upward from the file's folder; an override wins over it — `--spec-dir` on the command
// line, the client's `gpuasm.specDir` setting in the editor; with neither, the fallback: the
// embedded spec (the server: its own `--spec-dir`, else the embedded one). `gpuasm check`, `asm`,
// `run`, `test`, `--version` (tool/SpecCommand.cpp, tool/CommandLine.cpp) and each document the
// server opens (Workspace::sessionFor, SpecSession::resolve) ask here; none searches on its own.
#pragma once

#include <expected>
#include <optional>
#include <string>

namespace gpuasm::workspace {

/// The gpuasm.json in `folder` or in its nearest ancestor that has one (the root included), as an
/// absolute, lexically normal path; none when no folder up to the root holds one. Only looks:
/// the file is read by specDirOf.
std::optional<std::string> nearestProjectFile(const std::string& folder);

/// A spec directory and what named it.
struct SpecDirChoice {
  std::optional<std::string> dir;  ///< the spec directory; none: the fallback
  std::string namedBy;             ///< the gpuasm.json that named `dir`; empty for an override
  friend bool operator==(const SpecDirChoice&, const SpecDirChoice&) = default;
};

/// The spec directory the gpuasm.json at `projectFile` names (absolute, normalised), or none
/// when it names none; an error, naming the file, when it cannot be read or is malformed.
std::expected<SpecDirChoice, std::string> specDirOf(const std::string& projectFile);

/// The rule: `override` when there is one, as given; else specDirOf the gpuasm.json nearest
/// upward from `folder` (nearestProjectFile); else none, the fallback.
std::expected<SpecDirChoice, std::string> chooseSpecDir(const std::optional<std::string>& override,
                                                        const std::string& folder);

}  // namespace gpuasm::workspace
