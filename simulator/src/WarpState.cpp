// Register layout from the database's register types, constant memory, and the initial warp.
#include <gpuasm/sim/WarpState.h>

#include <algorithm>
#include <cassert>
#include <cctype>

namespace gpuasm::sim {

namespace {

// The number of the register every lane reads as zero (RZ, URZ) or true (PT, UPT): the
// prelude's __DefAsmFacts names it, so the number itself stays the prelude's assumption.
std::expected<std::uint32_t, std::string> special(const isa::InstrDb& db, const isa::BitFieldType& type) {
  const isa::Enumerator* e = db.constantRegister(type);
  if (e == nullptr)
    return std::unexpected("the prelude names no zero or true register of " + type.name +
                           " (__DefAsmFacts, __Registers)");
  return static_cast<std::uint32_t>(e->value);
}

const char* roleName(isa::PlaceholderClass role) {
  switch (role) {
    case isa::PlaceholderClass::Gpr: return "Gpr";
    case isa::PlaceholderClass::UniformGpr: return "UniformGpr";
    case isa::PlaceholderClass::Predicate: return "Predicate";
    case isa::PlaceholderClass::UniformPredicate: return "UniformPredicate";
    default: return "?";
  }
}

}  // namespace

std::expected<RegisterLayout, std::string> RegisterLayout::fromDb(const isa::InstrDb& db) {
  RegisterLayout layout;
  layout.db_ = &db;
  // The four files by their roles in the prelude's __DefAsmFacts.
  struct Want {
    isa::PlaceholderClass role;
    std::uint32_t max;
    std::uint32_t* index;
    std::uint32_t* count;
    std::uint32_t* special;
  };
  const Want wants[] = {
      {isa::PlaceholderClass::Gpr, kMaxGpr, &layout.regType, &layout.gprCount, &layout.rz},
      {isa::PlaceholderClass::UniformGpr, kMaxUgpr, &layout.uregType, &layout.ugprCount, &layout.urz},
      {isa::PlaceholderClass::Predicate, kMaxPred, &layout.predType, &layout.predCount, &layout.pt},
      {isa::PlaceholderClass::UniformPredicate, kMaxPred, &layout.upredType, &layout.upredCount, &layout.upt},
  };
  for (const Want& w : wants) {
    const isa::BitFieldType* t = db.fileOfRole(w.role);
    if (t == nullptr)
      return std::unexpected(std::string("the prelude names no register file of role ") + roleName(w.role) +
                             " (__DefAsmFacts)");
    if (t->width >= 32 || (1u << t->width) > w.max)
      return std::unexpected("register type " + t->name + " is wider than the simulator's register file");
    *w.index = static_cast<std::uint32_t>(t - db.types().data());
    *w.count = 1u << t->width;
    auto s = special(db, *t);
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
    if (const auto v = db_->types()[type].valueOf(name))
      return std::pair{file, static_cast<std::uint32_t>(*v)};
  }
  return std::nullopt;
}

std::optional<std::pair<RegFile, std::uint32_t>> RegisterLayout::parseIgnoringCase(
    std::string_view name) const {
  if (auto r = parse(name)) return r;
  std::string upper(name);
  std::transform(upper.begin(), upper.end(), upper.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  return parse(upper);
}

std::string RegisterLayout::name(RegFile file, std::uint32_t index) const {
  // A layout not made by fromDb, or a number its type does not name: the file and the number.
  const std::string fallback =
      "file" + std::to_string(static_cast<int>(file)) + "[" + std::to_string(index) + "]";
  if (db_ == nullptr) return fallback;
  const std::uint32_t type = file == RegFile::R    ? regType
                             : file == RegFile::UR ? uregType
                             : file == RegFile::P  ? predType
                                                   : upredType;
  if (const isa::Enumerator* e = db_->types()[type].enumeratorFor(index)) return e->name;
  return db_->types()[type].name + "[" + std::to_string(index) + "]";
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

WarpCheckpoint::WarpCheckpoint(const WarpState& state)
    : p_(state.p),
      ur_(state.ur),
      up_(state.up),
      activeMask_(state.activeMask),
      rSet_(state.rSet),
      pSet_(state.pSet),
      upSet_(state.upSet),
      urSet_(state.urSet) {
  rows_.reserve(state.rSet.count());
  values_.reserve(state.rSet.count());
  for (std::uint16_t n = 0; n < kMaxGpr; ++n) {
    if (!state.rSet[n]) continue;
    rows_.push_back(n);
    values_.push_back(state.r[n]);
  }
}

void WarpCheckpoint::restore(const WarpState& start, WarpState& out) const {
  out = start;
  overlay(out);
}

WarpState WarpCheckpoint::state(const WarpState& start) const {
  WarpState out = start;
  overlay(out);
  return out;
}

void WarpCheckpoint::overlay(WarpState& out) const {
  assert((out.rSet & ~rSet_).none() && "a checkpoint of another run");
  for (std::size_t i = 0; i < rows_.size(); ++i) out.r[rows_[i]] = values_[i];
  out.p = p_;
  out.ur = ur_;
  out.up = up_;
  out.activeMask = activeMask_;
  out.rSet = rSet_;
  out.pSet = pSet_;
  out.upSet = upSet_;
  out.urSet = urSet_;
}

}  // namespace gpuasm::sim
