// `gpuasm doc OUT_DIR`: the instruction reference of the spec in use, written as static pages
// (ide/reference/Reference.h renders them; this writes them).
#include "Commands.h"

#include <gpuasm/ide/reference/Reference.h>

#include <filesystem>
#include <fstream>
#include <ostream>
#include <system_error>

namespace gpuasm::tool {

int runDoc(const DocOptions& options, std::ostream& out, std::ostream& err) {
  auto load = loadSpecFor(options, err);
  if (!load) return kExitUsage;
  const std::filesystem::path dir(options.outDir);
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec || !std::filesystem::is_directory(dir)) {
    err << "gpuasm doc: cannot make the directory " << dir.string() << ": "
        << (ec ? ec.message() : "a file of that name exists") << '\n';
    return kExitUsage;
  }
  std::size_t files = 0, bytes = 0;
  std::string failed;
  ide::renderReference(*load->db, [&](ide::ReferencePage&& page) {
    if (!failed.empty()) return;
    const std::filesystem::path path = dir / page.file;
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    file.write(page.text.data(), static_cast<std::streamsize>(page.text.size()));
    file.close();
    if (!file) {
      failed = path.string();
      return;
    }
    ++files;
    bytes += page.text.size();
  });
  if (!failed.empty()) {
    err << "gpuasm doc: cannot write " << failed << '\n';
    return kExitUsage;
  }
  out << "gpuasm doc: " << files << " files, " << bytes << " bytes in " << dir.string() << "; open "
      << (dir / "index.html").string() << '\n';
  return kExitOk;
}

}  // namespace gpuasm::tool
