// The previous implementation of isa::matchStatement, kept as a test oracle (see
// ReferenceMatcher.cpp).
#pragma once

#include <gpuasm/isa/Matcher.h>

namespace gpuasm::testsupport {

/// isa::matchStatement as it was before the hot-path rewrite.
isa::MatchResult referenceMatchStatement(const isa::InstrDb& db, const isa::AsmStatement& statement);

}  // namespace gpuasm::testsupport
