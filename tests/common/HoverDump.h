// A hover as text, one piece a line, for the failure messages of the tests that read hovers.
#pragma once

#include <gpuasm/ide/asm/Hover.h>

#include <string>

namespace gpuasm::test {

inline std::string dumpHover(const ide::HoverInfo& h) {
  std::string out = "title: " + h.title + "\n";
  for (const ide::HoverSection& s : h.sections) {
    out += "[section " + std::to_string(static_cast<int>(s.kind)) + "] " + s.heading + "\n";
    for (const auto& t : s.text) out += "  text: " + t + "\n";
    for (const auto& c : s.code) out += "  code: " + c + "\n";
    for (const auto& i : s.items) out += "  item: " + i.label + " = " + i.text + "\n";
    for (const auto& r : s.table) {
      out += "  row:";
      for (const auto& c : r) out += " | " + c;
      out += "\n";
    }
  }
  return out;
}

}  // namespace gpuasm::test
