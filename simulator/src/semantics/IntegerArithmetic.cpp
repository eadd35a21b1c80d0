// PLACEHOLDER until the IntegerArithmetic semantics land in this session.
#include <gpuasm/sim/Semantics.h>

namespace gpuasm::sim {

void registerIntegerArithmetic(SemanticsTable& /*table*/) {}

}  // namespace gpuasm::sim
