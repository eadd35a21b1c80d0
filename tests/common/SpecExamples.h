// The instruction lines of a spec prose section (`__Examples`): every non-blank line inside a
// ```asm fence that is not a whole-line `//` comment. Shared by the tests that parse, assemble
// and run the spec's examples, so all three read the same lines.
#pragma once

#include <string>
#include <vector>

namespace gpuasm::testsupport {

inline std::vector<std::string> fencedLines(const std::string& prose) {
  std::vector<std::string> out;
  bool inFence = false;
  std::size_t start = 0;
  while (start < prose.size()) {
    const std::size_t nl = prose.find('\n', start);
    std::string line = prose.substr(start, nl == std::string::npos ? std::string::npos : nl - start);
    start = nl == std::string::npos ? prose.size() : nl + 1;
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos) continue;
    if (line.compare(first, 3, "```") == 0)
      inFence = !inFence;
    else if (inFence && line.compare(first, 2, "//") != 0)
      out.push_back(line);
  }
  return out;
}

}  // namespace gpuasm::testsupport
