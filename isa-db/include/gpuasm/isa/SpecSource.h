// Where spec text comes from: the copy compiled into the binary (the embedded default) or a
// directory of files in the same DSL given with --spec-dir. Reading files is I/O, so failures
// are error values; the content itself is judged later by the parser, which never fails.
#pragma once

#include <expected>
#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::isa {

/// Whose document a spec file is: the user's ISA spec, or gpuasm's own prelude or errata.
enum class SpecFileRole : unsigned char { Spec, Prelude, Errata };

/// One spec file: a display name (used in diagnostics) and its full text.
struct SpecFile {
  std::string name;  ///< e.g. "isa-db/spec/000_ialu.txt"
  std::string text;
  SpecFileRole role = SpecFileRole::Spec;
};

/// The files compiled into the binary: the five spec files, prelude.isa and errata.isa.
std::vector<SpecFile> embeddedSpecFiles();

/// Role of a file given its base name: prelude.isa, errata.isa, anything else is spec text.
SpecFileRole roleForFileName(std::string_view baseName);

/// Reads every regular `*.txt` and `*.isa` file of `dir`, sorted by name. When the directory
/// has no prelude.isa or errata.isa, the embedded ones are added, so pointing --spec-dir at a
/// directory holding only the user's spec files works. Errors name the path and the reason.
std::expected<std::vector<SpecFile>, std::string> readSpecDir(const std::string& dir);

/// The spec's identity: the SHA-256 of the files' texts concatenated in their order (64 hex
/// digits). For the embedded spec, or a directory with its own prelude.isa and errata.isa, the
/// order is the files' names sorted bytewise, so `cat` of them in that order piped to sha256sum
/// gives the same digest.
std::string specDigest(const std::vector<SpecFile>& files);

}  // namespace gpuasm::isa
