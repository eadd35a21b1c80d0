// nlohmann_json reading of state files and rendering of `gpuasm run --json`.
#include <gpuasm/formats/RunJson.h>

#include "DiagnosticsJson.h"
#include <gpuasm/sim/Value.h>
#include "RunJsonTree.h"

#include <nlohmann/json.hpp>

#include <charconv>
#include <optional>
#include <string_view>

namespace gpuasm::formats {

namespace {

using nlohmann::json;

// A register value in the JSON of a run: "0x" and all 8 hex digits.
constexpr sim::ValueFormat kRegisterFormat = sim::ValueFormat::PaddedHex;

// "0x1ffffffff", "8589934591", "0b1…", with an optional '-': an integer that fits 64 bits (a
// negative one as its two's complement, as a negative JSON number is read); none for anything else.
std::optional<std::uint64_t> wideInteger(std::string_view text) {
  const bool negative = text.starts_with('-');
  if (negative) text.remove_prefix(1);
  int base = 10;
  if (text.size() > 2 && text[0] == '0' &&
      (text[1] == 'x' || text[1] == 'X' || text[1] == 'b' || text[1] == 'B')) {
    base = text[1] == 'x' || text[1] == 'X' ? 16 : 2;
    text.remove_prefix(2);
  }
  std::uint64_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v, base);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  if (negative && v > std::uint64_t{1} << 63) return std::nullopt;
  return negative ? ~v + 1 : v;
}

// One value as the state file spells it: a JSON number, a boolean, or a string that is a
// number ("0x10", "16", "-1") or "lane".
std::expected<sim::InitValue, std::string> scalar(const json& j) {
  if (j.is_boolean()) {
    sim::InitValue v;
    v.scalar = j.get<bool>() ? 1 : 0;
    return v;
  }
  if (j.is_number_unsigned()) {
    sim::InitValue v;
    v.scalar = j.get<std::uint64_t>();
    return v;
  }
  if (j.is_number_integer()) {
    sim::InitValue v;
    v.scalar = static_cast<std::uint64_t>(j.get<std::int64_t>());
    return v;
  }
  if (j.is_string()) {
    const std::string& text = j.get_ref<const std::string&>();
    auto v = sim::parseInitScalar(text);
    if (v) return v;
    // An integer too wide for 32 bits is read as the JSON number of the same value is, so that
    // the run refuses both alike ("does not fit 32 bits", exit 1: docs/PROTOCOL.md).
    if (const auto wide = wideInteger(text)) {
      sim::InitValue w;
      w.scalar = *wide;
      return w;
    }
    return v;
  }
  return std::unexpected("expected a number, a string or a boolean, found " + std::string(j.type_name()));
}

std::expected<std::uint64_t, std::string> number(const json& j, const std::string& what) {
  auto v = scalar(j);
  if (!v) return std::unexpected(what + ": " + v.error());
  if (v->kind != sim::InitValue::Kind::Scalar) return std::unexpected(what + ": expected a number");
  return v->scalar;
}

// A constant-memory bank or offset (a key of "cmem"): a non-negative integer.
std::expected<std::uint64_t, std::string> address(const std::string& text, const std::string& what) {
  if (const auto v = sim::parseUnsignedInteger(text)) return *v;
  return std::unexpected(what + ": not a non-negative integer (16, 0x10, 0b10000)");
}

}  // namespace

std::expected<sim::InitialState, std::string> parseStateJson(std::string_view text) {
  const json root = json::parse(text.begin(), text.end(), nullptr, false);
  if (root.is_discarded()) return std::unexpected("the state file is not valid JSON");
  return detail::stateFromJson(root);
}

std::expected<sim::InitialState, std::string> detail::stateFromJson(const json& root) {
  if (!root.is_object()) return std::unexpected("the state file must hold a JSON object");
  sim::InitialState state;
  for (const auto& [key, value] : root.items()) {
    if (key == "activeMask") {
      auto m = number(value, "activeMask");
      if (!m) return std::unexpected(m.error());
      if (*m > 0xFFFFFFFFu) return std::unexpected("activeMask does not fit 32 bits");
      state.activeMask = static_cast<std::uint32_t>(*m);
    } else if (key == "regs") {
      if (!value.is_object()) return std::unexpected("\"regs\" must be an object of register: value");
      for (const auto& [name, v] : value.items()) {
        sim::RegisterInit r;
        r.name = name;
        if (v.is_array()) {
          if (v.size() != sim::kWarpSize)
            return std::unexpected("regs." + name + ": a per-lane list needs 32 values, found " +
                                   std::to_string(v.size()));
          r.value.kind = sim::InitValue::Kind::PerLane;
          for (std::size_t lane = 0; lane < sim::kWarpSize; ++lane) {
            auto one = number(v[lane], "regs." + name + "[" + std::to_string(lane) + "]");
            if (!one) return std::unexpected(one.error());
            r.value.lanes[lane] = *one;
          }
        } else {
          auto one = scalar(v);
          if (!one) return std::unexpected("regs." + name + ": " + one.error());
          r.value = *one;
        }
        state.registers.push_back(std::move(r));
      }
    } else if (key == "cmem") {
      if (!value.is_object()) return std::unexpected("\"cmem\" must be an object {bank: {offset: word}}");
      for (const auto& [bankText, words] : value.items()) {
        auto bank = address(bankText, "cmem bank '" + bankText + "'");
        if (!bank) return std::unexpected(bank.error());
        if (!words.is_object())
          return std::unexpected("cmem." + bankText + " must be an object {offset: word}");
        for (const auto& [offsetText, word] : words.items()) {
          auto offset = address(offsetText, "cmem offset '" + offsetText + "'");
          if (!offset) return std::unexpected(offset.error());
          auto w = number(word, "cmem." + bankText + "." + offsetText);
          if (!w) return std::unexpected(w.error());
          if (*bank > 0xFFFF || *offset > 0xFFFFFFFFu || (*w > 0xFFFFFFFFu && *w < 0xFFFFFFFF80000000ull))
            return std::unexpected("cmem." + bankText + "." + offsetText +
                                   ": bank, offset or word out of range");
          state.cmem.push_back({static_cast<std::uint32_t>(*bank), static_cast<std::uint32_t>(*offset),
                                static_cast<std::uint32_t>(*w)});
        }
      }
    } else {
      return std::unexpected("unknown key \"" + key + "\" (expected activeMask, regs, cmem)");
    }
  }
  return state;
}

