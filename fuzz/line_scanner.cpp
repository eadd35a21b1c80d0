// Fuzz target, differential: the fast line scanner (syntax/LineScanner.h, lowerText) against
// the tree-sitter lowering of the same text. The input is a document. Properties, as
// tests/syntax/LineScannerTest.cpp states them (one comparison, tests/common/LoweredUnitDiff.h):
// lowerText equals tree-sitter chunk by chunk on any text, and equals lower(SyntaxTree) of the
// whole text when that has no syntax error — statements, operands, ranges, diagnostics, order.
#include "FuzzSupport.h"
#include "LoweredUnitDiff.h"

#include <string>

using namespace gpuasm;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > fuzz::kMaxInput) return 0;
  const std::string_view text = fuzz::asText(data, size);
  const std::string diff = testsupport::scannerDisagreement(text);
  FUZZ_CHECK(diff.empty(), diff);
  return 0;
}
