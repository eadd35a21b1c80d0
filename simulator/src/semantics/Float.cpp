// PLACEHOLDER until the Float semantics land in this session.
#include <gpuasm/sim/Semantics.h>

namespace gpuasm::sim {

void registerFloat(SemanticsTable& /*table*/) {}

}  // namespace gpuasm::sim