json detail::registersJson(const sim::WarpState& s) {
  json regs = json::object();
  const sim::RegisterLayout& l = s.layout;
  for (std::uint32_t i = 0; i < sim::kMaxGpr; ++i) {
    if (!s.rSet.test(i)) continue;
    json lanes = json::array();
    for (unsigned lane = 0; lane < sim::kWarpSize; ++lane)
      lanes.push_back(sim::formatBits(s.r[i][lane], kRegisterFormat));
    regs[l.name(sim::RegFile::R, i)] = std::move(lanes);
  }
  for (std::uint32_t i = 0; i < sim::kMaxPred; ++i) {
    if (!s.pSet.test(i)) continue;
    json lanes = json::array();
    for (unsigned lane = 0; lane < sim::kWarpSize; ++lane) lanes.push_back(s.pred(i, lane));
    regs[l.name(sim::RegFile::P, i)] = std::move(lanes);
  }
  for (std::uint32_t i = 0; i < sim::kMaxUgpr; ++i)
    if (s.urSet.test(i)) regs[l.name(sim::RegFile::UR, i)] = sim::formatBits(s.ur[i], kRegisterFormat);
  for (std::uint32_t i = 0; i < sim::kMaxPred; ++i)
    if (s.upSet.test(i)) regs[l.name(sim::RegFile::UP, i)] = s.up[i];
  return regs;
}

json detail::runJson(const std::string& file, const ide::RunOutcome& outcome,
                     const std::vector<PlacedDiagnostic>& diagnostics) {
  json stop = json::object();
  if (!outcome.setupError.empty()) {
    stop = {{"reason", "error"}, {"executed", 0}, {"message", outcome.setupError}};
  } else {
    const sim::RunResult& r = outcome.result;
    stop = {{"reason", sim::stopReasonName(r.reason)}, {"executed", r.executed}};
    if (r.line) stop["line"] = *r.line + 1;
    if (!r.message.empty()) stop["message"] = r.message;
  }
  json root = {{"file", file}, {"stop", stop}};
  // Per register an executed instruction wrote, the type the last one that wrote it gives it
  // (`regs` keeps the bits): "f32", "s32", "u32" (bits, shown in hex) or "bool".
  json types = json::object();
  if (outcome.final) {
    root["activeMask"] = sim::formatBits(outcome.final->activeMask, kRegisterFormat);
    root["regs"] = detail::registersJson(*outcome.final);
    for (const ide::RegisterType& t : outcome.types)
      types[outcome.final->layout.name(t.file, t.number)] = sim::valueTypeName(t.type);
  } else {
    root["regs"] = json::object();
  }
  root["types"] = std::move(types);
  if (!outcome.result.trace.empty()) {
    json trace = json::array();
    const sim::RegisterLayout* layout = outcome.final ? &outcome.final->layout : nullptr;
    for (const sim::TraceEntry& t : outcome.result.trace) {
      json writes = json::object();
      for (const sim::WrittenRegister& w : t.writes) {
        const std::string name = layout ? layout->name(w.file, w.index) : std::to_string(w.index);
        const bool pred = w.file == sim::RegFile::P || w.file == sim::RegFile::UP;
        if (w.lanes.size() == 1) {
          writes[name] = pred ? json(w.lanes[0] != 0) : json(sim::formatBits(w.lanes[0], kRegisterFormat));
        } else {
          json lanes = json::array();
          for (std::uint32_t v : w.lanes)
            lanes.push_back(pred ? json(v != 0) : json(sim::formatBits(v, kRegisterFormat)));
          writes[name] = std::move(lanes);
        }
      }
      trace.push_back({{"line", t.line + 1}, {"writes", std::move(writes)}});
    }
    root["trace"] = std::move(trace);
  }
  root["diagnostics"] = detail::diagnosticsJson(diagnostics);
  return root;
}

std::string runToJson(const std::string& file, const ide::RunOutcome& outcome,
                      const std::vector<PlacedDiagnostic>& diagnostics, int indent) {
  return detail::runJson(file, outcome, diagnostics).dump(indent, ' ', false, json::error_handler_t::replace);
}

std::string registersToJson(const sim::WarpState& state) {
  return detail::registersJson(state).dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace gpuasm::formats
