// PLACEHOLDER until the WarpOps semantics land in this session.
#include <gpuasm/sim/Semantics.h>

namespace gpuasm::sim {

void registerWarpOps(SemanticsTable& /*table*/) {}

}  // namespace gpuasm::sim
