// The problems of a document's own directive comments — a malformed `// @state` line, an
// `// @expect` whose expression does not parse — as diagnostics beside the assembler's. They are
// part of what a document's diagnostics are (`gpuasm check`, `run`, `test` and the language
// server per chunk, Snapshot.h), so they are analysis: found without running anything.
#pragma once

#include <gpuasm/ide/analysis/Diagnostics.h>
#include <gpuasm/isa/InstrDb.h>
#include <gpuasm/sim/Expression.h>
#include <gpuasm/sim/InitialState.h>

#include <span>
#include <string_view>
#include <vector>

namespace gpuasm::ide {

/// Diagnostics of the malformed `// @state` directives of a text (code state-directive).
std::vector<Diagnostic> stateDirectiveDiagnostics(std::string_view text);
/// The same from the errors sim::parseStateDirectives(text) already found.
std::vector<Diagnostic> stateDirectiveDiagnostics(std::string_view text,
                                                  std::span<const sim::StateDirectiveError> errors);
/// The diagnostic of an `// @expect` directive whose expression has an error (code
/// expect-directive): at the error's column, or the whole directive when it has none.
Diagnostic expectDirectiveDiagnostic(const sim::ExpectDirective& directive);
/// Both kinds, in document order (`gpuasm check`, `run` and `test` report them with the
/// assembler's diagnostics; the language server per chunk, Snapshot.h).
std::vector<Diagnostic> directiveDiagnostics(const isa::InstrDb& db, std::string_view text);

}  // namespace gpuasm::ide
