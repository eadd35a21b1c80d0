// Data movement: MOV/UMOV (32 and 64 bits, L-46), ULDC (constant loads with extension, L-45),
// R2UR (one lane's GPR into a UR), and dynamically indexed register access SETGPR/GETGPR/
// SETUGPR/GETUGPR (index rules and the trap of L-67).
#include <gpuasm/sim/Semantics.h>

#include <cstdint>
#include <string>

namespace gpuasm::sim {

namespace {

// MOV{.32} Rd, SrcA / MOV.64 Rd, Ra — the same for UMOV. Bitwidth<rd> says which.
void execMov(ExecContext& ctx) {
  const Operand& d = ctx.out(0);
  const Operand& s = ctx.in(0);
  const unsigned words = d.width / 32;
  ctx.forEachLane([&](unsigned lane) {
    std::uint32_t v[4] = {};
    for (unsigned k = 0; k < words; ++k) v[k] = ctx.readWord(s, lane, k);
    for (unsigned k = 0; k < words; ++k) ctx.writeWord(d, lane, k, v[k]);
  });
}

// ULDC.dtype URd, c[bank][URa+offset] (001_udp.txt:39-47): n = sizeInBitsOf(.dtype); narrower
// values are sign- or zero-extended to 32 bits (signOrZeroExtendTo32bit); .64/.128 fill a
// register range (Bitwidth, L-45). The address is URa + offset modulo 2^16, the width of the
// CMem offset sub-field (a negative offset is stored modulo 2^16, L-63a).
enum class MemType : std::uint8_t { S8, U8, S16, U16, B32, B64, B128 };

void execUldc(ExecContext& ctx) {
  const Operand& d = ctx.out(0);
  const Operand& base = ctx.in(0);
  const Operand& addr = ctx.named(0);
  const auto type = static_cast<MemType>(ctx.mod(0));
  ctx.forEachLane([&](unsigned lane) {
    const std::uint32_t offset = (ctx.read(base, lane) + addr.offset) & 0xFFFFu;
    const ConstantBanks& c = ctx.state().cmem;
    switch (type) {
      case MemType::S8:
        ctx.write(d, lane,
                  static_cast<std::uint32_t>(static_cast<std::int8_t>(c.read(addr.bank, offset, 1))));
        return;
      case MemType::U8: ctx.write(d, lane, static_cast<std::uint32_t>(c.read(addr.bank, offset, 1))); return;
      case MemType::S16:
        ctx.write(d, lane,
                  static_cast<std::uint32_t>(static_cast<std::int16_t>(c.read(addr.bank, offset, 2))));
        return;
      case MemType::U16: ctx.write(d, lane, static_cast<std::uint32_t>(c.read(addr.bank, offset, 2))); return;
      case MemType::B32:
      case MemType::B64:
      case MemType::B128: {
        const unsigned words = type == MemType::B32 ? 1 : type == MemType::B64 ? 2 : 4;
        std::uint32_t v[4] = {};
        for (unsigned k = 0; k < words; ++k) v[k] = c.readWord(addr.bank, offset + 4 * k);
        for (unsigned k = 0; k < words; ++k) ctx.writeWord(d, lane, k, v[k]);
        return;
      }
    }
  });
}

// R2UR URd, Rb (000_ialu.txt:3025-3040): laneId = pickLane(activeMask, pgv), the lowest lane
// that is active and whose guard is true; URd = thread(laneId).Rb. With no such lane nothing
// is written (the guard is false everywhere, as for any guarded instruction).
void execR2ur(ExecContext& ctx) {
  const std::uint32_t mask = ctx.laneMask();
  if (mask == 0) return;
  const auto lane = static_cast<unsigned>(__builtin_ctz(mask));
  ctx.write(ctx.out(0), lane, ctx.read(ctx.in(0), lane));
}

// The index of SETGPR/GETGPR/SETUGPR/GETUGPR (L-67): the index register as an unsigned 32-bit
// value plus the sign-extended immediate, without wrap-around; it must name a storage register
// (R0..R254 / UR0..UR62), otherwise the instruction traps.
struct Index {
  std::int64_t value = 0;
  bool valid = false;
};

Index dynamicIndex(const ExecContext& ctx, const Operand& indexReg, const Operand& offset, unsigned lane,
                   std::uint32_t zero) {
  Index i;
  i.value = static_cast<std::int64_t>(ctx.read(indexReg, lane)) + static_cast<std::int64_t>(offset.imm);
  i.valid = i.value >= 0 && i.value < static_cast<std::int64_t>(zero);
  return i;
}

std::string trapMessage(const ExecContext& ctx, const char* file, std::int64_t index, std::uint32_t zero,
                        const unsigned* lane) {
  std::string m = ctx.inst().optype->name + ": register index " + std::to_string(index) + " is outside " +
                  file + "0.." + file + std::to_string(zero - 1);
  if (lane != nullptr) m += " in lane " + std::to_string(*lane);
  return m + " (the spec says this raises an exception; errata L-67)";
}

// SETGPR R[URb+SImm9], Ra: InList<pg, ra, urb>, the offset is field ridx.
void execSetgpr(ExecContext& ctx) {
  const std::uint32_t rz = ctx.state().layout.rz;
  std::string error;
  ctx.forEachLane([&](unsigned lane) {
    const Index i = dynamicIndex(ctx, ctx.in(1), ctx.named(0), lane, rz);
    if (!i.valid && error.empty()) error = trapMessage(ctx, "R", i.value, rz, &lane);
  });
  if (!error.empty()) return ctx.fail(error);
  ctx.forEachLane([&](unsigned lane) {
    const Index i = dynamicIndex(ctx, ctx.in(1), ctx.named(0), lane, rz);
    ctx.writeGpr(static_cast<std::uint32_t>(i.value), lane, ctx.read(ctx.in(0), lane));
  });
}

// GETGPR Rd, R[URb+SImm9]: InList<pg, urb>, offset ridx.
void execGetgpr(ExecContext& ctx) {
  const std::uint32_t rz = ctx.state().layout.rz;
  std::string error;
  ctx.forEachLane([&](unsigned lane) {
    const Index i = dynamicIndex(ctx, ctx.in(0), ctx.named(0), lane, rz);
    if (!i.valid && error.empty()) error = trapMessage(ctx, "R", i.value, rz, &lane);
  });
  if (!error.empty()) return ctx.fail(error);
  // Read every lane first: Rd may be the indexed register itself.
  std::array<std::uint32_t, kWarpSize> v{};
  ctx.forEachLane([&](unsigned lane) {
    const Index i = dynamicIndex(ctx, ctx.in(0), ctx.named(0), lane, rz);
    v[lane] = ctx.state().gpr(static_cast<std::uint32_t>(i.value), lane);
  });
  ctx.forEachLane([&](unsigned lane) { ctx.write(ctx.out(0), lane, v[lane]); });
}

// SETUGPR UR[index+SImm7], value: InList<upg, ura, urb> — the value is ura, the index urb (L-40).
void execSetugpr(ExecContext& ctx) {
  const std::uint32_t urz = ctx.state().layout.urz;
  ctx.forEachLane([&](unsigned lane) {
    const Index i = dynamicIndex(ctx, ctx.in(1), ctx.named(0), lane, urz);
    if (!i.valid) return ctx.fail(trapMessage(ctx, "UR", i.value, urz, nullptr));
    ctx.writeUgpr(static_cast<std::uint32_t>(i.value), ctx.read(ctx.in(0), lane));
  });
}

// GETUGPR URd, UR[index+SImm7]: InList<upg, urb>, offset uridx.
void execGetugpr(ExecContext& ctx) {
  const std::uint32_t urz = ctx.state().layout.urz;
  ctx.forEachLane([&](unsigned lane) {
    const Index i = dynamicIndex(ctx, ctx.in(0), ctx.named(0), lane, urz);
    if (!i.valid) return ctx.fail(trapMessage(ctx, "UR", i.value, urz, nullptr));
    ctx.write(ctx.out(0), lane, ctx.state().ur[static_cast<std::size_t>(i.value)]);
  });
}

}  // namespace

void registerDataMovement(SemanticsTable& table) {
  table.add("MOV", semantics(&execMov));
  table.add("UMOV", semantics(&execMov));
  table.add("ULDC", semantics(&execUldc, {{"dtype", {"S8", "U8", "S16", "U16", "32", "64", "128"}}}, {"vb"}));
  table.add("R2UR", semantics(&execR2ur));
  table.add("SETGPR", semantics(&execSetgpr, {}, {"ridx"}));
  table.add("GETGPR", semantics(&execGetgpr, {}, {"ridx"}));
  table.add("SETUGPR", semantics(&execSetugpr, {}, {"uridx"}));
  table.add("GETUGPR", semantics(&execGetugpr, {}, {"uridx"}));
}

// The four optypes whose spec text gives no semantics at all (errata L-4a..L-4d, L-5).
void registerUndefined(SemanticsTable& table) {
  const auto none = [](const char* optype, const char* where) {
    return undefinedSemantics(std::string("the spec defines no semantics for ") + optype + " (" + where +
                              "); gpuasm does not guess what it does");
  };
  table.add("MOVM", none("MOVM", "002_sync.txt:186-200 has only an encoding; errata L-4a"));
  table.add("ELECTU", none("ELECTU", "002_sync.txt:551-578 has only an encoding; errata L-4b"));
  table.add("ELECT", none("ELECT", "002_sync.txt:580-607 has only an encoding; errata L-4c"));
  table.add("UF2FP",
            none("UF2FP", "its __Semantics at 001_udp.txt:2376-2378 says only TODO; errata L-4d, L-5"));
}

}  // namespace gpuasm::sim
