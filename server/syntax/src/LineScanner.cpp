// Hand-written scanner for ordinary lines, tree-sitter for the rest (see LineScanner.h).
//
// The scanner mirrors grammar/grammar.js token by token. Where tree-sitter's lexer decides by
// token precedence rather than by the longest match (a register token followed by a word
// character, `R1x`; a number followed by a letter) or where the parser would recover from an
// error, the scanner declines instead of guessing.
#include <gpuasm/syntax/Chunks.h>
#include <gpuasm/syntax/LineScanner.h>

#include <gpuasm/isa/ThreadCache.h>
#include <gpuasm/isa/Utf8.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <string>

namespace gpuasm::syntax {

namespace {

// Character classes of the grammar's tokens, one table lookup per test.
enum CharClass : std::uint8_t { kBlank = 1, kDigit = 2, kHexDigit = 4, kWordStart = 8, kWordChar = 16 };

constexpr std::array<std::uint8_t, 256> kClasses = [] {
  std::array<std::uint8_t, 256> t{};
  for (const char c : {' ', '\t', '\r', '\f'}) t[static_cast<unsigned char>(c)] = kBlank;
  for (std::size_t c = '0'; c <= '9'; ++c) t[c] = kDigit | kHexDigit | kWordChar;
  for (std::size_t c = 'a'; c <= 'z'; ++c) t[c] = kWordStart | kWordChar | (c <= 'f' ? kHexDigit : 0);
  for (std::size_t c = 'A'; c <= 'Z'; ++c) t[c] = kWordStart | kWordChar | (c <= 'F' ? kHexDigit : 0);
  t['_'] = kWordStart | kWordChar;
  return t;
}();

bool has(char c, CharClass k) { return (kClasses[static_cast<unsigned char>(c)] & k) != 0; }
bool isBlank(char c) { return has(c, kBlank); }
bool isDigit(char c) { return has(c, kDigit); }
bool isHexDigit(char c) { return has(c, kHexDigit); }
bool isWordStart(char c) { return has(c, kWordStart); }
bool isWordChar(char c) { return has(c, kWordChar); }

// Length of the well-formed UTF-8 sequence at `p` (isa/Utf8.h), or 0. ASCII control bytes other
// than tab, '\r' and '\f' count as invalid: they are not worth the risk of lexing them
// differently from tree-sitter.
std::size_t utf8Length(std::string_view s, std::size_t p) {
  const auto b = static_cast<unsigned char>(s[p]);
  if (b < 0x80) return (b >= 0x20 && b != 0x7F) || b == '\t' || b == '\r' || b == '\f' ? 1 : 0;
  return text::utf8SequenceLength(s, p);
}

bool isCleanText(std::string_view s) {
  for (std::size_t p = 0; p < s.size();) {
    const std::size_t n = utf8Length(s, p);
    if (n == 0) return false;
    p += n;
  }
  return true;
}

// A register token of the grammar (gpr, uniform_gpr, predicate, uniform_predicate: R7, RZ, UR4,
// URZ, P0, PT, UP1, UPT) as the whole word, or predicate_set (PR, UPR).
OperandKind registerKindOf(std::string_view w) {
  if (w == "PR" || w == "UPR") return OperandKind::PredicateSet;
  OperandKind kind = OperandKind::Invalid;
  char special = 0;  // Z or T
  std::size_t p = 0;
  if (w.starts_with("UR"))
    kind = OperandKind::UniformGpr, special = 'Z', p = 2;
  else if (w.starts_with("UP"))
    kind = OperandKind::UniformPredicate, special = 'T', p = 2;
  else if (w.starts_with("R"))
    kind = OperandKind::Gpr, special = 'Z', p = 1;
  else if (w.starts_with("P"))
    kind = OperandKind::Predicate, special = 'T', p = 1;
  else
    return OperandKind::Invalid;
  if (w.size() == p + 1 && w[p] == special) return kind;
  if (w.size() > p && std::all_of(w.begin() + static_cast<std::ptrdiff_t>(p), w.end(), isDigit)) return kind;
  return OperandKind::Invalid;
}

// True when a proper prefix of the word is a register token: tree-sitter's lexer lets the
// register token's precedence win over the longer identifier (R1x → R1 + junk).
bool startsWithRegisterToken(std::string_view w) {
  std::size_t p = 0;
  char special = 0;
  if (w.starts_with("UR"))
    p = 2, special = 'Z';
  else if (w.starts_with("UP"))
    p = 2, special = 'T';
  else if (w.starts_with("R"))
    p = 1, special = 'Z';
  else if (w.starts_with("P"))
    p = 1, special = 'T';
  else
    return false;
  return w.size() > p && (isDigit(w[p]) || w[p] == special);
}

// Scans the statements of one line into reusable views. Every method returns false to decline.
class Scan {
 public:
  Scan(std::string_view line, std::uint32_t base, std::uint32_t lineNo)
      : s_(line), base_(base), lineNo_(lineNo) {}

