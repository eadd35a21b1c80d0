// The first stage of reading the spec: text → definitions with their sections, lines and source
// positions, and nothing resolved yet. It knows the DSL's lexical shape (spec-catalog §1) and
// tolerates every irregularity of §1.8, reporting each as a diagnostic instead of failing.
// Resolution (types, inheritance, expressions, syntax forms) happens in InstrDb.
#pragma once

#include <gpuasm/isa/Diagnostic.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpuasm::isa {

/// Which `__Def…` (or gpuasm's `__Erratum`, `__DefAsmFacts`) header opened a definition.
enum class DefKind : std::uint8_t { BitFieldType, Group, Optype, Opcode, Erratum, AsmFacts };

/// One raw line with its position (line numbers are 1-based, as in an editor).
struct SpecLine {
  std::string text;
  std::uint32_t line = 0;
};

/// A `__Name` section of a definition with all lines up to the next section or definition.
struct SpecSection {
  std::string name;  ///< "Encoding", "Syntax", ... without the underscores
  SourcePos pos;     ///< position of the header
  std::vector<SpecLine> lines;
};

/// A `field<offset, width> Type name [= value | == value];` line (also used inside CMem).
struct FieldDecl {
  SourcePos pos;
  std::uint32_t offset = 0;
  std::uint32_t width = 0;
  std::string type;
  std::string name;                  ///< may be dotted: "ra.neg"
  std::optional<std::string> value;  ///< default (`=`) or fixed (`==`) value token
  bool fixed = false;                ///< `==`
};

/// An enumerator line of a `__DefBitFieldType` body: `NAME [= number];`.
struct EnumDecl {
  SourcePos pos;
  std::string name;
  std::optional<std::uint64_t> value;
};

/// One definition as written.
struct SpecDefinition {
  DefKind kind = DefKind::Group;
  std::string name;
  std::uint32_t width = 0;            ///< bit-field types only
  std::vector<std::string> parents;   ///< `: [A]`; errata may name several targets
  SourcePos pos;                      ///< position of the name in the header
  std::vector<EnumDecl> enumerators;  ///< bit-field types
  std::vector<FieldDecl> subFields;   ///< bit-field types with a `field<>` body (CMem)
  std::vector<SpecSection> sections;

  const SpecSection* section(std::string_view sectionName) const;
};

/// Everything read from one file.
struct SpecFileAst {
  std::uint32_t fileIndex = 0;
  std::vector<SpecDefinition> definitions;
};

/// Parses one file. Never throws; problems go to `sink` with positions in file `fileIndex`.
SpecFileAst parseSpecFile(std::uint32_t fileIndex, std::string_view text, DiagnosticSink& sink);

/// Parses one `field<…>` line (without its indentation); nullopt and a diagnostic when malformed.
std::optional<FieldDecl> parseFieldDecl(std::string_view line, SourcePos linePos, DiagnosticSink& sink);

/// Strips a trailing `// comment` that is not inside a string literal.
std::string_view stripLineComment(std::string_view line);

}  // namespace gpuasm::isa
