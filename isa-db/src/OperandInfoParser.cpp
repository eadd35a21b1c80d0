// DSL statements of OperandInfo and Exception sections.
#include "OperandInfoParser.h"

#include "TextUtil.h"

#include <algorithm>
#include <array>

namespace gpuasm::isa::detail {

namespace {
constexpr std::array kKeywords = {"InList",    "OutList",   "Order",        "Bitwidth",
                                  "AsmFormat", "ModiOrder", "EncodingError"};

std::vector<std::string> names(std::string_view list) {
  std::vector<std::string> out;
  if (text::trim(list).empty()) return out;
  for (auto n : text::splitTopLevel(list, ',')) out.emplace_back(n);
  return out;
}

// Index of the '>' that closes the '<' at `open`, skipping string literals.
std::size_t closeAngle(std::string_view s, std::size_t open) {
  bool inString = false;
  int depth = 0;
  for (std::size_t i = open; i < s.size(); ++i) {
    if (s[i] == '"') inString = !inString;
    if (inString) continue;
    if (s[i] == '<') ++depth;
    if (s[i] == '>' && --depth == 0) return i;
  }
  return std::string_view::npos;
}
}  // namespace

bool isStatementKeyword(std::string_view word) {
  return std::find(kKeywords.begin(), kKeywords.end(), word) != kKeywords.end();
}

std::vector<RawStatement> splitStatements(const SpecSection& section, std::uint32_t fileIndex,
                                          DiagnosticSink& sink, std::string* prose) {
  std::vector<RawStatement> out;
  std::vector<std::string_view> proseLines;
  for (const auto& l : section.lines) {
    const std::string_view raw = l.text;
    const std::uint32_t indent = text::indentOf(raw);
    std::string_view t = raw.substr(indent);
    std::size_t k = 0;
    k = text::wordEnd(t, k);
    const std::string_view kw = t.substr(0, k);
    const bool statement = indent > 0 && k < t.size() && t[k] == '<' && isStatementKeyword(kw);
    if (!statement) {
      proseLines.push_back(raw);
      continue;
    }
    const SourcePos pos{fileIndex, l.line, indent + 1};
    t = text::trim(stripLineComment(t));
    const std::size_t close = closeAngle(t, k);
    if (close == std::string_view::npos) {
      sink.error(pos, SpecCode::BadStatement, std::string(kw) + "<…> is not closed");
      continue;
    }
    RawStatement st;
    st.keyword = std::string(kw);
    st.angle = std::string(text::trim(t.substr(k + 1, close - k - 1)));
    st.pos = pos;
    std::string_view rest = text::trim(t.substr(close + 1));
    if (rest.ends_with(";")) {
      rest = text::trim(rest.substr(0, rest.size() - 1));
    } else {
      sink.warning({fileIndex, l.line, static_cast<std::uint32_t>(indent + t.size() + 1)},
                   SpecCode::MissingSemicolon, st.keyword + " statement does not end with ';'");
    }
    if (rest.starts_with("="))
      st.rhs = std::string(text::trim(rest.substr(1)));
    else if (!rest.empty())
      sink.error(pos, SpecCode::BadStatement, "unexpected text after " + st.keyword + "<…>");
    out.push_back(std::move(st));
  }
  if (prose != nullptr) {
    while (!proseLines.empty() && text::trim(proseLines.back()).empty()) proseLines.pop_back();
    std::size_t first = 0;
    while (first < proseLines.size() && text::trim(proseLines[first]).empty()) ++first;
    for (std::size_t i = first; i < proseLines.size(); ++i) {
      if (i > first) prose->push_back('\n');
      prose->append(proseLines[i]);
    }
  }
  return out;
}

bool applyOperandStatement(const RawStatement& st, OperandInfo& info, DiagnosticSink& sink,
                           const std::string& amendedBy) {
  if (st.keyword == "InList") {
    info.inList = names(st.angle);
    info.hasInList = true;
  } else if (st.keyword == "OutList") {
    info.outList = names(st.angle);
    info.hasOutList = true;
  } else if (st.keyword == "Order") {
    if (!amendedBy.empty() && info.orderAmendedBy.empty()) {
      info.specOrder = info.order;
      info.specOrderPos = info.orderPos;
    }
    info.order.clear();
    for (auto e : text::splitTopLevel(st.angle, ',')) {
      OrderElem elem;
      const std::size_t br = e.find('[');
      if (br != std::string_view::npos && e.ends_with("]")) {
        elem.kind = OrderElem::Kind::Composite;
        elem.name = std::string(text::trim(e.substr(0, br)));
        elem.parts = names(e.substr(br + 1, e.size() - br - 2));
      } else {
        elem.name = std::string(e);  // a predicate set (PR) is classified with the prelude's facts
      }
      if (elem.name.empty()) {
        sink.error(st.pos, SpecCode::BadStatement, "empty element in Order<…>");
        return false;
      }
      info.order.push_back(std::move(elem));
    }
    info.hasOrder = true;
    info.orderPos = st.pos;
    info.orderAmendedBy = amendedBy;
  } else if (st.keyword == "Bitwidth") {
    auto expr = parseExpr(st.rhs, st.pos, sink);
    if (!expr) return false;
    BitwidthRule rule{st.angle, std::move(*expr), st.pos, amendedBy, {}, {}, {}};
    auto it = std::find_if(info.bitwidths.begin(), info.bitwidths.end(),
                           [&](const BitwidthRule& r) { return r.operand == rule.operand; });
    if (it != info.bitwidths.end()) {
      if (!amendedBy.empty()) {
        const bool first = it->specText.empty();
        rule.specText = first ? it->expr.toString() : it->specText;
        rule.specPos = first ? it->pos : it->specPos;
      }
      *it = std::move(rule);
    } else {
      info.bitwidths.push_back(std::move(rule));
    }
  } else if (st.keyword == "AsmFormat") {
    AsmFormatRule rule;
    rule.target = st.angle;
    rule.pos = st.pos;
    const std::size_t open = st.rhs.find('(');
    if (open == std::string::npos || !st.rhs.ends_with(")")) {
      sink.error(st.pos, SpecCode::BadStatement, "AsmFormat needs 'Function(args)'");
      return false;
    }
    rule.function = std::string(text::trim(std::string_view(st.rhs).substr(0, open)));
    rule.args = names(std::string_view(st.rhs).substr(open + 1, st.rhs.size() - open - 2));
    auto it = std::find_if(info.asmFormats.begin(), info.asmFormats.end(),
                           [&](const AsmFormatRule& r) { return r.target == rule.target; });
    if (it != info.asmFormats.end())
      *it = std::move(rule);
    else
      info.asmFormats.push_back(std::move(rule));
  } else if (st.keyword == "ModiOrder") {
    auto list = names(st.angle);
    if (std::find(info.modiOrders.begin(), info.modiOrders.end(), list) == info.modiOrders.end())
      info.modiOrders.push_back(std::move(list));
  } else {
    sink.error(st.pos, SpecCode::MisplacedStatement, st.keyword + " does not belong in __OperandInfo");
    return false;
  }
  return true;
}

std::optional<EncodingErrorRule> parseEncodingError(const RawStatement& st, DiagnosticSink& sink) {
  if (st.keyword != "EncodingError") {
    sink.error(st.pos, SpecCode::MisplacedStatement, st.keyword + " does not belong in __Exception");
    return std::nullopt;
  }
  const auto parts = text::splitTopLevel(st.angle, ',');
  if (parts.size() != 2 || !parts[1].starts_with("\"") || !parts[1].ends_with("\"") || parts[1].size() < 2) {
    sink.error(st.pos, SpecCode::BadStatement, "EncodingError needs <Kind, \"message\">");
    return std::nullopt;
  }
  auto cond = parseExpr(st.rhs, st.pos, sink);
  if (!cond) return std::nullopt;
  return EncodingErrorRule{std::string(parts[0]),
                           std::string(parts[1].substr(1, parts[1].size() - 2)),
                           std::move(*cond),
                           st.pos,
                           {}};
}

}  // namespace gpuasm::isa::detail
