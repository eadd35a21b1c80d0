// The spec edit two tests of per-project specs share: IType's U32 (000_ialu.txt line 15) and
// IMAD.WIDE's `.itype = {.S32*, .U32}` domain (line 472) renamed UINT32, so under it `.UINT32`
// is the legal modifier of IMAD.WIDE and `.U32` none, the other way round from the spec as it is.
#pragma once
// (Not in gpuasm::test: the CLI tests call their runner gpuasm(), which a gpuasm namespace hides.)

#include <gtest/gtest.h>

#include <sstream>
#include <string>

namespace specedit {

/// Renames U32 to UINT32 on lines 15 and 472 of `ialu` (000_ialu.txt's text); a fatal failure
/// when those lines are not what the spec says (call it under ASSERT_NO_FATAL_FAILURE).
inline void renameU32InIalu(std::string& ialu) {
  std::istringstream in(ialu);
  std::string line, edited;
  for (int n = 1; std::getline(in, line); ++n) {
    if (n == 15) {
      ASSERT_EQ(line, "    U32;");
    }
    if (n == 472) {
      ASSERT_EQ(line, ".itype = {.S32*, .U32}");
    }
    if (n == 15 || n == 472) line.replace(line.find("U32"), 3, "UINT32");
    edited += line + "\n";
  }
  ialu = std::move(edited);
}

}  // namespace specedit
