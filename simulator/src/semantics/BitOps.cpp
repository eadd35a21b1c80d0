// PLACEHOLDER until the BitOps semantics land in this session.
#include <gpuasm/sim/Semantics.h>

namespace gpuasm::sim {

void registerBitOps(SemanticsTable& /*table*/) {}

}  // namespace gpuasm::sim