  // Fills views[0..count) with the line's statements.
  bool line(std::vector<StatementView>& views, std::size_t& count) {
    count = 0;
    while (true) {
      skipBlanks();
      if (i_ == s_.size()) return true;
      const char c = s_[i_];
      if (c == '/') {
        if (!comment()) return false;
        continue;
      }
      if (c != '@' && !isWordStart(c)) return false;
      if (count == views.size()) views.emplace_back();
      StatementView& v = views[count++];
      resetView(v);
      if (!statement(v)) return false;
    }
  }

 private:
  static void resetView(StatementView& v) {
    v.range = {};
    v.guard.reset();
    v.mnemonic = {};
    v.modifiers.clear();
    v.operands.clear();
    v.trailingComma.reset();
    v.scheduling.clear();
    v.hasSemicolon = false;
    v.hasError = false;
  }

  char peek() const { return i_ < s_.size() ? s_[i_] : '\0'; }
  void skipBlanks() {
    while (i_ < s_.size() && isBlank(s_[i_])) ++i_;
  }
  std::uint32_t at(std::size_t p) const { return base_ + static_cast<std::uint32_t>(p); }
  Token token(std::size_t b, std::size_t e) const { return {s_.substr(b, e - b), {at(b), at(e)}}; }

  // `// …` to the end of the line, or `/* … */` closed on this line.
  bool comment() {
    if (i_ + 1 >= s_.size()) return false;
    if (s_[i_ + 1] == '/') {
      if (!isCleanText(s_.substr(i_ + 2))) return false;
      i_ = s_.size();
      return true;
    }
    if (s_[i_ + 1] != '*') return false;
    const std::size_t close = s_.find("*/", i_ + 2);
    if (close == std::string_view::npos || !isCleanText(s_.substr(i_ + 2, close - i_ - 2))) return false;
    i_ = close + 2;
    return true;
  }

  std::size_t wordEnd(std::size_t p) const {
    while (p < s_.size() && isWordChar(s_[p])) ++p;
    return p;
  }

  // [guard] mnemonic[.modifier]… [operands] [$sched]… ;
  bool statement(StatementView& v) {
    v.line = lineNo_;
    const std::size_t start = i_;
    if (peek() == '@' && !guard(v)) return false;
    if (!isWordStart(peek())) return false;
    std::size_t e = wordEnd(i_);
    v.mnemonic = token(i_, e);
    i_ = e;
    while (peek() == '.') {
      e = i_ + 1;
      while (e < s_.size() && isWordChar(s_[e])) ++e;
      if (e == i_ + 1) return false;
      v.modifiers.push_back(token(i_ + 1, e));
      i_ = e;
    }
    skipBlanks();
    if (peek() != ';' && peek() != '$' && !operands(v)) return false;
    while (peek() == '$') {
      e = i_ + 1;
      if (e == s_.size() || !isWordStart(s_[e])) return false;
      e = wordEnd(e);
      v.scheduling.push_back(token(i_, e));
      i_ = e;
      skipBlanks();
    }
    if (peek() != ';') return false;
    ++i_;
    v.range = {at(start), at(i_)};
    v.hasSemicolon = true;
    return true;
  }

