// Fuzz target: the initial state of a run as users write it. The first byte chooses the reader:
// even, the rest is a state file (formats::parseStateJson, as `gpuasm run --state` and the debug
// adapter's launch `stateFile` read it); odd, it is an .asm text whose `// @state` directives
// are parsed (sim::parseStateDirectives) and whose `// @expect` directives are checked
// (ide::directiveDiagnostics). What parses is applied to a fresh warp (applyInitialState).
// Properties: no crash, no exception, no hang; failures are error values; a directive error
// lies on a line of the text; a parsed state file applies the same when applied twice (later
// entries win, so applying it over itself changes nothing).
#include "FuzzSupport.h"

#include <gpuasm/ide/analysis/DirectiveDiagnostics.h>
#include <gpuasm/isa/InstrDb.h>
#include <gpuasm/formats/RunJson.h>
#include <gpuasm/sim/InitialState.h>
#include <gpuasm/sim/WarpState.h>

#include <algorithm>
#include <string>

using namespace gpuasm;

namespace {

using fuzz::db;

const sim::RegisterLayout& layout() {
  static const sim::RegisterLayout l = *sim::RegisterLayout::fromDb(db());
  return l;
}

bool sameRegisters(const sim::WarpState& a, const sim::WarpState& b) {
  return a.r == b.r && a.p == b.p && a.ur == b.ur && a.up == b.up && a.activeMask == b.activeMask &&
         a.cmem.words() == b.cmem.words() && a.rSet == b.rSet && a.pSet == b.pSet && a.urSet == b.urSet &&
         a.upSet == b.upSet;
}

void applyTwice(const sim::InitialState& init) {
  sim::WarpState once(layout());
  const auto first = sim::applyInitialState(init, once);
  if (!first) return;
  sim::InitialState doubled = init;
  doubled.overrideWith(init);
  sim::WarpState twice(layout());
  const auto second = sim::applyInitialState(doubled, twice);
  FUZZ_CHECK(second.has_value(), "a state that applies once fails twice: " + second.error());
  FUZZ_CHECK(sameRegisters(once, twice), "a state applied over itself changed the warp");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1 || size > fuzz::kMaxInput) return 0;
  const std::string_view text = fuzz::asText(data + 1, size - 1);
  if ((data[0] & 1u) == 0) {
    const auto state = formats::parseStateJson(text);
    if (state)
      applyTwice(*state);
    else
      FUZZ_CHECK(!state.error().empty(), "a state file error without a message");
    return 0;
  }
  const std::size_t lines = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1;
  const sim::ParsedDirectives parsed = sim::parseStateDirectives(text);
  for (const sim::StateDirectiveError& e : parsed.errors)
    FUZZ_CHECK(e.line < lines && !e.message.empty(),
               "directive error at line " + std::to_string(e.line) + ": " + e.message);
  applyTwice(parsed.state);
  for (const ide::Diagnostic& d : ide::directiveDiagnostics(db(), text))
    FUZZ_CHECK(d.range.begin <= d.range.end && d.range.end <= text.size(),
               std::string(isa::spelling(d.code)) + ": " + d.message);
  return 0;
}
