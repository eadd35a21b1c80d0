// Cross-definition checks of the spec (see SpecLint.h).
#include <gpuasm/isa/Decoder.h>
#include <gpuasm/isa/SpecLint.h>

namespace gpuasm::isa {

std::vector<SpecDiagnostic> lintSpec(const InstrDb& db) {
  DiagnosticSink sink;
  const Decoder decoder(db);
  for (const auto& [a, b] : decoder.ambiguousPairs())
    sink.error(b->pos, "ambiguous-encoding", "opcodes " + a->name + " and " + b->name + " have the same fixed bits; a word could decode as either");
  return sink.take();
}

}  // namespace gpuasm::isa
