// Register layout from the database's register types, constant memory, and the initial warp.
#include <gpuasm/sim/WarpState.h>

namespace gpuasm::sim {

namespace {

// The number of the register every lane reads as zero (RZ, URZ) or true (PT, UPT): looked up
// by its name in the prelude's type, so the number itself stays the prelude's assumption.
std::expected<std::uint32_t, std::string> special(const isa::BitFieldType& type, std::string_view name) {
  const auto v = type.valueOf(name);
  if (!v) return std::unexpected("register type " + type.name + " has no enumerator " + std::string(name));
  return static_cast<std::uint32_t>(*v);
}

}  // namespace

std::expected<RegisterLayout, std::string> RegisterLayout::fromDb(const isa::InstrDb& db) {
  RegisterLayout layout;
  layout.db_ = &db;
  struct Want {
    const char* type;
    const char* zero;
    std::uint32_t max;
    std::uint32_t* index;
    std::uint32_t* count;
    std::uint32_t* special;
  };
  const Want wants[] = {
      {"Reg", "RZ", kMaxGpr, &layout.regType, &layout.gprCount, &layout.rz},
      {"UReg", "URZ", kMaxUgpr, &layout.uregType, &layout.ugprCount, &layout.urz},
      {"Pred", "PT", kMaxPred, &layout.predType, &layout.predCount, &layout.pt},
      {"UPred", "UPT", kMaxPred, &layout.upredType, &layout.upredCount, &layout.upt},
  };
  for (const Want& w : wants) {
    const isa::BitFieldType* t = db.type(w.type);
    if (t == nullptr) return std::unexpected(std::string("the database has no register type ") + w.type);
    if (t->width >= 32 || (1u << t->width) > w.max)
      return std::unexpected(std::string("register type ") + w.type + " is wider than the simulator's register file");
    *w.index = static_cast<std::uint32_t>(t - db.types().data());
    *w.count = 1u << t->width;
    auto s = special(*t, w.zero);
    if (!s) return std::unexpected(s.error());
    *w.special = *s;
  }
  return layout;
}

std::optional<std::pair<RegFile, std::uint32_t>> RegisterLayout::parse(std::string_view name) const {
  if (db_ == nullptr) return std::nullopt;
  const std::pair<RegFile, std::uint32_t> files[] = {
      {RegFile::R, regType}, {RegFile::UR, uregType}, {RegFile::P, predType}, {RegFile::UP, upredType}};
  for (const auto& [file, type] : files) {
    if (const auto v = db_->types()[type].valueOf(name)) return std::pair{file, static_cast<std::uint32_t>(*v)};
  }
  return std::nullopt;
}

std::string RegisterLayout::name(RegFile file, std::uint32_t index) const {
  const char* prefix = file == RegFile::R ? "R" : file == RegFile::UR ? "UR" : file == RegFile::P ? "P" : "UP";
  if (db_ == nullptr) return prefix + std::to_string(index);
  const std::uint32_t type = file == RegFile::R ? regType : file == RegFile::UR ? uregType : file == RegFile::P ? predType : upredType;
  if (const isa::Enumerator* e = db_->types()[type].enumeratorFor(index)) return e->name;
  return prefix + std::to_string(index);
}

std::uint64_t ConstantBanks::read(std::uint32_t bank, std::uint32_t offset, unsigned bytes) const {
  std::uint64_t value = 0;
  for (unsigned i = 0; i < bytes && i < 8; ++i) {
    const std::uint32_t at = offset + i;
    const auto it = words_.find({bank, at & ~3u});
    const std::uint32_t word = it == words_.end() ? 0 : it->second;
    value |= static_cast<std::uint64_t>((word >> ((at & 3u) * 8)) & 0xFFu) << (8 * i);
  }
  return value;
}

WarpState::WarpState(const RegisterLayout& l) : layout(l) {
  if (layout.pt < kMaxPred) p[layout.pt] = kAllLanes;
  if (layout.upt < kMaxPred) up[layout.upt] = true;
}

}  // namespace gpuasm::sim
