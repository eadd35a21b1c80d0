// Line-oriented reader of the spec DSL. A definition starts at a column-0 `__Def…` (or
// `__Erratum`) header and runs to the next one; inside it, `__Name` lines open sections, at
// any indentation. Section bodies are kept as raw lines with their line numbers, because their
// meaning (DSL statements vs prose) depends on the section and is decided by the builder.
#include <gpuasm/isa/SpecParser.h>

#include "TextUtil.h"

#include <algorithm>
#include <array>
#include <string>

namespace gpuasm::isa {

using text::Cursor;

std::string_view stripLineComment(std::string_view line) {
  bool inString = false;
  for (std::size_t i = 0; i + 1 < line.size(); ++i) {
    if (line[i] == '"') inString = !inString;
    if (!inString && line[i] == '/' && line[i + 1] == '/') return line.substr(0, i);
  }
  return line;
}

const SpecSection* SpecDefinition::section(std::string_view sectionName) const {
  for (const auto& s : sections)
    if (s.name == sectionName) return &s;
  return nullptr;
}

namespace {

constexpr std::array kKnownSections = {"Encoding", "Syntax", "Description", "OperandInfo", "ModifierInfo",
                                       "Semantics", "Examples", "Exception", "Simulation",
                                       // gpuasm's errata sections
                                       "Problem", "Decision", "Affects", "Aliases", "Rules",
                                       // gpuasm's __DefAsmFacts sections (prelude.isa)
                                       "Registers", "Operands", "AsmFormat", "Placeholders"};

bool isKnownSection(std::string_view name) {
  for (const char* s : kKnownSections)
    if (name == s) return true;
  return false;
}

struct HeaderKind {
  std::string_view keyword;
  DefKind kind;
};
constexpr std::array kHeaders = {HeaderKind{"__DefBitFieldType", DefKind::BitFieldType},
                                 HeaderKind{"__DefGroup", DefKind::Group},
                                 HeaderKind{"__DefOptype", DefKind::Optype},
                                 HeaderKind{"__DefOpcode", DefKind::Opcode},
                                 HeaderKind{"__Erratum", DefKind::Erratum},
                                 HeaderKind{"__DefAsmFacts", DefKind::AsmFacts}};

class Parser {
 public:
  Parser(std::uint32_t file, std::string_view text, DiagnosticSink& sink)
      : file_(file), text_(text), sink_(sink) {}

  SpecFileAst run() {
    ast_.fileIndex = file_;
    splitLines();
    for (std::size_t i = 0; i < lines_.size(); ++i) handleLine(lines_[i], static_cast<std::uint32_t>(i + 1));
    finishDefinition();
    return std::move(ast_);
  }

 private:
  SourcePos at(std::uint32_t line, std::uint32_t column = 1) const { return {file_, line, column}; }

  void splitLines() {
    std::size_t start = 0;
    while (start <= text_.size()) {
      const std::size_t nl = text_.find('\n', start);
      if (nl == std::string_view::npos) {
        if (start < text_.size()) lines_.push_back(text_.substr(start));
        break;
      }
      std::string_view line = text_.substr(start, nl - start);
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      lines_.push_back(line);
      start = nl + 1;
    }
    if (!text_.empty() && text_.back() != '\n')
      sink_.note(
          at(static_cast<std::uint32_t>(lines_.size()), static_cast<std::uint32_t>(lines_.back().size() + 1)),
          SpecCode::NoFinalNewline, "file does not end with a newline");
    if (!lines_.empty() && text::trim(lines_.front()).empty())
      sink_.note(at(1), SpecCode::LeadingBlankLine, "file starts with an empty line");
  }

