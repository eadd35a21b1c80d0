// The architectural state of one warp, as DESIGN.md §7 describes it: 32 lanes, each with the
// general registers R0..R254 (RZ reads 0, writes are dropped) and the predicates P0..P6 (PT is
// true); per warp the uniform registers UR0..UR62 (URZ) and UP0..UP6 (UPT), the constant banks
// and the active mask. Register numbers and names come from the database's register types
// (`Reg`, `UReg`, `Pred`, `UPred` of the prelude), so a prelude with other encodings still works.
#pragma once

#include <gpuasm/isa/InstrDb.h>

#include <array>
#include <bitset>
#include <cstdint>
#include <expected>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gpuasm::sim {

/// Lanes in a warp.
inline constexpr unsigned kWarpSize = 32;
/// A lane mask with every lane set.
inline constexpr std::uint32_t kAllLanes = 0xFFFFFFFFu;

/// The four register files.
enum class RegFile : std::uint8_t { R, P, UR, UP };

/// Largest register numbers the state has room for (8-bit Reg, 6-bit UReg, 3-bit Pred/UPred).
inline constexpr std::uint32_t kMaxGpr = 256, kMaxUgpr = 64, kMaxPred = 8;

/// Where the register types of the database put the zero registers and true predicates, and
/// how the registers are named. Built once per database.
class RegisterLayout {
 public:
  /// Reads the layout from the database's `Reg`, `UReg`, `Pred` and `UPred` types; an error
  /// value when one is missing or does not fit the state (a prelude that is not usable).
  static std::expected<RegisterLayout, std::string> fromDb(const isa::InstrDb& db);

  std::uint32_t rz = 255, urz = 63, pt = 7, upt = 7;
  std::uint32_t gprCount = kMaxGpr, ugprCount = kMaxUgpr, predCount = kMaxPred, upredCount = kMaxPred;
  std::uint32_t regType = 0, uregType = 0, predType = 0, upredType = 0;  ///< indices into db.types()

  /// The register a name such as "R5", "UR4", "P0", "UPT" denotes, using the types' enumerators.
  std::optional<std::pair<RegFile, std::uint32_t>> parse(std::string_view name) const;
  /// The same, with the name in any case as users type it ("r5" too).
  std::optional<std::pair<RegFile, std::uint32_t>> parseIgnoringCase(std::string_view name) const;
  /// The name of register `index` of `file` ("R5"), from the types' enumerators.
  std::string name(RegFile file, std::uint32_t index) const;

 private:
  const isa::InstrDb* db_ = nullptr;
};

/// Constant memory: banks of 32-bit words addressed by byte offset. Unset words read 0.
class ConstantBanks {
 public:
  /// Stores a word at a 4-byte aligned byte offset.
  void setWord(std::uint32_t bank, std::uint32_t offset, std::uint32_t value) {
    words_[{bank, offset & ~3u}] = value;
  }
  /// Reads `bytes` (1..16) little-endian bytes at a byte offset, any alignment; the low 64 bits.
  std::uint64_t read(std::uint32_t bank, std::uint32_t offset, unsigned bytes) const;
  /// The 32-bit word at a byte offset (any alignment).
  std::uint32_t readWord(std::uint32_t bank, std::uint32_t offset) const {
    return static_cast<std::uint32_t>(read(bank, offset, 4));
  }
  const std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t>& words() const { return words_; }

 private:
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t> words_;
};

/// One warp's registers. Per-lane files are stored register-major (`r[reg][lane]`) so a
/// semantic loop over lanes walks contiguous memory; per-lane predicates are lane masks.
struct WarpState {
  explicit WarpState(const RegisterLayout& layout);

  RegisterLayout layout;
  std::array<std::array<std::uint32_t, kWarpSize>, kMaxGpr> r{};
  std::array<std::uint32_t, kMaxPred> p{};  ///< bit `lane` of p[i] is Pi in that lane
  std::array<std::uint32_t, kMaxUgpr> ur{};
  std::array<bool, kMaxPred> up{};
  std::uint32_t activeMask = kAllLanes;
  ConstantBanks cmem;

