// The cells of a markdown table row, as the tests that hold a C++ table against one of
// docs/PROTOCOL.md's read them.
#pragma once

#include <string>
#include <vector>

namespace gpuasm::test {

/// The cells of a table row (`| a | b |`), trimmed; a `|` inside a code span (`|x|`) is part of
/// its cell.
inline std::vector<std::string> tableCells(const std::string& line) {
  std::vector<std::string> cells;
  std::string cell;
  bool inCode = false;
  for (std::size_t at = 1; at < line.size(); ++at) {  // after the leading '|'
    const char c = line[at];
    if (c == '`') inCode = !inCode;
    if (c != '|' || inCode) {
      cell += c;
      continue;
    }
    cell.erase(0, cell.find_first_not_of(' '));
    cell.erase(cell.find_last_not_of(' ') + 1);
    cells.push_back(std::move(cell));
    cell.clear();
  }
  return cells;
}

}  // namespace gpuasm::test
