// The debugger's line breakpoints (Breakpoints.h): placing them on instructions, their
// conditions, hit counts and log messages.
#include <gpuasm/ide/execution/Breakpoints.h>

#include <gpuasm/isa/Text.h>
#include <gpuasm/sim/Value.h>

#include <algorithm>
#include <charconv>
#include <utility>

namespace gpuasm::ide {

namespace {

// A condition as a breakpoint holds it: a boolean expression, or why it is refused.
std::expected<std::optional<sim::Expression>, std::string> parseCondition(std::string_view text,
                                                                          const sim::RegisterLayout& layout) {
  const std::string_view condition = text::trim(text);
  if (condition.empty()) return std::nullopt;
  auto e = sim::Expression::parse(condition, layout);
  if (!e)
    return std::unexpected("condition, column " + std::to_string(e.error().column + 1) + ": " +
                           e.error().message);
  if (e->type() != sim::ExprType::Bool)
    return std::unexpected("a condition must be true or false, and '" + e->text() + "' is " +
                           sim::exprTypeName(e->type()));
  return std::optional<sim::Expression>(std::move(*e));
}

// One {expression} of a log message, as its value in `state`.
std::string interpolateOne(std::string_view expression, const sim::WarpState& state) {
  const auto e = sim::Expression::parse(expression, state.layout);
  if (!e) return "{" + e.error().message + "}";
  if (!e->perLane()) {
    const auto v = e->evaluate(state, 0);
    return v ? sim::formatValue(*v) : "{" + v.error().message + "}";
  }
  // Per lane: one value when the active lanes agree, else the list.
  std::vector<std::string> values;
  for (unsigned lane = 0; lane < sim::kWarpSize; ++lane) {
    if (((state.activeMask >> lane) & 1u) == 0) continue;
    const auto v = e->evaluate(state, lane);
    values.push_back(v ? sim::formatValue(*v) : "?");
  }
  if (values.empty()) return "(no active lane)";
  if (std::all_of(values.begin(), values.end(), [&](const std::string& v) { return v == values.front(); }))
    return values.front();
  std::string out = "[";
  for (std::size_t k = 0; k < values.size(); ++k) out += (k > 0 ? ", " : "") + values[k];
  return out + "]";
}

}  // namespace

bool HitCondition::holds(std::uint64_t hits) const {
  switch (kind) {
    case Kind::Always: return true;
    case Kind::Equal: return hits == count;
    case Kind::AtLeast: return hits >= count;
    case Kind::Above: return hits > count;
    case Kind::Multiple: return count != 0 && hits % count == 0;
  }
  return false;
}

std::expected<HitCondition, std::string> parseHitCondition(std::string_view text) {
  const std::string_view trimmed = text::trim(text);
  if (trimmed.empty()) return HitCondition{};
  std::string_view h = trimmed;
  HitCondition out{HitCondition::Kind::Equal, 0};
  for (const auto& [prefix, kind] : {std::pair{std::string_view(">="), HitCondition::Kind::AtLeast},
                                     {"==", HitCondition::Kind::Equal},
                                     {">", HitCondition::Kind::Above},
                                     {"%", HitCondition::Kind::Multiple}})
    if (h.starts_with(prefix)) {
      out.kind = kind;
      h.remove_prefix(prefix.size());
      break;
    }
  const std::string_view digits = text::trim(h);
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), out.count);
  if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size())
    return std::unexpected("a hit condition is a count: 'N', '>= N', '> N', '== N' or '% N', not '" +
                           std::string(trimmed) + "'");
  return out;
}

std::string interpolateLogMessage(std::string_view message, const sim::WarpState& state) {
  std::string out;
  for (std::size_t i = 0; i < message.size();) {
    const std::size_t open = message.find('{', i);
    const std::size_t close =
        open == std::string_view::npos ? std::string_view::npos : message.find('}', open);
    if (close == std::string_view::npos) {
      out += message.substr(i);
      break;
    }
    out += message.substr(i, open - i);
    out += interpolateOne(message.substr(open + 1, close - open - 1), state);
    i = close + 1;
  }
  return out;
}

std::vector<BreakpointStatus> LineBreakpoints::set(const std::vector<BreakpointSpec>& specs,
                                                   const DebugProgram& program,
                                                   const sim::RegisterLayout& layout, int& nextId) {
  breakpoints_.clear();
  std::vector<BreakpointStatus> out;
  for (const BreakpointSpec& spec : specs) {
    BreakpointStatus& st = out.emplace_back();
    st.id = nextId++;
    const auto p = program.positionOfLine(spec.line);
    if (!p) {
      st.message = "no instruction on line " + std::to_string(spec.line + 1) + " or after it";
      continue;
    }
    auto condition = parseCondition(spec.condition, layout);
    if (!condition) {
      st.message = std::move(condition.error());
      continue;
    }
    const auto hit = parseHitCondition(spec.hitCondition);
    if (!hit) {
      st.message = hit.error();
      continue;
    }
    Breakpoint b{st.id, *program.lineAt(*p), std::move(*condition), *hit, spec.logMessage, 0};
    st.verified = true;
    st.line = b.line;
    if (b.line != spec.line)
      st.message = "moved to line " + std::to_string(b.line + 1) + ", the next instruction";
    breakpoints_.push_back(std::move(b));
  }
  return out;
}

bool LineBreakpoints::applies(const Breakpoint& b, const DebugProgram& program, std::uint64_t p,
                              const sim::WarpState& state) {
  const auto line = program.lineAt(p);
  if (!line || b.line != *line) return false;
  // A breakpoint stops at the first instruction of its line.
  if (p > 0 && program.lineAt(p - 1) == line) return false;
  if (!b.condition) return true;
  // A per-lane condition holds when it does in some active lane.
  for (unsigned lane = 0; lane < sim::kWarpSize; ++lane) {
    if (b.condition->perLane() && ((state.activeMask >> lane) & 1u) == 0) continue;
    const auto v = b.condition->evaluate(state, lane);
    if (v && v->truth()) return true;
    if (!b.condition->perLane()) break;
  }
  return false;
}

LineBreakpoints::Pass LineBreakpoints::passForward(const DebugProgram& program, std::uint64_t p,
                                                   const sim::WarpState& state) {
  Pass pass;
  for (Breakpoint& b : breakpoints_) {
    if (!applies(b, program, p, state)) continue;
    ++b.hits;
    if (!b.hit.holds(b.hits)) continue;
    if (!b.logMessage.empty())
      pass.logs.push_back(interpolateLogMessage(b.logMessage, state));
    else
      pass.stops.push_back(b.id);
  }
  return pass;
}

std::vector<int> LineBreakpoints::stopsBackward(const DebugProgram& program, std::uint64_t p,
                                                const sim::WarpState& state) const {
  std::vector<int> ids;
  for (const Breakpoint& b : breakpoints_)
    if (b.logMessage.empty() && applies(b, program, p, state)) ids.push_back(b.id);
  return ids;
}

void LineBreakpoints::resetHits() {
  for (Breakpoint& b : breakpoints_) b.hits = 0;
}

}  // namespace gpuasm::ide
