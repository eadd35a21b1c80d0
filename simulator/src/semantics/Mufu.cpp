// PLACEHOLDER until the Mufu semantics land in this session.
#include <gpuasm/sim/Semantics.h>

namespace gpuasm::sim {

void registerMufu(SemanticsTable& /*table*/) {}

}  // namespace gpuasm::sim