  // @P0 @!PT @UP1 (an identifier as predicate is left to tree-sitter).
  bool guard(StatementView& v) {
    GuardView g;
    const std::size_t start = i_++;
    skipBlanks();
    if (peek() == '!') {
      g.negated = true;
      ++i_;
      skipBlanks();
    }
    const std::size_t e = wordEnd(i_);
    const std::string_view w = s_.substr(i_, e - i_);
    const OperandKind k = registerKindOf(w);
    if (k != OperandKind::Predicate && k != OperandKind::UniformPredicate) return false;
    g.predicate = token(i_, e);
    i_ = e;
    g.range = {at(start), at(i_)};
    v.guard = g;
    skipBlanks();
    return true;
  }

  // operand (',' operand)* [','] — leaves i_ at the next non-blank character.
  bool operands(StatementView& v) {
    while (true) {
      OperandView& o = v.operands.emplace_back();
      if (!operand(o)) return false;
      skipBlanks();
      if (peek() != ',') return true;
      const std::size_t comma = i_++;
      skipBlanks();
      if (peek() == ';' || peek() == '$') {
        v.trailingComma = ByteRange{at(comma), at(comma + 1)};
        return true;
      }
    }
  }

  bool operand(OperandView& o) {
    const std::size_t start = i_;
    const char c = peek();
    if (c == '-' || c == '~' || c == '!') {
      o.prefix = c;
      ++i_;
      skipBlanks();
    }
    if (peek() == '|') {
      o.absolute = true;
      ++i_;
      skipBlanks();
      if (!value(o)) return false;
      skipBlanks();
      if (peek() != '|') return false;
      ++i_;
    } else if (!value(o)) {
      return false;
    }
    o.range = {at(start), at(i_)};
    return true;
  }

  bool value(OperandView& o) {
    const std::size_t start = i_;
    const char c = peek();
    if (isDigit(c)) {
      number(o);
    } else if (isWordStart(c)) {
      if (!word(o)) return false;
    } else {
      return false;
    }
    o.value = token(start, i_);
    if (o.name.text.empty()) o.name = o.value;
    return true;
  }

  // integer (0x… or decimal), float, or float bits (0f…), as grammar.js's tokens. What
  // follows is checked by the caller: a word character or '.' there makes it decline.
  void number(OperandView& o) {
    const char x = i_ + 1 < s_.size() ? s_[i_ + 1] : '\0';
    if (s_[i_] == '0' && (x == 'x' || x == 'X' || x == 'f' || x == 'F') && i_ + 2 < s_.size() &&
        isHexDigit(s_[i_ + 2])) {
      o.kind = x == 'x' || x == 'X' ? OperandKind::Integer : OperandKind::FloatBits;
      i_ += 2;
      while (i_ < s_.size() && isHexDigit(s_[i_])) ++i_;
      return;
    }
    while (i_ < s_.size() && isDigit(s_[i_])) ++i_;
    o.kind = OperandKind::Integer;
    if (peek() == '.') {
      o.kind = OperandKind::Float;
      ++i_;
      while (i_ < s_.size() && isDigit(s_[i_])) ++i_;
    }
    // An exponent belongs to the float only when complete: 1e5, 2.5E-3.
    if (peek() == 'e' || peek() == 'E') {
      std::size_t e = i_ + 1;
      if (e < s_.size() && (s_[e] == '+' || s_[e] == '-')) ++e;
      if (e < s_.size() && isDigit(s_[e])) {
        while (e < s_.size() && isDigit(s_[e])) ++e;
        o.kind = OperandKind::Float;
        i_ = e;
      }
    }
  }

  // A decimal or 0x integer where only an integer token is valid (range bounds, bank, offset).
  bool integer(Token& t) {
    const std::size_t start = i_;
    if (!isDigit(peek())) return false;
    if (s_[i_] == '0' && i_ + 2 < s_.size() && (s_[i_ + 1] == 'x' || s_[i_ + 1] == 'X') &&
        isHexDigit(s_[i_ + 2])) {
      i_ += 2;
      while (i_ < s_.size() && isHexDigit(s_[i_])) ++i_;
    } else {
      while (i_ < s_.size() && isDigit(s_[i_])) ++i_;
    }
    if (isWordChar(peek()) || peek() == '.') return false;
    t = token(start, i_);
    return true;
  }