  /// Registers that were initialised or written (they appear in `run` output).
  std::bitset<kMaxGpr> rSet;
  std::bitset<kMaxPred> pSet, upSet;
  std::bitset<kMaxUgpr> urSet;

  std::uint32_t gpr(std::uint32_t reg, unsigned lane) const { return r[reg][lane]; }
  bool pred(std::uint32_t index, unsigned lane) const { return ((p[index] >> lane) & 1u) != 0; }

  void setGpr(std::uint32_t reg, unsigned lane, std::uint32_t value) {
    if (reg == layout.rz || reg >= kMaxGpr) return;
    r[reg][lane] = value;
    rSet[reg] = true;
  }
  void setPred(std::uint32_t index, unsigned lane, bool value) {
    if (index == layout.pt || index >= kMaxPred) return;
    p[index] = (p[index] & ~(1u << lane)) | (static_cast<std::uint32_t>(value) << lane);
    pSet[index] = true;
  }
  void setUgpr(std::uint32_t reg, std::uint32_t value) {
    if (reg == layout.urz || reg >= kMaxUgpr) return;
    ur[reg] = value;
    urSet[reg] = true;
  }
  void setUpred(std::uint32_t index, bool value) {
    if (index == layout.upt || index >= kMaxPred) return;
    up[index] = value;
    upSet[index] = true;
  }

  /// Register `number` of `file` in `lane` (uniform registers ignore the lane): RZ and URZ
  /// read 0, PT and UPT 1, predicates 0 or 1.
  std::uint32_t read(RegFile file, std::uint32_t number, unsigned lane) const {
    switch (file) {
      case RegFile::R: return number == layout.rz || number >= kMaxGpr ? 0u : r[number][lane];
      case RegFile::P: return number == layout.pt || (number < kMaxPred && pred(number, lane)) ? 1u : 0u;
      case RegFile::UR: return number == layout.urz || number >= kMaxUgpr ? 0u : ur[number];
      case RegFile::UP: return number == layout.upt || (number < kMaxPred && up[number]) ? 1u : 0u;
    }
    return 0;
  }
  /// Writes it (a predicate is set when `value` is not 0); writes to the zero and true
  /// registers are dropped.
  void write(RegFile file, std::uint32_t number, unsigned lane, std::uint32_t value) {
    switch (file) {
      case RegFile::R: setGpr(number, lane, value); break;
      case RegFile::P: setPred(number, lane, value != 0); break;
      case RegFile::UR: setUgpr(number, value); break;
      case RegFile::UP: setUpred(number, value != 0); break;
    }
  }
};

/// A warp state kept small: the per-lane R registers ever set (a program uses a few of the 256)
/// and the rest of the register files, without the layout and constant banks, which a run never
/// changes. The debugger keeps one per checkpoint; a full WarpState is some 33 KB.
class WarpCheckpoint {
 public:
  explicit WarpCheckpoint(const WarpState& state);
  /// The state again, from `start`: the state the run began with (its layout and constant
  /// banks; every R register set at the checkpoint's time is stored, any other one is as in
  /// `start`, where it was never set either).
  void restore(const WarpState& start, WarpState& out) const;
  /// The same as a new state.
  WarpState state(const WarpState& start) const;

 private:
  /// Writes the stored registers over `out`, which holds `start`.
  void overlay(WarpState& out) const;

  std::vector<std::uint16_t> rows_;                           ///< numbers of the stored R registers
  std::vector<std::array<std::uint32_t, kWarpSize>> values_;  ///< their 32 lanes
  std::array<std::uint32_t, kMaxPred> p_{};
  std::array<std::uint32_t, kMaxUgpr> ur_{};
  std::array<bool, kMaxPred> up_{};
  std::uint32_t activeMask_ = kAllLanes;
  std::bitset<kMaxGpr> rSet_;
  std::bitset<kMaxPred> pSet_, upSet_;
  std::bitset<kMaxUgpr> urSet_;
};

}  // namespace gpuasm::sim
