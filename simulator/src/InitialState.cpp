// `// @state` directives, value spelling, and applying an initial state to a warp.
#include <gpuasm/sim/InitialState.h>

#include <gpuasm/isa/Text.h>
#include <gpuasm/sim/Value.h>

namespace gpuasm::sim {

namespace {

using text::trim;

// Splits "[a, b, c]" into its items; nullopt when the brackets are missing.
std::optional<std::vector<std::string_view>> listItems(std::string_view s) {
  s = trim(s);
  if (s.size() < 2 || s.front() != '[' || s.back() != ']') return std::nullopt;
  s = s.substr(1, s.size() - 2);
  std::vector<std::string_view> items;
  while (true) {
    const std::size_t comma = s.find(',');
    items.push_back(trim(s.substr(0, comma)));
    if (comma == std::string_view::npos) break;
    s.remove_prefix(comma + 1);
  }
  return items;
}

// c[bank][offset]
std::optional<std::pair<std::uint32_t, std::uint32_t>> parseCmemAddress(std::string_view s) {
  s = trim(s);
  if (s.size() < 2 || (s[0] != 'c' && s[0] != 'C') || s[1] != '[') return std::nullopt;
  const std::size_t close1 = s.find(']');
  if (close1 == std::string_view::npos || close1 + 1 >= s.size() || s[close1 + 1] != '[' || s.back() != ']')
    return std::nullopt;
  const auto bank = parseUnsignedInteger(s.substr(2, close1 - 2));
  const auto offset = parseUnsignedInteger(s.substr(close1 + 2, s.size() - close1 - 3));
  if (!bank || !offset || *bank > 0xFFFF) return std::nullopt;
  return std::pair{*bank, *offset};
}

std::expected<InitValue, std::string> parseRegisterValue(std::string_view text) {
  if (const auto items = listItems(text)) {
    if (items->size() != kWarpSize)
      return std::unexpected("a per-lane list needs " + std::to_string(kWarpSize) + " values, found " +
                             std::to_string(items->size()));
    InitValue v;
    v.kind = InitValue::Kind::PerLane;
    for (std::size_t i = 0; i < kWarpSize; ++i) {
      const auto one = parseValue((*items)[i]);
      if (!one) return std::unexpected("lane " + std::to_string(i) + ": " + one.error().message);
      v.lanes[i] = one->bits;
    }
    return v;
  }
  return parseInitScalar(text);
}

}  // namespace

std::optional<std::uint32_t> parseUnsignedInteger(std::string_view text) {
  text = trim(text);
  const auto v = parseValue(text);
  if (text.starts_with('-') || !v || v->type != ValueType::U32) return std::nullopt;
  return v->bits;
}

std::expected<InitValue, std::string> parseInitScalar(std::string_view text) {
  text = trim(text);
  InitValue v;
  if (text::equalsIgnoringCase(text, "lane")) {
    v.kind = InitValue::Kind::LaneId;
    return v;
  }
  const auto value = parseValue(text);
  if (value) {
    v.scalar = value->bits;
    return v;
  }
  if (value.error().kind == ValueError::Kind::OutOfRange) return std::unexpected(value.error().message);
  return std::unexpected("'" + std::string(text) + "' is not a value (a number, 0x hex, 0b binary, " +
                         "an f32 such as 0.5, lane, true, false, or a list of 32)");
}

void InitialState::overrideWith(const InitialState& other) {
  if (other.activeMask) activeMask = other.activeMask;
  registers.insert(registers.end(), other.registers.begin(), other.registers.end());
  cmem.insert(cmem.end(), other.cmem.begin(), other.cmem.end());
}

std::vector<CommentDirective> findCommentDirectives(std::string_view source, std::string_view name) {
  std::vector<CommentDirective> out;
  std::uint32_t line = 0;
  std::size_t lineStart = 0;
  for (std::size_t at = source.find(name); at != std::string_view::npos;
       at = source.find(name, at + name.size())) {
    // The line holding the match, counted from the last match's line.
    for (std::size_t nl = source.find('\n', lineStart); nl != std::string_view::npos && nl < at;
         nl = source.find('\n', lineStart)) {
      lineStart = nl + 1;
      ++line;
    }
    std::size_t lineEnd = source.find('\n', at);
    if (lineEnd == std::string_view::npos) lineEnd = source.size();
    const std::string_view text = source.substr(lineStart, lineEnd - lineStart);
    const std::size_t slashes = text.find("//");
    if (slashes == std::string_view::npos) continue;
    const std::size_t lead = text.find_first_not_of(" \t", slashes + 2);
    if (lead == std::string_view::npos || lineStart + lead != at) continue;
    std::string_view rest = text.substr(lead + name.size());
    if (!rest.empty() && text::isWordChar(rest.front())) continue;  // @stateful is not @state
    // A `//` after the directive starts a comment to the end of the line. Neither grammar has
    // a token holding `//` (values, lists and c[..][..] hold no '/', and an expression's '/' is
    // a binary operator, never followed by another), so the first one ends the directive.
    rest = rest.substr(0, rest.find("//"));
    out.push_back({line, static_cast<std::uint32_t>(lead), static_cast<std::uint32_t>(at), rest});
  }
  return out;
}

ParsedDirectives parseStateDirectives(std::string_view source) {
  ParsedDirectives out;
  for (const CommentDirective& d : findCommentDirectives(source, "@state")) {
    auto error = [&](std::string message) { out.errors.push_back({d.line, d.column, std::move(message)}); };
    const std::size_t eq = d.rest.find('=');
    if (eq == std::string_view::npos) {
      error("@state needs 'NAME = value' (R1 = 0x10, P0 = true, c[0x0][0x10] = 5, activeMask = 0xffff)");
      continue;
    }
    const std::string_view name = trim(d.rest.substr(0, eq));
    const std::string_view valueText = trim(d.rest.substr(eq + 1));
    if (text::equalsIgnoringCase(name, "activeMask")) {
      const auto v = parseUnsignedInteger(valueText);
      if (!v)
        error("activeMask must be a 32-bit number");
      else
        out.state.activeMask = *v;
    } else if (const auto addr = parseCmemAddress(name)) {
      const auto v = parseValue(valueText);
      if (!v)
        error("a constant-memory word: " + v.error().message);
      else
        out.state.cmem.push_back({addr->first, addr->second, v->bits});
    } else if (auto v = parseRegisterValue(valueText)) {
      out.state.registers.push_back({std::string(name), *v, d.line});
    } else {
      error(v.error());
    }
  }
  return out;
}

std::expected<void, std::string> applyInitialState(const InitialState& init, WarpState& state) {
  if (init.activeMask) state.activeMask = *init.activeMask;
  for (const CmemInit& c : init.cmem) {
    if ((c.offset & 3u) != 0)
      return std::unexpected("constant-memory word c[" + std::to_string(c.bank) + "][" +
                             std::to_string(c.offset) + "] is not 4-byte aligned");
    state.cmem.setWord(c.bank, c.offset, c.value);
  }
  for (const RegisterInit& r : init.registers) {
    const auto reg = state.layout.parse(r.name);
    if (!reg)
      return std::unexpected("'" + r.name + "' is not a register (R0..R254, UR0..UR62, P0..P6, UP0..UP6)");
    const auto [file, index] = *reg;
    const bool perLane = file == RegFile::R || file == RegFile::P;
    if (!perLane && r.value.kind != InitValue::Kind::Scalar)
      return std::unexpected(r.name + " is a uniform register: it takes one value, not per-lane values");
    const bool isZero = (file == RegFile::R && index == state.layout.rz) ||
                        (file == RegFile::UR && index == state.layout.urz) ||
                        (file == RegFile::P && index == state.layout.pt) ||
                        (file == RegFile::UP && index == state.layout.upt);
    if (isZero) return std::unexpected(r.name + " is a constant register and cannot be set");
    const bool isPred = file == RegFile::P || file == RegFile::UP;
    for (unsigned lane = 0; lane < (perLane ? kWarpSize : 1u); ++lane) {
      std::uint64_t v = r.value.kind == InitValue::Kind::Scalar   ? r.value.scalar
                        : r.value.kind == InitValue::Kind::LaneId ? lane
                                                                  : r.value.lanes[lane];
      const bool negativeFits = v >= 0xFFFFFFFF80000000ull;  // "-5" spelled as a 64-bit two's complement
      if (isPred ? v > 1 : (v > 0xFFFFFFFFu && !negativeFits))
        return std::unexpected(r.name + ": value " + std::to_string(v) +
                               (isPred ? " is not a truth value (true/false/1/0)" : " does not fit 32 bits"));
      state.write(file, index, lane, static_cast<std::uint32_t>(v));
    }
  }
  return {};
}

}  // namespace gpuasm::sim