  void handleLine(std::string_view line, std::uint32_t lineNo) {
    if (line.starts_with("__")) {
      for (const auto& h : kHeaders) {
        if (line.starts_with(h.keyword) &&
            (line.size() == h.keyword.size() || text::isBlank(line[h.keyword.size()]))) {
          openDefinition(h.kind, line, h.keyword.size(), lineNo);
          return;
        }
      }
      if (line.starts_with("__Def")) {
        sink_.error(at(lineNo), SpecCode::UnknownDefinition,
                    "unknown definition keyword '" + std::string(text::Cursor(line).dottedWord()) + "'");
        finishDefinition();
        current_ = nullptr;
        return;
      }
    }
    const std::string_view trimmed = text::trim(line);
    if (!line.empty() && trimmed.empty())
      sink_.note(at(lineNo), SpecCode::WhitespaceOnlyLine, "line holds only whitespace");
    if (isSectionHeader(trimmed)) {
      openSection(trimmed, line, lineNo);
      return;
    }
    if (current_ == nullptr) {
      if (!trimmed.empty() && !trimmed.starts_with("//"))
        sink_.error(at(lineNo, text::indentOf(line) + 1), SpecCode::TextOutsideDefinition,
                    "text outside any definition is ignored");
      return;
    }
    if (current_->sections.empty()) {
      bodyLine(line, trimmed, lineNo);
      return;
    }
    current_->sections.back().lines.push_back({std::string(line), lineNo});
  }

  static bool isSectionHeader(std::string_view trimmed) {
    if (trimmed.size() < 3 || !trimmed.starts_with("__")) return false;
    const std::string_view name = stripLineComment(trimmed.substr(2));
    const std::string_view n = text::trim(name);
    if (n.empty() || !text::isWordStart(n[0])) return false;
    for (char c : n)
      if (!text::isWordChar(c)) return false;
    return !n.starts_with("Def");
  }

  void openSection(std::string_view trimmed, std::string_view line, std::uint32_t lineNo) {
    if (current_ == nullptr) {
      sink_.error(at(lineNo), SpecCode::SectionOutsideDefinition, "section header outside any definition");
      return;
    }
    const std::string name(text::trim(stripLineComment(trimmed.substr(2))));
    const std::uint32_t indent = text::indentOf(line);
    const SourcePos pos = at(lineNo, indent + 1);
    if (indent == 0)
      sink_.warning(pos, SpecCode::SectionHeaderColumn0,
                    "section header __" + name + " starts in column 0; other section headers are indented");
    if (!isKnownSection(name))
      sink_.warning(pos, SpecCode::UnknownSection, "unknown section __" + name + " is kept as prose");
    for (const auto& s : current_->sections)
      if (s.name == name)
        sink_.warning(pos, SpecCode::DuplicateSection, "second __" + name + " section in " + current_->name);
    current_->sections.push_back({name, pos, {}});
  }

  // Checks that need the whole definition: empty sections and the order of sections.
  void finishDefinition() {
    if (current_ == nullptr) return;
    for (const auto& s : current_->sections) {
      const bool empty = std::all_of(s.lines.begin(), s.lines.end(),
                                     [](const SpecLine& l) { return text::trim(l.text).empty(); });
      if (empty)
        sink_.note(s.pos, SpecCode::EmptySection,
                   "section __" + s.name + " of " + current_->name + " is empty");
    }
    static constexpr std::array kOptypeOrder = {"Encoding",    "Syntax",       "Description",
                                                "OperandInfo", "ModifierInfo", "Semantics",
                                                "Examples",    "Simulation",   "Exception"};
    static constexpr std::array kOpcodeOrder = {"Encoding", "OperandInfo", "Exception"};
    auto rank = [&](std::string_view name) -> int {
      if (current_->kind == DefKind::Optype) {
        for (std::size_t i = 0; i < kOptypeOrder.size(); ++i)
          if (name == kOptypeOrder[i]) return static_cast<int>(i);
      } else if (current_->kind == DefKind::Opcode) {
        for (std::size_t i = 0; i < kOpcodeOrder.size(); ++i)
          if (name == kOpcodeOrder[i]) return static_cast<int>(i);
      }
      return -1;
    };
    int highest = -1;
    std::string_view highestName;
    for (const auto& s : current_->sections) {
      const int r = rank(s.name);
      if (r < 0) continue;
      if (r < highest) {
        sink_.note(s.pos, SpecCode::SectionOrder,
                   "section __" + s.name + " of " + current_->name + " comes after __" +
                       std::string(highestName) + "; the usual order puts it before");
        break;  // one finding per definition
      }
      if (r > highest) {
        highest = r;
        highestName = s.name;
      }
    }
  }