  // A register with its optional selector, a register range or indirect address, constant
  // memory, or a plain identifier.
  bool word(OperandView& o) {
    const std::size_t start = i_;
    const std::size_t e = wordEnd(i_);
    const std::string_view w = s_.substr(i_, e - i_);
    const OperandKind k = registerKindOf(w);
    if (k != OperandKind::Invalid) {
      o.kind = k;
      o.name = token(start, e);
      i_ = e;
      return selector(o);
    }
    if (startsWithRegisterToken(w)) return false;
    if (w == "R" || w == "UR") {
      if (e >= s_.size() || s_[e] != '[') return false;
      o.file = token(start, e);
      i_ = e + 1;
      return bracketed(o);
    }
    if (w == "c" || w == "cmem") {
      if (e >= s_.size() || s_[e] != '[') return false;
      o.space = token(start, e);
      i_ = e + 1;
      return constantMemory(o);
    }
    o.kind = OperandKind::Identifier;
    i_ = e;
    return true;
  }

  // '.' selector, immediately after a register or constant-memory address.
  bool selector(OperandView& o) {
    if (peek() != '.') return true;
    const std::size_t b = i_ + 1;
    const std::size_t e = wordEnd(b);
    if (e == b) return false;
    o.selector = token(b, e);
    i_ = e;
    return true;
  }

  // After R[ / UR[: a range first:last] or an indirect base[±offset].
  bool bracketed(OperandView& o) {
    skipBlanks();
    if (isDigit(peek())) {
      o.kind = OperandKind::RegisterRange;
      if (!integer(o.first)) return false;
      skipBlanks();
      if (peek() != ':') return false;
      ++i_;
      skipBlanks();
      if (!integer(o.last)) return false;
      skipBlanks();
      if (peek() != ']') return false;
      ++i_;
      return true;
    }
    o.kind = OperandKind::RegisterIndirect;
    return address(o);
  }

  // A base register with an optional ±offset, then ']' (the base's own selector is declined).
  bool address(OperandView& o) {
    const std::size_t e = wordEnd(i_);
    if (registerKindOf(s_.substr(i_, e - i_)) == OperandKind::Invalid) return false;
    o.base = token(i_, e);
    i_ = e;
    skipBlanks();
    if (peek() == '+' || peek() == '-') {
      o.sign = peek();
      ++i_;
      skipBlanks();
      if (!integer(o.offset)) return false;
      skipBlanks();
    }
    if (peek() != ']') return false;
    ++i_;
    return true;
  }

  // After c[ / cmem[: bank][offset] or bank][base±offset], then an optional selector.
  bool constantMemory(OperandView& o) {
    o.kind = OperandKind::ConstantMemory;
    skipBlanks();
    if (!integer(o.bank)) return false;
    skipBlanks();
    if (peek() != ']') return false;
    ++i_;
    if (peek() != '[') return false;
    ++i_;
    skipBlanks();
    if (isDigit(peek())) {
      if (!integer(o.offset)) return false;
      skipBlanks();
      if (peek() != ']') return false;
      ++i_;
    } else if (!address(o)) {
      return false;
    }
    return selector(o);
  }

