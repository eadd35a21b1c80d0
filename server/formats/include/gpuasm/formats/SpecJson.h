// JSON renderings of the instruction database and of decoded words, for `gpuasm spec --json`
// and `gpuasm dis --json`. Callers get strings and never see nlohmann_json (server/formats
// links it privately).
#pragma once

#include <gpuasm/isa/Decoder.h>
#include <gpuasm/isa/InstrDb.h>

#include <string>
#include <vector>

namespace gpuasm::formats {

/// The whole database: types with values, groups, optypes (syntax forms, docs), opcodes with
/// fields, errata, and counts. `indent` < 0 gives one line.
std::string specToJson(const isa::InstrDb& db, const std::vector<isa::SpecDiagnostic>& diagnostics,
                       int indent);

/// One decoded word per entry: {"encoding", "opcode", "fields", "issues"}.
struct DisEntry {
  std::string input;
  std::optional<isa::Word128> word;
  isa::DecodeResult result;
  std::string text;  ///< canonical assembly, empty when no syntax form can write the word
};
std::string disToJson(const isa::InstrDb& db, const std::vector<DisEntry>& entries, int indent);

/// Diagnostics as {"file","line","column","severity","code","message","erratum"} objects.
std::string specDiagnosticsToJson(const isa::InstrDb& db, const std::vector<isa::SpecDiagnostic>& diagnostics,
                                  int indent);

}  // namespace gpuasm::formats