  void openDefinition(DefKind kind, std::string_view line, std::size_t keywordLen, std::uint32_t lineNo) {
    finishDefinition();
    ast_.definitions.emplace_back();
    current_ = &ast_.definitions.back();
    current_->kind = kind;
    const std::string_view code = stripLineComment(line);
    if (code.size() != line.size())
      sink_.note(at(lineNo, static_cast<std::uint32_t>(code.size() + 1)), SpecCode::HeaderTrailingComment,
                 "trailing comment on a definition header");
    Cursor c(code.substr(keywordLen), static_cast<std::uint32_t>(keywordLen + 1));
    c.skipBlanks();
    current_->pos = at(lineNo, c.column());
    // Erratum ids contain '-', e.g. "L-41".
    std::string name;
    if (kind == DefKind::Erratum) {
      c.skipBlanks();
      while (!c.atEnd() && (text::isWordChar(c.peek()) || c.peek() == '-')) {
        name.push_back(c.peek());
        c.advance();
      }
    } else {
      name = std::string(c.word());
    }
    if (name.empty()) {
      sink_.error(at(lineNo, c.column()), SpecCode::MissingName, "definition header without a name");
      name = "<unnamed@" + std::to_string(lineNo) + ">";
    }
    current_->name = name;
    if (kind == DefKind::BitFieldType) {
      if (c.accept('<')) {
        const auto w = text::parseUnsigned(c.word());
        if (!w || *w == 0 || *w > 64 || !c.accept('>')) {
          sink_.error(at(lineNo, c.column()), SpecCode::BadTypeWidth, "type width must be <1..64>");
        } else {
          current_->width = static_cast<std::uint32_t>(*w);
        }
      } else {
        sink_.error(at(lineNo, c.column()), SpecCode::BadTypeWidth, "type " + name + " has no <width>");
      }
    }
    if (c.accept(':')) {
      if (!c.accept('[')) {
        sink_.error(at(lineNo, c.column()), SpecCode::BadParent, "expected '[' after ':'");
        return;
      }
      while (true) {
        const std::string_view p = c.word();
        if (p.empty()) break;
        current_->parents.emplace_back(p);
        if (!c.accept(',')) break;
      }
      if (!c.accept(']')) sink_.error(at(lineNo, c.column()), SpecCode::BadParent, "expected ']'");
    } else if (kind != DefKind::BitFieldType && kind != DefKind::AsmFacts) {
      sink_.error(at(lineNo, c.column()), SpecCode::MissingParent,
                  "definition " + name + " has no ': [PARENT]'");
    }
    c.skipBlanks();
    if (!c.atEnd())
      sink_.error(at(lineNo, c.column()), SpecCode::TrailingText, "unexpected text after definition header");
  }

