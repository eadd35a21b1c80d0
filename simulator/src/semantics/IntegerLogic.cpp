// PLACEHOLDER until the IntegerLogic semantics land in this session.
#include <gpuasm/sim/Semantics.h>

namespace gpuasm::sim {

void registerIntegerLogic(SemanticsTable& /*table*/) {}

}  // namespace gpuasm::sim