  std::string_view s_;
  std::uint32_t base_;
  std::uint32_t lineNo_;
  std::size_t i_ = 0;
};

}  // namespace

bool LineScanner::scanLine(std::string_view line, std::uint32_t base, std::uint32_t lineNo,
                           LoweredUnit& out) {
  std::size_t count = 0;
  Scan scan(line, base, lineNo);
  if (!scan.line(views_, count)) return false;
  for (std::size_t k = 0; k < count; ++k) lowerStatement(views_[k], out);
  return true;
}

bool lowerChunk(std::string_view chunk, std::uint32_t base, std::uint32_t lineNo, LoweredUnit& out,
                std::vector<isa::AsmDiagnostic>& syntaxDiagnostics) {
  const SyntaxTree tree{std::string(chunk)};
  for (const auto& d : syntaxDiagnosticsOf(tree)) {
    isa::AsmDiagnostic a = toAsmDiagnostic(d);
    a.range = shifted(a.range, base);
    syntaxDiagnostics.push_back(std::move(a));
  }
  const std::size_t firstDiagnostic = out.diagnostics.size();
  for (const auto& v : statementsOf(tree)) shiftStatement(lowerStatement(v, out), base, lineNo);
  for (std::size_t k = firstDiagnostic; k < out.diagnostics.size(); ++k)
    out.diagnostics[k].range = shifted(out.diagnostics[k].range, base);
  return !tree.hasErrors();
}

bool LineScanner::lowerChunkAt(std::string_view chunk, std::uint32_t base, std::uint32_t lineNo,
                               LoweredUnit& out, std::vector<isa::AsmDiagnostic>& syntaxDiagnostics) {
  const bool endsLine = !chunk.empty() && chunk.back() == '\n';
  const std::string_view content = chunk.substr(0, chunk.size() - (endsLine ? 1 : 0));
  if (content.find('\n') == std::string_view::npos && scanLine(content, base, lineNo, out)) return true;
  lowerChunk(chunk, base, lineNo, out, syntaxDiagnostics);
  return false;
}

bool LineScanner::lowerPiece(std::string_view text, const ChunkPiece& piece, LoweredUnit& out,
                             std::vector<isa::AsmDiagnostic>& syntaxDiagnostics) {
  if (!piece.tooLong)
    return lowerChunkAt(text.substr(piece.begin, piece.end - piece.begin), piece.begin, piece.line, out,
                        syntaxDiagnostics);
  // The range marks the statement's first kMaxStatementBytes (placing its far end would mean
  // reading all of it again), and ends before a line terminator.
  std::uint32_t end = std::min(piece.end, piece.begin + kMaxStatementBytes);
  while (end > piece.begin && (text[end - 1] == '\n' || text[end - 1] == '\r')) --end;
  out.diagnostics.push_back({{piece.begin, end},
                             isa::AsmSeverity::Error,
                             isa::DiagnosticCode::StatementTooLong,
                             "this statement is " + std::to_string(piece.end - piece.begin) +
                                 " bytes long; statements longer than " + std::to_string(kMaxStatementBytes) +
                                 " bytes are not analysed",
                             {},
                             {},
                             {}});
  return false;
}

LoweredUnit LineScanner::lowerText(std::string_view text, ScanStats* stats) {
  LoweredUnit out;
  std::vector<isa::AsmDiagnostic> syntaxDiagnostics;  // lower() puts them before lowering's
  out.statements.reserve(std::size_t{countNewlines(text)} + 1);
  ChunkScanner chunks(text, false);
  std::vector<ChunkPiece> pieces;
  std::uint32_t lineNo = 0;
  for (std::uint32_t at = 0; at < text.size();) {
    const ChunkScan scan = chunks.scan(at);
    const std::string_view chunk = text.substr(at, scan.end - at);
    const std::uint32_t newlines = countNewlines(chunk);
    cutChunk(text, at, scan.end, lineNo, pieces);
    bool fast = true;
    for (const ChunkPiece& piece : pieces) fast &= lowerPiece(text, piece, out, syntaxDiagnostics);
    if (fast) {
      if (stats) ++stats->fastLines;
    } else if (stats) {
      stats->fallbackLines += std::max<std::uint32_t>(1, newlines + (chunk.back() == '\n' ? 0 : 1));
    }
    lineNo += newlines;
    at = scan.end;
  }
  out.diagnostics.insert(out.diagnostics.begin(), std::make_move_iterator(syntaxDiagnostics.begin()),
                         std::make_move_iterator(syntaxDiagnostics.end()));
  return out;
}

namespace {
LineScanner& threadScanner() { return isa::threadCache<LineScanner>(); }
}  // namespace

LoweredUnit lowerText(std::string_view text, ScanStats* stats) {
  return threadScanner().lowerText(text, stats);
}

bool scanLine(std::string_view line, std::uint32_t base, std::uint32_t lineNo, LoweredUnit& out) {
  return threadScanner().scanLine(line, base, lineNo, out);
}

bool lowerChunkAt(std::string_view chunk, std::uint32_t base, std::uint32_t lineNo, LoweredUnit& out,
                  std::vector<isa::AsmDiagnostic>& syntaxDiagnostics) {
  return threadScanner().lowerChunkAt(chunk, base, lineNo, out, syntaxDiagnostics);
}

bool lowerPiece(std::string_view text, const ChunkPiece& piece, LoweredUnit& out,
                std::vector<isa::AsmDiagnostic>& syntaxDiagnostics) {
  return threadScanner().lowerPiece(text, piece, out, syntaxDiagnostics);
}

}  // namespace gpuasm::syntax