  // Lines of a definition before its first section: enumerators or sub-fields of a type.
  void bodyLine(std::string_view line, std::string_view trimmed, std::uint32_t lineNo) {
    if (trimmed.empty() || trimmed.starts_with("//")) return;
    const std::uint32_t indent = text::indentOf(line);
    const SourcePos pos = at(lineNo, indent + 1);
    if (current_->kind != DefKind::BitFieldType) {
      sink_.error(pos, SpecCode::TextOutsideSection,
                  "text before the first section of " + current_->name + " is ignored");
      return;
    }
    if (trimmed.starts_with("field")) {
      if (auto f = parseFieldDecl(trimmed, pos, sink_)) current_->subFields.push_back(std::move(*f));
      return;
    }
    const std::string_view code = text::trim(stripLineComment(trimmed));
    Cursor c(code, indent + 1);
    EnumDecl e;
    e.pos = pos;
    e.name = std::string(c.word());
    if (e.name.empty()) {
      sink_.error(pos, SpecCode::BadEnumerator, "expected an enumerator name");
      return;
    }
    if (std::isdigit(static_cast<unsigned char>(e.name[0])) != 0)
      sink_.note(pos, SpecCode::NumericEnumeratorName,
                 "enumerator name '" + e.name +
                     "' looks like a number; it is a name, resolved before any numeric parse");
    if (c.accept('=')) {
      const std::uint32_t col = c.column();
      const std::string_view num = c.word();
      e.value = text::parseUnsigned(num);
      if (!e.value)
        sink_.error(at(lineNo, col), SpecCode::BadEnumeratorValue,
                    "enumerator value '" + std::string(num) + "' is not a number");
    }
    if (!c.accept(';'))
      sink_.warning(at(lineNo, c.column()), SpecCode::MissingSemicolon,
                    "enumerator line does not end with ';'");
    c.skipBlanks();
    if (!c.atEnd())
      sink_.error(at(lineNo, c.column()), SpecCode::TrailingText, "unexpected text after enumerator");
    current_->enumerators.push_back(std::move(e));
  }

  std::uint32_t file_;
  std::string_view text_;
  DiagnosticSink& sink_;
  std::vector<std::string_view> lines_;
  SpecFileAst ast_;
  SpecDefinition* current_ = nullptr;
};

}  // namespace

std::optional<FieldDecl> parseFieldDecl(std::string_view lineIn, SourcePos linePos, DiagnosticSink& sink) {
  const std::string_view line = text::trim(stripLineComment(lineIn));
  Cursor c(line, linePos.column);
  auto fail = [&](const std::string& what) -> std::optional<FieldDecl> {
    sink.error({linePos.file, linePos.line, c.column()}, SpecCode::BadField, what);
    return std::nullopt;
  };
  if (c.word() != "field") return fail("expected 'field<offset, width> Type name;'");
  if (!c.accept('<')) return fail("expected '<' after 'field'");
  FieldDecl f;
  f.pos = linePos;
  const auto off = text::parseUnsigned(c.word());
  if (!off || !c.accept(',')) return fail("expected 'offset,' in field<offset, width>");
  const auto width = text::parseUnsigned(c.word());
  if (!width || !c.accept('>')) return fail("expected 'width>' in field<offset, width>");
  if (*width == 0 || *width > 64) return fail("field width must be 1..64");
  if (*off + *width > 128) {
    sink.error(
        linePos, SpecCode::BadField,
        "field<" + std::to_string(*off) + ", " + std::to_string(*width) + "> exceeds the 128-bit word");
    return std::nullopt;
  }
  f.offset = static_cast<std::uint32_t>(*off);
  f.width = static_cast<std::uint32_t>(*width);
  f.type = std::string(c.word());
  if (f.type.empty()) return fail("expected a type name");
  f.name = std::string(c.dottedWord());
  if (f.name.empty()) return fail("expected a field name");
  if (c.accept("==")) {
    f.fixed = true;
  } else if (!c.accept('=')) {
    if (!c.accept(';')) return fail("expected ';', '= default' or '== fixed'");
    c.skipBlanks();
    if (!c.atEnd()) return fail("unexpected text after ';'");
    return f;
  }
  const std::string_view v = c.word();
  if (v.empty()) return fail("expected a value after '='");
  f.value = std::string(v);
  if (!c.accept(';')) return fail("expected ';' at the end of the field");
  c.skipBlanks();
  if (!c.atEnd()) return fail("unexpected text after ';'");
  return f;
}

SpecFileAst parseSpecFile(std::uint32_t fileIndex, std::string_view text, DiagnosticSink& sink) {
  return Parser(fileIndex, text, sink).run();
}

}  // namespace gpuasm::isa
